package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// bundle returns a purchase in Atlanta of one parent line with two child
// lines of 100.00 each (8.90 of tax each, 17.80 in all); the parent
// sends no price of its own.
func bundle(mt wire.PurchaseMessageType) *wire.PurchaseRequest {
	r := accrual(mt, "", "100.00")
	r.TransactionID = "bundle-1"
	r.PostToJournal = new(bool)
	p := &r.LineItems[0]
	p.LineItemID, p.ExtendedPrice = "P", nil
	p.LineItems = []wire.PurchaseLineItem{
		{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")},
		{LineItemID: "c2", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")},
	}
	return r
}

// TestVendorTaxOnAParentLineIsNotLost: a line with child lines and no
// price of its own (or a multicomponent line, whose price the wire
// format ignores) is not calculated: only its children are. A vendor's
// tax sent on it (chargedTax), or a DISTRIBUTE_TAX's inputTotalTax, was
// dropped without a word. The vendor charged the bundle's 17.80 in
// full, yet an ACCRUAL accrued 17.80 of use tax on top of it, a
// CONDITIONAL_PROCUREMENT read "the vendor charged 0.00" and accrued
// 17.80, and an INVOICE_VERIFICATION answered no variance at all; a
// DISTRIBUTE_TAX stored its children's tax only. Each is now refused
// with 400 naming the member, where the kind acts on it. A parent with
// a price of its own is a line of its own, and its vendor's tax is
// still credited against that line's tax.
func TestVendorTaxOnAParentLineIsNotLost(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	refused := func(name, field string, req *wire.PurchaseRequest) {
		t.Helper()
		resp, err := e.Purchase(ctx, req)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != field {
			got := ""
			if resp != nil {
				got = "totalTax " + resp.TotalTax.String()
				if resp.Variance != nil {
					got += ", variance " + resp.Variance.String()
				}
				if a := resp.ProcurementAction; a != nil {
					got += ", action " + a.Action
				}
			}
			t.Errorf("%s: error %v (%s), want invalid naming %s", name, err, got, field)
		}
	}
	kinds := []wire.PurchaseMessageType{wire.PurchaseAccrual, wire.PurchaseAccrualSync, wire.PurchaseInvoiceVerification,
		wire.PurchaseAPInvoiceSync, wire.PurchaseConditionalProcurement}
	for _, mt := range kinds {
		r := bundle(mt)
		r.LineItems[0].ChargedTax = amt("17.80")
		refused(string(mt)+", parent without a price", "lineItems[0].chargedTax", r)

		r = bundle(mt)
		r.LineItems[0].IsMulticomponent, r.LineItems[0].ExtendedPrice = true, amt("200.00")
		r.LineItems[0].ChargedTax = amt("17.80")
		refused(string(mt)+", multicomponent parent", "lineItems[0].chargedTax", r)

		r = bundle(mt)
		c := &r.LineItems[0].LineItems[1]
		c.ExtendedPrice, c.ChargedTax = nil, amt("8.90")
		c.LineItems = []wire.PurchaseLineItem{{LineItemID: "g1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
		refused(string(mt)+", nested parent", "lineItems[0].lineItems[1].chargedTax", r)
	}

	r := bundle(wire.PurchaseDistributeTax)
	r.LineItems[0].InputTotalTax = amt("17.80")
	for i := range r.LineItems[0].LineItems {
		r.LineItems[0].LineItems[i].InputTotalTax = amt("8.90")
	}
	refused("DISTRIBUTE_TAX, parent without a price", "lineItems[0].inputTotalTax", r)

	// A parent with a price of its own: its vendor's tax is its own
	// line's. 100.00 of its own bears 8.90, which the vendor paid; the
	// children's 17.80 is accrued.
	r = bundle(wire.PurchaseAccrual)
	r.LineItems[0].ExtendedPrice, r.LineItems[0].ChargedTax = amt("100.00"), amt("8.90")
	resp, err := e.Purchase(ctx, r)
	if err != nil {
		t.Fatalf("parent with a price: %v", err)
	}
	if resp.TotalTax.String() != "17.80" {
		t.Errorf("parent with a price: totalTax %s, want 17.80", resp.TotalTax)
	}
	// The vendor's tax on the children, and on the document, still acts.
	r = bundle(wire.PurchaseConditionalProcurement)
	for i := range r.LineItems[0].LineItems {
		r.LineItems[0].LineItems[i].ChargedTax = amt("8.90")
	}
	if resp, err = e.Purchase(ctx, r); err != nil {
		t.Fatalf("children's charges: %v", err)
	}
	if a := resp.ProcurementAction; a == nil || a.Action != wire.ProcurementPayVendorTax || resp.Variance == nil || resp.Variance.String() != "0.00" {
		t.Errorf("children's charges: variance %v, action %+v; want 0.00 and %s", resp.Variance, a, wire.ProcurementPayVendorTax)
	}
	r = bundle(wire.PurchaseAccrual)
	r.ChargedTax = amt("17.80")
	if resp, err = e.Purchase(ctx, r); err != nil {
		t.Fatalf("document's charge: %v", err)
	}
	if resp.TotalTax.String() != "0.00" {
		t.Errorf("document's charge: totalTax %s, want 0.00", resp.TotalTax)
	}
}

// TestSpecialBasisOnAParentLineIsNotLost: a specialTaxBasis replaces the
// amount of a calculated line, but a line with child lines and no price
// of its own (or a multicomponent line) is not calculated, so a basis
// sent on it replaced nothing and was dropped without a word: an accrual
// of a bundle whose parent said 500.00 was taxed on its children's
// 200.00 (17.80). It is refused, naming the member, on a purchase and on
// an owner's movement; a zero basis, a basis on a child line and one on
// a parent with a price of its own are accepted and act. Figures in
// Atlanta at 8.9%: 100.00 bears 8.90, 50.00 bears 4.45.
func TestSpecialBasisOnAParentLineIsNotLost(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	// refused checks that err refuses field; got says what was answered
	// instead.
	refused := func(name, field, got string, err error) {
		t.Helper()
		wantInvalidField(t, name, field, err, got)
	}
	purchase := func(name, field string, r *wire.PurchaseRequest) {
		t.Helper()
		resp, err := e.Purchase(ctx, r)
		got := ""
		if resp != nil {
			got = "totalTax " + resp.TotalTax.String()
		}
		refused(name, field, got, err)
	}
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAccrual, wire.PurchaseInvoiceVerification, wire.PurchaseDistributeTax} {
		withInput := func(r *wire.PurchaseRequest) *wire.PurchaseRequest {
			if mt == wire.PurchaseDistributeTax {
				for i := range r.LineItems[0].LineItems {
					r.LineItems[0].LineItems[i].InputTotalTax = amt("8.90")
				}
			}
			return r
		}
		r := withInput(bundle(mt))
		r.LineItems[0].SpecialTaxBasis = amt("500.00")
		purchase(string(mt)+", parent without a price", "lineItems[0].specialTaxBasis", r)

		r = withInput(bundle(mt))
		r.LineItems[0].IsMulticomponent, r.LineItems[0].ExtendedPrice = true, amt("200.00")
		r.LineItems[0].SpecialTaxBasis = amt("500.00")
		purchase(string(mt)+", multicomponent parent", "lineItems[0].specialTaxBasis", r)

		r = withInput(bundle(mt))
		c := &r.LineItems[0].LineItems[1]
		c.ExtendedPrice, c.SpecialTaxBasis = nil, amt("50.00")
		c.LineItems = []wire.PurchaseLineItem{{LineItemID: "g1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
		if mt == wire.PurchaseDistributeTax {
			c.InputTotalTax, c.LineItems[0].InputTotalTax = nil, amt("8.90")
		}
		purchase(string(mt)+", nested parent", "lineItems[0].lineItems[1].specialTaxBasis", r)
	}
	for _, c := range []struct {
		what string
		set  func(p *wire.PurchaseLineItem)
		want string
	}{
		{"a zero basis on the parent", func(p *wire.PurchaseLineItem) { p.SpecialTaxBasis = amt("0.00") }, "17.80"},
		{"a basis on a child line", func(p *wire.PurchaseLineItem) { p.LineItems[0].SpecialTaxBasis = amt("50.00") }, "13.35"},
		{"a basis on a parent with a price", func(p *wire.PurchaseLineItem) {
			p.ExtendedPrice, p.SpecialTaxBasis = amt("100.00"), amt("50.00")
		}, "22.25"},
	} {
		r := bundle(wire.PurchaseAccrual)
		c.set(&r.LineItems[0])
		resp, err := e.Purchase(ctx, r)
		if err != nil {
			t.Errorf("%s: %v", c.what, err)
			continue
		}
		if resp.TotalTax.String() != c.want {
			t.Errorf("%s: totalTax %s, want %s", c.what, resp.TotalTax, c.want)
		}
	}

	// An owner's parent line, without a price or multicomponent.
	for what, multi := range map[string]bool{"without a price": false, "multicomponent": true} {
		o := baseOwner()
		p := &o.LineItems[0]
		p.LineItemID, p.ExtendedPrice, p.SpecialTaxBasis, p.IsMulticomponent = "P", nil, amt("500.00"), multi
		if multi {
			p.ExtendedPrice = amt("100.00")
		}
		p.LineItems = []wire.OwnerLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
		resp, err := e.Owner(ctx, o)
		got := ""
		if resp != nil {
			got = "totalTax " + resp.TotalTax.String()
		}
		refused("owner, parent "+what, "lineItems[0].specialTaxBasis", got, err)
	}
	o := baseOwner()
	p := &o.LineItems[0]
	p.LineItemID, p.ExtendedPrice, p.SpecialTaxBasis = "P", nil, amt("0")
	p.LineItems = []wire.OwnerLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
	if _, err := e.Owner(ctx, o); err != nil {
		t.Errorf("owner, a zero basis on a parent: %v", err)
	}
}
