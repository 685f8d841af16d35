package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestDocumentRoundingPerVATRate rounds a document's tax once
// (roundAtLineLevel false) where its lines bear two rates of one VAT. An
// invoice gives the tax of each rate on that rate's taxable amount (VAT
// Directive, article 226(8) and (10); Japan's qualified invoice rounds
// the Consumption Tax once per rate and invoice), so the tax of each rate
// is rounded on its own: the lines of a rate add up to that rate's
// taxable amount times the rate, rounded. Rounded over the jurisdiction,
// 106 yen of food at 8% (8.48) and 104 yen at 10% (10.4) came to 19 yen,
// 9 of them on the food; 0.50 EUR of food at 7% and 0.10 at 19% in
// Germany to 0.05 for 0.04 and 0.02. Lines of one rate are still rounded
// once among themselves.
func TestDocumentRoundingPerVATRate(t *testing.T) {
	tokyo := &wire.Location{City: "Tokyo", PostalCode: "100-0001", Country: "JP"}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10117", Country: "DE"}
	type ln struct{ class, price string }
	cases := []struct {
		name     string
		at       *wire.Location
		currency string
		lines    []ln
		want     []string // the lines' taxes, in any order (equal lines share a unit either way)
		total    string
	}{
		{"Japan, 8% and 10%", tokyo, "JPY", []ln{{"FOOD", "106"}, {"GENERAL", "104"}}, []string{"8", "10"}, "18"},
		{"Japan, two lines at 8% and one at 10%", tokyo, "JPY", []ln{{"FOOD", "106"}, {"FOOD", "106"}, {"GENERAL", "104"}}, []string{"9", "8", "10"}, "27"},
		{"Germany, 7% and 19%", berlin, "EUR", []ln{{"FOOD", "0.50"}, {"GENERAL", "0.10"}}, []string{"0.04", "0.02"}, "0.06"},
		{"Germany, two lines at 7%", berlin, "EUR", []ln{{"FOOD", "0.50"}, {"FOOD", "0.50"}, {"GENERAL", "0.10"}}, []string{"0.04", "0.03", "0.02"}, "0.09"},
	}
	e := testEngine(t)
	for _, c := range cases {
		atLine := false
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-15"), RoundAtLineLevel: &atLine,
			Currency: &wire.Currency{ISOCurrencyCodeAlpha: c.currency},
			Seller:   &wire.Seller{PhysicalOrigin: c.at}, Customer: &wire.Customer{Destination: c.at}}
		for _, l := range c.lines {
			req.LineItems = append(req.LineItems, wire.SaleLineItem{Product: &wire.Product{ProductClass: l.class}, ExtendedPrice: amt(l.price)})
		}
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, l := range resp.LineItems {
			if len(l.Taxes) != 1 {
				t.Fatalf("%s: a line has %d taxes, want one: %+v", c.name, len(l.Taxes), l.Taxes)
			}
			got = append(got, l.Taxes[0].CalculatedTax.String())
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) || resp.TotalTax.String() != c.total {
			t.Errorf("%s: lines bear %v, %s in all; want %v, %s", c.name, got, resp.TotalTax, want, c.total)
		}
	}
}

// TestDocumentRoundingPerVATRateExplained: the explanation of a line
// whose tax rounding over the document moved names the rate whose tax
// was rounded once, and that rate's sum, not the jurisdiction's.
func TestDocumentRoundingPerVATRateExplained(t *testing.T) {
	tokyo := &wire.Location{City: "Tokyo", PostalCode: "100-0001", Country: "JP"}
	atLine := false
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-15"), RoundAtLineLevel: &atLine,
		Currency: &wire.Currency{ISOCurrencyCodeAlpha: "JPY"},
		Seller:   &wire.Seller{PhysicalOrigin: tokyo}, Customer: &wire.Customer{Destination: tokyo},
		LineItems: []wire.SaleLineItem{
			{Product: &wire.Product{ProductClass: "FOOD"}, ExtendedPrice: amt("106")},
			{Product: &wire.Product{ProductClass: "FOOD"}, ExtendedPrice: amt("106")},
			{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("104")},
		}}
	_, ex, err := testEngine(t).ExplainSale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, l := range ex {
		for _, x := range l.Taxes {
			if strings.Contains(x.Reason, "rounded once per jurisdiction, tax and rate") {
				found++
				if !strings.Contains(x.Reason, "at 0.08") || !strings.Contains(x.Reason, "comes to 16.96, 17 rounded") {
					t.Errorf("%s: the explanation names another rate or sum: %s", l.Path, x.Reason)
				}
			}
		}
	}
	if found != 1 {
		t.Errorf("%d taxes say that rounding once per rate moved them, want one (the second food line's): %+v", found, ex)
	}
}
