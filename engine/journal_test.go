package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// journalEngine returns an engine that stores into a Badger journal in a
// temporary directory.
func journalEngine(t *testing.T) (*Engine, journal.Store) {
	t.Helper()
	ctx := context.Background()
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	e, err := New(ctx, WithJournal(j), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	return e, j
}

// TestJournalStoresByKind checks which message types are stored: invoices
// are, quotations never are, and postToJournal=false keeps an invoice out.
func TestJournalStoresByKind(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	no := false
	cases := []struct {
		id     string
		kind   wire.SaleMessageType
		post   *bool
		stored bool
	}{
		{"INV-1", wire.SaleInvoice, nil, true},
		{"Q-1", wire.SaleQuotation, nil, false},
		{"INV-2", wire.SaleInvoice, &no, false},
		{"DT-1", wire.SaleDistributeTax, nil, true},
	}
	for _, c := range cases {
		req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
		req.SaleMessageType, req.TransactionID, req.PostToJournal = c.kind, c.id, c.post
		if c.kind == wire.SaleDistributeTax {
			req.LineItems[0].InputTotalTax = amt("9.50")
		}
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		ok, err := e.TransactionExists(ctx, c.id)
		if err != nil || ok != c.stored {
			t.Errorf("%s (%s): exists = %v, %v; want %v", c.id, c.kind, ok, err, c.stored)
		}
		if !c.stored {
			continue
		}
		tx, err := j.Get(ctx, "acme", c.id)
		if err != nil {
			t.Fatal(err)
		}
		if !tx.TotalTax.Equal(resp.TotalTax) || len(tx.Lines) != 1 || len(tx.Lines[0].Taxes) != len(resp.LineItems[0].Taxes) {
			t.Errorf("%s: stored %+v, response total tax %s", c.id, tx, resp.TotalTax)
		}
		if tx.PostingDate != civil.MustParse("2026-06-01") || tx.Currency != "USD" || tx.MessageType != string(c.kind) {
			t.Errorf("%s: header %+v", c.id, tx)
		}
	}
	// Another tenant sees none of it.
	other := levy.WithTenant(context.Background(), "globex")
	if ok, _ := e.TransactionExists(other, "INV-1"); ok {
		t.Error("a transaction is visible to another tenant")
	}
}

// TestJournalOperations runs the transaction operations through the
// engine: a generated ID, reversal, delete, and the errors of each.
func TestJournalOperations(t *testing.T) {
	e, j := journalEngine(t)
	ctx := context.Background()
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.SaleMessageType = wire.SaleInvoice
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	id := resp.TransactionID
	if len(id) != 32 {
		t.Fatalf("generated transaction ID %q", id)
	}
	rev, err := e.ReverseTransaction(ctx, id, wire.ReversalRequest{TransactionID: "REV-1"})
	if err != nil {
		t.Fatal(err)
	}
	if rev.TransactionID != "REV-1" || rev.PostingDate != civil.MustParse("2026-06-01") {
		t.Errorf("reversal %+v", rev)
	}
	got, err := j.Get(ctx, levy.DefaultTenant, "REV-1")
	if err != nil {
		t.Fatal(err)
	}
	if !got.TotalTax.Equal(resp.TotalTax.Neg()) || got.ReversalOf != id {
		t.Errorf("reversal stored %s of %q, want %s of %q", got.TotalTax, got.ReversalOf, resp.TotalTax.Neg(), id)
	}
	// Errors name the wire's fields: the path parameter of the
	// transaction, and the reversal's own ID as a member of the body.
	if _, err := e.ReverseTransaction(ctx, id, wire.ReversalRequest{}); levy.ErrorCode(err) != levy.EConflict || fieldOf(err) != FieldID {
		t.Errorf("second reversal: %v, want a conflict about %s", err, FieldID)
	}
	if _, err := e.RollbackTransaction(ctx, id); levy.ErrorCode(err) != levy.EConflict || fieldOf(err) != FieldID {
		t.Errorf("rollback without a sync: %v, want a conflict about %s", err, FieldID)
	}
	other, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.ReverseTransaction(ctx, other.TransactionID, wire.ReversalRequest{TransactionID: "REV-1"}); levy.ErrorCode(err) != levy.EConflict ||
		fieldOf(err) != FieldReversalOwnID {
		t.Errorf("reversal to an existing ID: %v, want a conflict about %s", err, FieldReversalOwnID)
	}
	if err := e.DeleteTransaction(ctx, "REV-1"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := e.TransactionExists(ctx, "REV-1"); ok {
		t.Error("deleted transaction exists")
	}
	if err := e.DeleteTransaction(ctx, "nope"); levy.ErrorCode(err) != levy.ENotFound || fieldOf(err) != FieldID {
		t.Errorf("delete unknown: %v, want not found about %s", err, FieldID)
	}
	long := "x123456789x123456789x123456789x123456789x"
	if _, err := e.TransactionExists(ctx, long); levy.ErrorCode(err) != levy.EInvalid || fieldOf(err) != FieldExistsID {
		t.Errorf("41-character ID: %v, want invalid about %s", err, FieldExistsID)
	}
	if _, err := e.ReverseTransaction(ctx, id, wire.ReversalRequest{TransactionID: long}); levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("41-character reversal ID: %v", err)
	}
}

// TestJournalBlankTransactionID checks that a transaction ID of only
// whitespace is refused, naming the field, by a calculation (which
// stores nothing) and as a reversal's own ID, while the operations on a
// stored transaction take it to the journal, which holds such IDs stored
// before the rule: there it is not found.
func TestJournalBlankTransactionID(t *testing.T) {
	e, j := journalEngine(t)
	ctx := context.Background()
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.SaleMessageType = wire.SaleInvoice
	req.TransactionID = "   "
	if _, err := e.Sale(ctx, req); levy.ErrorCode(err) != levy.EInvalid || fieldOf(err) != "transactionId" {
		t.Errorf("sale with ID %q: %v, want invalid about transactionId", req.TransactionID, err)
	}
	if ok, err := j.Exists(ctx, levy.DefaultTenant, req.TransactionID); ok || err != nil {
		t.Errorf("the refused sale was stored: exists = %v, %v", ok, err)
	}
	req.TransactionID = "INV-7"
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	blank := " \u3000 "
	checks := []struct {
		op    string
		err   error
		code  string
		field string
	}{
		{"delete", e.DeleteTransaction(ctx, blank), levy.ENotFound, FieldID},
		{"rollback", second(e.RollbackTransaction(ctx, blank)), levy.ENotFound, FieldID},
		{"reversal", second(e.ReverseTransaction(ctx, blank, wire.ReversalRequest{})), levy.ENotFound, FieldID},
		{"reversal's own ID", second(e.ReverseTransaction(ctx, "INV-7", wire.ReversalRequest{TransactionID: blank})), levy.EInvalid, FieldReversalOwnID},
	}
	for _, c := range checks {
		if levy.ErrorCode(c.err) != c.code || fieldOf(c.err) != c.field {
			t.Errorf("%s with ID %q: %v, want %s about %s", c.op, blank, c.err, c.code, c.field)
		}
	}
	if ok, err := e.TransactionExists(ctx, blank); ok || err != nil {
		t.Errorf("exists with ID %q: %v, %v; want false", blank, ok, err)
	}
	if _, err := e.ReverseTransaction(ctx, "INV-7", wire.ReversalRequest{}); err != nil {
		t.Errorf("the refused reversal left INV-7 unable to be reversed: %v", err)
	}
}

// second returns the error of a call that returns a value and an error.
func second[T any](_ T, err error) error { return err }

// TestJournalSyncAndRollback posts an invoice, reconciles one of its lines
// with ARBILLING_SYNC, and rolls the sync back.
func TestJournalSyncAndRollback(t *testing.T) {
	e, j := journalEngine(t)
	ctx := context.Background()
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "INV-9"
	second := req.LineItems[0]
	second.LineItemID, second.ExtendedPrice = "2", amt("50.00")
	req.LineItems = append(req.LineItems, second)
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	sync := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "80.00")
	sync.SaleMessageType, sync.TransactionID = wire.SaleARBillingSync, "INV-9"
	sync.LineItems[0].SyncType = wire.LineItemSyncTypeUpdate
	if _, err := e.Sale(ctx, sync); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "INV-9")
	if err != nil {
		t.Fatal(err)
	}
	if tx.Version != 2 || len(tx.Lines) != 2 || tx.Lines[0].Amount.String() != "80.00" || tx.Lines[1].Amount.String() != "50.00" {
		t.Fatalf("after the sync: version %d, lines %+v", tx.Version, tx.Lines)
	}
	rb, err := e.RollbackTransaction(ctx, "INV-9")
	if err != nil {
		t.Fatal(err)
	}
	if rb.Version != 3 || rb.RestoredVersion != 1 {
		t.Errorf("rollback %+v", rb)
	}
	tx, _ = j.Get(ctx, levy.DefaultTenant, "INV-9")
	if tx.Lines[0].Amount.String() != "100.00" {
		t.Errorf("after the rollback: %+v", tx.Lines)
	}
}

// fieldOf returns the Field of the *levy.Error in err's chain.
func fieldOf(err error) string {
	var one *levy.Error
	if errors.As(err, &one) {
		return one.Field
	}
	return ""
}

// TestSaleSyncKeepsItsLines: an ARBILLING_SYNC reconciles the stored
// transaction's lines by their lineItemId. A line without one (a child
// line's too) is refused naming its lineItemId: before, it matched no
// stored line and was added again at every sync, so that syncing the
// same receivable twice reported its tax twice.
func TestSaleSyncKeepsItsLines(t *testing.T) {
	e, j := journalEngine(t)
	ctx := context.Background()
	sync := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "80.00")
	sync.SaleMessageType, sync.TransactionID = wire.SaleARBillingSync, "AR-1"
	sync.LineItems[0].LineItemID = ""
	_, err := e.Sale(ctx, sync)
	if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "lineItems[0].lineItemId") {
		t.Fatalf("a sync line without a lineItemId: %v; want invalid naming lineItems[0].lineItemId", err)
	}
	parent := sync.LineItems[0]
	child := parent
	parent.LineItems = []wire.SaleLineItem{child}
	parent.LineItemID = "P"
	sync.LineItems = []wire.SaleLineItem{parent}
	_, err = e.Sale(ctx, sync)
	if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "lineItems[0].lineItems[0].lineItemId") {
		t.Fatalf("a child line without a lineItemId: %v; want invalid naming lineItems[0].lineItems[0].lineItemId", err)
	}
	sync.LineItems = []wire.SaleLineItem{child}
	sync.LineItems[0].LineItemID = "1"
	for range 2 {
		if _, err := e.Sale(ctx, sync); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "AR-1")
	if err != nil {
		t.Fatal(err)
	}
	if len(tx.Lines) != 1 || tx.Lines[0].Amount.String() != "80.00" {
		t.Errorf("after two syncs of one line: %d lines %+v; want one line of 80.00", len(tx.Lines), tx.Lines)
	}
}
