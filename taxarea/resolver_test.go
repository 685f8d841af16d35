package taxarea

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

// testToday is the fixed "today" of the tests.
var testToday = civil.MustParse("2026-11-21")

var shared = sync.OnceValues(func() (*Resolver, error) {
	return New(context.Background(), data.Default(), WithToday(func() civil.Date { return testToday }))
})

func resolver(t testing.TB) *Resolver {
	t.Helper()
	r, err := shared()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// ids returns the jurisdiction IDs of a result.
func ids(res wire.LookupResult) []string {
	out := make([]string, len(res.Jurisdictions))
	for i, j := range res.Jurisdictions {
		out[i] = j.JurisdictionID
	}
	return out
}

// leafID returns the most specific jurisdiction of a result.
func leafID(res wire.LookupResult) string {
	if len(res.Jurisdictions) == 0 {
		return ""
	}
	return res.Jurisdictions[len(res.Jurisdictions)-1].JurisdictionID
}

func hasStatus(res wire.LookupResult, s wire.LookupStatus) bool {
	for _, st := range res.Statuses {
		if st.LookupResult == s {
			return true
		}
	}
	return false
}

// wantField checks that err is a levy error of code about field.
func wantField(t *testing.T, err error, code, field string) {
	t.Helper()
	var le *levy.Error
	if !errors.As(err, &le) {
		t.Fatalf("err = %v, want a *levy.Error about %s", err, field)
	}
	if levy.ErrorCode(err) != code || le.Field != field {
		t.Fatalf("err = %v (code %s, field %q), want code %s on %q", err, levy.ErrorCode(err), le.Field, code, field)
	}
}

// TestCountry reads country names and codes as the address lookups do:
// a US territory is in the US, and a name of no country is refused.
func TestCountry(t *testing.T) {
	r := resolver(t)
	for in, want := range map[string]string{"DE": "DE", "deu": "DE", "Canada": "CA", "PR": "US", "Puerto Rico": "US", "840": "US"} {
		if got, ok := r.Country(in); !ok || got != want {
			t.Errorf("Country(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if got, ok := r.Country("Atlantis"); ok {
		t.Errorf("Country(Atlantis) = %q", got)
	}
}
