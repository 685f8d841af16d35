package batch_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// A journaled run written to a File stops half way (here at its first
// failed document, with Config.MaxErrors; the end of its context, a
// crash or kill -9 stop it too) and is opened again with resume: the
// second run skips the documents the file answers and calculates the
// rest, and every invoice is stored exactly once.
func ExampleOpenFile() {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	store := journal.NewMemory() // badger.OpenJournal(ctx, dir) on disk
	invoice := func(id string) string {
		return `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"` + id + `","documentDate":"2026-06-01","seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"10118","country":"US"}},"lineItems":[{"extendedPrice":100}]}` + "\n"
	}
	input := invoice("INV-1") + invoice("INV-2") +
		`{"saleMessageType":"INVOICE","transactionId":"BAD","lineItems":[{"extendedPrice":"x"}]}` + "\n" +
		invoice("INV-3") + invoice("INV-4")
	dir, err := os.MkdirTemp("", "levy-batch-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "answers.jsonl")
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: store}

	first := cfg
	first.MaxErrors = 1
	f, err := batch.OpenFile(ctx, first, out, false)
	if err != nil {
		panic(err)
	}
	sum, err := f.Run(ctx, strings.NewReader(input))
	if err != nil {
		panic(err)
	}
	if err := f.Close(); err != nil {
		panic(err)
	}
	fmt.Println("first run:", sum.Documents, "answered, stopped:", errors.Is(sum.Stopped, batch.ErrMaxErrors))

	// The same input again, resumed.
	f, err = batch.OpenFile(ctx, cfg, out, true)
	if err != nil {
		panic(err)
	}
	fmt.Println("the file holds", f.Done(), "answers")
	sum, err = f.Run(ctx, strings.NewReader(input))
	if err != nil {
		panic(err)
	}
	if err := f.Close(); err != nil {
		panic(err)
	}
	fmt.Println("second run:", sum.Documents, "answered")
	for _, id := range []string{"INV-1", "INV-2", "INV-3", "INV-4"} {
		v, err := store.Versions(ctx, levy.DefaultTenant, id)
		if err != nil {
			panic(err)
		}
		fmt.Println(id, "stored", len(v), "time(s)")
	}
	// Output:
	// first run: 3 answered, stopped: true
	// the file holds 3 answers
	// second run: 2 answered
	// INV-1 stored 1 time(s)
	// INV-2 stored 1 time(s)
	// INV-3 stored 1 time(s)
	// INV-4 stored 1 time(s)
}
