package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/levytax/levy/money"
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

// TestCountedTaxAgreesWithAdd checks that countedTax, which sums in int64
// when the taxes fit, answers what adding the counted taxes in turn to
// decimal.Zero does, coefficient and exponent: taxes of mixed exponents
// and signs, zeros, coefficients near and beyond an int64's 18 digits,
// sums that would overflow one, and taxes that are not counted
// (information only, withheld).
func TestCountedTaxAgreesWithAdd(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	sameExp := false // every tax of a line of two decimals, as most are
	huge := 0        // every tax of a line 18 digits of one sign (1 or -1): the sum overflows an int64
	some := func() decimal.Decimal {
		if huge != 0 {
			return decimal.New(int64(huge)*(pow10[maxSmallDigits]-1-rnd.Int64N(1000)), -2)
		}
		var c int64
		switch rnd.IntN(4) {
		case 0: // a zero
		case 1: // an int64 of up to 18 digits, often near the top
			c = pow10[maxSmallDigits] - 1 - rnd.Int64N(1000)
		default:
			c = rnd.Int64N(pow10[rnd.IntN(maxSmallDigits)+1])
		}
		exp := int32(rnd.IntN(14) - 10)
		if sameExp {
			exp = -2
		}
		d := decimal.New(c, exp)
		if rnd.IntN(8) == 0 {
			d = d.Mul(decimal.New(rnd.Int64N(1000)+11, 0)) // more digits than an int64 holds
		}
		if rnd.IntN(2) == 0 {
			d = d.Neg()
		}
		return d
	}
	for range 100000 {
		sameExp, huge = rnd.IntN(2) == 0, 0
		if rnd.IntN(10) == 0 {
			huge = 1 - 2*rnd.IntN(2)
		}
		l := &line{taxes: make([]taxOut, rnd.IntN(14))}
		want := decimal.Zero
		for i := range l.taxes {
			tx := &l.taxes[i]
			tx.tax = some()
			switch rnd.IntN(10) {
			case 0:
				tx.infoOnly = true
			case 1:
				tx.withholding = "W"
			}
			if tx.counted() {
				want = add(want, tx.tax)
			}
		}
		got := l.countedTax()
		if got.Exponent() != want.Exponent() || got.Coefficient().Cmp(want.Coefficient()) != 0 {
			var ts []string
			for i := range l.taxes {
				ts = append(ts, l.taxes[i].tax.String())
			}
			t.Fatalf("countedTax of %v = %s (exponent %d), want %s (exponent %d)", ts, got, got.Exponent(), want, want.Exponent())
		}
	}
}

// TestRecentResults checks that the products and roundings a document
// remembers are those of their operands: random operands drawn from a
// few decimals (so that the same ones come again, as the equal rates of
// a place's districts do) and from copies of equal value (other
// coefficients: compared as values, they are other operands), against
// mul and roundTax computed afresh.
func TestRecentResults(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	pool := []decimal.Decimal{decimal.RequireFromString("39.98"), decimal.RequireFromString("0.0725"),
		decimal.RequireFromString("0.005"), decimal.RequireFromString("0.0025"), decimal.RequireFromString("-19.99"),
		decimal.RequireFromString("1000"), decimal.Zero, decimal.RequireFromString("0.5")}
	pick := func() decimal.Decimal {
		d := pool[rnd.IntN(len(pool))]
		if rnd.IntN(4) == 0 {
			d = decimal.NewFromBigInt(d.Coefficient(), d.Exponent()) // equal value, another coefficient
		}
		return d
	}
	modes := []money.RoundingMode{money.HalfUp, money.HalfEven, money.Down, money.Up}
	same := func(a, b decimal.Decimal) bool {
		return a.Exponent() == b.Exponent() && a.Coefficient().Cmp(b.Coefficient()) == 0
	}
	var p recentProducts
	var r recentRoundings
	for range 20000 {
		a, b := pick(), pick()
		if got, want := p.mul(a, b), mul(a, b); !same(got, want) {
			t.Fatalf("mul(%s, %s) = %s, want %s", a, b, got, want)
		}
		d, places, mode := pick(), int32(rnd.IntN(4)), modes[rnd.IntN(len(modes))]
		if got, want := r.round(d, places, mode), roundTax(d, places, mode); !same(got, want) {
			t.Fatalf("round(%s, %d, %v) = %s, want %s", d, places, mode, got, want)
		}
	}
}

// TestDecimalSumAgreesWithAdd checks that decimalSum, which counts in
// int64 while it can, answers what a chain of add calls does from the
// same start, coefficient and exponent: operands of mixed exponents
// (coarser and finer than the running sum, positive ones too) and signs,
// zeros of every exponent, coefficients near and beyond an int64's 18
// digits, and sums that overflow one part way.
func TestDecimalSumAgreesWithAdd(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	some := func(huge int64) decimal.Decimal {
		if huge != 0 {
			return decimal.New(huge*(pow10[maxSmallDigits]-1-rnd.Int64N(1000)), int32(rnd.IntN(3)-2))
		}
		var c int64
		switch rnd.IntN(4) {
		case 0: // a zero
		case 1:
			c = pow10[maxSmallDigits] - 1 - rnd.Int64N(1000)
		default:
			c = rnd.Int64N(pow10[rnd.IntN(maxSmallDigits)+1])
		}
		d := decimal.New(c, int32(rnd.IntN(16)-11))
		if rnd.IntN(10) == 0 {
			d = d.Mul(decimal.New(rnd.Int64N(1000)+11, 0)) // more digits than an int64 holds
		}
		if rnd.IntN(2) == 0 {
			d = d.Neg()
		}
		return d
	}
	starts := []decimal.Decimal{decimal.Zero, decimal.New(0, -2), decimal.New(0, 3), decimal.New(12345, -2)}
	for range 100000 {
		start := starts[rnd.IntN(len(starts))]
		var huge int64
		if rnd.IntN(10) == 0 {
			huge = int64(1 - 2*rnd.IntN(2))
		}
		s, want := newDecimalSum(start), start
		var ops []string
		for range rnd.IntN(12) {
			d := some(huge)
			ops = append(ops, d.String())
			s.add(d)
			want = add(want, d)
		}
		if got := s.decimal(); got.Exponent() != want.Exponent() || got.Coefficient().Cmp(want.Coefficient()) != 0 {
			t.Fatalf("the sum of %s and %v = %s (exponent %d), want %s (exponent %d)", start, ops, got, got.Exponent(), want, want.Exponent())
		}
	}
}
