package nexus_test

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/wire"
)

// A host that stores its invoices in a journal asks where its sellers
// have crossed a threshold: the invoices stored through the engine add
// to the journal's sales figures, and Build reads them under the
// dataset's thresholds.
func ExampleBuild() {
	ctx := context.Background()
	store := journal.NewMemory() // badger.OpenJournal(ctx, dir) on disk
	e, err := engine.New(ctx, engine.WithJournal(store))
	if err != nil {
		panic(err)
	}
	for i, price := range []string{"70000.00", "45000.00"} {
		inv := engine.Quotation(fmt.Sprintf("2026-0%d-15", i+3),
			engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
			engine.CustomerAt(engine.USAddress("", "Miami", "FL", "33131")),
			engine.Line("equipment", "GENERAL", price))
		inv.SaleMessageType = wire.SaleInvoice // stored, unlike a quotation
		inv.TransactionID = fmt.Sprintf("INV-%d", i+1)
		if _, err := e.Sale(ctx, inv); err != nil {
			panic(err)
		}
	}

	rules, err := data.Default().Nexus()
	if err != nil {
		panic(err)
	}
	rep, err := nexus.Build(ctx, store, rules, levy.DefaultTenant, nexus.Options{AsOf: civil.MustParse("2026-06-30")})
	if err != nil {
		panic(err) // an EInvalid *levy.Error naming the option
	}
	for _, r := range rep.Rows {
		if r.Status != nexus.StatusNone {
			fmt.Println(r.State, r.Status, r.Sales, r.Currency, "crossed on", r.CrossedOn, "collect from", r.CollectFrom)
		}
	}
	// Output:
	// FL exceeded 115000.00 USD crossed on 2026-04-15 collect from 2027-01-01
}
