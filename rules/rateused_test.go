package rules

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestAppliedRateUsed checks that Applied.RateUsed says whether the
// rate given to a structure weighed in the line's tax: not for a
// QUANTITY structure, nor for the tiers of their own rates that a price
// reaches; for a single rate, and for a tier that takes the
// jurisdiction's rate (with or without an Add) that the price reaches.
func TestAppliedRateUsed(t *testing.T) {
	d := func(s string) *decimal.Decimal { v := decimal.RequireFromString(s); return &v }
	own := []Tier{{UpTo: d("50"), Rate: d("0.02")}, {Rate: d("0.04")}}
	mixed := []Tier{{UpTo: d("50"), Rate: d("0.02")}, {Add: d("0.01")}}
	for _, c := range []struct {
		name  string
		s     Structure
		total string
		want  bool
	}{
		{"single rate", Structure{Kind: SingleRate}, "100", true},
		{"quantity", Structure{Kind: Quantity, PerUnit: d("0.5")}, "100", false},
		{"tiered, own rates", Structure{Kind: Tiered, Tiers: own}, "100", false},
		{"bracket, own rates", Structure{Kind: Bracket, Tiers: own}, "100", false},
		{"tiered, within its own rate's tier", Structure{Kind: Tiered, Tiers: mixed}, "40", false},
		{"tiered, into the jurisdiction's tier", Structure{Kind: Tiered, Tiers: mixed}, "100", true},
		{"bracket, in its own rate's tier", Structure{Kind: Bracket, Tiers: mixed}, "40", false},
		{"bracket, in the jurisdiction's tier", Structure{Kind: Bracket, Tiers: mixed}, "100", true},
	} {
		a := c.s.ApplyTotal(decimal.RequireFromString(c.total), decimal.NewFromInt(1), decimal.RequireFromString("0.07"))
		if a.RateUsed != c.want {
			t.Errorf("%s on %s: RateUsed %v, want %v", c.name, c.total, a.RateUsed, c.want)
		}
	}
}
