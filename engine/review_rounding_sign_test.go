package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// roundingSale returns a sale of GENERAL goods at one address, a line an
// amount, with roundAtLineLevel as given.
func roundingSale(at *wire.Location, atLine bool, amounts ...string) *wire.SaleRequest {
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-15"), RoundAtLineLevel: &atLine,
		Seller:   &wire.Seller{Company: "ACME", PhysicalOrigin: at},
		Customer: &wire.Customer{Destination: at}}
	for i, a := range amounts {
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: fmt.Sprint(i + 1),
			Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(a)})
	}
	return req
}

// checkDocumentRounding checks a response calculated with
// roundAtLineLevel false, jurisdiction by jurisdiction: the taxes of the
// lines add up to the jurisdiction's exact tax over the document rounded
// once to the minor unit, and each line's tax is less than one minor unit
// from its own exact tax (its taxable amount times its rate). The
// document's totalTax must be the sum of the lines'.
func checkDocumentRounding(t *testing.T, name string, r *wire.SaleResponse, places int32) {
	t.Helper()
	unit := decimal.New(1, -places)
	exact := map[string]decimal.Decimal{}
	got := map[string]decimal.Decimal{}
	total := decimal.Zero
	for li, l := range r.LineItems {
		total = total.Add(l.TotalTax.Decimal())
		for _, x := range l.Taxes {
			if x.NominalRate == nil || x.MaxTaxIndicator || x.OriginalTax != nil {
				continue
			}
			key := x.Jurisdiction.JurisdictionID
			if x.Imposition != nil {
				key += "/" + x.Imposition.Value
			}
			e := x.Taxable.Decimal().Mul(x.NominalRate.Decimal())
			if d := x.CalculatedTax.Decimal().Sub(e).Abs(); d.GreaterThanOrEqual(unit) {
				t.Errorf("%s: line %d %s (%s): tax %s is %s from its exact %s, a minor unit or more",
					name, li+1, x.Jurisdiction.Value, key, x.CalculatedTax, d, e)
			}
			exact[key] = exact[key].Add(e)
			got[key] = got[key].Add(x.CalculatedTax.Decimal())
		}
	}
	for k, e := range exact {
		if want := money.New(e).Round(places, money.HalfUp).Decimal(); !got[k].Equal(want) {
			t.Errorf("%s: %s: the lines' taxes add up to %s, want the document's %s rounded once: %s", name, k, got[k], e, want)
		}
	}
	if !r.TotalTax.Decimal().Equal(total) {
		t.Errorf("%s: totalTax %s, but the lines' add up to %s", name, r.TotalTax, total)
	}
}

// TestDocumentRoundingLinesOfBothSigns rounds a document's tax once per
// jurisdiction (roundAtLineLevel false) with sales and returns on it.
// Weights of both signs can not be allocated in proportion, and the
// rounded taxes used to take the whole difference on the largest: five
// sales of 0.10 and a return of 0.30 in Houston, whose Texas tax is
// 0.00625 a sale and -0.01875 on the return (0.0125 in all, 0.01),
// showed the sales at 0.01 each and the return at -0.04, two units from
// its own tax. Sales alone were split in proportion to their exact
// taxes, which can also put a tax a unit or more from its own: 0.80,
// 0.05 and 0.04 bear 0.05, 0.003125 and 0.0025 of Texas tax, 0.06 in
// all, and the first line took all of it. Each tax now stays within one unit of its exact value and
// the taxes still add up to the document's rounded tax.
func TestDocumentRoundingLinesOfBothSigns(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	cases := []struct {
		name    string
		amounts []string
	}{
		{"five sales of 0.10 and a return of 0.30", []string{"0.10", "0.10", "0.10", "0.10", "0.10", "-0.30"}},
		{"a sale and its return", []string{"0.10", "-0.10"}},
		{"returns outweigh", []string{"0.10", "0.10", "-0.10", "-0.10", "-0.10", "-0.10", "-0.10"}},
		{"cents both ways", []string{"0.07", "-0.05", "0.09", "-0.11", "0.13", "0.01", "-0.03", "0.15", "-0.17"}},
		{"large and small", []string{"1000.00", "-0.10", "-0.10", "-0.10", "-0.10", "0.30"}},
		// Sales alone: Texas's 0.05 on 0.80 took the 0.06 of the total
		// in proportion, beside 0.003125 and 0.0025.
		{"a dominant tax", []string{"0.80", "0.05", "0.04"}},
		{"dominant returns", []string{"-0.80", "-0.05", "-0.04"}},
	}
	// A thousand lines of sales and returns of a few cents each, where
	// rounding line by line would drift by dollars.
	var many []string
	for i := range 1000 {
		a := fmt.Sprintf("0.%02d", 1+i*37%97)
		if i%3 == 2 {
			a = "-" + a
		}
		many = append(many, a)
	}
	cases = append(cases, struct {
		name    string
		amounts []string
	}{"a thousand lines", many})
	for _, tc := range cases {
		r, err := testEngine(t).Sale(context.Background(), roundingSale(houston, false, tc.amounts...))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		checkDocumentRounding(t, tc.name, r, 2)
	}
}
