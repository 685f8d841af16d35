package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestParentFreightAndDiscountAreNotLost: a line with child lines and no
// price of its own, or a multicomponent line, is not calculated, so a
// freight or a line discount sent on it reached no line. The freight was
// echoed on the parent and left out of subTotal, total and the tax (a
// bundle of 100.00 and 100.00 with 10.00 of freight answered a subTotal
// of 200.00, and an invoice stored 200.00), and the discount lowered
// nothing: 10% off the bundle in Los Angeles charged 19.50 of tax on
// 200.00 where 180.00 bears 17.55. Each is now refused with 400 naming
// the member, on sales, purchases and the owner's kinds; zero is
// accepted, and on the child lines both act.
func TestParentFreightAndDiscountAreNotLost(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	answered := func(tax, sub interface{ String() string }) string {
		return "totalTax " + tax.String() + ", subTotal " + sub.String()
	}
	percent := &wire.Discount{DiscountType: wire.DiscountPercent, DiscountValue: amt("10")}
	amount := &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: amt("20.00")}
	type parentCase struct {
		name, field string
		set         func(p *wire.SaleLineItem)
	}
	parents := []parentCase{
		{"freight", "lineItems[0].freight", func(p *wire.SaleLineItem) { p.Freight = amt("10.00") }},
		{"a percent discount", "lineItems[0].discount.discountValue", func(p *wire.SaleLineItem) { p.Discount = percent }},
		{"an amount discount", "lineItems[0].discount.discountValue", func(p *wire.SaleLineItem) { p.Discount = amount }},
	}
	for _, mt := range []wire.SaleMessageType{wire.SaleQuotation, wire.SaleInvoice} {
		for _, multi := range []bool{false, true} {
			for _, c := range parents {
				r := saleBundle(mt)
				r.PostToJournal = new(bool)
				if multi {
					r.LineItems[0].IsMulticomponent, r.LineItems[0].ExtendedPrice = true, amt("200.00")
				}
				c.set(&r.LineItems[0])
				resp, err := e.Sale(ctx, r)
				got := ""
				if resp != nil {
					got = answered(resp.TotalTax, resp.SubTotal)
				}
				name := string(mt) + ", " + c.name + " on a parent without a price"
				if multi {
					name = string(mt) + ", " + c.name + " on a multicomponent line"
				}
				wantInvalidField(t, name, c.field, err, got)
			}
		}
	}
	// A nested parent is named by its own path.
	r := saleBundle(wire.SaleQuotation)
	c := &r.LineItems[0].LineItems[1]
	c.ExtendedPrice, c.Freight = nil, amt("5.00")
	c.LineItems = []wire.SaleLineItem{{LineItemID: "g1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
	resp, err := e.Sale(ctx, r)
	got := ""
	if resp != nil {
		got = answered(resp.TotalTax, resp.SubTotal)
	}
	wantInvalidField(t, "freight on a nested parent", "lineItems[0].lineItems[1].freight", err, got)

	// Zero adds and takes off nothing, so nothing is lost.
	r = saleBundle(wire.SaleQuotation)
	r.LineItems[0].Freight = amt("0.00")
	r.LineItems[0].Discount = &wire.Discount{DiscountType: wire.DiscountPercent, DiscountValue: amt("0")}
	if _, err := e.Sale(ctx, r); err != nil {
		t.Errorf("zero freight and discount on a parent: %v", err)
	}

	// On the child lines both act: 10% off each child leaves 90.00 and
	// 90.00 taxed (8.78 each at 9.75%, rounded by line), and a child's
	// freight counts in subTotal.
	r = saleBundle(wire.SaleQuotation)
	for i := range r.LineItems[0].LineItems {
		r.LineItems[0].LineItems[i].Discount = percent
	}
	r.LineItems[0].LineItems[0].Freight = amt("10.00")
	resp, err = e.Sale(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if !resp.SubTotal.Equal(*amt("190.00")) || !resp.TotalTax.Equal(*amt("17.56")) {
		t.Errorf("discount and freight on the child lines: %s, want subTotal 190.00 and totalTax 17.56", answered(resp.TotalTax, resp.SubTotal))
	}
	// A parent with a price of its own is a line of its own: its freight
	// and its discount act on it.
	r = saleBundle(wire.SaleQuotation)
	r.LineItems[0].ExtendedPrice, r.LineItems[0].Freight, r.LineItems[0].Discount = amt("100.00"), amt("10.00"), percent
	resp, err = e.Sale(ctx, r)
	if err != nil {
		t.Fatalf("freight and discount on a parent with a price of its own: %v", err)
	}
	if !resp.SubTotal.Equal(*amt("300.00")) {
		t.Errorf("a parent of 100.00 less 10%% with 10.00 of freight over 200.00: subTotal %s, want 300.00", resp.SubTotal)
	}

	// A purchase's parent, on a kind that stores and on one that does
	// not, names every such member at once.
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAccrual, wire.PurchaseOrder} {
		p := bundle(mt)
		p.LineItems[0].Freight, p.LineItems[0].Discount = amt("10.00"), percent
		resp, err := e.Purchase(ctx, p)
		got := ""
		if resp != nil {
			got = answered(resp.TotalTax, resp.SubTotal)
		}
		wantInvalidField(t, string(mt)+", freight on a parent without a price", "lineItems[0].freight", err, got)
		named := false
		var list levy.Errors
		if errors.As(err, &list) {
			for _, le := range list {
				named = named || le.Field == "lineItems[0].discount.discountValue"
			}
		}
		if err != nil && !named {
			t.Errorf("%s: %v, want the parent's discount named too", mt, err)
		}
	}

	// An owner's parent line.
	for _, mt := range []wire.OwnerMessageType{wire.OwnerInventoryRemoval, wire.OwnerAssetMovement} {
		o := baseOwner()
		o.OwnerMessageType = mt
		p := &o.LineItems[0]
		p.LineItemID, p.ExtendedPrice, p.Freight = "P", nil, amt("10.00")
		p.LineItems = []wire.OwnerLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
		resp, err := e.Owner(ctx, o)
		got := ""
		if resp != nil {
			got = answered(resp.TotalTax, resp.SubTotal)
		}
		wantInvalidField(t, string(mt)+", freight on a parent without a price", "lineItems[0].freight", err, got)
	}
}
