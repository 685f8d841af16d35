package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestMulticomponentLineWithoutChildren: isMulticomponent says that a
// line's child lines carry its amounts and its own are ignored. On a
// line without child lines nothing was calculated: its price left the
// response's subTotal and totalTax and its line answered no tax, so that
// an accrual of 100.00 and 100.00 in Atlanta accrued 8.90 where 17.80 is
// due, and a stored calculation kept the line without its tax. The
// member now needs child lines: 400 naming it, on a sale, a purchase and
// an owner's request alike.
func TestMulticomponentLineWithoutChildren(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	refused := func(name string, err error, field string) {
		t.Helper()
		wantInvalidField(t, name, field, err, "")
	}
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAccrual, wire.PurchaseOrder, wire.PurchaseConditionalProcurement} {
		p := accrual(mt, "", "100.00", "100.00")
		p.PostToJournal = new(bool)
		p.LineItems[1].IsMulticomponent = true
		r, err := e.Purchase(ctx, p)
		if r != nil {
			t.Logf("%s: subTotal %s, totalTax %s", mt, r.SubTotal, r.TotalTax)
		}
		refused(string(mt), err, "lineItems[1].isMulticomponent")
	}

	s := usSale("", "Atlanta", "GA", "30303", "GENERAL", "100.00")
	s.PostToJournal = new(bool)
	s.LineItems[0].IsMulticomponent = true
	_, err := e.Sale(ctx, s)
	refused("sale", err, "lineItems[0].isMulticomponent")

	o := &wire.OwnerRequest{OwnerMessageType: wire.OwnerInventoryRemoval, DocumentDate: s.DocumentDate, PostToJournal: new(bool),
		Owner: &wire.Owner{Company: "ACME", Destination: atlanta},
		LineItems: []wire.OwnerLineItem{{LineItemID: "1", ExtendedPrice: amt("100.00"),
			LineItems: []wire.OwnerLineItem{{LineItemID: "1.1", ExtendedPrice: amt("50.00"), IsMulticomponent: true}}}}}
	_, err = e.Owner(ctx, o)
	refused("owner", err, "lineItems[0].lineItems[0].isMulticomponent")

	// With child lines it is what it was: the children are calculated.
	p := bundle(wire.PurchaseAccrual)
	p.LineItems[0].IsMulticomponent = true
	r, err := e.Purchase(ctx, p)
	if err != nil {
		t.Fatalf("multicomponent parent: %v", err)
	}
	if r.TotalTax.String() != "17.80" {
		t.Errorf("multicomponent parent: totalTax %s, want 17.80", r.TotalTax)
	}
}
