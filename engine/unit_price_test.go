package engine

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestUnitPriceTimesQuantityIsNotRounded sells lines given by unitPrice
// and quantity, with unit prices of more decimals than the currency: the
// line's amount is their exact product, which the response gives as its
// extendedPrice and which is taxed as it is, the tax alone being rounded
// to cents. A thousand items of 0.005 are 5.000, taxed 0.41 at Houston's
// 8.25% (0.4125); a unit price rounded to 0.01 first would make them
// 10.00 and 0.83.
func TestUnitPriceTimesQuantityIsNotRounded(t *testing.T) {
	hou := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	for _, c := range []struct{ unit, qty, ext, tax string }{
		{"0.005", "1000", "5.000", "0.41"},
		{"0.333", "3", "0.999", "0.08"},
		{"19.999", "3", "59.997", "4.95"},
		{"1.2345", "7", "8.6415", "0.72"},
	} {
		r := sellOne(t, hou, hou, "GENERAL", "0", civil.MustParse("2026-06-15"), func(req *wire.SaleRequest) {
			l := &req.LineItems[0]
			l.ExtendedPrice, l.UnitPrice, l.Quantity = nil, amt(c.unit), &wire.Measure{Value: amt(c.qty)}
		})
		l := r.LineItems[0]
		if l.ExtendedPrice == nil || l.ExtendedPrice.String() != c.ext {
			t.Errorf("%s x %s: extendedPrice %v, want %s", c.qty, c.unit, l.ExtendedPrice, c.ext)
		}
		for _, x := range l.Taxes {
			if x.Taxable.String() != c.ext {
				t.Errorf("%s x %s: %s taxable on %s, want %s", c.qty, c.unit, x.Jurisdiction.JurisdictionID, x.Taxable, c.ext)
			}
		}
		if got := r.TotalTax.String(); got != c.tax {
			t.Errorf("%s x %s: tax %s, want %s", c.qty, c.unit, got, c.tax)
		}
	}
}
