package journal_test

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// A host's engine keeps its invoices in a journal (engine.WithJournal):
// two invoices are stored, one of them is reversed, and the remittance
// report of the month adds up what is owed, the reversal taking back
// its invoice's tax.
func ExampleSummarize() {
	ctx := context.Background()
	store := journal.NewMemory() // badger.OpenJournal(ctx, dir) on disk
	defer store.Close()
	e, err := engine.New(ctx, engine.WithJournal(store))
	if err != nil {
		panic(err)
	}
	for _, id := range []string{"INV-1", "INV-2"} {
		inv := engine.Quotation("2026-06-01",
			engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
			engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
			engine.Line("lamp", "GENERAL", "40.00"))
		inv.SaleMessageType = wire.SaleInvoice // stored, unlike a quotation
		inv.TransactionID = id
		if _, err := e.Sale(ctx, inv); err != nil {
			panic(err)
		}
	}
	if _, err := e.ReverseTransaction(ctx, "INV-2", wire.ReversalRequest{TransactionID: "INV-2-R", PostingDate: civil.MustParse("2026-06-02")}); err != nil {
		panic(err)
	}

	rep, err := journal.Summarize(ctx, store, levy.DefaultTenant, civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30"))
	if err != nil {
		panic(err)
	}
	for _, c := range rep.Currencies {
		fmt.Println(c.Currency, c.Transactions, "transactions, tax", c.Total.Tax)
	}
	// Output:
	// USD 3 transactions, tax 2.50
}
