package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// explainedTaxOf returns the explained tax of jurisdiction id on the
// explanation's line i, failing the test when there is none.
func explainedTaxOf(t *testing.T, ex wire.Explanation, i int, id string) wire.ExplainedTax {
	t.Helper()
	if i >= len(ex) {
		t.Fatalf("no explained line %d in %d", i, len(ex))
	}
	for _, x := range ex[i].Taxes {
		if x.JurisdictionID == id {
			return x
		}
	}
	t.Fatalf("%s: no explained tax of %s", ex[i].Path, id)
	return wire.ExplainedTax{}
}

// wantReasonSays fails unless the reason names every one of parts.
func wantReasonSays(t *testing.T, what, reason string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(reason, p) {
			t.Errorf("%s: the reason does not say %q: %q", what, p, reason)
		}
	}
}

// TestExplainDocumentRoundingSaysTheCentMoved rounds a Houston document
// of 0.80, 0.05 and 0.04 once per jurisdiction (roundAtLineLevel false):
// Texas's 6.25% is 0.05, 0.003125 and 0.0025, 0.055625 in all, 0.06 once
// rounded, so the second line bears 0.01 where its own tax rounds to
// 0.00. Its explanation gave the rule's reason alone, so that its rate
// times its taxable amount (0.0625 x 0.05) did not give the 0.01 it
// explained; it now says that the document was rounded once and how the
// cent moved, with the figures. A line whose tax is its own rounded one
// says nothing of it, nor does a document rounded line by line.
func TestExplainDocumentRoundingSaysTheCentMoved(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	e := testEngine(t)
	r, ex := saleExplained(t, e, "document rounding", roundingSale(houston, false, "0.80", "0.05", "0.04"))
	if got := taxOf(t, r.LineItems[1].Taxes, "US-TX").CalculatedTax.String(); got != "0.01" {
		t.Fatalf("the second line's Texas tax is %s, want 0.01 (the document's cent)", got)
	}
	moved := explainedTaxOf(t, ex, 1, "US-TX")
	wantReasonSays(t, "the line that took the cent", moved.Reason, "roundAtLineLevel", "0.003125", "0.00", "0.01", "0.055625", "0.06")
	for _, i := range []int{0, 2} {
		if x := explainedTaxOf(t, ex, i, "US-TX"); strings.Contains(x.Reason, "roundAtLineLevel") {
			t.Errorf("line %d, whose tax is its own rounded tax, says the document moved it: %q", i+1, x.Reason)
		}
	}
	// Sales and a return: the first two sales of 0.10 bear 0.00 of
	// their 0.00625 each, the document's 0.0125 rounding to 0.01.
	_, ex = saleExplained(t, e, "document rounding, a return", roundingSale(houston, false, "0.10", "0.10", "0.10", "0.10", "0.10", "-0.30"))
	for _, i := range []int{0, 1} {
		wantReasonSays(t, "a sale that gave up its cent", explainedTaxOf(t, ex, i, "US-TX").Reason, "roundAtLineLevel", "0.00625", "0.0125")
	}
	_, ex = saleExplained(t, e, "line rounding", roundingSale(houston, true, "0.80", "0.05", "0.04"))
	for i := range ex {
		if x := explainedTaxOf(t, ex, i, "US-TX"); strings.Contains(x.Reason, "roundAtLineLevel") {
			t.Errorf("line %d of a document rounded line by line says the document moved its tax: %q", i+1, x.Reason)
		}
	}
}

// TestExplainOntarioDocumentLimit explains Ontario's point-of-sale
// rebate on prepared food, which weighs the document's total of such
// lines against $4.00. The explanation of an exempt $2.50 coffee gave
// only the rule's reason, which says when the rebate applies but not
// that it did here, on a total of 2.50; and two $2.50 items, charged
// the whole HST, were explained by the same rule's reason, which says
// the rebate applies. Each now names the document's total, the limit
// and what they decided, as the assisted parameter does.
func TestExplainOntarioDocumentLimit(t *testing.T) {
	e := testEngine(t)
	sale := func(prices ...string) (*wire.SaleResponse, wire.Explanation) {
		items := make([]wire.SaleLineItem, len(prices))
		for i, p := range prices {
			items[i] = Line(string(rune('a'+i)), "PREPARED_FOOD", p)
		}
		q := Quotation("2026-06-01", torontoSeller(), CustomerAt(toronto()), items...)
		q.Currency = CurrencyCode("CAD")
		return saleExplained(t, e, "Ontario", q)
	}
	r, ex := sale("2.50")
	if x := taxOf(t, r.LineItems[0].Taxes, "CA-ON"); x.TaxResult != wire.TaxResultExempt {
		t.Fatalf("a $2.50 coffee: CA-ON is %s, want EXEMPT", x.TaxResult)
	}
	wantReasonSays(t, "a $2.50 coffee", explainedTaxOf(t, ex, 0, "CA-ON").Reason, "CAD 2.50", "CAD 4.00", "within the limit")
	if x := explainedTaxOf(t, ex, 0, "CA"); strings.Contains(x.Reason, "CAD 4.00") {
		t.Errorf("the GST, which the limit does not reach, says it: %q", x.Reason)
	}
	r, ex = sale("2.50", "2.50")
	for i := range r.LineItems {
		if x := taxOf(t, r.LineItems[i].Taxes, "CA-ON"); x.CalculatedTax.String() != "0.20" {
			t.Fatalf("two $2.50 items: CA-ON is %s, want 0.20", x.CalculatedTax)
		}
		wantReasonSays(t, "two $2.50 items", explainedTaxOf(t, ex, i, "CA-ON").Reason, "CAD 5.00", "CAD 4.00", "above the limit")
	}
}

// TestExplainDocumentCap explains a host's cap of 5.00 on the Texas tax
// of a document (maxTaxPerDocument). Three sales of 100.00 bear 1.67,
// 1.67 and 1.66 of the 18.75 their rate gives: their explanation named
// the structure (maxTaxRuleId) but gave the rule's reason alone, so
// that nothing said why 6.25% of 100.00 is 1.67; it now says the cap,
// the document's tax before it and the line's share. The return beside
// a sale, whose credit of 6.25 goes beyond the cap, said so in an
// assisted parameter only; its explanation now says it too.
func TestExplainDocumentCap(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	e := capEngine(t, "5.00")
	for _, atLine := range []bool{true, false} {
		r, ex := saleExplained(t, e, "capped", roundingSale(houston, atLine, "100.00", "100.00", "100.00"))
		for i, want := range []string{"1.67", "1.67", "1.66"} {
			if got := taxOf(t, r.LineItems[i].Taxes, "US-TX").CalculatedTax.String(); got != want {
				t.Fatalf("line %d: Texas tax %s, want %s", i+1, got, want)
			}
			x := explainedTaxOf(t, ex, i, "US-TX")
			wantReasonSays(t, "a capped sale", x.Reason, "host-tx-document-cap", "maxTaxPerDocument", "5.00", "18.75", "6.25", want)
			if strings.Contains(x.Reason, "roundAtLineLevel") {
				t.Errorf("line %d: a capped tax says the document's rounding moved it: %q", i+1, x.Reason)
			}
		}
		r, ex = saleExplained(t, e, "a sale and a return", roundingSale(houston, atLine, "200.00", "-100.00"))
		if got := taxOf(t, r.LineItems[1].Taxes, "US-TX").CalculatedTax.String(); got != "-6.25" {
			t.Fatalf("the return's Texas tax is %s, want -6.25", got)
		}
		wantReasonSays(t, "a return beyond the cap", explainedTaxOf(t, ex, 1, "US-TX").Reason, "host-tx-document-cap", "-6.25", "given in full")
		if x := explainedTaxOf(t, ex, 1, "US-4835000"); strings.Contains(x.Reason, "host-tx-document-cap") {
			t.Errorf("Houston's tax, which the cap does not reach, says it: %q", x.Reason)
		}
	}
}

// TestExplainStructureShapedTax explains a 5,000.00 dining table sold in
// Memphis: Tennessee's 7% and its single-article 2.75% on 1,600.01 to
// 3,200 give 394.00, and Shelby County's 2.25% reaches the first 1,600
// only (36.00). Their explanation gave the taxability rule's reason
// alone (goods.general), which says neither why 7% of 5,000.00 is
// 394.00 nor why 3,400.00 is not taxable; it now gives the rate
// structure's ID and reason as well. A tax the structure left as the
// rate gives (Memphis on a 100.00 item) says nothing of it.
func TestExplainStructureShapedTax(t *testing.T) {
	memphis := &wire.Location{StreetAddress1: "125 N Main St", City: "Memphis", MainDivision: "TN", PostalCode: "38103", Country: "US"}
	e := testEngine(t)
	req := Quotation("2026-06-15", &wire.Seller{Company: "ACME", PhysicalOrigin: memphis}, CustomerAt(memphis),
		Line("table", "GENERAL", "5000.00"), Line("lamp", "GENERAL", "100.00"))
	req.DocumentDate = civil.MustParse("2026-06-15")
	for i := range req.LineItems {
		req.LineItems[i].Quantity = &wire.Measure{Value: amt("1")}
	}
	r, ex := saleExplained(t, e, "Memphis", req)
	if got := taxOf(t, r.LineItems[0].Taxes, "US-TN").CalculatedTax.String(); got != "394.00" {
		t.Fatalf("the table's Tennessee tax is %s, want 394.00", got)
	}
	wantReasonSays(t, "Tennessee's single-article tax", explainedTaxOf(t, ex, 0, "US-TN").Reason, "us-tn-single-article", "67-6-702")
	county := ""
	for _, x := range ex[0].Taxes {
		if x.JurisdictionType == "COUNTY" {
			county = x.Reason
		}
	}
	wantReasonSays(t, "Shelby County on the first 1,600", county, "us-tn-county-single-article", "67-6-702")
	for _, x := range ex[1].Taxes {
		if strings.Contains(x.Reason, "67-6-702") {
			t.Errorf("the 100.00 lamp's %s tax, which no structure changed, names one: %q", x.JurisdictionID, x.Reason)
		}
	}
}

// TestExplainedArithmetic checks every explained tax of a varied corpus
// (the golden requests, and documents rounded once, capped, rebated and
// taxed by structures) mechanically: where the response's effective
// rate times its taxable amount, rounded to the minor unit, is not the
// tax the line bears (before a credit of tax paid elsewhere), the
// explanation must say the tax it explains. Every tax named by a rule
// must name a reason, and a rate the content gave must name its source.
func TestExplainedArithmetic(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	e := testEngine(t)
	type doc struct {
		name string
		e    *Engine
		req  *wire.SaleRequest
	}
	onFood := Quotation("2026-06-01", torontoSeller(), CustomerAt(toronto()), Line("a", "PREPARED_FOOD", "2.50"), Line("b", "PREPARED_FOOD", "1.00"))
	onFood.Currency = CurrencyCode("CAD")
	docs := []doc{
		{"rounded once", e, roundingSale(houston, false, "0.80", "0.05", "0.04")},
		{"rounded once, a return", e, roundingSale(houston, false, "0.10", "0.10", "0.10", "0.10", "0.10", "-0.30")},
		{"capped", capEngine(t, "5.00"), roundingSale(houston, false, "100.00", "100.00", "100.00", "-50.00")},
		{"Ontario", e, onFood},
	}
	// A percentage off the document, spread once over its lines.
	off := roundingSale(houston, false, "0.05", "0.05", "0.05", "-0.25", "0.05")
	off.Discount = &wire.Discount{DiscountType: wire.DiscountPercent, DiscountValue: amt("10")}
	docs = append(docs, doc{"a percentage off", e, off})
	// Tax-included prices with freight, a sale and its return, in
	// Atlanta (freight taxable) and Los Angeles (not).
	for _, at := range []*wire.Location{
		{StreetAddress1: "55 Trinity Ave SW", City: "Atlanta", MainDivision: "GA", PostalCode: "30303", Country: "US"},
		{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"},
	} {
		for _, atLine := range []bool{true, false} {
			req := roundingSale(at, atLine, "100.00", "-100.00", "33.33")
			for i, f := range []string{"7.50", "-7.50", "1.00"} {
				req.LineItems[i].TaxIncludedIndicator = true
				req.LineItems[i].Freight = amt(f)
			}
			docs = append(docs, doc{"tax included with freight, " + at.City, e, req})
		}
	}
	// Tennessee's single article, sold and returned.
	memphis := &wire.Location{StreetAddress1: "125 N Main St", City: "Memphis", MainDivision: "TN", PostalCode: "38103", Country: "US"}
	tn := roundingSale(memphis, true, "5000.00", "-5000.00", "2400.00")
	for i := range tn.LineItems {
		tn.LineItems[i].Quantity = &wire.Measure{Value: amt("1")}
	}
	docs = append(docs, doc{"Tennessee's single article", e, tn})
	// Manitoba's children's clothing of CAD 150 or less, priced in USD.
	for _, price := range []string{"100.00", "140.00"} {
		mb := Address("Winnipeg", "R3C 4T3", "CA")
		mb.CurrencyConversion = &wire.CurrencyConversion{Currency: CurrencyCode("CAD"), Rate: amt("1.36")}
		req := Quotation("2026-06-01", &wire.Seller{PhysicalOrigin: mb}, CustomerAt(mb), Line("1", childrensClothing, price))
		req.LineItems[0].Quantity = &wire.Measure{Value: amt("1")}
		docs = append(docs, doc{"Manitoba in USD", e, req})
	}
	for _, d := range docs {
		r, ex := saleExplained(t, d.e, d.name, d.req)
		checkExplainedArithmetic(t, d.name, flatTaxes(r.LineItems, saleLineView), ex)
	}
}

// checkExplainedArithmetic checks taxes, the response's line by line,
// against their explanation ex (TestExplainedArithmetic).
func checkExplainedArithmetic(t *testing.T, name string, taxes [][]wire.Tax, ex wire.Explanation) {
	t.Helper()
	if len(ex) != len(taxes) {
		t.Fatalf("%s: %d explained lines for %d", name, len(ex), len(taxes))
	}
	for i, el := range ex {
		for k, x := range el.Taxes {
			w := &taxes[i][k]
			if !x.CalculatedTax.Equal(w.CalculatedTax) {
				t.Errorf("%s %s %s: explained tax %s, the response's %s", name, el.Path, x.JurisdictionID, x.CalculatedTax, w.CalculatedTax)
			}
			if w.CalculationRuleID != nil && strings.TrimSpace(x.Reason) == "" {
				t.Errorf("%s %s %s: rule %s has no reason", name, el.Path, x.JurisdictionID, x.RuleID)
			}
			if x.Source == nil && w.NominalRate != nil && !w.NominalRate.IsZero() && x.RuleID != "rate-override" && !strings.HasPrefix(x.RuleID, "br-") {
				if _, own := ownRateRules[x.RuleID]; !own {
					t.Errorf("%s %s %s: rate %s without a source (rule %s)", name, el.Path, x.JurisdictionID, w.NominalRate, x.RuleID)
				}
			}
			if w.TaxResult != wire.TaxResultTaxable {
				continue
			}
			borne := w.CalculatedTax.Decimal()
			if w.OriginalTax != nil {
				borne = w.OriginalTax.Decimal()
			}
			places := max(-borne.Exponent(), 0)
			if w.EffectiveRate.Decimal().Mul(w.Taxable.Decimal()).Round(places).Equal(borne) {
				continue
			}
			if !strings.Contains(x.Reason, borne.StringFixed(places)) {
				t.Errorf("%s %s %s: %s x %s is not the %s borne, and the reason does not say it: %q", name, el.Path, x.JurisdictionID,
					w.EffectiveRate, w.Taxable, borne.StringFixed(places), x.Reason)
			}
		}
	}
}

// ownRateRules are the rules of the corpus whose own rate prices the
// tax: their taxes name no source.
var ownRateRules = map[string]struct{}{"jp-food-2019-10-01": {}, "my-prepared_food-service-tax": {}, "us-tn-food-state": {}}

// TestExplainedArithmeticOfGolden runs checkExplainedArithmetic over
// every sale, purchase and owner request of testdata/golden.
func TestExplainedArithmeticOfGolden(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, g := range goldenRequests(t) {
		switch req := g.req.(type) {
		case *wire.SaleRequest:
			r, ex, err := e.ExplainSale(ctx, req)
			if err != nil {
				t.Fatalf("%s: %v", g.name, err)
			}
			checkExplainedArithmetic(t, g.name, flatTaxes(r.LineItems, saleLineView), ex)
		case *wire.PurchaseRequest:
			r, ex, err := e.ExplainPurchase(ctx, req)
			if err != nil {
				t.Fatalf("%s: %v", g.name, err)
			}
			checkExplainedArithmetic(t, g.name, flatTaxes(r.LineItems, purchaseLineView), ex)
		case *wire.OwnerRequest:
			r, ex, err := e.ExplainOwner(ctx, req)
			if err != nil {
				t.Fatalf("%s: %v", g.name, err)
			}
			checkExplainedArithmetic(t, g.name, flatTaxes(r.LineItems, ownerLineView), ex)
		}
	}
}
