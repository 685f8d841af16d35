package rules

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestApplyTotalDividesNothing weighs several items by their total: a
// tiered structure (Tennessee's state tax with its single-article
// 2.75% from 1,600.01 to 3,200.00 per item) and a basis capped per item
// (its local tax on the first 1,600.00) on three items of 11.50 and of
// 10,000.01 together. Dividing the total by three and multiplying back
// left a basis of 11.4999999999999999 and a tax below 0.805.
func TestApplyTotalDividesNothing(t *testing.T) {
	d := decimal.RequireFromString
	upTo1600, upTo3200, add := d("1600"), d("3200"), d("0.0275")
	state := Structure{ID: "tn", Kind: Tiered, Tiers: []Tier{{UpTo: &upTo1600}, {UpTo: &upTo3200, Add: &add}, {}}}
	local := Structure{ID: "tn-local", Kind: SingleRate, MaxBasisPerItem: &upTo1600}
	cases := []struct {
		s                    *Structure
		total, qty, rate     string
		wantTax, wantTaxable string
	}{
		{&state, "11.50", "3", "0.07", "0.805", "11.50"},
		{&local, "11.50", "3", "0.0225", "0.25875", "11.50"},
		{&state, "10000.01", "3", "0.07", "832.0007", "10000.01"},
		{&local, "10000.01", "3", "0.0225", "108", "4800"},
		{&state, "5000", "1", "0.07", "394", "5000"},
	}
	for _, c := range cases {
		a := c.s.ApplyTotal(d(c.total), d(c.qty), d(c.rate))
		if !a.Tax.Equal(d(c.wantTax)) || !a.Taxable.Equal(d(c.wantTaxable)) {
			t.Errorf("%s on %s for %s: tax %s on %s, want %s on %s", c.s.ID, c.total, c.qty, a.Tax, a.Taxable, c.wantTax, c.wantTaxable)
		}
	}
}
