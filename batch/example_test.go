package batch_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// A host's nightly job: the day's invoices, one v2 request body a line,
// calculated on every core and stored in the journal in groups, with an
// answer a line in the order of the input. A File (batch.OpenFile) in
// place of the writer makes the run resumable after a crash.
func ExampleRun() {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	store := journal.NewMemory() // badger.OpenJournal(ctx, dir) on disk
	invoices := strings.NewReader(
		`{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"INV-1","documentDate":"2026-06-01","seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"10118","country":"US"}},"lineItems":[{"extendedPrice":100}]}` + "\n" +
			`{"saleMessageType":"INVOICE","transactionId":"INV-2","documentDate":"2026-06-01","lineItems":[{"extendedPrice":"x"}]}` + "\n")

	sum, err := batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Journal: store}, invoices, io.Discard)
	if err != nil {
		panic(err)
	}
	stored, _ := store.Exists(ctx, levy.DefaultTenant, "INV-1")
	fmt.Printf("%d documents, %d failed, tax %s USD, INV-1 stored: %v\n", sum.Documents, sum.Failed, sum.Totals["USD"], stored)
	// Output: 2 documents, 1 failed, tax 8.88 USD, INV-1 stored: true
}
