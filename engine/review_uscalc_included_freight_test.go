package engine

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestTaxIncludedPriceWithTaxableFreight sells at a tax-included price
// with separately stated freight where the freight is taxable (Honolulu
// at 4.5%, Atlanta at 8.9% with taxable goods). The price includes the
// tax on itself; the freight is stated net and bears its own tax beside
// it (backCalculate's netOf: "freight is outside the gross amount"). So
// 104.50 is 100.00 and 4.50 of tax, and the line is taxed on 100.00 and
// the freight's 10.00. The line's net was then taken again as the price
// less all of the line's tax, the freight's too: the response showed an
// extendedPrice of 99.55 beside a taxable amount of 110.00 (the net of
// 100.00 and the freight), so that the tax of 4.95 was more than 4.5% of
// what the line and its freight were said to be (109.55). Where the
// freight is not taxable (Los Angeles at 9.75%), the net was found at a
// rate lowered by the freight, 100.00 / (1 + 9.75% × 91.04 / 101.04),
// and the line bore 8.96 where the same price without freight bears
// 8.91.
func TestTaxIncludedPriceWithTaxableFreight(t *testing.T) {
	d := civil.MustParse("2026-06-15")
	honolulu := &wire.Location{StreetAddress1: "530 S King St", City: "Honolulu", MainDivision: "HI", PostalCode: "96813", Country: "US"}
	atlanta := &wire.Location{StreetAddress1: "55 Trinity Ave SW", City: "Atlanta", MainDivision: "GA", PostalCode: "30303", Country: "US"}
	la := &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	cases := []struct {
		name                         string
		at                           *wire.Location
		gross, freight               string
		ext, taxable, tax, subt, tot string
	}{
		// 104.50 / 1.045 = 100.00; 4.5% of 110.00 = 4.95.
		{"Honolulu", honolulu, "104.50", "10.00", "100.00", "110.00", "4.95", "110.00", "114.95"},
		// 100.00 / 1.089 = 91.83; 8.9% of 99.33 = 8.84.
		{"Atlanta", atlanta, "100.00", "7.50", "91.83", "99.33", "8.84", "99.33", "108.17"},
		// Freight is not taxable in California: it changes nothing of
		// the price's tax, 100.00 / 1.0975 = 91.12 less a cent of the
		// rounding of six taxes, as without freight.
		{"Los Angeles", la, "100.00", "10.00", "91.09", "91.09", "8.91", "101.09", "110.00"},
		// A return of the same.
		{"Atlanta, return", atlanta, "-100.00", "-7.50", "-91.83", "-99.33", "-8.84", "-99.33", "-108.17"},
	}
	for _, tc := range cases {
		r := sellOne(t, tc.at, tc.at, "GENERAL", tc.gross, d, func(req *wire.SaleRequest) {
			req.LineItems[0].TaxIncludedIndicator = true
			req.LineItems[0].Freight = amt(tc.freight)
		})
		li := r.LineItems[0]
		if got := li.ExtendedPrice.String(); got != tc.ext {
			t.Errorf("%s: extendedPrice %s, want %s", tc.name, got, tc.ext)
		}
		if got := li.TotalTax.String(); got != tc.tax {
			t.Errorf("%s: line totalTax %s, want %s", tc.name, got, tc.tax)
		}
		for _, x := range li.Taxes {
			if got := x.Taxable.String(); got != tc.taxable {
				t.Errorf("%s: %s taxable %s, want %s (the net and the freight)", tc.name, x.Jurisdiction.Value, got, tc.taxable)
			}
		}
		if got := r.SubTotal.String(); got != tc.subt {
			t.Errorf("%s: subTotal %s, want %s", tc.name, got, tc.subt)
		}
		if got := r.Total.String(); got != tc.tot {
			t.Errorf("%s: total %s, want %s", tc.name, got, tc.tot)
		}
	}
}
