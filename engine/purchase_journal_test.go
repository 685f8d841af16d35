package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestPurchaseKeepsOffAStoredSale: a stored calculation of one
// perspective is not stored under the transaction ID of a live one of
// another, in a Badger journal: an accounts payable invoice that reuses
// the number of one of the tenant's own invoices (an ACCRUAL, or an
// APINVOICE_SYNC, which reconciles its lines into the stored ones), an
// owner's movement under a purchase's ID, a sale under an owner's. Each
// is refused (conflict, naming transactionId) and the stored
// transaction stays as it was. Before, the purchase replaced the sale,
// or the sync merged its lines into the sale's and made a BUYER
// transaction of it: the 44.50 of Georgia's tax that the tenant
// collected became tax paid to a vendor, out of the report's total, and
// the sale left the sales figures. Within a perspective an ID still
// takes new versions (an ACCRUAL_SYNC over an ACCRUAL), and a deleted
// transaction's ID is free for any calculation.
func TestPurchaseKeepsOffAStoredSale(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")

	// The tenant's own invoice: 500.00 in Atlanta at 8.9%, 44.50 of tax.
	sale := usSale("", "Atlanta", "GA", "30303", "GENERAL", "500.00")
	sale.SaleMessageType, sale.TransactionID = wire.SaleInvoice, "DOC-1"
	if _, err := e.Sale(ctx, sale); err != nil {
		t.Fatal(err)
	}
	purchase := func(mt wire.PurchaseMessageType, id string) *wire.PurchaseRequest {
		p := accrual(mt, "", "1000.00")
		p.TransactionID, p.Buyer.Company = id, "ACME"
		p.LineItems[0].LineItemID = "p1"
		return p
	}
	owner := func(id string) *wire.OwnerRequest {
		return &wire.OwnerRequest{OwnerMessageType: wire.OwnerInventoryRemoval, TransactionID: id, DocumentDate: sale.DocumentDate,
			Owner:     &wire.Owner{Company: "ACME", Destination: atlanta},
			LineItems: []wire.OwnerLineItem{{LineItemID: "o1", ExtendedPrice: amt("300.00")}}}
	}
	refused := func(name string, err error, stored string) {
		t.Helper()
		if levy.ErrorCode(err) != levy.EConflict || !strings.Contains(err.Error(), "transactionId:") || !strings.Contains(err.Error(), stored) {
			t.Errorf("%s: error %v, want a conflict naming transactionId and the stored %s transaction", name, err, stored)
		}
	}
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAPInvoiceSync, wire.PurchaseAccrual, wire.PurchaseAccrualSync, wire.PurchaseERS} {
		_, err := e.Purchase(ctx, purchase(mt, "DOC-1"))
		refused(string(mt)+" over a sale", err, "SELLER")
	}
	_, err := e.Owner(ctx, owner("DOC-1"))
	refused("owner over a sale", err, "SELLER")

	tx, err := j.Get(ctx, "acme", "DOC-1")
	if err != nil {
		t.Fatal(err)
	}
	if tx.Version != 1 || tx.Perspective != "SELLER" || tx.MessageType != "INVOICE" || len(tx.Lines) != 1 || tx.TotalTax.String() != "44.50" {
		t.Errorf("the sale after the purchases: version %d, %s %s, %d lines, tax %s; want version 1, SELLER INVOICE, 1 line, tax 44.50",
			tx.Version, tx.Perspective, tx.MessageType, len(tx.Lines), tx.TotalTax)
	}
	figs, err := j.Figures(ctx, "acme", sale.DocumentDate, sale.DocumentDate)
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 1 || figs[0].Area != "US-GA" {
		t.Errorf("sales figures %+v, want the sale's in US-GA", figs)
	}

	// A purchase's ID is not an owner's, nor an owner's a sale's.
	if _, err := e.Purchase(ctx, purchase(wire.PurchaseAccrual, "DOC-2")); err != nil {
		t.Fatal(err)
	}
	_, err = e.Owner(ctx, owner("DOC-2"))
	refused("owner over a purchase", err, "BUYER")
	if _, err := e.Owner(ctx, owner("DOC-3")); err != nil {
		t.Fatal(err)
	}
	sale.TransactionID = "DOC-3"
	_, err = e.Sale(ctx, sale)
	refused("sale over an owner's movement", err, "OWNER")

	// Within the perspective the ID takes a new version.
	sync := purchase(wire.PurchaseAccrualSync, "DOC-2")
	sync.LineItems[0].LineItemID = "p2"
	if _, err := e.Purchase(ctx, sync); err != nil {
		t.Fatalf("accrual sync over an accrual: %v", err)
	}
	if tx, err := j.Get(ctx, "acme", "DOC-2"); err != nil || tx.Version != 2 || len(tx.Lines) != 2 {
		t.Errorf("the accrual after its sync: %+v, %v; want version 2 with 2 lines", tx, err)
	}

	// A deleted sale's ID is free.
	if err := e.DeleteTransaction(ctx, "DOC-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Purchase(ctx, purchase(wire.PurchaseAPInvoiceSync, "DOC-1")); err != nil {
		t.Fatalf("a purchase under a deleted sale's ID: %v", err)
	}
	if tx, err := j.Get(ctx, "acme", "DOC-1"); err != nil || tx.Perspective != "BUYER" || len(tx.Lines) != 1 {
		t.Errorf("the purchase under the deleted sale's ID: %+v, %v; want a BUYER transaction of 1 line", tx, err)
	}
}

// TestPurchaseSyncsKeepTheirLines: the sync kinds of a purchase
// (APINVOICE_SYNC, ACCRUAL_SYNC) reconcile the stored transaction's lines
// by their lineItemId, in a Badger journal. A line without one is refused
// (naming its lineItemId, a child line's too): before, it matched no
// stored line and was added again at every sync, so that syncing the
// same accrual twice accrued its 89.00 twice. And a line a sync DELETEs
// is never stored: before, on the first sync of a transaction (none
// stored yet) it was kept as a line of its own and its use tax accrued,
// where a later sync ignores a DELETE that names no stored line.
func TestPurchaseSyncsKeepTheirLines(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAPInvoiceSync, wire.PurchaseAccrualSync} {
		id := "SYNC-" + string(mt)
		noID := accrual(mt, "", "1000.00", "500.00")
		noID.TransactionID = id
		noID.LineItems[0].LineItemID = "1"
		var le *levy.Error
		if _, err := e.Purchase(ctx, noID); !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "lineItems[1].lineItemId" {
			t.Errorf("%s, a line without lineItemId: error %v, want invalid naming lineItems[1].lineItemId", mt, err)
		}
		// A child line is what the journal keeps: its parent's ID does
		// not name it.
		multi := accrual(mt, "", "1000.00")
		multi.TransactionID = id
		multi.LineItems[0].LineItemID, multi.LineItems[0].IsMulticomponent = "1", true
		multi.LineItems[0].LineItems = []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}
		if _, err := e.Purchase(ctx, multi); !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "lineItems[0].lineItems[0].lineItemId" {
			t.Errorf("%s, a child line without lineItemId: error %v, want invalid naming lineItems[0].lineItems[0].lineItemId", mt, err)
		}
		if ok, err := e.TransactionExists(ctx, id); err != nil || ok {
			t.Errorf("%s: the refused syncs stored %s (%v)", mt, id, err)
		}

		// The first sync: line 2 is DELETEd, line 1 (89.00) is kept.
		first := accrual(mt, "", "1000.00", "500.00")
		first.TransactionID = id
		first.LineItems[0].LineItemID, first.LineItems[1].LineItemID = "1", "2"
		first.LineItems[1].SyncType = wire.LineItemSyncTypeDelete
		if _, err := e.Purchase(ctx, first); err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		// The same invoice again: still line 1 alone.
		first.LineItems = first.LineItems[:1]
		if _, err := e.Purchase(ctx, first); err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		tx, err := j.Get(ctx, "acme", id)
		if err != nil {
			t.Fatal(err)
		}
		if len(tx.Lines) != 1 || tx.Lines[0].LineItemID != "1" || tx.TotalTax.String() != "89.00" || tx.SubTotal.String() != "1000.00" {
			ids := []string{}
			for _, l := range tx.Lines {
				ids = append(ids, l.LineItemID)
			}
			t.Errorf("%s after two syncs: lines %v, subtotal %s, tax %s; want line 1 alone, 1000.00 and 89.00", mt, ids, tx.SubTotal, tx.TotalTax)
		}
	}
}

// TestCreditedTaxSaysSo: a tax that a credit took to zero (an accrual's
// use tax that the vendor charged in full, an owner's tax already paid
// on the asset, a sale's tax paid elsewhere) is reported, in a Badger
// journal's remittance report, as credited (zero-tax reason CREDITED).
// Before, the journal kept no trace of the credit: the accrual's and the
// owner's zero use tax in Georgia, a state without a reverse charge,
// were reported as a reverse charge, and the sale's zero tax as rounded
// to zero. A true reverse charge is not a credit and keeps its reason.
func TestCreditedTaxSaysSo(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")

	// 1000.00 in Atlanta bears 89.00: the vendor charged all of it.
	acc := accrual(wire.PurchaseAccrual, "89.00", "1000.00")
	acc.TransactionID = "ACC-1"
	if _, err := e.Purchase(ctx, acc); err != nil {
		t.Fatal(err)
	}
	// 200.00 of the owner's stock in Atlanta bears 17.80, paid before.
	own := &wire.OwnerRequest{OwnerMessageType: wire.OwnerInventoryRemoval, TransactionID: "OWN-1", DocumentDate: acc.DocumentDate,
		Owner:     &wire.Owner{Company: "ACME", Destination: atlanta},
		LineItems: []wire.OwnerLineItem{{LineItemID: "1", ExtendedPrice: amt("200.00"), PreviousTaxPaid: amt("17.80")}}}
	if _, err := e.Owner(ctx, own); err != nil {
		t.Fatal(err)
	}
	// A sale in Atlanta of 500.00, 44.50 of tax paid elsewhere.
	sale := usSale("", "Atlanta", "GA", "30303", "GENERAL", "500.00")
	sale.SaleMessageType, sale.TransactionID = wire.SaleInvoice, "INV-1"
	sale.LineItems[0].PreviousTaxPaid = amt("44.50")
	if _, err := e.Sale(ctx, sale); err != nil {
		t.Fatal(err)
	}

	rep, err := journal.Summarize(ctx, j, "acme", acc.DocumentDate, acc.DocumentDate)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Currencies) != 1 {
		t.Fatalf("report of %d currencies, want 1", len(rep.Currencies))
	}
	want := map[string]string{"BUYER": "1200.00", "SELLER": "500.00"} // the taxable amount of Georgia's credited row, by party
	for _, r := range rep.Currencies[0].Rows {
		if r.JurisdictionID != "US-GA" {
			continue
		}
		if !r.Tax.IsZero() || r.ZeroTaxReason != "CREDITED" {
			t.Errorf("Georgia's %s row: tax %s, reason %q; want 0.00, CREDITED", r.CollectedFrom, r.Tax, r.ZeroTaxReason)
			continue
		}
		if r.Taxable.String() != want[r.CollectedFrom] {
			t.Errorf("Georgia's credited %s row: taxable %s, want %s", r.CollectedFrom, r.Taxable, want[r.CollectedFrom])
		}
		delete(want, r.CollectedFrom)
	}
	if len(want) > 0 {
		t.Errorf("no credited row of Georgia for %v", want)
	}
}
