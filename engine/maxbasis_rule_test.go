package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestMaxTaxRuleOnlyWhereTheBasisWasCapped checks that a tax whose
// structure taxes at most so much of each item (Tennessee's local tax on
// the first 1,600.00 of a single article) names the structure as its
// maxTaxRuleId only when the item's price went beyond it and the
// structure took the rest out of the tax, a return alike. Before, every
// record of the structure named it, a lamp of 1,000.00 too: the
// explanation's RULE column and the response said a cap limited a tax
// that bore its rate on the whole price.
func TestMaxTaxRuleOnlyWhereTheBasisWasCapped(t *testing.T) {
	ctx := context.Background()
	e := testEngine(t)
	req := usSale("1 Public Sq", "Nashville", "TN", "37201", "GENERAL", "1000.00")
	for _, price := range []string{"1600.00", "3000.00", "-3000.00"} {
		l := req.LineItems[0]
		l.LineItemID, l.ExtendedPrice = price, amt(price)
		req.LineItems = append(req.LineItems, l)
	}
	resp, ex, err := e.ExplainSale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	capped := []bool{false, false, true, true}
	for i, l := range resp.LineItems {
		var county *wire.Tax
		for k := range l.Taxes {
			if l.Taxes[k].Jurisdiction.JurisdictionID == "US-47037" {
				county = &l.Taxes[k]
			}
		}
		if county == nil {
			t.Fatalf("line %d: no tax of Davidson County", i)
		}
		if got := county.MaxTaxRuleID != nil && county.MaxTaxRuleID.Value == "us-tn-county-single-article"; got != capped[i] {
			t.Errorf("line %d (%s): taxable %s, non-taxable %s, maxTaxRuleId %+v; want it named %v", i, l.LineItemID,
				county.Taxable, county.NonTaxable, county.MaxTaxRuleID, capped[i])
		}
		if capped[i] && county.Taxable.Decimal().Abs().String() != "1600" {
			t.Errorf("line %d: taxable %s, want 1600.00", i, county.Taxable)
		}
		for _, x := range ex[i].Taxes {
			if x.JurisdictionID == "US-47037" && (x.MaxTaxRuleID != "") != capped[i] {
				t.Errorf("line %d: explained maxTaxRuleId %q, want it named %v", i, x.MaxTaxRuleID, capped[i])
			}
		}
	}
}
