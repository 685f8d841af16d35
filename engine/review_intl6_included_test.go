package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestTaxIncludedVATIsTheGrossShare: a price that includes VAT holds, of
// each rate, the gross times the rate over one plus the line's combined
// rate (19/119 of a German price), and that share rounded once is the
// line's VAT; its net is the gross less it. The VAT was computed on the
// net rounded to the cent, rounding twice: 9.99 EUR with 19% is 8.39495
// net, whose VAT is 1.59504, 1.60, but 8.39 at 19% is 1.5941, and the
// line bore 1.59 on a net of 8.40, one cent from the VAT the price holds
// on about one German price in six. A document rounded once rounds the
// exact shares once.
func TestTaxIncludedVATIsTheGrossShare(t *testing.T) {
	berlin := &wire.Location{City: "Berlin", PostalCode: "10117", Country: "DE"}
	type ln struct{ class, gross string }
	cases := []struct {
		name       string
		atLine     bool
		lines      []ln
		taxes, net []string // the lines', in any order (equal lines share a unit either way)
	}{
		{"9.99 at 19%", true, []ln{{"GENERAL", "9.99"}}, []string{"1.60"}, []string{"8.39"}},
		{"0.69 of food at 7%", true, []ln{{"FOOD", "0.69"}}, []string{"0.05"}, []string{"0.64"}},
		{"119.00 at 19%: no cent to move", true, []ln{{"GENERAL", "119.00"}}, []string{"19.00"}, []string{"100.00"}},
		{"a return of 9.99 at 19%", true, []ln{{"GENERAL", "-9.99"}}, []string{"-1.60"}, []string{"-8.39"}},
		{"two lines of 9.99 rounded once: 3.19008 in all", false, []ln{{"GENERAL", "9.99"}, {"GENERAL", "9.99"}}, []string{"1.60", "1.59"}, []string{"8.39", "8.40"}},
	}
	e := testEngine(t)
	for _, c := range cases {
		atLine := c.atLine
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-15"), RoundAtLineLevel: &atLine,
			Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:   &wire.Seller{PhysicalOrigin: berlin}, Customer: &wire.Customer{Destination: berlin}}
		for _, l := range c.lines {
			req.LineItems = append(req.LineItems, wire.SaleLineItem{Product: &wire.Product{ProductClass: l.class}, ExtendedPrice: amt(l.gross), TaxIncludedIndicator: true})
		}
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var taxes, nets []string
		for _, l := range resp.LineItems {
			taxes = append(taxes, l.TotalTax.String())
			nets = append(nets, l.ExtendedPrice.String())
		}
		slices.Sort(taxes)
		slices.Sort(nets)
		wantTaxes, wantNets := slices.Sorted(slices.Values(c.taxes)), slices.Sorted(slices.Values(c.net))
		if !slices.Equal(taxes, wantTaxes) || !slices.Equal(nets, wantNets) {
			t.Errorf("%s: taxes %v on nets %v, want %v on %v", c.name, taxes, nets, wantTaxes, wantNets)
		}
	}
}

// TestTaxIncludedVATShareExplained: the explanation of a tax-included
// line whose VAT is the gross's share says so with its figures, since
// the line's net times the rate is not its VAT.
func TestTaxIncludedVATShareExplained(t *testing.T) {
	berlin := &wire.Location{City: "Berlin", PostalCode: "10117", Country: "DE"}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-15"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: &wire.Seller{PhysicalOrigin: berlin}, Customer: &wire.Customer{Destination: berlin},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("9.99"), TaxIncludedIndicator: true}}}
	_, ex, err := testEngine(t).ExplainSale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex) != 1 || len(ex[0].Taxes) != 1 {
		t.Fatalf("explanation %+v, want one line of one tax", ex)
	}
	want := "this tax is 9.99 times 0.19 over 1.19, 1.595042, 1.60"
	if r := ex[0].Taxes[0].Reason; !strings.Contains(r, want) {
		t.Errorf("reason %q does not say %q", r, want)
	}
}
