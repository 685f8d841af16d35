package money

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/shopspring/decimal"
)

// ErrAllocation reports weights or a total that Allocate can not split.
var ErrAllocation = errors.New("money: can not allocate")

// Allocate splits total over weights in proportion to them. Every part has
// exactly places decimal places and the parts add up exactly to total.
//
// total must already be representable at places decimals (100.00 or 100 for
// two places, not 100.005): Allocate does not round it, so round it first
// with Round if needed; otherwise it fails. Weights must not be negative and
// at least one must be positive; a zero weight gets a zero part. places
// beyond ±MaxExponent fails with ErrRange.
//
// Allocate uses the largest-remainder method: each part first gets its
// share of total rounded toward zero to places decimals, then the units
// left over (of 10^-places each) go one by one to the parts with the largest
// dropped remainders, the lower index first among equal remainders. So
// 100.00 over three equal weights gives 33.34, 33.33, 33.33. A negative
// total is split as its absolute value and every part negated, so -100.00
// gives -33.34, -33.33, -33.33.
func Allocate(total Amount, weights []decimal.Decimal, places int32) ([]Amount, error) {
	if len(weights) == 0 {
		return nil, fmt.Errorf("%w %s: no weights", ErrAllocation, total)
	}
	if err := checkPlaces(places); err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrAllocation, total, err)
	}
	// units: |total| counted in units of 10^-places.
	units := total.d.Coefficient()
	neg := units.Sign() < 0
	units.Abs(units)
	if k := int64(total.d.Exponent()) + int64(places); k >= 0 {
		units.Mul(units, pow10(k))
	} else {
		var r big.Int
		units.QuoRem(units, pow10(-k), &r)
		if r.Sign() != 0 {
			return nil, fmt.Errorf("%w %s: it has more than %d decimal places; round it first", ErrAllocation, total, places)
		}
	}

	// Bring the weights to one scale, so that they are integers.
	minExp := weights[0].Exponent()
	for i, w := range weights {
		if w.Sign() < 0 {
			return nil, fmt.Errorf("%w %s: weight %d is negative (%s)", ErrAllocation, total, i, New(w))
		}
		minExp = min(minExp, w.Exponent())
	}
	ws := make([]*big.Int, len(weights))
	sum := new(big.Int)
	for i, w := range weights {
		c := w.Coefficient()
		c.Mul(c, pow10(int64(w.Exponent())-int64(minExp)))
		ws[i] = c
		sum.Add(sum, c)
	}
	if sum.Sign() == 0 {
		return nil, fmt.Errorf("%w %s: all weights are zero", ErrAllocation, total)
	}

	// share i = units × w_i / sum, split into a quotient and a remainder.
	quos := make([]*big.Int, len(ws))
	rems := make([]*big.Int, len(ws))
	left := new(big.Int).Set(units)
	for i, w := range ws {
		q, r := new(big.Int), new(big.Int)
		q.QuoRem(q.Mul(units, w), sum, r)
		quos[i], rems[i] = q, r
		left.Sub(left, q)
	}
	// left < len(ws) units remain, as the remainders add up to left × sum.
	if left.Sign() > 0 {
		order := make([]int, len(ws))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return rems[b].Cmp(rems[a]) })
		one := big.NewInt(1)
		for n := left.Int64(); n > 0; n-- {
			i := order[0]
			order = order[1:]
			quos[i].Add(quos[i], one)
		}
	}

	parts := make([]Amount, len(quos))
	for i, q := range quos {
		if neg {
			q.Neg(q)
		}
		parts[i] = Amount{d: decimal.NewFromBigInt(q, -places)}
	}
	return parts, nil
}
