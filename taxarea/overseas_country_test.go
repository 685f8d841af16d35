package taxarea

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestOverseasDepartmentsWrittenAsCountry: an address written as the
// country GP, MQ, GF, RE or YT (or their alpha-3 codes), France's
// overseas departments, is in the VAT special territory FR-971 to FR-976
// (ISO 3166-2:FR codes them so too), with the tax area of an address
// written as France with the department's postcode. Before, each was a
// country of its own without tax, so that a sale within Guadeloupe
// written GP bore none where one written FR 97110 bears France's 8.5%.
// The address keeps its country, and the status says whether France's
// VAT applies there (not in Guyane and Mayotte: General Tax Code,
// article 294).
func TestOverseasDepartmentsWrittenAsCountry(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	today := civil.MustParse("2026-06-01")
	lookup := func(a wire.PostalAddress) wire.LookupResult {
		t.Helper()
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: a, AsOfDate: today})
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		return res.LookupResults[0]
	}
	for _, c := range []struct {
		alpha2, alpha3, city, postcode, id string
		vat                                bool
	}{
		{"GP", "GLP", "Pointe-à-Pitre", "97110", "FR-971", true},
		{"MQ", "MTQ", "Fort-de-France", "97200", "FR-972", true},
		{"GF", "GUF", "Cayenne", "97300", "FR-973", false},
		{"RE", "REU", "Saint-Denis", "97400", "FR-974", true},
		{"YT", "MYT", "Mamoudzou", "97600", "FR-976", false},
	} {
		asFrance := lookup(wire.PostalAddress{City: c.city, PostalCode: c.postcode, Country: "FR"})
		for _, a := range []wire.PostalAddress{
			{City: c.city, PostalCode: c.postcode, Country: c.alpha2},
			{City: c.city, Country: c.alpha2},
			{City: c.city, PostalCode: c.postcode, Country: c.alpha3},
		} {
			lr := lookup(a)
			got := ids(lr)
			if len(got) != 2 || got[0] != "FR" || got[1] != c.id {
				t.Errorf("%s %s: %v, want [FR %s]", a.Country, a.PostalCode, got, c.id)
			}
			if lr.TaxAreaID != asFrance.TaxAreaID {
				t.Errorf("%s %s: tax area %s, want %s, that of FR %s", a.Country, a.PostalCode, lr.TaxAreaID, asFrance.TaxAreaID, c.postcode)
			}
			if len(lr.PostalAddresses) != 1 || lr.PostalAddresses[0].Country != c.alpha3 {
				t.Errorf("%s %s: addresses %+v, want the country kept (%s)", a.Country, a.PostalCode, lr.PostalAddresses, c.alpha3)
			}
			said := ""
			for _, s := range lr.Statuses {
				if s.LookupResult == wire.Normal && strings.Contains(s.Value, c.id) {
					said = s.Value
				}
			}
			if want := map[bool]string{true: "where the VAT of FR applies", false: "where the VAT of FR does not apply"}[c.vat]; !strings.Contains(said, want) {
				t.Errorf("%s: status %q, want one naming %s and saying %q (statuses %+v)", a.Country, said, c.id, want, lr.Statuses)
			}
		}
	}
	// Saint-Barthélemy and Saint-Martin (BL, MF), collectivities that
	// France's taxes do not reach, stay countries of their own.
	for _, c := range []string{"BL", "MF", "PM"} {
		if got := ids(lookup(wire.PostalAddress{City: "x", Country: c})); len(got) != 1 || got[0] != c {
			t.Errorf("%s: %v, want [%s]", c, got, c)
		}
	}
}

// TestTerritoryCountryCodes: the codes TerritoryCountry reads each name
// a special territory of the dataset's VAT geography whose country is
// the ID's first part, so that no code maps to an area the dataset lacks
// (otherAddress would then keep the code's own country, silently).
func TestTerritoryCountryCodes(t *testing.T) {
	r := resolver(t)
	today := civil.MustParse("2026-06-01")
	for _, code := range []string{"AX", "GP", "MQ", "GF", "RE", "YT"} {
		id, name, ok := TerritoryCountry(code)
		if !ok || name == "" {
			t.Errorf("%s: %q %q %v, want a territory", code, id, name, ok)
			continue
		}
		if _, ok := r.vat.VATTerritory(id, today); !ok {
			t.Errorf("%s: %s is no special territory of the dataset", code, id)
		}
		if r.areas.of(id) == nil {
			t.Errorf("%s: %s has no tax area", code, id)
		}
	}
	for _, code := range []string{"FR", "FI", "BL", "MF", "NC", "MC", "XI", ""} {
		if id, _, ok := TerritoryCountry(code); ok {
			t.Errorf("%s: %s, want none", code, id)
		}
	}
}
