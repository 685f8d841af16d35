package profile_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// TestClassInLowerCaseSaysCapitals: a certificate's or a product's class
// written in lower case (clothing, as an ERP may export it) is refused
// naming the field and the class as Levy names it (CLOTHING), rather
// than as a class Levy does not know at all; an unknown class is
// refused as before.
func TestClassInLowerCaseSaysCapitals(t *testing.T) {
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{{Number: "T-1", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G",
			ProductClasses: []string{"clothing", "NO_SUCH_CLASS"}, EffectiveDate: civil.MustParse("2026-01-01")}},
		Products: []profile.Product{{Code: "SKU-1", Class: "Saas"}},
	}
	err := dataset(t).Check(&cs)
	var list levy.Errors
	if !errors.As(err, &list) {
		t.Fatalf("Check: %v", err)
	}
	got := map[string]string{}
	for _, e := range list {
		got[e.Field] = e.Message
	}
	for field, want := range map[string]string{
		"certificates[0].productClasses[0]": "classes are written in capitals, CLOTHING",
		"certificates[0].productClasses[1]": "levy classes lists them",
		"products[0].class":                 "classes are written in capitals, SAAS",
	} {
		if !strings.Contains(got[field], want) {
			t.Errorf("%s: %q, want it to say %q", field, got[field], want)
		}
	}
}
