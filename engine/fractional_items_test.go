package engine

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestFractionalQuantityIsOneItem sells a line whose quantity is less
// than one (half a unit of measure): its goods are one item at the
// line's amount, not half an item at the unit price, for every limit
// per item. Half a coat at 200.00 a unit is a coat of 100.00, under New
// York's $110 (Tax Law 1115(a)(30)) and exempt in New York City; a piece
// of 2,500.00 of a table of 5,000.00 a unit is a single article of
// 2,500.00 in Memphis, whose local tax reaches its first 1,600.00 and
// whose state single-article tax its part from 1,600.01 to 3,200.00
// (Tenn. Code 67-6-702(a)(1)-(2), 67-6-202(a)): 7% of 2,500.00 is 175.00,
// 2.75% of 900.00 is 24.75, 2.75% of 1,600.00 is 44.00. Half a coat of
// 400.00 a unit in Boston is a coat of 200.00, taxed on its 25.00 above
// $175 (M.G.L. c. 64H, s. 6(k)): 1.56. The lines were weighed as half an
// item, with limits of half their amounts: the coat in New York bore
// 8.88, the table 219.00 and the coat in Boston 7.03.
func TestFractionalQuantityIsOneItem(t *testing.T) {
	nyc := &wire.Location{StreetAddress1: "350 5th Ave", City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	memphis := &wire.Location{StreetAddress1: "100 N Main St", City: "Memphis", MainDivision: "TN", PostalCode: "38103", Country: "US"}
	boston := &wire.Location{StreetAddress1: "1 Beacon St", City: "Boston", MainDivision: "MA", PostalCode: "02108", Country: "US"}
	cases := []struct {
		name  string
		at    *wire.Location
		class string
		price string
		qty   string
		tax   string
	}{
		{"NY half a coat of 100.00", nyc, "CLOTHING", "100.00", "0.5", "0.00"},
		{"NY a coat of 100.00", nyc, "CLOTHING", "100.00", "1", "0.00"},
		{"NY two coats of 120.00", nyc, "CLOTHING", "240.00", "2", "21.30"},
		{"TN half a table of 2500.00", memphis, "FURNITURE", "2500.00", "0.5", "243.75"},
		{"TN a table of 2500.00", memphis, "FURNITURE", "2500.00", "1", "243.75"},
		{"MA half a coat of 200.00", boston, "CLOTHING", "200.00", "0.5", "1.56"},
		{"MA a return of half a coat of 200.00", boston, "CLOTHING", "-200.00", "0.5", "-1.56"},
	}
	for _, c := range cases {
		r := sellOne(t, c.at, c.at, c.class, c.price, civil.MustParse("2026-10-15"), func(req *wire.SaleRequest) {
			req.LineItems[0].Quantity = &wire.Measure{Value: amt(c.qty)}
		})
		if got := r.TotalTax.String(); got != c.tax {
			t.Errorf("%s: tax %s, want %s", c.name, got, c.tax)
		}
	}
}
