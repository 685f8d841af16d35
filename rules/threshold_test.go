package rules

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestThresholdReturns: a return (a negative total) is weighed by its
// size, as its sale was. Before, every negative total was below any
// threshold: the return of a children's jacket of 200.00 in Manitoba
// (exempt up to 150.00) or of a coat of 200.00 in New York (exempt below
// 110.00) was exempt in full and credited none of the tax its sale bore.
func TestThresholdReturns(t *testing.T) {
	d := decimal.RequireFromString
	for _, c := range []struct {
		kind             ThresholdKind
		amount, qty, tot string
		want             string
	}{
		{UpToExempt, "150", "1", "200", "0"},
		{UpToExempt, "150", "1", "-200", "0"},
		{UpToExempt, "150", "1", "-150", "-150"},
		{UpToExempt, "150", "2", "-400", "0"},
		{UpToExempt, "150", "2", "-300", "-300"},
		{BelowExempt, "110", "1", "-110", "0"},
		{BelowExempt, "110", "1", "-109.99", "-109.99"},
		{AboveExcess, "175", "1", "-200", "-175"},
		{AboveExcess, "175", "1", "-100", "-100"},
		{AboveExcess, "175", "1", "200", "175"},
	} {
		th := &Threshold{Amount: d(c.amount), Kind: c.kind}
		if got := th.ExemptOfTotal(d(c.tot), d(c.qty)); !got.Equal(d(c.want)) {
			t.Errorf("%s %s, %s items for %s: exempt %s, want %s", c.kind, c.amount, c.qty, c.tot, got, c.want)
		}
	}
}
