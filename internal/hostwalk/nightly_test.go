package hostwalk_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// A nightly job through package batch stores its invoices in a Badger
// journal on disk; the job is stopped half way (its context ends, as a
// SIGTERM handler would end it), the process closes the journal, and the
// next start resumes the run: every invoice is answered once in the
// output and stored once in the journal.
func TestNightlyBatchStoppedAndResumed(t *testing.T) {
	const n = 300
	ctx := context.Background()
	dir := t.TempDir()
	var in strings.Builder
	for i := range n {
		fmt.Fprintf(&in, `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"N-%03d","documentDate":"2026-06-01","seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"02108","country":"US"}},"lineItems":[{"extendedPrice":40}]}`+"\n", i)
	}
	out := filepath.Join(dir, "tonight.out.jsonl")
	jdir := filepath.Join(dir, "journal")
	e, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}

	run := func(ctx context.Context, resume bool, progress func(batch.Progress)) (batch.Summary, int) {
		store, err := badger.OpenJournal(ctx, jdir)
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			if err := store.Close(); err != nil {
				t.Fatal(err)
			}
		}()
		f, err := batch.OpenFile(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Journal: store, Tenant: "nightly", Progress: progress}, out, resume)
		if err != nil {
			t.Fatal(err)
		}
		done := f.Done()
		sum, err := f.Run(ctx, strings.NewReader(in.String()))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return sum, done
	}

	stop, cancel := context.WithCancel(ctx)
	first, _ := run(stop, false, func(p batch.Progress) {
		if p.Documents == n/3 {
			cancel()
		}
	})
	cancel()
	if !errors.Is(first.Stopped, context.Canceled) {
		t.Fatalf("first run stopped by %v, want the context's end", first.Stopped)
	}
	if first.Documents < n/3 || first.Documents >= n {
		t.Fatalf("first run answered %d of %d", first.Documents, n)
	}

	second, done := run(ctx, true, nil)
	if done != first.Documents {
		t.Fatalf("the resumed file holds %d answers, the first run answered %d", done, first.Documents)
	}
	if first.Documents+second.Documents != n || second.Failed != 0 || second.Stopped != nil {
		t.Fatalf("first %d + second %d answered (failed %d, stopped %v), want %d", first.Documents, second.Documents, second.Failed, second.Stopped, n)
	}

	// Every answer once, in input order, and every invoice stored once.
	fh, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	lines := 0
	for sc.Scan() {
		want := fmt.Sprintf(`"transactionId":"N-%03d"`, lines)
		if !strings.Contains(sc.Text(), want) {
			t.Fatalf("output line %d lacks %s: %.200s", lines+1, want, sc.Text())
		}
		lines++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines != n {
		t.Fatalf("%d output lines, want %d", lines, n)
	}
	store, err := badger.OpenJournal(ctx, jdir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for i := range n {
		id := fmt.Sprintf("N-%03d", i)
		v, err := store.Versions(ctx, "nightly", id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if len(v) != 1 {
			t.Fatalf("%s stored %d times, want once", id, len(v))
		}
	}
	rep, err := journal.Summarize(ctx, store, "nightly", civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Transactions != n || len(rep.Currencies) != 1 || rep.Currencies[0].Total.Tax.String() != "750.00" {
		t.Fatalf("June of tenant nightly: %d transactions, %+v; want %d and tax 750.00", rep.Transactions, rep.Currencies, n)
	}
}
