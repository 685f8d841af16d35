package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"
)

// TestSmallDecimalArithmetic checks that mul, add and roundHalfUp answer
// exactly what decimal's Mul, Add and Round do, coefficient and exponent,
// on both sides of the int64 shortcut.
func TestSmallDecimalArithmetic(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	some := func() decimal.Decimal {
		digits := rnd.IntN(22)
		c := int64(0)
		if digits > 0 {
			c = rnd.Int64N(pow10[min(digits, maxSmallDigits)])
		}
		d := decimal.New(c, int32(rnd.IntN(25)-15))
		if digits > maxSmallDigits {
			d = d.Mul(decimal.New(rnd.Int64N(1000)+1, 0)) // more digits than an int64 holds
		}
		if rnd.IntN(2) == 0 {
			d = d.Neg()
		}
		return d
	}
	same := func(a, b decimal.Decimal) bool {
		return a.Exponent() == b.Exponent() && a.Coefficient().Cmp(b.Coefficient()) == 0
	}
	halves := []decimal.Decimal{decimal.RequireFromString("0.005"), decimal.RequireFromString("-0.005"),
		decimal.RequireFromString("2.5"), decimal.RequireFromString("-2.5"), decimal.RequireFromString("0.0049999"),
		decimal.RequireFromString("999999999999999999"), decimal.RequireFromString("-0.000000000000000001")}
	for i := range 200000 {
		a, b := some(), some()
		if i < len(halves) {
			a = halves[i]
		}
		if got, want := mul(a, b), a.Mul(b); !same(got, want) {
			t.Fatalf("mul(%s, %s) = %s, want %s", a, b, got, want)
		}
		if got, want := add(a, b), a.Add(b); !same(got, want) {
			t.Fatalf("add(%s, %s) = %s, want %s", a, b, got, want)
		}
		places := int32(rnd.IntN(24) - 4)
		if got, want := roundHalfUp(a, places), a.Round(places); !same(got, want) {
			t.Fatalf("roundHalfUp(%s, %d) = %s (%d), want %s (%d)", a, places, got, got.Exponent(), want, want.Exponent())
		}
	}
}
