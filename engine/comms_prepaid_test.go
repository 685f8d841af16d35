package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCommsPrepaidAndSalesTaxBase checks what data/COMMUNICATIONS.md
// says of prepaid wireless and of the sales-tax base: in Sioux Falls,
// South Dakota, whose sales tax reaches the line, two postpaid wireless
// lines for 90.00 bear South Dakota's 911 fee and the USF beside a sales
// tax on the 90.00 alone, none of the communications taxes added to its
// base; the same lines sold as prepaid (a line type Levy does not know)
// bear none of the postpaid fees and say not-acted-on on that line type,
// and no tax-not-computed.
func TestCommsPrepaidAndSalesTaxBase(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	sale := func(lineType string) wire.SaleResponseLineItem {
		t.Helper()
		req := telecomSaleIn("2026-02-15", "Sioux Falls", "SD", "57104", wire.LineTypeSet{Value: lineType, Count: amt("2")})
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.LineItems[0]
	}
	post := sale("WIRELESS")
	got := byImposition(post.Taxes)
	if f := got[e911Imposition]; len(f) != 1 || f[0].CalculatedTax.String() != "4.00" {
		t.Errorf("postpaid 911 fee %+v, want 2.00 on each of 2 lines", f)
	}
	// 90.00 x 37.1% = 33.39, at 37.6% 12.55.
	if u := got[usfImposition]; len(u) != 1 || u[0].CalculatedTax.String() != "12.55" {
		t.Errorf("postpaid USF %+v, want 12.55", u)
	}
	sales := got["General Sales and Use Tax"]
	if len(sales) == 0 {
		t.Fatalf("no sales tax on a South Dakota line: %+v", post.Taxes)
	}
	for _, s := range sales {
		if s.Taxable.String() != "90.00" {
			t.Errorf("%s sales tax on %s, want the line's 90.00 without its communications taxes", s.Jurisdiction.JurisdictionID, s.Taxable)
		}
	}

	pre := sale("PREPAID_WIRELESS")
	got = byImposition(pre.Taxes)
	for _, imp := range []string{usfImposition, fetImposition, e911Imposition} {
		if len(got[imp]) != 0 {
			t.Errorf("a prepaid line bears %s: %+v", imp, got[imp])
		}
	}
	var flagged int
	for _, p := range pre.AssistedParameters {
		switch {
		case p.RuleName == NotActedOnRule && p.ParamName == "lineItems[0].lineTypes[0].value" && p.OriginalValue == "PREPAID_WIRELESS":
			flagged++
		case p.RuleName == NotActedOnRule || p.RuleName == TaxNotComputedRule:
			t.Errorf("a prepaid line says %+v", p)
		}
	}
	if flagged != 1 {
		t.Errorf("the prepaid line type is flagged %d times, want once: %+v", flagged, pre.AssistedParameters)
	}
}
