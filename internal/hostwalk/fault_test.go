package hostwalk_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// A nightly job whose journal goes away mid-run (closed under it, as a
// shutdown racing the job would) ends with the journal's error, of code
// unavailable, and answers no document that the journal did not store;
// resumed over the journal opened again, it stores every invoice once.
func TestNightlyBatchJournalGoneThenResumed(t *testing.T) {
	const n = 60
	ctx := context.Background()
	dir := t.TempDir()
	jdir := filepath.Join(dir, "journal")
	out := filepath.Join(dir, "out.jsonl")
	var in strings.Builder
	for i := range n {
		fmt.Fprintf(&in, `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"F-%02d","documentDate":"2026-06-01","seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"02108","country":"US"}},"lineItems":[{"extendedPrice":40}]}`+"\n", i)
	}
	e, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	store, err := badger.OpenJournal(ctx, jdir)
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: store, Workers: 1, Progress: func(p batch.Progress) {
		if p.Documents == 20 && !closed {
			closed = true
			if err := store.Close(); err != nil {
				t.Error(err)
			}
		}
	}}
	f, err := batch.OpenFile(ctx, cfg, out, false)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := f.Run(ctx, strings.NewReader(in.String()))
	if levy.ErrorCode(err) != levy.EUnavailable || !errors.Is(err, journal.ErrClosed) {
		t.Fatalf("a run whose journal was closed: %v, want journal.ErrClosed (unavailable)", err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	// The documents of the group that the journal did not store are not
	// counted as answered: the resumed run calculates them.
	if sum.Documents >= n || sum.Failed != 0 {
		t.Fatalf("first run: %d answered, %d failed", sum.Documents, sum.Failed)
	}

	store, err = badger.OpenJournal(ctx, jdir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cfg.Journal, cfg.Progress = store, nil
	f, err = batch.OpenFile(ctx, cfg, out, true)
	if err != nil {
		t.Fatal(err)
	}
	if f.Done() != sum.Documents {
		t.Fatalf("the file holds %d answers, the first run answered %d", f.Done(), sum.Documents)
	}
	second, err := f.Run(ctx, strings.NewReader(in.String()))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if sum.Documents+second.Documents != n || second.Failed != 0 {
		t.Fatalf("%d + %d answered (%d failed), want %d", sum.Documents, second.Documents, second.Failed, n)
	}
	for i := range n {
		id := fmt.Sprintf("F-%02d", i)
		v, err := store.Versions(ctx, levy.DefaultTenant, id)
		if err != nil || len(v) != 1 {
			t.Fatalf("%s: %d versions, %v; want one", id, len(v), err)
		}
	}
}
