package batch_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// unreachable is the error of a store that cannot be reached.
var unreachable = &levy.Error{Code: levy.EUnavailable, Message: "the store cannot be reached; try again later"}

// downFrom is a journal whose Post fails as unreachable for the
// transactions T-n with n at least from (0: never), storing nothing.
type downFrom struct {
	journal.Store
	from int
}

func (d *downFrom) Post(ctx context.Context, tenant string, tx *journal.Transaction) (*journal.Transaction, error) {
	var n int
	if _, err := fmt.Sscanf(tx.TransactionID, "T-%d", &n); err == nil && d.from > 0 && n >= d.from {
		return nil, unreachable
	}
	return d.Store.Post(ctx, tenant, tx)
}

// TestFileFaultStopsForResume runs 600 invoices into a File with an
// engine that stores each calculation in its own journal, which cannot
// be reached from invoice T-300 on. The run stops at line 300 with a
// *FaultError carrying the journal's code, its output holding the 299
// lines before it; resumed once the journal is back, it calculates line
// 300 and the rest: every invoice stored once, and the output that of a
// run that never stopped. Before, lines 300 to 600 were answered with
// error records of code unavailable, and the resumed run passed over
// them as answered: those invoices were never stored.
func TestFileFaultStopsForResume(t *testing.T) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 600)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, newEngine(t), in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := &downFrom{Store: journal.NewMemory(), from: 300}
	e, err := engine.New(context.Background(), engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := runFile(t, e, in, got, nil, false)
	var fe *batch.FaultError
	if !errors.As(err, &fe) || fe.N != 300 || levy.ErrorCode(err) != levy.EUnavailable {
		t.Fatalf("run with the journal down from T-300: %+v, %v; want a FaultError of line 300, unavailable", sum, err)
	}
	if n := batchtest.LineCount(t, got); n != 299 || sum.Documents != 299 || sum.Failed != 3 {
		t.Fatalf("the stopped run wrote %d lines; its summary %+v; want 299 lines, 3 of them failed (lines 97, 194 and 291)", n, sum)
	}
	j.from = 0
	sum, err = runFile(t, e, in, got, nil, true)
	if err != nil || sum.Documents != 301 {
		t.Fatalf("resumed with the journal back: %+v, %v; want the 301 documents left", sum, err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}

// downProfiles is a tax profile store that cannot be reached.
type downProfiles struct{ profile.Store }

func (downProfiles) Records(context.Context, string, time.Time) (*profile.Records, error) {
	return nil, unreachable
}

func (downProfiles) Version(context.Context, string) (uint64, error) { return 0, unreachable }

// TestFaultStopsCSVAndIterator: a CSV run and an iterator run whose
// tenant's tax profile cannot be read stop at their first document with
// a *FaultError, answering nothing, where each document got error rows
// (or a Result with the error) and the run went on, so that a resumed
// run passed over all of them.
func TestFaultStopsCSVAndIterator(t *testing.T) {
	ctx := context.Background()
	e, err := engine.New(ctx, engine.WithProfileStore(downProfiles{}))
	if err != nil {
		t.Fatal(err)
	}
	const place = ",USD,ACME,,Seattle,WA,98109,US,,Seattle,WA,98101,US,,,,,,,1,GENERAL,,,1,,100.00\n"
	in := "document_number,document_date,message_type,transaction_id,currency,company,origin_street,origin_city,origin_region,origin_postal_code,origin_country," +
		"dest_street,dest_city,dest_region,dest_postal_code,dest_country,customer_code,customer_class,customer_tax_id,seller_tax_id,exemption_certificate," +
		"exemption_reason,line_number,product_class,product_code,description,quantity,unit_price,extended_price\n" +
		"D-1,2026-06-01,INVOICE,C-1" + place +
		"D-2,2026-06-01,INVOICE,C-2" + place
	var out bytes.Buffer
	sum, err := batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV, Journal: journal.NewMemory()}, strings.NewReader(in), &out)
	var fe *batch.FaultError
	if !errors.As(err, &fe) || fe.N != 1 || levy.ErrorCode(err) != levy.EUnavailable || sum.Documents != 0 {
		t.Fatalf("CSV run: %+v, %v; want a FaultError of document 1, unavailable, nothing answered", sum, err)
	}
	if rows := strings.Count(out.String(), "\n"); rows != 1 {
		t.Fatalf("the CSV output has %d rows, want the header alone:\n%s", rows, out.String())
	}

	reqs := slices.Values([]*wire.SaleRequest{saleInvoice(t, 1), saleInvoice(t, 2)})
	var results []string
	var last error
	for res, err := range batch.Sales(ctx, batch.Config{Engine: e, Journal: journal.NewMemory()}, reqs) {
		if err != nil {
			last = err
			continue
		}
		results = append(results, fmt.Sprintf("%d:%v", res.N, res.Err))
	}
	if len(results) != 0 || !errors.As(last, &fe) || fe.N != 1 {
		t.Fatalf("iterator run: results %q, then %v; want no result and a FaultError of request 1", results, last)
	}
}

// TestSummaryTotalsWithoutTakenOutCurrency: a document taken out of a
// run's counts again leaves no entry of its currency in Summary.Totals
// when it was that currency's only one. A run whose one invoice the
// journal refuses (a new version of R-1, a reversal whose own reversal
// stands) and a run whose first group the journal never stored (an
// error) each end with no totals, where they ended with "USD": 0, which
// levy batch printed as a total tax of 0 USD.
func TestSummaryTotalsWithoutTakenOutCurrency(t *testing.T) {
	ctx := context.Background()
	e := newEngine(t)
	j := journal.NewMemory()
	reversedReversal(t, j)
	invoice := strings.Replace(batchtest.Quote("R-1"), `"QUOTATION"`, `"INVOICE"`, 1) + "\n"
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}
	sum, err := batch.Run(ctx, cfg, strings.NewReader(invoice), &bytes.Buffer{})
	if err != nil || sum.Documents != 1 || sum.Failed != 1 || sum.Lines != 0 || len(sum.Totals) != 0 {
		t.Fatalf("the refused invoice: %+v, %v; want 1 document, failed, no lines and no totals", sum, err)
	}

	in, _ := batchtest.InvoiceFile(t, t.TempDir(), 10)
	input, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	sum, err = batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Journal: &failedPost{Store: journal.NewMemory(), at: 1}},
		bytes.NewReader(input), &bytes.Buffer{})
	if !errors.Is(err, errFailedPost) || sum.Documents != 0 || sum.Lines != 0 || len(sum.Totals) != 0 {
		t.Fatalf("the group never stored: %+v, %v; want nothing counted and no totals", sum, err)
	}
}

// TestProgressLastReportIsSummary: the last Progress report of a run
// whose last group holds a document that the journal refuses counts it
// as failed, as the Summary does. Before, the report of each document
// came before the group was stored, and none followed the commit of the
// last group: the last report said that the refused document succeeded.
func TestProgressLastReportIsSummary(t *testing.T) {
	ctx := context.Background()
	j := journal.NewMemory()
	reversedReversal(t, j)
	invoice := func(id string) string {
		return strings.Replace(batchtest.Quote(id), `"QUOTATION"`, `"INVOICE"`, 1) + "\n"
	}
	var reports []batch.Progress
	cfg := batch.Config{Engine: newEngine(t), Perspective: batch.Sale, Journal: j, Progress: func(p batch.Progress) { reports = append(reports, p) }}
	sum, err := batch.Run(ctx, cfg, strings.NewReader(invoice("A-1")+invoice("R-1")+invoice("A-3")), &bytes.Buffer{})
	if err != nil || sum.Documents != 3 || sum.Failed != 1 {
		t.Fatalf("run: %+v, %v; want 3 documents, 1 failed", sum, err)
	}
	if len(reports) == 0 {
		t.Fatal("no progress reported")
	}
	if last := reports[len(reports)-1]; last.Documents != sum.Documents || last.Failed != sum.Failed {
		t.Fatalf("the last progress report %+v; the summary %d documents, %d failed", last, sum.Documents, sum.Failed)
	}
}

// TestFileMaxErrorsCountsResumedOutput: Config.MaxErrors counts the
// failed documents of a resumed File's output too. A journaled run of
// 900 invoices (every 97th line refused) with MaxErrors 3, cancelled
// after 100 documents (one failed) and resumed with MaxErrors 3, stops
// at line 291, its third failure, as the run that never stopped does,
// with the same output; resumed again with MaxErrors 3 it answers
// nothing more, and with 0 it finishes, each invoice stored once.
// Before, the resumed run counted only its own failures and went on to
// line 485.
func TestFileMaxErrorsCountsResumedOutput(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := batchtest.InvoiceFile(t, dir, 900)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	whole := batch.Config{Engine: e, Perspective: batch.Sale, Journal: journal.NewMemory(), MaxErrors: 3}
	if sum, err := runConfig(context.Background(), t, whole, in, want, false); err != nil || !errors.Is(sum.Stopped, batch.ErrMaxErrors) || sum.Documents != 291 {
		t.Fatalf("the run that never stopped: %+v, %v; want it stopped at line 291", sum, err)
	}

	j := journal.NewMemory()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, MaxErrors: 3, Workers: 1,
		Progress: func(p batch.Progress) {
			if p.Documents == 100 {
				cancel()
			}
		}}
	sum, err := runConfig(ctx, t, cfg, in, got, false)
	if err != nil || !errors.Is(sum.Stopped, context.Canceled) || sum.Failed != 1 {
		t.Fatalf("the cancelled run: %+v, %v; want it cancelled after one failure", sum, err)
	}
	done := sum.Documents
	cfg.Progress = nil
	sum, err = runConfig(context.Background(), t, cfg, in, got, true)
	if err != nil || !errors.Is(sum.Stopped, batch.ErrMaxErrors) || done+sum.Documents != 291 {
		t.Fatalf("resumed after %d documents: %+v, %v; want it stopped at line 291", done, sum, err)
	}
	batchtest.SameFile(t, got, want)
	sum, err = runConfig(context.Background(), t, cfg, in, got, true)
	if err != nil || !errors.Is(sum.Stopped, batch.ErrMaxErrors) || sum.Documents != 0 {
		t.Fatalf("resumed again with MaxErrors 3: %+v, %v; want it stopped at once", sum, err)
	}
	cfg.MaxErrors = 0
	if sum, err := runConfig(context.Background(), t, cfg, in, got, true); err != nil || sum.Stopped != nil || sum.Documents != 900-291 {
		t.Fatalf("resumed with MaxErrors 0: %+v, %v; want the %d documents left", sum, err, 900-291)
	}
	wantVersions(t, j, ids, 1)
}
