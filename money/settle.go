package money

import (
	"slices"

	"github.com/shopspring/decimal"
)

// SettleRounded moves the values of rounded, each the value of exact at
// the same index rounded on its own to places decimals, by single units
// of the last place until they add up to total, the exact values' sum
// rounded once. A unit short (or over) goes to the value that rounding
// took furthest down (or up) from its exact value (the largest
// remainder), the lower index first among equals; that value then lies
// on the other side of its exact value and still less than one unit from
// it. total is less than one unit from the exact sum, so as many values
// as there are units to move were rounded the way the units undo. Values
// of both signs are settled alike: five taxes of 0.00625 and one of
// -0.01875 (0.0125 in all) settle to 0.00, 0.00, 0.01, 0.01, 0.01 and
// -0.02, where the return alone used to take the difference (-0.04).
//
// The engine spreads a document's tax rounded once over its lines with
// it, and the e-invoice renderer a line's net and a breakdown's VAT.
func SettleRounded(exact, rounded []decimal.Decimal, total decimal.Decimal, places int32) {
	acc := decimal.Zero
	for _, r := range rounded {
		acc = acc.Add(r)
	}
	unit := decimal.New(1, -places)
	left := total.Sub(acc).Div(unit).IntPart() // the units to move, with their sign
	if left == 0 || len(rounded) == 0 {
		return
	}
	step := unit
	if left < 0 {
		step, left = unit.Neg(), -left
	}
	// gain[i]: how far rounding moved value i against step; the first
	// in order gains most by a step.
	order := make([]int, len(rounded))
	gain := make([]decimal.Decimal, len(rounded))
	for i := range rounded {
		order[i] = i
		gain[i] = exact[i].Sub(rounded[i])
		if step.Sign() < 0 {
			gain[i] = gain[i].Neg()
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return gain[b].Cmp(gain[a]) })
	for n := int64(0); n < left; n++ {
		i := order[n%int64(len(order))]
		rounded[i] = rounded[i].Add(step)
	}
}
