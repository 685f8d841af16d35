package hostwalk_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

func order(date, id string, msg wire.SaleMessageType, price string) *wire.SaleRequest {
	q := engine.Quotation(date,
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("lamp", "GENERAL", price))
	q.SaleMessageType = msg
	q.TransactionID = id
	return q
}

// An order system quotes, invoices and stores in a Badger journal on
// disk, reverses a returned order, is restarted (the journal closed and
// opened again) and reads the month's report: the returned order counts
// for nothing, the kept one in full.
func TestOrderSystemAcrossRestart(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "journal")
	store, err := badger.OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(ctx, engine.WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	quote, err := e.Sale(ctx, order("2026-06-01", "Q-1", wire.SaleQuotation, "40.00"))
	if err != nil {
		t.Fatal(err)
	}
	if got := quote.TotalTax.String(); got != "2.50" {
		t.Fatalf("quote tax %s, want 2.50 (Massachusetts 6.25%%)", got)
	}
	if ok, err := e.TransactionExists(ctx, "Q-1"); err != nil || ok {
		t.Fatalf("a quotation is not stored: exists %v, %v", ok, err)
	}
	for _, id := range []string{"ORD-1", "ORD-2"} {
		inv, err := e.Sale(ctx, order("2026-06-01", id, wire.SaleInvoice, "40.00"))
		if err != nil {
			t.Fatal(err)
		}
		if inv.TotalTax.String() != quote.TotalTax.String() {
			t.Fatalf("%s tax %s, quoted %s", id, inv.TotalTax, quote.TotalTax)
		}
	}
	// ORD-2 comes back; the reversal counts on the original's day, in June.
	posted := civil.MustParse("2026-06-01")
	if _, err := e.ReverseTransaction(ctx, "ORD-2", wire.ReversalRequest{TransactionID: "ORD-2-R", PostingDate: posted}); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	// The restart.
	store, err = badger.OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e, err = engine.New(ctx, engine.WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ORD-1", "ORD-2", "ORD-2-R"} {
		if ok, err := e.TransactionExists(ctx, id); err != nil || !ok {
			t.Fatalf("%s after the restart: exists %v, %v", id, ok, err)
		}
	}
	_, err = e.ReverseTransaction(ctx, "ORD-2", wire.ReversalRequest{})
	if levy.ErrorCode(err) != levy.EConflict {
		t.Fatalf("a second reversal after the restart: %v, want conflict", err)
	}
	rep, err := journal.Summarize(ctx, store, levy.DefaultTenant, civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Currencies) != 1 || rep.Currencies[0].Currency != "USD" {
		t.Fatalf("report currencies %+v, want one USD section", rep.Currencies)
	}
	tot := rep.Currencies[0].Total
	if tot.SubTotal.String() != "40.00" || tot.Tax.String() != "2.50" {
		t.Fatalf("June: subtotal %s tax %s, want 40.00 and 2.50 (ORD-2 returned)", tot.SubTotal, tot.Tax)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = e.TransactionExists(ctx, "ORD-1")
	if !errors.Is(err, journal.ErrClosed) || levy.ErrorCode(err) != levy.EUnavailable {
		t.Fatalf("after Close: %v, want journal.ErrClosed (unavailable)", err)
	}
}

// A host restarted before its previous process has let go of the journal
// (or a second instance on the same directory) is told the directory is
// in use, of code unavailable, and opens it once the first has closed it.
func TestJournalDirectoryInUse(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "journal")
	first, err := badger.OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = badger.OpenJournal(ctx, dir)
	if !errors.Is(err, badger.ErrInUse) || levy.ErrorCode(err) != levy.EUnavailable {
		t.Fatalf("a second open of a journal in use: %q %v, want badger.ErrInUse (unavailable)", levy.ErrorCode(err), err)
	}
	_, err = badger.OpenProfile(ctx, dir)
	if !errors.Is(err, badger.ErrInUse) {
		t.Fatalf("a profile store over a directory in use: %v, want badger.ErrInUse", err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := badger.OpenJournal(ctx, dir)
	if err != nil {
		t.Fatalf("once closed: %v", err)
	}
	if err := again.Close(); err != nil {
		t.Fatal(err)
	}
}
