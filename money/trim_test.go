package money

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestTrimZeros: trailing zeros of the fraction go, the value and the
// other digits stay, and a number without a fraction is unchanged.
func TestTrimZeros(t *testing.T) {
	for in, want := range map[string]string{
		"0.0050": "0.005", "2.00": "2", "0.000": "0", "0.05175": "0.05175", "0.051750000": "0.05175",
		"-1.2300": "-1.23", "120": "120", "10.10": "10.1", "0": "0",
	} {
		got := TrimZeros(decimal.RequireFromString(in))
		if got.String() != want || !got.Equal(decimal.RequireFromString(in)) {
			t.Errorf("TrimZeros(%s) = %s (exponent %d), want %s", in, got, got.Exponent(), want)
		}
		if w := decimal.RequireFromString(want); got.Exponent() != w.Exponent() && !w.IsZero() {
			t.Errorf("TrimZeros(%s) has exponent %d, want %d", in, got.Exponent(), w.Exponent())
		}
	}
}
