package badger_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// A host keeps the invoices its engine calculates in a journal on disk,
// reverses one, and closes the journal once its calculations have
// returned. A call after Close fails with journal.ErrClosed, of code
// levy.EUnavailable, which a host retries (with a journal opened again).
func ExampleOpenJournal() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "levy-journal-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	store, err := badger.OpenJournal(ctx, filepath.Join(dir, "journal"))
	if err != nil {
		panic(err)
	}
	e, err := engine.New(ctx, engine.WithJournal(store))
	if err != nil {
		panic(err)
	}

	inv := engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("lamp", "GENERAL", "40.00"))
	inv.SaleMessageType = wire.SaleInvoice
	inv.TransactionID = "INV-1"
	resp, err := e.Sale(ctx, inv)
	if err != nil {
		panic(err)
	}
	fmt.Println("stored INV-1, tax", resp.TotalTax)
	rev, err := e.ReverseTransaction(ctx, "INV-1", wire.ReversalRequest{TransactionID: "INV-1-R"})
	if err != nil {
		panic(err)
	}
	fmt.Println("reversed by", rev.TransactionID)
	_, err = e.ReverseTransaction(ctx, "INV-1", wire.ReversalRequest{})
	fmt.Println("a second reversal:", levy.ErrorCode(err))

	if err := store.Close(); err != nil {
		panic(err)
	}
	_, err = e.TransactionExists(ctx, "INV-1")
	fmt.Println("after Close:", levy.ErrorCode(err), errors.Is(err, journal.ErrClosed))
	// Output:
	// stored INV-1, tax 2.50
	// reversed by INV-1-R
	// a second reversal: conflict
	// after Close: unavailable true
}
