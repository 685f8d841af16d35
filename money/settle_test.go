package money_test

import (
	"testing"

	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// TestSettleRounded: values rounded on their own are moved by single
// units to the total rounded once, each staying less than one unit from
// its exact value, the largest remainder first and the lower index first
// among equals; values of both signs alike.
func TestSettleRounded(t *testing.T) {
	for _, c := range []struct {
		name   string
		exact  []string
		places int32
		want   []string
	}{
		{"a unit short", []string{"0.3333", "0.3333", "0.3334"}, 2, []string{"0.33", "0.33", "0.34"}},
		{"a unit over", []string{"0.235", "0.165"}, 2, []string{"0.23", "0.17"}},
		{"both signs", []string{"0.00625", "0.00625", "0.00625", "0.00625", "0.00625", "-0.01875"}, 2,
			[]string{"0.00", "0.00", "0.01", "0.01", "0.01", "-0.02"}},
		{"equal remainders, lower index first", []string{"0.005", "0.005", "0.005"}, 2, []string{"0.00", "0.01", "0.01"}},
		{"nothing to move", []string{"1.20", "2.30"}, 2, []string{"1.20", "2.30"}},
		{"whole units", []string{"4.5", "4.5"}, 0, []string{"4", "5"}},
	} {
		exact := make([]decimal.Decimal, len(c.exact))
		rounded := make([]decimal.Decimal, len(c.exact))
		sum := decimal.Zero
		for i, s := range c.exact {
			exact[i] = decimal.RequireFromString(s)
			rounded[i] = exact[i].Round(c.places)
			sum = sum.Add(exact[i])
		}
		money.SettleRounded(exact, rounded, sum.Round(c.places), c.places)
		for i, w := range c.want {
			if !rounded[i].Equal(decimal.RequireFromString(w)) {
				t.Errorf("%s: value %d is %s, want %s (all %v)", c.name, i, rounded[i], w, rounded)
			}
		}
	}
}
