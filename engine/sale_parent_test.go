package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// saleBundle returns a sale in Los Angeles of one parent line, without
// a price of its own, over two child lines of 100.00 each.
func saleBundle(mt wire.SaleMessageType) *wire.SaleRequest {
	r := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	r.SaleMessageType = mt
	p := &r.LineItems[0]
	p.LineItemID, p.ExtendedPrice, p.Quantity = "P", nil, nil
	p.LineItems = []wire.SaleLineItem{
		{LineItemID: "c1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")},
		{LineItemID: "c2", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")},
	}
	if mt == wire.SaleDistributeTax {
		for i := range p.LineItems {
			p.LineItems[i].InputTotalTax = amt("9.50")
		}
	}
	return r
}

// TestTaxOnAParentSaleLineIsNotLost: a sale's line with child lines and
// no price of its own, or a multicomponent line, is not calculated, so
// a previousTaxPaid sent on it credited nothing and the customer was
// charged the bundle's whole tax, and a DISTRIBUTE_TAX's inputTotalTax
// there was distributed over no line; both left totalTax as if they
// had not been sent. Each is now refused with 400 naming the member, as
// the purchase side refuses a vendor's tax on such a line. An owner's
// previousTaxPaid is refused the same way. On the child lines, or on a
// parent with a price of its own, the members still act.
func TestTaxOnAParentSaleLineIsNotLost(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	refused := func(name, field string, err error, got string) {
		t.Helper()
		wantInvalidField(t, name, field, err, got)
	}
	sale := func(name, field string, req *wire.SaleRequest) {
		t.Helper()
		resp, err := e.Sale(ctx, req)
		got := ""
		if resp != nil {
			got = "totalTax " + resp.TotalTax.String()
		}
		refused(name, field, err, got)
	}
	for _, mt := range []wire.SaleMessageType{wire.SaleQuotation, wire.SaleInvoice, wire.SaleDistributeTax} {
		r := saleBundle(mt)
		r.LineItems[0].PreviousTaxPaid = amt("5.00")
		sale(string(mt)+", previousTaxPaid on a parent without a price", "lineItems[0].previousTaxPaid", r)

		r = saleBundle(mt)
		r.LineItems[0].IsMulticomponent, r.LineItems[0].ExtendedPrice = true, amt("200.00")
		r.LineItems[0].PreviousTaxPaid = amt("5.00")
		sale(string(mt)+", previousTaxPaid on a multicomponent line", "lineItems[0].previousTaxPaid", r)

		// A nested parent is named by its own path.
		r = saleBundle(mt)
		c := &r.LineItems[0].LineItems[1]
		c.ExtendedPrice, c.PreviousTaxPaid = nil, amt("1.00")
		c.LineItems = []wire.SaleLineItem{{LineItemID: "g1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
		if mt == wire.SaleDistributeTax {
			c.InputTotalTax, c.LineItems[0].InputTotalTax = nil, amt("9.50")
		}
		sale(string(mt)+", previousTaxPaid on a nested parent", "lineItems[0].lineItems[1].previousTaxPaid", r)

		// Zero credits nothing, so nothing is lost.
		r = saleBundle(mt)
		r.LineItems[0].PreviousTaxPaid = amt("0.00")
		if _, err := e.Sale(ctx, r); err != nil {
			t.Errorf("%s, zero previousTaxPaid on a parent: %v", mt, err)
		}
	}
	r := saleBundle(wire.SaleDistributeTax)
	r.LineItems[0].InputTotalTax = amt("19.00")
	sale("DISTRIBUTE_TAX, inputTotalTax on a parent without a price", "lineItems[0].inputTotalTax", r)
	r = saleBundle(wire.SaleDistributeTax)
	r.LineItems[0].IsMulticomponent, r.LineItems[0].ExtendedPrice = true, amt("200.00")
	r.LineItems[0].InputTotalTax = amt("19.00")
	sale("DISTRIBUTE_TAX, inputTotalTax on a multicomponent line", "lineItems[0].inputTotalTax", r)

	// Outside DISTRIBUTE_TAX an inputTotalTax is not read on any line.
	r = saleBundle(wire.SaleQuotation)
	r.LineItems[0].InputTotalTax = amt("19.00")
	if _, err := e.Sale(ctx, r); err != nil {
		t.Errorf("QUOTATION, inputTotalTax on a parent: %v", err)
	}

	// On the child lines, previousTaxPaid is credited: 5.00 less tax.
	plain, err := e.Sale(ctx, saleBundle(wire.SaleQuotation))
	if err != nil {
		t.Fatal(err)
	}
	r = saleBundle(wire.SaleQuotation)
	r.LineItems[0].LineItems[0].PreviousTaxPaid = amt("5.00")
	credited, err := e.Sale(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if want := plain.TotalTax.Sub(*amt("5.00")); !credited.TotalTax.Equal(want) {
		t.Errorf("previousTaxPaid 5.00 on a child line: totalTax %s, want %s (%s less 5.00)", credited.TotalTax, want, plain.TotalTax)
	}
	// A parent with a price of its own is a line of its own, and its
	// previousTaxPaid is credited against its tax.
	r = saleBundle(wire.SaleQuotation)
	r.LineItems[0].ExtendedPrice, r.LineItems[0].PreviousTaxPaid = amt("100.00"), amt("5.00")
	if _, err := e.Sale(ctx, r); err != nil {
		t.Errorf("previousTaxPaid on a parent with a price of its own: %v", err)
	}

	// An owner's parent line.
	o := baseOwner()
	p := &o.LineItems[0]
	p.LineItemID, p.ExtendedPrice, p.PreviousTaxPaid = "P", nil, amt("5.00")
	p.LineItems = []wire.OwnerLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
	resp, err := e.Owner(ctx, o)
	got := ""
	if resp != nil {
		got = "totalTax " + resp.TotalTax.String()
	}
	refused("owner, previousTaxPaid on a parent without a price", "lineItems[0].previousTaxPaid", err, got)
}

// TestOwnerParentBaseIsNotLost: an owner line's cost or value is its
// amount when it has no price, but a parent line with child lines is a
// line of its own only with a price, so a base sent on a parent without
// one reached no line and was dropped without a word (a parent of cost
// 500.00 and a child of 100.00 was taxed on 100.00). It is refused,
// naming the member, on either owner kind; a zero base, a parent with a
// price besides its base, a multicomponent parent (whose amounts are
// ignored by definition) and a base on the child line are accepted.
func TestOwnerParentBaseIsNotLost(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	parent := func(mt wire.OwnerMessageType, set func(p *wire.OwnerLineItem)) *wire.OwnerRequest {
		o := baseOwner()
		o.OwnerMessageType = mt
		p := &o.LineItems[0]
		p.LineItemID, p.ExtendedPrice = "P", nil
		p.LineItems = []wire.OwnerLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, Cost: amt("100.00")}}
		set(p)
		return o
	}
	for _, mt := range []wire.OwnerMessageType{wire.OwnerInventoryRemoval, wire.OwnerAssetMovement} {
		for field, set := range map[string]func(p *wire.OwnerLineItem){
			"cost":            func(p *wire.OwnerLineItem) { p.Cost = amt("500.00") },
			"totalCost":       func(p *wire.OwnerLineItem) { p.TotalCost = amt("500.00") },
			"fairMarketValue": func(p *wire.OwnerLineItem) { p.FairMarketValue = amt("500.00") },
			"netBookValue":    func(p *wire.OwnerLineItem) { p.NetBookValue = amt("500.00") },
		} {
			resp, err := e.Owner(ctx, parent(mt, set))
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "lineItems[0]."+field {
				got := ""
				if resp != nil {
					got = "totalTax " + resp.TotalTax.String()
				}
				t.Errorf("%s, %s on a parent without a price: error %v (%s), want invalid naming lineItems[0].%s", mt, field, err, got, field)
			}
		}
		for what, set := range map[string]func(p *wire.OwnerLineItem){
			"a zero cost":                     func(p *wire.OwnerLineItem) { p.Cost = amt("0") },
			"a cost besides a price":          func(p *wire.OwnerLineItem) { p.Cost, p.ExtendedPrice = amt("500.00"), amt("500.00") },
			"a cost on a multicomponent line": func(p *wire.OwnerLineItem) { p.Cost, p.IsMulticomponent = amt("500.00"), true },
			"no base on the parent":           func(p *wire.OwnerLineItem) {},
		} {
			resp, err := e.Owner(ctx, parent(mt, set))
			if err != nil {
				t.Errorf("%s, %s: %v", mt, what, err)
				continue
			}
			if resp.TotalTax.IsZero() {
				t.Errorf("%s, %s: no tax", mt, what)
			}
		}
	}
}
