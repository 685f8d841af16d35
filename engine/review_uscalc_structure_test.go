package engine

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestSingleArticleOfSeveralItemsToTheCent sells several items on one
// line in Memphis, where Tennessee's single-article rate structure
// weighs each item's price. The structure was handed the line's amount
// divided by the quantity, 16 decimal places deep, and multiplied back:
// three items of 11.50 together bore the state's 7% on
// 11.4999999999999999 (0.80, where 7% of 11.50 is 0.805, half up 0.81),
// and the response showed that taxable amount and a non-taxable
// 0.0000000000000001 in every jurisdiction. One item of 11.50 bears
// 0.81, and so must three that cost 11.50 together.
func TestSingleArticleOfSeveralItemsToTheCent(t *testing.T) {
	memphis := &wire.Location{StreetAddress1: "125 N Main St", City: "Memphis", MainDivision: "TN", PostalCode: "38103", Country: "US"}
	d := civil.MustParse("2026-06-15")
	cases := []struct {
		price, qty, total string
		want              map[string][3]string // tax, taxable, non-taxable
	}{
		{"11.50", "1", "1.13", map[string][3]string{
			"Tennessee": {"0.81", "11.50", "0.00"}, "Shelby": {"0.26", "11.50", "0.00"}, "Memphis": {"0.06", "11.50", "0.00"}}},
		{"11.50", "3", "1.13", map[string][3]string{
			"Tennessee": {"0.81", "11.50", "0.00"}, "Shelby": {"0.26", "11.50", "0.00"}, "Memphis": {"0.06", "11.50", "0.00"}}},
		{"1000.00", "3", "97.50", map[string][3]string{
			"Tennessee": {"70.00", "1000.00", "0.00"}, "Shelby": {"22.50", "1000.00", "0.00"}, "Memphis": {"5.00", "1000.00", "0.00"}}},
		// Seven items of 1,000.00 each: the local taxes on 7 × 1,000.00,
		// each under the cap of 1,600.00, and no single-article tax.
		{"7000.00", "7", "682.50", map[string][3]string{
			"Tennessee": {"490.00", "7000.00", "0.00"}, "Shelby": {"157.50", "7000.00", "0.00"}, "Memphis": {"35.00", "7000.00", "0.00"}}},
		// Three items of 3,333.33⅓: the state's 7% on 10,000.01 and its
		// 2.75% on 3 × 1,600.00; the local taxes on 3 × 1,600.00.
		{"10000.01", "3", "964.00", map[string][3]string{
			"Tennessee": {"832.00", "10000.01", "0.00"}, "Shelby": {"108.00", "4800.00", "5200.01"}, "Memphis": {"24.00", "4800.00", "5200.01"}}},
	}
	for _, tc := range cases {
		name := tc.price + " for " + tc.qty
		r := sellOne(t, memphis, memphis, "GENERAL", tc.price, d, func(req *wire.SaleRequest) {
			req.LineItems[0].Quantity = &wire.Measure{Value: amt(tc.qty)}
		})
		if got := r.TotalTax.String(); got != tc.total {
			t.Errorf("%s: total tax %s, want %s", name, got, tc.total)
		}
		got := lineTaxesByName(r)
		if len(got) != len(tc.want) {
			t.Errorf("%s: taxes %v, want %v", name, got, tc.want)
		}
		for j, w := range tc.want {
			if got[j] != w {
				t.Errorf("%s: %s tax, taxable, non-taxable %v, want %v", name, j, got[j], w)
			}
		}
	}
}
