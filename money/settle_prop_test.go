package money_test

import (
	"math/rand/v2"
	"testing"

	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// TestSettleRoundedProperties: whatever the values (one, a dozen or a
// thousand; of both signs; adding up to zero; at 0 to 4 places), the
// settled values add up exactly to the total and each stays less than one
// unit from its exact value.
func TestSettleRoundedProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + r.IntN(12)
		if iter%300 == 0 {
			n = 1000
		}
		places := int32(r.IntN(5))
		exact := make([]decimal.Decimal, n)
		rounded := make([]decimal.Decimal, n)
		sum := decimal.Zero
		for i := range exact {
			v := decimal.New(r.Int64N(2000000)-1000000, -int32(places+1+int32(r.IntN(4))))
			if iter%3 == 0 && i == n-1 {
				v = sum.Neg() // zero-sum
			}
			exact[i] = v
			rounded[i] = money.New(v).Round(places, money.HalfUp).Decimal()
			sum = sum.Add(v)
		}
		total := money.New(sum).Round(places, money.HalfUp).Decimal()
		money.SettleRounded(exact, rounded, total, places)
		acc := decimal.Zero
		unit := decimal.New(1, -places)
		for i := range rounded {
			acc = acc.Add(rounded[i])
			if rounded[i].Sub(exact[i]).Abs().GreaterThanOrEqual(unit) {
				t.Fatalf("iter %d: value %d %s exact %s", iter, i, rounded[i], exact[i])
			}
		}
		if !acc.Equal(total) {
			t.Fatalf("iter %d: sum %s total %s", iter, acc, total)
		}
	}
}
