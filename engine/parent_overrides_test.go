package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestParentOverridesReachTheChildLines: a line's exemptOverrides,
// nonTaxableOverrides, rateOverrides and impositionInclusions sent on a
// line with child lines reached no child: the children took the
// document's overrides and the parent's customer, seller and class, but
// not the parent's own overrides, so a bundle (multicomponent, or
// without a price of its own) whose state tax was exempted on the
// bundle line was charged it in full (200.00 in Los Angeles: 19.50 of
// tax where the exemption leaves 5.00 of district taxes). The child
// lines now take the parent's overrides where they send none, as they
// take the document's; a child's own still wins, and an owner's and a
// purchase's child lines inherit the same way.
func TestParentOverridesReachTheChildLines(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	state := []wire.Override{{JurisdictionType: jurisdiction.State, ReasonCode: "0001"}}
	half := money.MustParse("0.5")
	tax := func(name string, got money.Amount, want string) {
		t.Helper()
		if !got.Equal(money.MustParse(want)) {
			t.Errorf("%s: totalTax %s, want %s", name, got, want)
		}
	}
	for _, multi := range []bool{false, true} {
		what := "a parent without a price"
		if multi {
			what = "a multicomponent parent"
		}
		for _, c := range []struct {
			name string
			set  func(p *wire.SaleLineItem)
			want string
		}{
			// 200.00 at 9.75%: 19.50; without the state's 7.25%: 5.00.
			{"no override", func(p *wire.SaleLineItem) {}, "19.50"},
			{"the state exempted", func(p *wire.SaleLineItem) { p.ExemptOverrides = state }, "5.00"},
			{"the state not taxable", func(p *wire.SaleLineItem) { p.NonTaxableOverrides = state }, "5.00"},
			{"the state's tax only", func(p *wire.SaleLineItem) {
				p.ImpositionInclusions = []wire.ImpositionInclusion{{JurisdictionType: jurisdiction.State}}
			}, "14.50"},
			{"the state's rate at 50%", func(p *wire.SaleLineItem) {
				p.RateOverrides = []wire.RateOverride{{JurisdictionType: jurisdiction.State, Rate: &half}}
			}, "105.00"},
			{"a child's own override wins", func(p *wire.SaleLineItem) {
				p.ExemptOverrides = state
				p.LineItems[1].ExemptOverrides = []wire.Override{{JurisdictionType: jurisdiction.Country, ReasonCode: "0001"}}
			}, "12.25"}, // c1 2.50 without the state, c2 9.75 in full (no country tax to exempt)
		} {
			r := saleBundle(wire.SaleQuotation)
			if multi {
				r.LineItems[0].IsMulticomponent, r.LineItems[0].ExtendedPrice = true, amt("200.00")
			}
			c.set(&r.LineItems[0])
			resp, err := e.Sale(ctx, r)
			if err != nil {
				t.Errorf("%s, %s: %v", what, c.name, err)
				continue
			}
			tax(what+", "+c.name, resp.TotalTax, c.want)
		}
	}

	// A purchase's bundle in Atlanta (8.9% on 200.00: 17.80; the state's
	// 4% exempted leaves 9.80).
	p := bundle(wire.PurchaseOrder)
	p.LineItems[0].ExemptOverrides = state
	presp, err := e.Purchase(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	tax("a purchase's parent, the state exempted", presp.TotalTax, "9.80")

	// An owner's parent line in Los Angeles (100.00: 9.75; 2.50 without
	// the state).
	o := baseOwner()
	ol := &o.LineItems[0]
	ol.LineItemID, ol.ExtendedPrice, ol.ExemptOverrides = "P", nil, state
	ol.LineItems = []wire.OwnerLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
	oresp, err := e.Owner(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	tax("an owner's parent, the state exempted", oresp.TotalTax, "2.50")
}

// TestInheritedOverrideNamesItsLine: an override that a child line takes
// from its parent, and that it does not act on, is named by the member
// that sent it, the parent's (lineItems[0].rateOverrides[0].rate), not
// by the document's (rateOverrides[0].rate), which the request does not
// hold; a child's own and the document's keep their names.
func TestInheritedOverrideNamesItsLine(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	fee911 := &wire.ImpositionType{Value: e911Imposition}
	ro := []wire.RateOverride{{ImpositionType: fee911, Rate: amt("0.01")}}
	sale := func(edit func(r *wire.SaleRequest, parent, child *wire.SaleLineItem)) wire.SaleResponseLineItem {
		t.Helper()
		req := telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203",
			wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")}, wire.LineTypeSet{Value: "VOIP", Count: amt("1")})
		req.LineItems[0].ExtendedPrice = amt("90.00")
		req.LineItems = []wire.SaleLineItem{{LineItemID: "P", LineItems: req.LineItems}}
		edit(req, &req.LineItems[0], &req.LineItems[0].LineItems[0])
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.LineItems[0].LineItems[0]
	}
	for _, c := range []struct {
		name, path string
		edit       func(r *wire.SaleRequest, parent, child *wire.SaleLineItem)
	}{
		{"the parent's", "lineItems[0].rateOverrides[0].rate", func(_ *wire.SaleRequest, p, _ *wire.SaleLineItem) { p.RateOverrides = ro }},
		{"the child's own", "lineItems[0].lineItems[0].rateOverrides[0].rate", func(_ *wire.SaleRequest, _, c *wire.SaleLineItem) { c.RateOverrides = ro }},
		{"the document's", "rateOverrides[0].rate", func(r *wire.SaleRequest, _, _ *wire.SaleLineItem) { r.RateOverrides = ro }},
	} {
		l := sale(c.edit)
		if p := notActedAt(l, c.path); p == nil || p.OriginalValue != "0.01" {
			t.Errorf("%s rate override of the 911 fee: parameters %+v, want not-acted-on %s 0.01", c.name, l.AssistedParameters, c.path)
		}
	}
}
