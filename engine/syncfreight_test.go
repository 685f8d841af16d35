package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestSyncKeepsFreightInSubTotal: a calculation's subTotal counts each
// line's freight beside its extended price, and so does the stored
// transaction's; a purchase sync that updates one line of a stored
// transaction leaves the freight of every line in the stored subTotal
// (before, a sync recomputed it from the lines' amounts alone, which
// leave freight out: 1500.00 where the sync answered 1525.00). The
// journal line keeps its freight apart from its amount.
func TestSyncKeepsFreightInSubTotal(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	req := accrual(wire.PurchaseAPInvoiceSync, "", "1000.00", "500.00")
	req.TransactionID = "FREIGHT-1"
	req.LineItems[0].LineItemID, req.LineItems[0].Freight = "1", amt("20.00")
	req.LineItems[1].LineItemID, req.LineItems[1].Freight = "2", amt("5.00")
	first, err := e.Purchase(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	// The same document synced again: line 2 updated, line 1 left in
	// place from the stored version.
	again := accrual(wire.PurchaseAPInvoiceSync, "", "500.00")
	again.TransactionID = "FREIGHT-1"
	again.LineItems[0].LineItemID, again.LineItems[0].Freight = "2", amt("5.00")
	again.LineItems[0].SyncType = wire.LineItemSyncTypeUpdate
	if _, err := e.Purchase(ctx, again); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", "FREIGHT-1")
	if err != nil {
		t.Fatal(err)
	}
	if first.SubTotal.String() != "1525.00" || tx.SubTotal.String() != first.SubTotal.String() {
		t.Errorf("stored subTotal after the sync %s, the calculation's %s; want both 1525.00", tx.SubTotal, first.SubTotal)
	}
	if len(tx.Lines) != 2 || tx.Lines[0].Amount.String() != "1000.00" || tx.Lines[0].Freight.String() != "20.00" ||
		tx.Lines[1].Freight.String() != "5.00" {
		t.Errorf("stored lines %+v, want amounts without their freight (20.00, 5.00) kept apart", tx.Lines)
	}
}
