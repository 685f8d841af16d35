package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestDocumentPercentDiscountToTheMinorUnit takes a percentage off a
// whole document and checks that the lines lose together the percentage
// of the document's amount, rounded once to the currency's minor unit
// (none for JPY, three for KWD and BHD), and each line less than one
// unit from its own share. Each line's share used to be rounded on its
// own: 10% off three lines of 0.05 took 0.01 from each, 0.03 in all,
// where 10% of 0.15 is 0.015 and 0.02 at most; twelve lines of 5 yen
// with 10% off lost 12 yen where 10% of 60 is 6.
func TestDocumentPercentDiscountToTheMinorUnit(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	cases := []struct {
		name, currency string
		places         int32
		percent        string
		amounts        []string
	}{
		{"USD, three of 0.05", "USD", 2, "10", []string{"0.05", "0.05", "0.05"}},
		{"USD, sales and a return", "USD", 2, "10", []string{"0.05", "0.05", "0.05", "-0.25", "0.05"}},
		{"JPY, twelve of 5", "JPY", 0, "10", repeat("5", 12)},
		{"KWD, seven of 0.005", "KWD", 3, "10", repeat("0.005", 7)},
		{"BHD, 12.5% of odd fils", "BHD", 3, "12.5", []string{"0.013", "0.021", "0.035", "0.044", "0.051"}},
		{"USD, 33.333% of a hundred lines", "USD", 2, "33.333", repeat("0.07", 100)},
	}
	for _, tc := range cases {
		req := roundingSale(houston, true, tc.amounts...)
		req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: tc.currency}
		req.Discount = &wire.Discount{DiscountType: wire.DiscountPercent, DiscountValue: amt(tc.percent)}
		r, err := testEngine(t).Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pct := decimal.RequireFromString(tc.percent).Div(decimal.NewFromInt(100))
		before := decimal.Zero
		for _, a := range tc.amounts {
			before = before.Add(decimal.RequireFromString(a))
		}
		off := money.New(before.Mul(pct)).Round(tc.places, money.HalfUp).Decimal()
		if want := before.Sub(off); !r.SubTotal.Decimal().Equal(want) {
			t.Errorf("%s: subTotal %s, want %s less %s%% (%s): %s", tc.name, r.SubTotal, before, tc.percent, off, want)
		}
		unit := decimal.New(1, -tc.places)
		for i, l := range r.LineItems {
			a := decimal.RequireFromString(tc.amounts[i])
			share := a.Mul(pct)
			var taken decimal.Decimal
			for _, x := range l.Taxes {
				if x.Jurisdiction.Value == "Texas" {
					taken = a.Sub(x.Taxable.Decimal().Add(x.NonTaxable.Decimal()).Add(x.Exempt.Decimal()))
				}
			}
			if d := taken.Sub(share).Abs(); d.GreaterThanOrEqual(unit) {
				t.Errorf("%s: line %d of %s lost %s, %s from its share %s", tc.name, i+1, tc.amounts[i], taken, d, share)
			}
		}
	}
}

// repeat returns n copies of s.
func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}
