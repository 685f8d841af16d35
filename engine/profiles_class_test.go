package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// TestProfileCertificateCoversNarrowerClass: a certificate limited to a
// product class covers the classes within it, which follow its rules
// where none names them (CHILDRENS_CLOTHING is CLOTHING, TEXTBOOKS are
// BOOKS): a clothing certificate exempts a sale of children's clothing
// in Dallas. A certificate of the narrower class does not cover the
// broader one: a certificate for children's clothing leaves a sale of
// adult clothing taxed, saying so.
func TestProfileCertificateCoversNarrowerClass(t *testing.T) {
	d := civil.MustParse
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "WEAR"}, {Code: "KIDS"}, {Code: "READ"}},
		Certificates: []profile.Certificate{
			{Number: "TX-WEAR", CustomerCode: "WEAR", Jurisdictions: []string{"TX"}, ReasonCode: "G", ProductClasses: []string{"CLOTHING"}, EffectiveDate: d("2026-01-01")},
			{Number: "TX-KIDS", CustomerCode: "KIDS", Jurisdictions: []string{"TX"}, ReasonCode: "G", ProductClasses: []string{"CHILDRENS_CLOTHING"}, EffectiveDate: d("2026-01-01")},
			{Number: "TX-READ", CustomerCode: "READ", Jurisdictions: []string{"TX"}, ReasonCode: "G", ProductClasses: []string{"BOOKS"}, EffectiveDate: d("2026-01-01")},
		},
	}
	e := engineOfProfile(t, cs)
	for _, tc := range []struct {
		customer, class, certificate string // certificate "": the tax stays charged
	}{
		{"WEAR", "CLOTHING", "TX-WEAR"},
		{"WEAR", "CHILDRENS_CLOTHING", "TX-WEAR"},
		{"KIDS", "CHILDRENS_CLOTHING", "TX-KIDS"},
		{"KIDS", "CLOTHING", ""},
		{"READ", "TEXTBOOKS", "TX-READ"},
		{"WEAR", "BOOKS", ""},
	} {
		r, err := e.Sale(context.Background(), profileSale(tc.customer, tc.class))
		if err != nil {
			t.Fatal(err)
		}
		l := r.LineItems[0]
		state := taxOf(t, l.Taxes, "US-TX")
		if tc.certificate != "" {
			if state.CertificateNumber == nil || state.CertificateNumber.Value != tc.certificate || !r.TotalTax.IsZero() {
				t.Errorf("%s buys %s: state tax %s %s certificate %+v, total tax %s; want exempt by %s",
					tc.customer, tc.class, state.TaxResult, state.CalculatedTax, state.CertificateNumber, r.TotalTax, tc.certificate)
			}
			for _, p := range l.AssistedParameters {
				if p.ParamName == "exemptionCertificate" {
					t.Errorf("%s buys %s: %s %q", tc.customer, tc.class, p.RuleName, p.Value)
				}
			}
			continue
		}
		if state.CertificateNumber != nil || state.CalculatedTax.IsZero() {
			t.Errorf("%s buys %s: state tax %s certificate %+v; want charged", tc.customer, tc.class, state.CalculatedTax, state.CertificateNumber)
		}
		said := false
		for _, p := range l.AssistedParameters {
			said = said || p.RuleName == string(profile.RefusalClass)
		}
		if !said {
			t.Errorf("%s buys %s: no %s in %+v", tc.customer, tc.class, profile.RefusalClass, l.AssistedParameters)
		}
	}
}
