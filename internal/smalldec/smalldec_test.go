package smalldec

import (
	"math"
	"testing"

	"github.com/shopspring/decimal"
)

// TestLayoutChecked: on this build decimal's layout is the one New
// expects, so New builds its values itself and is not only decimal.New.
func TestLayoutChecked(t *testing.T) {
	if !direct {
		t.Fatal("decimal.Decimal's layout is not the one New builds; New only calls decimal.New")
	}
}

// TestNewEqualsDecimalNew: New's values are decimal.New's in coefficient,
// sign, exponent, text and arithmetic, and operations on them leave them
// unchanged.
func TestNewEqualsDecimalNew(t *testing.T) {
	xs := []int64{0, 1, -1, 7, -7, 10, 1999, -1999, 123456789, 1 << 32, -(1 << 32), 1<<53 + 1,
		math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	es := []int32{0, -2, -6, 3, math.MinInt32, math.MaxInt32}
	other := decimal.RequireFromString("-12.345")
	for _, x := range xs {
		for _, e := range es {
			got, want := New(x, e), decimal.New(x, e)
			if got.Exponent() != want.Exponent() || got.Coefficient().Cmp(want.Coefficient()) != 0 ||
				got.Sign() != want.Sign() || got.NumDigits() != want.NumDigits() {
				t.Fatalf("New(%d, %d) = %s×10^%d, decimal.New %s×10^%d", x, e,
					got.Coefficient(), got.Exponent(), want.Coefficient(), want.Exponent())
			}
			if e < -1000 || e > 1000 {
				continue // text and arithmetic of such exponents are decimal's own concern
			}
			if got.String() != want.String() || !got.Equal(want) {
				t.Fatalf("New(%d, %d) reads %s, decimal.New %s", x, e, got, want)
			}
			if a, b := got.Add(other), want.Add(other); !a.Equal(b) || a.Exponent() != b.Exponent() {
				t.Fatalf("New(%d, %d) + %s = %s, decimal.New's %s", x, e, other, a, b)
			}
			if a, b := got.Mul(other), want.Mul(other); !a.Equal(b) {
				t.Fatalf("New(%d, %d) × %s = %s, decimal.New's %s", x, e, other, a, b)
			}
			if a, b := got.Neg().Abs().Round(1), want.Neg().Abs().Round(1); !a.Equal(b) {
				t.Fatalf("|-New(%d, %d)| rounded = %s, decimal.New's %s", x, e, a, b)
			}
			if !got.Equal(want) || got.CoefficientInt64() != x {
				t.Fatalf("New(%d, %d) changed by operations on it: %s", x, e, got)
			}
		}
	}
}

// TestNewAllocatesOnce: a non-zero coefficient costs one allocation
// (decimal.New costs two).
func TestNewAllocatesOnce(t *testing.T) {
	var sink decimal.Decimal
	n := testing.AllocsPerRun(100, func() { sink = New(-1999, -2) })
	if n != 1 {
		t.Fatalf("New allocated %v times, want 1", n)
	}
	_ = sink
}
