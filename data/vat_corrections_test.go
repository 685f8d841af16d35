package data

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// TestVATRateCorrectionsInDataset reads the rates that the curated VAT
// rate corrections give the dataset where no product class reaches them
// through a sale: Lithuania's second reduced rate, 9% until 2025 and 12%
// from 2026 (Law XV-287), and Kuwait and Qatar, which have no VAT at all.
func TestVATRateCorrectionsInDataset(t *testing.T) {
	j := defaultJurisdictions(t)
	for _, c := range []struct {
		date, want string
	}{{"2025-12-31", "0.09"}, {"2026-01-01", "0.12"}, {"2026-06-01", "0.12"}} {
		if got := sumOn(t, j, civil.MustParse(c.date), jurisdiction.VAT, jurisdiction.Reduced2, "LT"); !got.Equal(dec(c.want)) {
			t.Errorf("LT reduced2 on %s: %s, want %s", c.date, got, c.want)
		}
	}
	for _, cc := range []string{"KW", "QA"} {
		if _, ok := j.ByID(cc); !ok {
			t.Fatalf("no jurisdiction %s", cc)
		}
		if rates := j.Rates(cc); len(rates) != 0 {
			t.Errorf("%s: %d rates (%+v), want none: no VAT is in force", cc, len(rates), rates)
		}
	}
}
