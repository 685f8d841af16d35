package money

import (
	"math/big"

	"github.com/shopspring/decimal"
)

// TrimZeros returns d without the trailing zeros of its fraction, the
// same number at the smallest scale that holds it: 0.0050 is 0.005,
// 2.00 is 2 and 0.000 is 0. Rates are compared and written this way.
func TrimZeros(d decimal.Decimal) decimal.Decimal {
	if d.IsZero() {
		return decimal.Zero
	}
	exp := d.Exponent()
	if exp >= 0 {
		return d
	}
	coef := d.Coefficient()
	ten := big.NewInt(10)
	q, m := new(big.Int), new(big.Int)
	for exp < 0 {
		q.QuoRem(coef, ten, m)
		if m.Sign() != 0 {
			break
		}
		coef.Set(q)
		exp++
	}
	return decimal.NewFromBigInt(coef, exp)
}
