package journal

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// TestUnitsIntegersAsDecimals: the integer arithmetic of units gives
// every amount the figures it had in decimals: amounts of two to eight
// places and none, halves rounded away from zero either way, amounts at
// and beyond the bound, coefficients near the limits of an int64, with
// and without a conversion rate.
func TestUnitsIntegersAsDecimals(t *testing.T) {
	amounts := []string{"0", "0.00", "1", "-1", "0.00005", "-0.00005", "0.000049", "-0.000049", "0.00015", "-0.00015",
		"1249.99", "-89.50", "15.00", "1000000000000", "1000000000000.0001", "-1000000000000.00005", "999999999999.99995",
		"922337203685477.5807", "-922337203685477.5808", "9223372036854775807", "-9223372036854775808",
		"92233720368547758.07", "0.000000000000000001", "123456789012345678901234567890.12", "1e20", "-1e-25", "5e-5", "25e-6"}
	rates := []string{"0", "1", "1.3542", "0.5", "0.00005", "-0.5", "7.123456789", "1e10", "123456789012345678901"}
	for _, as := range amounts {
		for _, rs := range rates {
			a, rate := money.New(decimal.RequireFromString(as)), decimal.RequireFromString(rs)
			if got, want := units(a, rate), decimalUnits(a.Decimal(), rate); got != want {
				t.Errorf("units(%s, %s) = %d, want %d", as, rs, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		c := r.Int64N(math.MaxInt64) >> r.IntN(63)
		if r.IntN(2) == 0 {
			c = -c
		}
		a := money.New(decimal.New(c, -int32(r.IntN(22))+2))
		rate := decimal.Decimal{}
		if r.IntN(2) == 0 {
			rate = decimal.New(r.Int64N(1<<40)>>r.IntN(40), -int32(r.IntN(12)))
		}
		if got, want := units(a, rate), decimalUnits(a.Decimal(), rate); got != want {
			t.Fatalf("units(%s, %s) = %d, want %d", a.Decimal(), rate, got, want)
		}
	}
}
