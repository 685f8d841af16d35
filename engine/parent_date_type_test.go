package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestParentTaxDateAndTypeReachTheChildLines: a line's taxDate and
// transactionType sent on a line with child lines did not reach the
// children, which were dated and typed by the document: a bundle
// delivered on September 30, 2026 in Washington, DC and invoiced on
// October 1, its tax point sent as the bundle line's taxDate, bore the
// 7% in force from October 1 (7.00 on 100.00) where the 6% of its tax
// point applies (6.00); with a price of its own the bundle line bore 6%
// and its components 7%. A bundle leased (transactionType LEASE on the
// bundle line) was sold in its components. The child lines now take the
// nearest enclosing line's taxDate and transactionType where they send
// none; their own still win.
func TestParentTaxDateAndTypeReachTheChildLines(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	dc := &wire.Location{StreetAddress1: "1600 Pennsylvania Ave NW", City: "Washington", MainDivision: "DC", PostalCode: "20500", Country: "US"}
	point, invoiced := civil.MustParse("2026-09-30"), civil.MustParse("2026-10-01")
	bundle := func(multi bool) *wire.SaleRequest {
		r := usSale("1600 Pennsylvania Ave NW", "Washington", "DC", "20500", "GENERAL", "100.00")
		r.DocumentDate = invoiced
		p := &r.LineItems[0]
		p.LineItemID, p.ExtendedPrice, p.Quantity, p.TaxDate = "P", nil, nil, point
		if multi {
			p.IsMulticomponent, p.ExtendedPrice = true, amt("100.00")
		}
		p.LineItems = []wire.SaleLineItem{
			{LineItemID: "c1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("60.00")},
			{LineItemID: "c2", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("40.00")},
		}
		return r
	}
	for _, c := range []struct {
		name string
		req  *wire.SaleRequest
		want string
	}{
		{"a parent without a price", bundle(false), "6.00"},
		{"a multicomponent parent", bundle(true), "6.00"},
		{"a child's own taxDate", func() *wire.SaleRequest {
			r := bundle(true)
			r.LineItems[0].LineItems[1].TaxDate = civil.MustParse("2026-10-01")
			return r
		}(), "6.40"}, // 60.00 at 6% and 40.00 at 7%
	} {
		resp, err := e.Sale(ctx, c.req)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !resp.TotalTax.Equal(money.MustParse(c.want)) {
			t.Errorf("%s dated %s in a bundle invoiced 2026-10-01: totalTax %s, want %s", c.name, point, resp.TotalTax, c.want)
		}
	}

	// The same on a purchase and an owner's movement, to Washington, DC.
	pr := accrual(wire.PurchaseOrder, "", "100.00")
	pr.DocumentDate = invoiced
	pr.Buyer = &wire.Buyer{Destination: dc}
	pl := &pr.LineItems[0]
	pl.ExtendedPrice, pl.TaxDate = nil, point
	pl.LineItems = []wire.PurchaseLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
	presp, err := e.Purchase(ctx, pr)
	if err != nil {
		t.Fatal(err)
	}
	if !presp.TotalTax.Equal(money.MustParse("6.00")) {
		t.Errorf("a purchase's bundle with the parent's taxDate: totalTax %s, want 6.00", presp.TotalTax)
	}
	o := baseOwner()
	o.DocumentDate = invoiced
	o.Owner.Destination = dc
	ol := &o.LineItems[0]
	ol.ExtendedPrice, ol.TaxDate = nil, point
	ol.LineItems = []wire.OwnerLineItem{{LineItemID: "c1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}
	oresp, err := e.Owner(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if !oresp.TotalTax.Equal(money.MustParse("6.00")) {
		t.Errorf("an owner's bundle with the parent's taxDate: totalTax %s, want 6.00", oresp.TotalTax)
	}

	// Goods leased in Chicago: Levy does not compute Chicago's lease tax,
	// and a leased line says so; a bundle leased on the bundle line is a
	// lease of its components.
	lease := sellOne(t, sfAddr, chicagoAddr, "ELECTRONICS", "1000.00", civil.MustParse("2026-03-02"), func(r *wire.SaleRequest) {
		l := &r.LineItems[0]
		l.LineItems = []wire.SaleLineItem{{LineItemID: "c1", Product: &wire.Product{ProductClass: "ELECTRONICS"}, ExtendedPrice: l.ExtendedPrice}}
		l.ExtendedPrice, l.Quantity, l.UnitPrice, l.IsMulticomponent, l.TransactionType = amt("1000.00"), nil, nil, true, wire.TransactionTypeLease
	})
	said := false
	for _, p := range lease.LineItems[0].LineItems[0].AssistedParameters {
		said = said || p.RuleName == TaxNotComputedRule && p.Value == chicagoGoodsFmt
	}
	if !said {
		t.Errorf("a multicomponent bundle leased in Chicago: the component says %+v, want %q", lease.LineItems[0].LineItems[0].AssistedParameters, chicagoGoodsFmt)
	}
}
