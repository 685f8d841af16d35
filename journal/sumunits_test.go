package journal_test

import (
	"math"
	"testing"

	"github.com/levytax/levy/journal"
)

// TestSumUnitsHeldWithinInt64: SumUnits adds exactly within an int64,
// holds a sum beyond it at ±math.MaxInt64 instead of wrapping around, and
// is odd, so that negated figures (a reversal's) add up to the negated
// sum.
func TestSumUnitsHeldWithinInt64(t *testing.T) {
	const max = math.MaxInt64
	for _, c := range []struct{ a, b, want int64 }{
		{1, 2, 3},
		{-5, 3, -2},
		{max - 1, 1, max},
		{max, 1, max},
		{max, max, max},
		{max, -1, max - 1},
		{-max, -1, -max},
		{-max, -max, -max},
		{math.MinInt64, 0, -max},
		{-max + 1, -1, -max + 1 - 1},
		{5e18, 5e18, max},
		{-5e18, -5e18, -max},
		{5e18, -5e18, 0},
	} {
		if got := journal.SumUnits(c.a, c.b); got != c.want {
			t.Errorf("SumUnits(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
		if c.a != math.MinInt64 {
			if got := journal.SumUnits(-c.a, -c.b); got != -c.want {
				t.Errorf("SumUnits(%d, %d) = %d, want %d", -c.a, -c.b, got, -c.want)
			}
		}
	}
	a := journal.Tally{Gross: 6e18, Taxable: 6e18, Count: 600}
	if got := a.Add(a); got.Gross != max || got.Taxable != max || got.Count != 1200 {
		t.Errorf("Tally.Add beyond an int64 = %+v, want the amounts held at %d", got, int64(max))
	}
}
