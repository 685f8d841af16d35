package nexus_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// TestRebuiltTextCountsOne: the text of a rebuild counted one figure or
// month in the plural ("1 figures differ from the journal"); a count of
// one takes the singular, with its verb and pronoun.
func TestRebuiltTextCountsOne(t *testing.T) {
	march := civil.MustParse("2026-03-01")
	for _, c := range []struct {
		r    nexus.Rebuilt
		want string
	}{
		{nexus.Rebuilt{Tenant: "acme", Figures: 1}, "tenant acme: the 1 stored figure agrees with the journal\n"},
		{nexus.Rebuilt{Tenant: "acme", Figures: 2}, "tenant acme: the 2 stored figures agree with the journal\n"},
		{nexus.Rebuilt{Tenant: "acme", Figures: 1, Differences: make([]journal.FigureDifference, 1)},
			"tenant acme: 1 figure differs from the journal; run again with --repair to replace it\n"},
		{nexus.Rebuilt{Tenant: "acme", Figures: 1, Differences: make([]journal.FigureDifference, 1), Repaired: true},
			"tenant acme: 1 figure differed from the journal; replaced with the journal's 1\n"},
		{nexus.Rebuilt{Tenant: "acme", Figures: 3, Months: []nexus.MonthDifference{{Company: "ACME", Area: "EU", Month: march}}},
			"tenant acme: 1 monthly total differs from the journal; run again with --repair to replace it\n"},
		{nexus.Rebuilt{Tenant: "acme", Figures: 3, Months: []nexus.MonthDifference{{Company: "ACME", Area: "EU", Month: march}}, Repaired: true},
			"tenant acme: 1 monthly total differed from the journal; replaced the figures with the journal's 3\n"},
	} {
		var b strings.Builder
		if err := c.r.WriteText(&b); err != nil || !strings.HasSuffix(b.String(), c.want) {
			t.Errorf("%+v: %q, %v; want it to end with %q", c.r, b.String(), err, c.want)
		}
	}
}
