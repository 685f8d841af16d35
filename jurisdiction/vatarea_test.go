package jurisdiction

import (
	"testing"

	"github.com/levytax/levy/civil"
)

func TestVATArea(t *testing.T) {
	for _, c := range []struct {
		country, date, want string
		ok                  bool
	}{
		{"MC", "2026-06-01", "FR", true},
		{"MC", "1963-05-18", "FR", true},
		{"MC", "1963-05-17", "", false},
		{"IM", "2026-06-01", "GB", true},
		{"IM", "2020-06-01", "GB", true},
		{"IM", "1980-04-01", "GB", true},
		{"IM", "1980-03-31", "", false},
		{"FR", "2026-06-01", "", false},
		{"GB", "2026-06-01", "", false},
		{"JE", "2026-06-01", "", false}, // Jersey has a GST of its own
		{"", "2026-06-01", "", false},
	} {
		got, ok := VATArea(c.country, civil.MustParse(c.date))
		if got != c.want || ok != c.ok {
			t.Errorf("VATArea(%q, %s) = %q, %v, want %q, %v", c.country, c.date, got, ok, c.want, c.ok)
		}
	}
	// Every area is a country of its own: no chains.
	for country, ps := range vatAreas {
		for _, p := range ps {
			if _, ok := vatAreas[p.area]; ok || p.area == country {
				t.Errorf("%s is in the VAT area of %s, which is in another's", country, p.area)
			}
		}
	}
}
