package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestParentTaxIncludedReachesTheChildLines: a line's
// taxIncludedIndicator sent on a line with child lines reached no child,
// so a bundle whose price includes its tax had the tax added on top of
// its components' prices: 200.00 in Los Angeles (9.75%) bore 19.50 of
// tax where the price holds 17.82. The child lines now take it from their
// nearest enclosing line, as a purchase's and an owner's do; the answer
// is the one the children give sending the indicator themselves.
func TestParentTaxIncludedReachesTheChildLines(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		edit func(p *wire.SaleLineItem)
	}{
		{"a parent without a price", func(p *wire.SaleLineItem) { p.TaxIncludedIndicator = true }},
		{"a multicomponent parent", func(p *wire.SaleLineItem) {
			p.TaxIncludedIndicator, p.IsMulticomponent, p.ExtendedPrice = true, true, amt("200.00")
		}},
		{"the children's own indicators", func(p *wire.SaleLineItem) {
			p.LineItems[0].TaxIncludedIndicator, p.LineItems[1].TaxIncludedIndicator = true, true
		}},
		{"a grandparent's", func(p *wire.SaleLineItem) {
			p.TaxIncludedIndicator = true
			p.LineItems = []wire.SaleLineItem{{LineItemID: "mid", LineItems: p.LineItems}}
		}},
	} {
		r := saleBundle(wire.SaleQuotation)
		c.edit(&r.LineItems[0])
		resp, err := e.Sale(ctx, r)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		// Each child's 100.00 is 100/1.0975 = 91.116 before tax, which
		// bears California's 7.25% (6.61) and five district taxes of
		// 0.5% (0.46 each), 8.91 in all, leaving 91.09: 17.82 on the
		// bundle, a subTotal of 182.18 and a total of 200.00.
		if !resp.TotalTax.Equal(money.MustParse("17.82")) || !resp.SubTotal.Equal(money.MustParse("182.18")) ||
			!resp.Total.Equal(money.MustParse("200.00")) {
			t.Errorf("%s: totalTax %s, subTotal %s, total %s, want 17.82, 182.18 and 200.00", c.name, resp.TotalTax, resp.SubTotal, resp.Total)
		}
	}

	// A purchase's bundle in Atlanta (8.9%): each child's 100.00 is
	// 100/1.089 = 91.827 before tax, which bears Georgia's 4% (3.67),
	// Fulton County's 3% (2.75) and Atlanta's 1.9% (1.74): 8.16, 16.32 on
	// the bundle.
	p := bundle(wire.PurchaseOrder)
	p.LineItems[0].TaxIncludedIndicator = true
	presp, err := e.Purchase(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if !presp.TotalTax.Equal(money.MustParse("16.32")) {
		t.Errorf("a purchase's tax-included parent: totalTax %s, want 16.32", presp.TotalTax)
	}

	// An owner's parent line in Los Angeles: 100.00 holding 8.91, as a
	// sale's child above.
	o := baseOwner()
	ol := &o.LineItems[0]
	ol.LineItemID, ol.ExtendedPrice, ol.TaxIncludedIndicator = "P", nil, true
	ol.LineItems = []wire.OwnerLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
	oresp, err := e.Owner(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if !oresp.TotalTax.Equal(money.MustParse("8.91")) {
		t.Errorf("an owner's tax-included parent: totalTax %s, want 8.91", oresp.TotalTax)
	}
}

// TestParentUsageReachesTheChildLines: a line's usage and usageClass
// sent on a line with child lines reached no child, so a rule of the
// tenant's on the usage (machinery bought for manufacturing, exempt from
// California's state tax) did not apply to a bundle's components that
// the bundle line said were for that use: 200.00 in Los Angeles bore
// 19.50 where the rule leaves the 2.50% of the districts, 5.00. The child
// lines now take them from their nearest enclosing line; a child's own
// still wins.
func TestParentUsageReachesTheChildLines(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "usage.json")
	body := `{"version": 1, "rules": [
 {"id": "ca-manufacturing", "jurisdiction": "US-CA", "usage": "MANUFACTURING", "outcome": "EXEMPT"},
 {"id": "ca-research", "jurisdiction": "US-CA", "when": "usageClass == \"RESEARCH\"", "outcome": "EXEMPT"}]}`
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }), WithRuleFiles(path))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		name string
		edit func(p *wire.SaleLineItem)
		want string
	}{
		{"no usage", func(p *wire.SaleLineItem) {}, "19.50"},
		{"the parent's usage", func(p *wire.SaleLineItem) { p.Usage = "MANUFACTURING" }, "5.00"},
		{"the parent's usageClass", func(p *wire.SaleLineItem) { p.UsageClass = "RESEARCH" }, "5.00"},
		{"a multicomponent parent's usage", func(p *wire.SaleLineItem) {
			p.Usage, p.IsMulticomponent, p.ExtendedPrice = "MANUFACTURING", true, amt("200.00")
		}, "5.00"},
		{"a child's own usage wins", func(p *wire.SaleLineItem) {
			p.Usage, p.LineItems[1].Usage = "MANUFACTURING", "RESALE"
		}, "12.25"}, // c1 2.50, c2 9.75
	} {
		r := saleBundle(wire.SaleQuotation)
		c.edit(&r.LineItems[0])
		resp, err := e.Sale(ctx, r)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !resp.TotalTax.Equal(money.MustParse(c.want)) {
			t.Errorf("%s: totalTax %s, want %s", c.name, resp.TotalTax, c.want)
		}
	}
}

// TestParentFlaggedOverridesReachTheChildLines: a line's taxOverride,
// taxDeferredOverrides and citationOverrides, which Levy does not act
// on, were said (not-acted-on) on the line's own tax only: on a line
// with child lines and no price of its own, or multicomponent, nothing
// said them, and the bundle was answered as if they had not been sent.
// Each child line that sends none now carries the parameter, named by
// the parent's member (lineItems[0].taxOverride); a child's own is named
// by its own path, and a parent with a price of its own says its own.
func TestParentFlaggedOverridesReachTheChildLines(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	force := &wire.TaxOverride{OverrideType: wire.OverrideTypeNonTaxable}
	deferred := []wire.TaxDeferredOverride{{JurisdictionType: jurisdiction.State}}
	cited := []wire.CitationOverride{{JurisdictionType: jurisdiction.State, Citation: "Reg. 1525"}}
	r := saleBundle(wire.SaleQuotation)
	p := &r.LineItems[0]
	p.TaxOverride, p.TaxDeferredOverrides, p.CitationOverrides = force, deferred, cited
	p.LineItems[1].TaxOverride = &wire.TaxOverride{OverrideType: wire.OverrideTypeTaxable}
	resp, err := e.Sale(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if !resp.TotalTax.Equal(money.MustParse("19.50")) {
		t.Errorf("totalTax %s, want 19.50: the members change no tax", resp.TotalTax)
	}
	kids := resp.LineItems[0].LineItems
	for i, want := range []map[string]string{
		{"lineItems[0].taxOverride": `{"overrideType":"NONTAXABLE"}`, "lineItems[0].taxDeferredOverrides": `[{"jurisdictionType":"STATE"}]`,
			"lineItems[0].citationOverrides": `[{"jurisdictionType":"STATE","citation":"Reg. 1525"}]`},
		{"lineItems[0].lineItems[1].taxOverride": `{"overrideType":"TAXABLE"}`, "lineItems[0].taxDeferredOverrides": `[{"jurisdictionType":"STATE"}]`,
			"lineItems[0].citationOverrides": `[{"jurisdictionType":"STATE","citation":"Reg. 1525"}]`},
	} {
		got := map[string]string{}
		for _, a := range kids[i].AssistedParameters {
			if a.RuleName == NotActedOnRule {
				got[a.ParamName] = a.OriginalValue
			}
		}
		if len(got) != len(want) {
			t.Errorf("child %d: not-acted-on %v, want %v", i, got, want)
			continue
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("child %d: %s = %q, want %q (all: %v)", i, k, got[k], v, got)
			}
		}
	}

	// A parent with a price of its own says its own members on its own
	// tax, by its path, besides its children.
	r = saleBundle(wire.SaleQuotation)
	r.LineItems[0].ExtendedPrice, r.LineItems[0].TaxOverride = amt("50.00"), force
	resp, err = e.Sale(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []wire.SaleResponseLineItem{resp.LineItems[0], resp.LineItems[0].LineItems[0], resp.LineItems[0].LineItems[1]} {
		if notActedAt(l, "lineItems[0].taxOverride") == nil {
			t.Errorf("line %s: parameters %+v, want not-acted-on lineItems[0].taxOverride", l.LineItemID, l.AssistedParameters)
		}
	}
}

// TestBrazilRefusesAParentsTaxIncluded: a Brazilian line refuses
// taxIncludedIndicator (its price always holds the taxes calculated on
// it). A child line that takes the indicator from its parent is refused
// naming the parent's member, which the request holds, not a member of
// the child that it did not send.
func TestBrazilRefusesAParentsTaxIncluded(t *testing.T) {
	e := testEngine(t)
	r := brSale(brTo("Rio de Janeiro", "RJ"))
	child := r.LineItems[0]
	r.LineItems = []wire.SaleLineItem{{LineItemID: "P", TaxIncludedIndicator: true, LineItems: []wire.SaleLineItem{child}}}
	_, err := e.Sale(context.Background(), r)
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != "lineItems[0].taxIncludedIndicator" {
		t.Errorf("a Brazilian child of a tax-included parent: %v, want one error naming lineItems[0].taxIncludedIndicator", err)
	}
}
