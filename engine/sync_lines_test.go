package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestSyncDeleteLineCountsNoTax: a line that a sync DELETEs
// (ARBILLING_SYNC, APINVOICE_SYNC, ACCRUAL_SYNC) is answered with no tax
// and counts in none of the response's totals, as the transaction stored
// in a Badger journal, which drops the line, does not count it. Before,
// the response calculated the line as a live one: on the first sync of
// an invoice of 1000.00 and 500.00 in Atlanta (89.00 and 44.50 of tax)
// whose second line is DELETEd, the response said 133.50 of tax and
// 1500.00 net where the journal stored 89.00 and 1000.00.
func TestSyncDeleteLineCountsNoTax(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	type got struct {
		sub, tax, total money.Amount
		deletedTax      money.Amount
		deletedTaxes    int
	}
	check := func(name, id string, g got) {
		t.Helper()
		tx, err := j.Get(ctx, "acme", id)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.sub.String() != tx.SubTotal.String() || g.tax.String() != tx.TotalTax.String() || g.total.String() != tx.Total.String() {
			t.Errorf("%s: response subTotal %s, totalTax %s, total %s; the journal stored %s, %s, %s",
				name, g.sub, g.tax, g.total, tx.SubTotal, tx.TotalTax, tx.Total)
		}
		if g.tax.String() != "89.00" || g.sub.String() != "1000.00" {
			t.Errorf("%s: response subTotal %s, totalTax %s; want 1000.00 and 89.00, the kept line's", name, g.sub, g.tax)
		}
		if !g.deletedTax.IsZero() || g.deletedTaxes != 0 {
			t.Errorf("%s: the DELETE line answered totalTax %s with %d taxes; want no tax", name, g.deletedTax, g.deletedTaxes)
		}
	}

	sale := usSale("", "Atlanta", "GA", "30303", "GENERAL", "1000.00")
	sale.SaleMessageType, sale.TransactionID = wire.SaleARBillingSync, "AR-DEL"
	second := sale.LineItems[0]
	second.LineItemID, second.ExtendedPrice, second.SyncType = "2", amt("500.00"), wire.LineItemSyncTypeDelete
	sale.LineItems = append(sale.LineItems, second)
	sr, err := e.Sale(ctx, sale)
	if err != nil {
		t.Fatal(err)
	}
	check("ARBILLING_SYNC", "AR-DEL", got{sr.SubTotal, sr.TotalTax, sr.Total, sr.LineItems[1].TotalTax, len(sr.LineItems[1].Taxes)})

	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAPInvoiceSync, wire.PurchaseAccrualSync} {
		id := "DEL-" + string(mt)
		p := accrual(mt, "", "1000.00", "500.00")
		p.TransactionID = id
		p.LineItems[0].LineItemID, p.LineItems[1].LineItemID = "1", "2"
		p.LineItems[1].SyncType = wire.LineItemSyncTypeDelete
		// The vendor charged the kept line's tax: nothing to accrue on
		// the sync of an accrual, no variance on one of an invoice.
		p.LineItems[1].ChargedTax = amt("44.50")
		pr, err := e.Purchase(ctx, p)
		if err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		if mt == wire.PurchaseAPInvoiceSync {
			p.LineItems[0].ChargedTax = amt("89.00")
			if pr, err = e.Purchase(ctx, p); err != nil {
				t.Fatalf("%s: %v", mt, err)
			}
			if pr.Variance == nil || !pr.Variance.IsZero() {
				t.Errorf("%s: variance %v; want 0.00, the kept line's tax charged in full", mt, pr.Variance)
			}
		}
		check(string(mt), id, got{pr.SubTotal, pr.TotalTax, pr.Total, pr.LineItems[1].TotalTax, len(pr.LineItems[1].Taxes)})
	}
}

// TestSyncTypeOnlyOnSyncs: syncType says what a sync does with a stored
// line, and is refused where it can not: on a line of a kind that is no
// sync (a DELETE line of an INVOICE, an ACCRUAL or an owner's movement
// was calculated and stored as a live line), and on a sync's line with
// child lines, which the journal never sees.
func TestSyncTypeOnlyOnSyncs(t *testing.T) {
	e, _ := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	refused := func(name string, err error, field string) {
		t.Helper()
		wantInvalidField(t, name, field, err, "")
	}
	for _, mt := range []wire.SaleMessageType{wire.SaleQuotation, wire.SaleInvoice, wire.SaleDistributeTax} {
		s := usSale("", "Atlanta", "GA", "30303", "GENERAL", "1000.00")
		s.SaleMessageType, s.TransactionID = mt, "S-"+string(mt)
		second := s.LineItems[0]
		second.LineItemID, second.SyncType = "2", wire.LineItemSyncTypeDelete
		s.LineItems = append(s.LineItems, second)
		_, err := e.Sale(ctx, s)
		refused(string(mt), err, "lineItems[1].syncType")
	}
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseOrder, wire.PurchaseInvoiceVerification, wire.PurchaseAccrual,
		wire.PurchaseDistributeTax, wire.PurchaseERS, wire.PurchaseConditionalProcurement} {
		p := accrual(mt, "", "1000.00", "500.00")
		p.TransactionID = "P-" + string(mt)
		p.LineItems[1].SyncType = wire.LineItemSyncTypeDelete
		_, err := e.Purchase(ctx, p)
		refused(string(mt), err, "lineItems[1].syncType")
	}
	own := &wire.OwnerRequest{OwnerMessageType: wire.OwnerInventoryRemoval, TransactionID: "O-1", DocumentDate: usSale("", "", "", "", "", "1").DocumentDate,
		Owner:     &wire.Owner{Company: "ACME", Destination: atlanta},
		LineItems: []wire.OwnerLineItem{{LineItemID: "1", ExtendedPrice: amt("300.00"), SyncType: wire.LineItemSyncTypeUpdate}}}
	_, err := e.Owner(ctx, own)
	refused("INVENTORY_REMOVAL", err, "lineItems[0].syncType")

	for _, id := range []string{"S-INVOICE", "P-ACCRUAL", "O-1"} {
		if ok, err := e.TransactionExists(ctx, id); err != nil || ok {
			t.Errorf("a refused calculation stored %s (%v)", id, err)
		}
	}

	// A sync's parent line: its syncType would reach no journal line.
	p := accrual(wire.PurchaseAccrualSync, "", "1000.00")
	p.TransactionID = "P-PARENT"
	p.LineItems[0].LineItemID, p.LineItems[0].IsMulticomponent = "1", true
	p.LineItems[0].SyncType = wire.LineItemSyncTypeDelete
	p.LineItems[0].LineItems = []wire.PurchaseLineItem{{LineItemID: "1a", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}
	_, err = e.Purchase(ctx, p)
	refused("ACCRUAL_SYNC parent", err, "lineItems[0].syncType")
}

// TestSyncTypeRefusalSaysWhatTheKindDoes: the refusal of a syncType on
// a kind that is no sync said "but a ASSET_MOVEMENT is no sync: it
// stores its lines whole", the article of a consonant before a name
// that begins with a vowel, and a store that a PURCHASE_ORDER,
// INVOICE_VERIFICATION or QUOTATION, which store nothing, never makes.
// It now names the kind and says that it calculates each line sent as
// a line of its own, and which kinds take a syncType.
func TestSyncTypeRefusalSaysWhatTheKindDoes(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	check := func(mt string, err error, field string) {
		t.Helper()
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != field {
			t.Fatalf("%s: error %v, want invalid naming %s", mt, err, field)
		}
		for _, bad := range []string{"a " + mt, "stores"} {
			if strings.Contains(le.Message, bad) {
				t.Errorf("%s: %q says %q", mt, le.Message, bad)
			}
		}
		for _, want := range []string{"but " + mt + " is no sync", "ARBILLING_SYNC, APINVOICE_SYNC and ACCRUAL_SYNC only", mt + " calculates every line sent"} {
			if !strings.Contains(le.Message, want) {
				t.Errorf("%s: %q does not say %q", mt, le.Message, want)
			}
		}
	}
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseOrder, wire.PurchaseInvoiceVerification, wire.PurchaseAccrual, wire.PurchaseERS} {
		p := accrual(mt, "", "1000.00")
		p.PostToJournal = new(bool)
		p.LineItems[0].SyncType = wire.LineItemSyncTypeUpdate
		_, err := e.Purchase(ctx, p)
		check(string(mt), err, "lineItems[0].syncType")
	}
	for _, mt := range []wire.OwnerMessageType{wire.OwnerAssetMovement, wire.OwnerInventoryRemoval} {
		own := &wire.OwnerRequest{OwnerMessageType: mt, DocumentDate: civil.MustParse("2026-06-01"), PostToJournal: new(bool),
			Owner:     &wire.Owner{Destination: atlanta},
			LineItems: []wire.OwnerLineItem{{LineItemID: "1", Cost: amt("300.00"), SyncType: wire.LineItemSyncTypeUpdate}}}
		_, err := e.Owner(ctx, own)
		check(string(mt), err, "lineItems[0].syncType")
	}
	s := usSale("", "Atlanta", "GA", "30303", "GENERAL", "1000.00")
	s.SaleMessageType = wire.SaleQuotation
	s.LineItems[0].SyncType = wire.LineItemSyncTypeUpdate
	_, err := e.Sale(ctx, s)
	check(string(wire.SaleQuotation), err, "lineItems[0].syncType")
}
