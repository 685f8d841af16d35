package engine

import (
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestExplainThresholdInAnotherCurrency explains Manitoba's exemption of
// children's clothing of CAD 150 or less per item on lines priced in
// USD, converted at the taxed place's rate of 1.36. A USD 140.00 jacket
// is CAD 190.40 and bears the RST; its explanation gave the rule's
// reason alone, which says that an item of $150 or less is exempt, so
// that a reader saw 140.00 under 150 charged without a word of the
// conversion. Each tax the threshold weighed now says the amount
// converted, the rate and what the threshold exempted; the GST, which
// it does not reach, says nothing of it.
func TestExplainThresholdInAnotherCurrency(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		price, result, converted, said string
	}{
		{"140.00", "TAXABLE", "CAD 190.40", "none of it is exempt"},
		{"100.00", "EXEMPT", "CAD 136.00", "all of it is exempt"},
	} {
		mb := Address("Winnipeg", "R3C 4T3", "CA")
		mb.CurrencyConversion = &wire.CurrencyConversion{Currency: CurrencyCode("CAD"), Rate: amt("1.36")}
		req := Quotation("2026-06-01", &wire.Seller{PhysicalOrigin: mb}, CustomerAt(mb), Line("1", childrensClothing, c.price))
		req.LineItems[0].Quantity = &wire.Measure{Value: amt("1")}
		r, ex := saleExplained(t, e, "Manitoba in USD", req)
		if x := taxOf(t, r.LineItems[0].Taxes, "CA-MB"); string(x.TaxResult) != c.result {
			t.Fatalf("USD %s: CA-MB is %s, want %s", c.price, x.TaxResult, c.result)
		}
		wantReasonSays(t, "USD "+c.price, explainedTaxOf(t, ex, 0, "CA-MB").Reason, "USD "+c.price, c.converted, "1.36", "CAD 150", c.said)
		if x := explainedTaxOf(t, ex, 0, "CA"); strings.Contains(x.Reason, "CAD 150") {
			t.Errorf("USD %s: the GST says the RST's threshold: %q", c.price, x.Reason)
		}
	}
}

// TestExplainTaxIncludedNet explains a tax-included price of 100.00 in
// Los Angeles (9.75% in six taxes). Its taxes are computed on the net
// 100.00 / 1.0975 = 91.12, and the line's net is the gross less those
// taxes once rounded, 91.09, which the taxable amounts show: California's
// 6.61 is 7.25% of 91.12, not of 91.09 (6.60). The explanation said
// nothing of it; it now names both nets and the tax's arithmetic.
func TestExplainTaxIncludedNet(t *testing.T) {
	la := &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	req := roundingSale(la, true, "100.00")
	req.LineItems[0].TaxIncludedIndicator = true
	r, ex := saleExplained(t, testEngine(t), "tax included", req)
	x := taxOf(t, r.LineItems[0].Taxes, "US-CA")
	if x.Taxable.String() != "91.09" || x.CalculatedTax.String() != "6.61" {
		t.Fatalf("California: taxable %s, tax %s; want 91.09 and 6.61", x.Taxable, x.CalculatedTax)
	}
	wantReasonSays(t, "California on a tax-included price", explainedTaxOf(t, ex, 0, "US-CA").Reason, "includes the tax", "91.12", "100.00", "91.09", "6.61")
	// A price without tax says nothing of it.
	_, ex = saleExplained(t, testEngine(t), "tax excluded", roundingSale(la, true, "91.09"))
	if s := explainedTaxOf(t, ex, 0, "US-CA").Reason; strings.Contains(s, "includes the tax") {
		t.Errorf("a price without tax says it includes it: %q", s)
	}
}

// TestExplainCreditOfTaxPaid explains a Los Angeles sale of 100.00 on
// which 8.00 of tax was paid elsewhere (previousTaxPaid): it is credited
// against the line's taxes in the order of their jurisdictions, so that
// California's 7.25 is 0.00 and the county districts' taxes of 0.30
// take the 0.75 left in turn (0.00, 0.00, then 0.15). The response names the credit
// (originalTax, creditRuleId) but the explanation, whose figure is the
// tax after it, said nothing of it; it now says the credit and the tax
// before and after it. A tax the credit does not reach says nothing.
func TestExplainCreditOfTaxPaid(t *testing.T) {
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.LineItems[0].PreviousTaxPaid = amt("8.00")
	r, ex := saleExplained(t, testEngine(t), "previous tax paid", req)
	credited := 0
	for k, w := range r.LineItems[0].Taxes {
		x := ex[0].Taxes[k]
		if w.OriginalTax == nil {
			if strings.Contains(x.Reason, "previousTaxPaid") {
				t.Errorf("%s, which no credit reached, says one: %q", x.JurisdictionID, x.Reason)
			}
			continue
		}
		credited++
		wantReasonSays(t, x.JurisdictionID, x.Reason, "previousTaxPaid", "8.00", w.OriginalTax.String()+" is "+w.CalculatedTax.String())
	}
	if credited == 0 {
		t.Fatalf("no tax of %+v was credited", r.LineItems[0].Taxes)
	}
}
