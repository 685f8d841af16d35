package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// lineTaxesByName returns the calculated tax, the taxable and the
// non-taxable amount of each tax of the response's first line, by the
// name of its jurisdiction.
func lineTaxesByName(r *wire.SaleResponse) map[string][3]string {
	out := map[string][3]string{}
	for _, x := range r.LineItems[0].Taxes {
		out[x.Jurisdiction.Value] = [3]string{x.CalculatedTax.String(), x.Taxable.String(), x.NonTaxable.String()}
	}
	return out
}

// TestReturnCreditsWhatItsSaleBore sells goods and takes the same goods
// back, and checks that the return credits, to the cent and jurisdiction
// by jurisdiction, the tax its sale bore.
//
// Separately stated freight is taxable in Hawaii (the general excise tax
// reaches the gross income of a sale, delivery included) and in Georgia
// with taxable goods (shipping.csv: always_taxable, conditional). A
// return of 100.00 with freight of 10.00 credited the tax on 100.00
// alone: freight went to the non-taxable amount whenever the taxable
// amount was not positive, so the sale bore 4.95 and its return -4.50 in
// Honolulu, 9.79 and -8.90 in Atlanta.
//
// Tennessee's local tax reaches the first 1,600.00 of a single article
// and the state's single-article tax of 2.75% the part from 1,600.01 to
// 3,200.00 (Tenn. Code Ann. 67-6-702(a) and 67-6-202; Department of
// Revenue, Sales and Use Tax Notice SUT-6). The rate structure that does
// so was applied only to a positive amount: the return of a dining table
// of 5,000.00, whose sale bore 438.00 in Memphis, credited 487.50 (7%
// and the local rates on the whole price, no single-article tax), and
// that of three tables of 10,000.00 credited 975.00 for a sale's 964.00.
func TestReturnCreditsWhatItsSaleBore(t *testing.T) {
	d := civil.MustParse("2026-06-15")
	honolulu := &wire.Location{StreetAddress1: "530 S King St", City: "Honolulu", MainDivision: "HI", PostalCode: "96813", Country: "US"}
	atlanta := &wire.Location{StreetAddress1: "55 Trinity Ave SW", City: "Atlanta", MainDivision: "GA", PostalCode: "30303", Country: "US"}
	memphis := &wire.Location{StreetAddress1: "125 N Main St", City: "Memphis", MainDivision: "TN", PostalCode: "38103", Country: "US"}
	cases := []struct {
		name       string
		at         *wire.Location
		price, qty string
		freight    string
		total      string
		want       map[string][3]string // tax, taxable, non-taxable of the sale
	}{
		{"Honolulu, freight always taxable", honolulu, "100.00", "1", "10.00", "4.95", map[string][3]string{
			"Hawaii": {"4.40", "110.00", "0.00"}, "Honolulu": {"0.55", "110.00", "0.00"}}},
		{"Atlanta, freight taxable with taxable goods", atlanta, "100.00", "1", "10.00", "9.79", map[string][3]string{
			"Georgia": {"4.40", "110.00", "0.00"}, "Fulton": {"3.30", "110.00", "0.00"}, "Atlanta": {"2.09", "110.00", "0.00"}}},
		{"Memphis, one single article", memphis, "5000.00", "1", "", "438.00", map[string][3]string{
			"Tennessee": {"394.00", "5000.00", "0.00"}, "Shelby": {"36.00", "1600.00", "3400.00"}, "Memphis": {"8.00", "1600.00", "3400.00"}}},
		{"Memphis, three single articles", memphis, "10000.00", "3", "", "964.00", map[string][3]string{
			"Tennessee": {"832.00", "10000.00", "0.00"}, "Shelby": {"108.00", "4800.00", "5200.00"}, "Memphis": {"24.00", "4800.00", "5200.00"}}},
	}
	for _, tc := range cases {
		for _, sign := range []string{"", "-"} {
			name := tc.name + ", sale"
			if sign != "" {
				name = tc.name + ", return"
			}
			r := sellOne(t, tc.at, tc.at, "GENERAL", sign+tc.price, d, func(req *wire.SaleRequest) {
				req.LineItems[0].Quantity = &wire.Measure{Value: amt(tc.qty)}
				if tc.freight != "" {
					req.LineItems[0].Freight = amt(sign + tc.freight)
				}
			})
			neg := func(s string) string {
				if sign == "" || s == "0.00" {
					return s
				}
				return "-" + s
			}
			if got := r.TotalTax.String(); got != neg(tc.total) {
				t.Errorf("%s: total tax %s, want %s", name, got, neg(tc.total))
			}
			got := lineTaxesByName(r)
			if len(got) != len(tc.want) {
				t.Errorf("%s: taxes %v, want %v", name, got, tc.want)
			}
			for j, w := range tc.want {
				w = [3]string{neg(w[0]), neg(w[1]), neg(w[2])}
				if got[j] != w {
					t.Errorf("%s: %s tax, taxable, non-taxable %v, want %v", name, j, got[j], w)
				}
			}
		}
	}
}

// TestDocumentTaxCapBesideAReturn caps a host's Texas state tax at 5.00
// a document (a rate structure's maxTaxPerDocument) and sells 200.00
// (12.50 at 6.25%) beside a return of 100.00 (-6.25). The cap bounds the
// tax of the sale, 5.00; the return's credit is no part of it. Since a
// return bears its rate structure as its sale does, its negative tax
// joined the allocation of the cap, which refuses a negative weight, and
// the cap was dropped: the sale bore 12.50.
func TestDocumentTaxCapBesideAReturn(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	limit := decimal.RequireFromString("5.00")
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithRules(nil, []rules.Structure{{ID: "host-tx-document-cap", Jurisdiction: "US-TX", Tax: "Sales and Use Tax", Kind: rules.SingleRate,
			MaxTaxPerDocument: &limit, Reason: "a host's cap on the state tax of one document, for the test"}}))
	if err != nil {
		t.Fatal(err)
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-15"),
		Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: houston}, Customer: &wire.Customer{Destination: houston},
		LineItems: []wire.SaleLineItem{
			{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("200.00")},
			{LineItemID: "2", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("-100.00")},
		}}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"1": "5.00", "2": "-6.25"}
	for _, li := range r.LineItems {
		for _, x := range li.Taxes {
			if x.Jurisdiction.Value != "Texas" {
				continue
			}
			if got := x.CalculatedTax.String(); got != want[li.LineItemID] {
				t.Errorf("line %s: Texas tax %s, want %s", li.LineItemID, got, want[li.LineItemID])
			}
		}
	}
}
