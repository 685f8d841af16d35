package data

import (
	"testing"

	"github.com/levytax/levy/jurisdiction"
)

// TestCountryCodesMatchDataset checks the table of ISO 3166-1 codes that
// package jurisdiction keeps for the tax profiles (CountryAlpha3 and
// CountryAlpha2, which read "DEU" as Germany) against the countries of
// the dataset: the same countries, each with the same two codes.
func TestCountryCodesMatchDataset(t *testing.T) {
	c, err := Default().Codes()
	if err != nil {
		t.Fatal(err)
	}
	countries := c.Countries()
	if len(countries) < 249 {
		t.Fatalf("the dataset has %d countries; want the 249 of ISO 3166-1 and Kosovo", len(countries))
	}
	for _, ct := range countries {
		if a3, ok := jurisdiction.CountryAlpha3(ct.Alpha2); !ok || a3 != ct.Alpha3 {
			t.Errorf("CountryAlpha3(%q) = %q, %v; the dataset has %s (%s)", ct.Alpha2, a3, ok, ct.Alpha3, ct.Name)
		}
		if a2, ok := jurisdiction.CountryAlpha2(ct.Alpha3); !ok || a2 != ct.Alpha2 {
			t.Errorf("CountryAlpha2(%q) = %q, %v; the dataset has %s (%s)", ct.Alpha3, a2, ok, ct.Alpha2, ct.Name)
		}
	}
	// And no country that the dataset lacks.
	n := 0
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			if _, ok := jurisdiction.CountryAlpha3(string([]rune{a, b})); ok {
				n++
			}
		}
	}
	if n != len(countries) {
		t.Errorf("the table has %d countries; the dataset %d", n, len(countries))
	}
}
