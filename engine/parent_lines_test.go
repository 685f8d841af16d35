package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// storedAgrees checks that the transaction id stored in j agrees with the
// response's subTotal and totalTax (sub, tax): its totals are those, and
// so are the sums of its lines' amounts, of their total taxes and of
// their taxes' calculated tax, from which the journal's summaries and
// reports are made. want is the tax the response should say.
func storedAgrees(t *testing.T, j journal.Store, name, id string, sub, tax money.Amount, want string) {
	t.Helper()
	ctx := context.Background()
	tx, err := j.Get(ctx, "acme", id)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if tax.String() != want {
		t.Errorf("%s: response totalTax %s; want %s", name, tax, want)
	}
	var lineSub, lineTax, taxSum money.Amount
	for _, l := range tx.Lines {
		lineSub, lineTax = lineSub.Add(l.Amount), lineTax.Add(l.TotalTax)
		for _, x := range l.Taxes {
			taxSum = taxSum.Add(x.Tax)
		}
	}
	if tx.SubTotal.String() != sub.String() || tx.TotalTax.String() != tax.String() {
		t.Errorf("%s: response subTotal %s, totalTax %s; the journal stored %s, %s", name, sub, tax, tx.SubTotal, tx.TotalTax)
	}
	if lineSub.String() != sub.String() || lineTax.String() != tax.String() || taxSum.String() != tax.String() {
		t.Errorf("%s: response subTotal %s, totalTax %s; the %d stored lines add up to %s, %s (their taxes %s)",
			name, sub, tax, len(tx.Lines), lineSub, lineTax, taxSum)
	}
}

// TestParentLineWithOwnPriceIsJournaled: a line with child lines that is
// not multicomponent and has a price of its own is a component of the
// transaction (the wire format ignores a parent's amounts only when
// isMulticomponent is true): it is calculated, and the journal keeps its
// own line beside its children's, so that the stored transaction, its
// lines and the reports made from them agree with the response. Before,
// the journal kept only the children: an INVOICE in Atlanta (8.9%) of a
// parent of 1000.00 with a child of 500.00 answered 133.50 of tax and
// stored lines of 44.50, and a sync, which recomputes the stored totals
// from the lines, stored 44.50.
func TestParentLineWithOwnPriceIsJournaled(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")

	sale := usSale("", "Atlanta", "GA", "30303", "GENERAL", "1000.00")
	sale.SaleMessageType, sale.TransactionID = wire.SaleInvoice, "S-PARENT"
	child := sale.LineItems[0]
	child.LineItemID, child.ExtendedPrice = "1.1", amt("500.00")
	sale.LineItems[0].LineItems = []wire.SaleLineItem{child}
	sr, err := e.Sale(ctx, sale)
	if err != nil {
		t.Fatal(err)
	}
	storedAgrees(t, j, "INVOICE", "S-PARENT", sr.SubTotal, sr.TotalTax, "133.50")
	// The remittance report (levy journal report), made from the stored
	// lines' taxes, counts the parent's tax too.
	rep, err := journal.Summarize(ctx, j, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Currencies) != 1 || rep.Currencies[0].Total.Tax.String() != "133.50" || rep.Currencies[0].Total.SubTotal.String() != "1500.00" {
		t.Errorf("INVOICE: the journal's report is %+v; want one currency of 1500.00 and 133.50 of tax", rep.Currencies)
	}

	// The parent's own line comes first, with its own tax, and, as every
	// line of a sale, its places and its e-invoice item.
	tx, err := j.Get(ctx, "acme", "S-PARENT")
	if err != nil {
		t.Fatal(err)
	}
	if len(tx.Lines) != 2 {
		t.Fatalf("INVOICE: %d stored lines; want 2, the parent's own and its child's", len(tx.Lines))
	}
	for i, want := range []struct{ id, amount, tax string }{{"1", "1000.00", "89.00"}, {"1.1", "500.00", "44.50"}} {
		l := tx.Lines[i]
		if l.LineItemID != want.id || l.Amount.String() != want.amount || l.TotalTax.String() != want.tax {
			t.Errorf("INVOICE: stored line %d is %s of %s with %s of tax; want %s of %s with %s", i, l.LineItemID, l.Amount, l.TotalTax, want.id, want.amount, want.tax)
		}
		if l.Destination != "US-GA" || l.Origin != "US-WA" || l.Item == nil {
			t.Errorf("INVOICE: stored line %s goes from %q to %q with item %v; want US-WA, US-GA and its item", l.LineItemID, l.Origin, l.Destination, l.Item)
		}
	}

	// A sync stores the lines it sends over the stored ones and adds up
	// the totals from the lines.
	sale.SaleMessageType, sale.TransactionID = wire.SaleARBillingSync, "S-SYNC"
	for range 2 {
		if sr, err = e.Sale(ctx, sale); err != nil {
			t.Fatal(err)
		}
		storedAgrees(t, j, "ARBILLING_SYNC", "S-SYNC", sr.SubTotal, sr.TotalTax, "133.50")
	}

	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAccrual, wire.PurchaseAccrualSync} {
		id := "P-" + string(mt)
		p := accrual(mt, "", "1000.00")
		p.TransactionID = id
		p.LineItems[0].LineItemID = "1"
		p.LineItems[0].LineItems = []wire.PurchaseLineItem{{LineItemID: "1.1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("500.00")}}
		pr, err := e.Purchase(ctx, p)
		if err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		storedAgrees(t, j, string(mt), id, pr.SubTotal, pr.TotalTax, "133.50")
	}

	own := &wire.OwnerRequest{OwnerMessageType: wire.OwnerInventoryRemoval, TransactionID: "O-PARENT", DocumentDate: sale.DocumentDate,
		Owner: &wire.Owner{Company: "ACME", Destination: atlanta},
		LineItems: []wire.OwnerLineItem{{LineItemID: "1", ExtendedPrice: amt("1000.00"),
			LineItems: []wire.OwnerLineItem{{LineItemID: "1.1", ExtendedPrice: amt("500.00")}}}}}
	or, err := e.Owner(ctx, own)
	if err != nil {
		t.Fatal(err)
	}
	storedAgrees(t, j, "INVENTORY_REMOVAL", "O-PARENT", or.SubTotal, or.TotalTax, "133.50")

	// A multicomponent parent's amounts are ignored: only its child is
	// calculated and stored.
	sale.SaleMessageType, sale.TransactionID = wire.SaleInvoice, "S-MULTI"
	sale.LineItems[0].IsMulticomponent = true
	if sr, err = e.Sale(ctx, sale); err != nil {
		t.Fatal(err)
	}
	storedAgrees(t, j, "multicomponent INVOICE", "S-MULTI", sr.SubTotal, sr.TotalTax, "44.50")
}

// TestSyncParentWithOwnPriceNeedsID: on a sync, a parent line with a
// price of its own keeps a journal line of its own, so it needs a
// lineItemId as a leaf does: without one its line would be added to the
// stored transaction again at every sync.
func TestSyncParentWithOwnPriceNeedsID(t *testing.T) {
	e, _ := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	sale := usSale("", "Atlanta", "GA", "30303", "GENERAL", "1000.00")
	sale.SaleMessageType, sale.TransactionID = wire.SaleARBillingSync, "S-NOID"
	child := sale.LineItems[0]
	child.LineItemID, child.ExtendedPrice = "1.1", amt("500.00")
	sale.LineItems[0].LineItemID = ""
	sale.LineItems[0].LineItems = []wire.SaleLineItem{child}
	_, err := e.Sale(ctx, sale)
	var le levy.Errors
	if !errors.As(err, &le) || len(le) != 1 || le[0].Field != "lineItems[0].lineItemId" {
		t.Fatalf("a sync's parent with its own price and no lineItemId: got %v; want one error on lineItems[0].lineItemId", err)
	}
	// Without a price of its own, the parent keeps no line: no ID needed.
	sale.LineItems[0].ExtendedPrice = nil
	if _, err := e.Sale(ctx, sale); err != nil {
		t.Fatalf("a sync's parent without a price of its own: %v", err)
	}
}
