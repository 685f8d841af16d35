package engine

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestSmallArithmeticAllocatesOnce: a product, a sum and a rounding of
// small decimals, as a tax's amounts are, each allocate once, and the
// values are decimal's own.
func TestSmallArithmeticAllocatesOnce(t *testing.T) {
	price, rate, freight := decimal.RequireFromString("39.98"), decimal.RequireFromString("0.0975"), decimal.RequireFromString("5.25")
	var p, s, r decimal.Decimal
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"mul", func() { p = mul(price, rate) }},
		{"add", func() { s = add(price, freight) }},
		{"roundHalfUp", func() { r = roundHalfUp(p, 2) }},
	} {
		if n := testing.AllocsPerRun(100, c.f); n != 1 {
			t.Errorf("%s allocated %v times, want 1", c.name, n)
		}
	}
	if want := price.Mul(rate); !p.Equal(want) || p.Exponent() != want.Exponent() {
		t.Errorf("mul = %s, want %s", p, want)
	}
	if want := price.Add(freight); !s.Equal(want) || s.Exponent() != want.Exponent() {
		t.Errorf("add = %s, want %s", s, want)
	}
	if want := p.Round(2); !r.Equal(want) || r.Exponent() != want.Exponent() {
		t.Errorf("roundHalfUp = %s, want %s", r, want)
	}
}
