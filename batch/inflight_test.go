package batch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// groupSizes is a journal that records how many transactions each
// PostAll stores: the size of a run's groups.
type groupSizes struct {
	journal.Store
	sizes []int
}

func (g *groupSizes) PostAll(ctx context.Context, tenant string, txs []*journal.Transaction) ([]*journal.Transaction, error) {
	g.sizes = append(g.sizes, len(txs))
	return g.Store.PostAll(ctx, tenant, txs)
}

// bigInvoice is the sale invoice of line n of batchtest.InvoiceFile
// (ID T-n, document D-n) with lines line items: its answer takes
// nearly two kilobytes a line item.
func bigInvoice(n, lines int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"T-%d","documentNumber":"D-%d","documentDate":"2026-06-01",`+
		`"seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"10118","country":"US"}},"lineItems":[`, n, n)
	for k := 1; k <= lines; k++ {
		if k > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"lineItemNumber":%d,"extendedPrice":%d.%02d}`, k, 1+k%300, k%100)
	}
	b.WriteString("]}\n")
	return b.String()
}

// inFlightInput writes batchtest.InvoiceFile's n invoices to dir with
// invoice 150 replaced by one of 300 line items, whose answer of half a
// megabyte is heavier than the whole of the tests' small bounds, and returns
// its path and the IDs of its stored invoices.
func inFlightInput(t *testing.T, dir string, n int) (string, []string) {
	t.Helper()
	in, ids := batchtest.InvoiceFile(t, dir, n)
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	if !strings.Contains(lines[149], `"T-150"`) || !strings.Contains(lines[149], `"INVOICE"`) {
		t.Fatalf("line 150 is not invoice T-150: %s", lines[149])
	}
	lines[149] = bigInvoice(150, 300)
	if err := os.WriteFile(in, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	return in, ids
}

// TestFileInFlight runs a journaled File whose documents weigh more than
// Config.InFlight allows, with a document heavier than the whole bound
// among them, on several workers in chunks: the output is that of a run
// with the default bound, each invoice is stored once, and the groups
// are as small as the bound says (with InFlight 1, one document each,
// where the default makes groups of GroupSize).
func TestFileInFlight(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := inFlightInput(t, dir, 400)
	want := filepath.Join(dir, "want.jsonl")
	wantJournal := &groupSizes{Store: journal.NewMemory()}
	if _, err := runFile(t, e, in, want, wantJournal, false); err != nil {
		t.Fatal(err)
	}
	if wantJournal.sizes[0] < 100 {
		t.Fatalf("with the default bound the first group stored %d documents", wantJournal.sizes[0])
	}
	for _, c := range []struct {
		inFlight int
		most     int // the largest group
	}{{1, 1}, {256 << 10, batch.GroupSize}} {
		t.Run(fmt.Sprint(c.inFlight), func(t *testing.T) {
			got := filepath.Join(t.TempDir(), "got.jsonl")
			j := &groupSizes{Store: journal.NewMemory()}
			cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, Workers: 4, Chunk: 16, InFlight: c.inFlight}
			sum, err := runConfig(context.Background(), t, cfg, in, got, false)
			if err != nil || sum.Documents != 400 {
				t.Fatalf("run: %+v, %v", sum, err)
			}
			batchtest.SameFile(t, got, want)
			wantVersions(t, j, ids, 1)
			stored := 0
			for _, n := range j.sizes {
				if n > c.most {
					t.Fatalf("a group stored %d documents, want at most %d", n, c.most)
				}
				stored += n
			}
			if stored != len(ids) {
				t.Fatalf("the groups stored %d documents, want %d", stored, len(ids))
			}
		})
	}
}

// TestFileInFlightCancelResume ends the context of a journaled run with
// a small InFlight part-way, then resumes it: the stopped run wrote and
// stored exactly the documents it answered, and the resumed one ends
// with the output of a run that never stopped, every invoice stored
// once.
func TestFileInFlightCancelResume(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := inFlightInput(t, dir, 400)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, Workers: 4, Chunk: 4, InFlight: 64 << 10,
		Progress: func(p batch.Progress) {
			if p.Documents == 140 {
				cancel()
			}
		}}
	sum, err := runConfig(ctx, t, cfg, in, got, false)
	if err != nil || !errors.Is(sum.Stopped, context.Canceled) || sum.Documents < 140 || sum.Documents >= 400 {
		t.Fatalf("cancelled run: %+v, %v", sum, err)
	}
	done := batchtest.LineCount(t, got)
	if done != sum.Documents {
		t.Fatalf("the cancelled run wrote %d lines and counted %d documents", done, sum.Documents)
	}
	counts := versionCounts(t, j, ids)
	for _, id := range ids {
		var n int
		fmt.Sscanf(id, "T-%d", &n)
		if want := map[bool]int{true: 1, false: 0}[n <= done]; counts[id] != want {
			t.Fatalf("after the cancel, %s (%d lines written) has %d versions, want %d", id, done, counts[id], want)
		}
	}
	cfg.Progress = nil
	sum, err = runConfig(context.Background(), t, cfg, in, got, true)
	if err != nil || sum.Documents != 400-done {
		t.Fatalf("resumed run: %+v, %v", sum, err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}

// TestInFlightCSVAndIterator: a CSV run and an iterator run with an
// InFlight of 1, one document at a time, answer as they do with the
// default bound.
func TestInFlightCSVAndIterator(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	in, err := os.ReadFile(filepath.Join("testdata", "sale.csv"))
	if err != nil {
		t.Fatal(err)
	}
	var want, got bytes.Buffer
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV, Workers: 4, Chunk: 4}
	if _, err := batch.Run(ctx, cfg, bytes.NewReader(in), &want); err != nil {
		t.Fatal(err)
	}
	cfg.InFlight = 1
	if _, err := batch.Run(ctx, cfg, bytes.NewReader(in), &got); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("CSV with InFlight 1:\n%s\nwant\n%s", got.String(), want.String())
	}

	reqs := func(yield func(*wire.SaleRequest) bool) {
		for i := 1; i <= 60; i++ {
			r := new(wire.SaleRequest)
			if err := json.Unmarshal([]byte(batchtest.Quote(fmt.Sprintf("Q-%d", i))), r); err != nil {
				t.Fatal(err)
			}
			if i%10 == 0 {
				r.LineItems = nil // refused: a document needs a line
			}
			if !yield(r) {
				return
			}
		}
	}
	n := 0
	for res, err := range batch.Sales(ctx, batch.Config{Engine: e, Journal: journal.NewMemory(), Workers: 4, InFlight: 1}, reqs) {
		if err != nil {
			t.Fatalf("after %d results: %v", n, err)
		}
		n++
		switch {
		case res.N != n:
			t.Fatalf("result %d is numbered %d", n, res.N)
		case n%10 == 0:
			if levy.ErrorCode(res.Err) != levy.EInvalid {
				t.Fatalf("request %d without lines: %v", n, res.Err)
			}
		case res.Err != nil || res.Response.TransactionID != fmt.Sprintf("Q-%d", n):
			t.Fatalf("request %d: %v", n, res.Err)
		}
	}
	if n != 60 {
		t.Fatalf("%d results, want 60", n)
	}
}
