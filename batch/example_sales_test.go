package batch_test

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// A host whose invoices are Go values, not a file, ranges over Sales:
// each Result comes in the order of the requests once its group is
// stored, a bad request fails alone (Result.Err, with the fields it
// names), and the error of the loop, last, is what ended the run.
func ExampleSales() {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	store := journal.NewMemory() // badger.OpenJournal(ctx, dir) on disk
	invoice := func(id, price string) *wire.SaleRequest {
		q := engine.Quotation("2026-06-01",
			engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
			engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
			engine.Line("lamp", "GENERAL", price))
		q.SaleMessageType = wire.SaleInvoice
		q.TransactionID = id
		return q
	}
	bad := invoice("INV-2", "40.00")
	bad.LineItems[0].Quantity = &wire.Measure{Value: new(money.MustParse("0"))} // a quantity must be above 0
	reqs := slices.Values([]*wire.SaleRequest{invoice("INV-1", "40.00"), bad, invoice("INV-3", "80.00")})

	for r, err := range batch.Sales(ctx, batch.Config{Engine: e, Journal: store}, reqs) {
		if err != nil {
			panic(err) // the journal's, a *batch.FaultError or the end of ctx
		}
		var le *levy.Error
		switch {
		case errors.As(r.Err, &le):
			fmt.Println(r.N, le.Code, le.Field)
		default:
			fmt.Println(r.N, "tax", r.Response.TotalTax, r.Response.TransactionID)
		}
	}
	stored, err := journal.Count(ctx, store, levy.DefaultTenant, civil.MustParse("2026-01-01"), civil.MustParse("2026-12-31"))
	if err != nil {
		panic(err)
	}
	fmt.Println("stored", stored)
	// Output:
	// 1 tax 2.50 INV-1
	// 2 invalid lineItems[0].quantity.value
	// 3 tax 5.00 INV-3
	// stored 2
}
