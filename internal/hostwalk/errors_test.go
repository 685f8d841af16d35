package hostwalk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The errors a host switches on: a request at fault (invalid, with the
// JSON path of the field), a transaction that the journal does not hold
// (not found), a second reversal (conflict), an engine without a journal
// asked for a stored transaction, and the host's own cancelled context
// (the context's error, before any code).
func TestHostSwitchesOnErrors(t *testing.T) {
	ctx := context.Background()
	e, err := engine.New(ctx, engine.WithJournal(journal.NewMemory()))
	if err != nil {
		t.Fatal(err)
	}
	classify := func(err error) string {
		var le *levy.Error
		switch {
		case err == nil:
			return "ok"
		case errors.Is(err, context.Canceled):
			return "cancelled"
		case errors.As(err, &le):
			return le.Code + " " + le.Field
		}
		return "other " + err.Error()
	}

	bad := quotation()
	bad.LineItems[0].ExtendedPrice = nil
	bad.LineItems[0].Quantity = &wire.Measure{Value: new(money.MustParse("-1"))}
	_, err = e.Sale(ctx, bad)
	if got := classify(err); got != "invalid lineItems[0].quantity.value" {
		t.Errorf("a negative quantity: %s", got)
	}
	_, err = e.ReverseTransaction(ctx, "NO-SUCH-ORDER", wire.ReversalRequest{})
	if got := levy.ErrorCode(err); got != levy.ENotFound {
		t.Errorf("reversing an order never stored: %s", classify(err))
	}
	_, err = e.Sale(ctx, nil)
	if got := levy.ErrorCode(err); got != levy.EInvalid {
		t.Errorf("a nil request: %s", classify(err))
	}

	inv := order("2026-06-01", "ORD-9", wire.SaleInvoice, "40.00")
	if _, err := e.Sale(ctx, inv); err != nil {
		t.Fatal(err)
	}
	if _, err := e.ReverseTransaction(ctx, "ORD-9", wire.ReversalRequest{}); err != nil {
		t.Fatal(err)
	}
	_, err = e.ReverseTransaction(ctx, "ORD-9", wire.ReversalRequest{})
	if got := levy.ErrorCode(err); got != levy.EConflict {
		t.Errorf("a second reversal: %s", classify(err))
	}

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = e.Sale(cctx, quotation())
	if got := classify(err); got != "cancelled" {
		t.Errorf("a sale under a cancelled context: %s", got)
	}

	plain, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = plain.TransactionExists(ctx, "ORD-9")
	if err == nil {
		t.Fatal("an engine without a journal answered TransactionExists")
	}
	// The host's own wiring is at fault: no code a retry could mend, and
	// the message says which option is missing.
	if got := levy.ErrorCode(err); got != levy.EInternal || !strings.Contains(err.Error(), "WithJournal") {
		t.Errorf("an engine without a journal asked for a stored transaction: %s (%v), want internal naming WithJournal", classify(err), err)
	}
}

// A host that puts a tenant no credential may carry into its context (a
// space at an end, a control character) has the invoices it would store
// refused as invalid, naming the tenant, as package batch refuses such a
// Config.Tenant: nothing is stored where no caller of the API could read
// it. A quotation, which stores nothing, is calculated.
func TestEngineRefusesToStoreUnderBadTenant(t *testing.T) {
	ctx := context.Background()
	store := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	bad := levy.WithTenant(ctx, "acme ")
	_, err = e.Sale(bad, order("2026-06-01", "T-1", wire.SaleInvoice, "40.00"))
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "tenant" {
		t.Fatalf("an invoice under tenant %q: %v, want invalid naming tenant", "acme ", err)
	}
	if ok, err := store.Exists(ctx, "acme ", "T-1"); err != nil || ok {
		t.Fatalf("stored under the bad tenant: %v, %v", ok, err)
	}
	resp, err := e.Sale(bad, order("2026-06-01", "Q-1", wire.SaleQuotation, "40.00"))
	if err != nil || resp.TotalTax.String() != "2.50" {
		t.Fatalf("a quotation under the bad tenant: %v, %v", resp, err)
	}
}
