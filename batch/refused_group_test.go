package batch_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// reversedReversal stores in j sale R-0, its reversal, the
// reversal of R-1: R-1 is a reversal whose own reversal stands, over
// which the journal posts no new version (409).
func reversedReversal(t *testing.T, j journal.Store) {
	t.Helper()
	ctx := context.Background()
	if _, err := j.Post(ctx, levy.DefaultTenant, &journal.Transaction{TransactionID: "R-0", Perspective: "SELLER", MessageType: "INVOICE",
		DocumentDate: civil.MustParse("2026-06-01")}); err != nil {
		t.Fatal(err)
	}
	for _, r := range [][2]string{{"R-0", "R-1"}, {"R-1", "R-2"}} {
		if _, err := j.Reverse(ctx, levy.DefaultTenant, r[0], journal.Reversal{TransactionID: r[1]}); err != nil {
			t.Fatal(err)
		}
	}
}

// refusedGroupFile writes the invoices of batchtest.InvoiceFile (900
// lines) with the invoice of line n sent under the ID R-1, and returns
// its path and the IDs that it stores.
func refusedGroupFile(t *testing.T, dir string, n int) (string, []string) {
	t.Helper()
	in, ids := batchtest.InvoiceFile(t, dir, 900)
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprintf("T-%d", n)
	old := `"transactionId":"` + id + `",`
	if !strings.Contains(string(b), old) || !slices.Contains(ids, id) {
		t.Fatalf("line %d is no invoice", n)
	}
	b = []byte(strings.Replace(string(b), old, `"transactionId":"R-1",`, 1))
	if err := os.WriteFile(in, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return in, slices.DeleteFunc(ids, func(s string) bool { return s == id })
}

// TestFileRefusedDocumentInGroup: a journaled run whose group holds a
// document that the journal refuses when the group is stored (a new
// version of R-1, a reversal whose own reversal stands: 409) answers
// that document with an error record of its line, naming
// transactionId, and stores the rest of the group, each document once,
// into a Badger journal; R-1 stays as it was. Before, the journal's
// refusal failed the whole group, and the run stopped there with an
// error. Interrupted after the journal stored the rest of the group and
// before its output was written, the run resumes from its checkpoint
// without storing anything twice, and its output is that of a run that
// never stopped.
func TestFileRefusedDocumentInGroup(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	e := newEngine(t)
	const n = batch.GroupSize + 5 // in the second group
	in, ids := refusedGroupFile(t, dir, n)

	want := filepath.Join(dir, "want.jsonl")
	j := openJournal(t, filepath.Join(dir, "journal-1"))
	defer j.Close()
	reversedReversal(t, j)
	sum, err := runFile(t, e, in, want, j, false)
	if err != nil {
		t.Fatalf("the run failed: %v", err)
	}
	if sum.Documents != 900 || sum.Failed != 9+1 {
		t.Errorf("%d documents, %d failed; want 900, 10 (9 bad lines and R-1)", sum.Documents, sum.Failed)
	}
	out, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(out), "\n")
	var rec batch.ErrorRecord
	if err := json.Unmarshal([]byte(lines[n-1]), &rec); err != nil || rec.Line != n || rec.TransactionID != "R-1" || len(rec.Errors) != 1 ||
		rec.Errors[0].Code != levy.EConflict || rec.Errors[0].Target != "transactionId" || !strings.Contains(rec.Errors[0].Message, "R-2") {
		t.Errorf("line %d: %.300s (%v); want its error record, a conflict naming transactionId and R-2", n, lines[n-1], err)
	}
	wantVersions(t, j, ids, 1)
	if tx, err := j.Get(ctx, levy.DefaultTenant, "R-1"); err != nil || tx.Version != 1 || tx.ReversalOf != "R-0" {
		t.Errorf("R-1: %+v, %v; want the reversal of R-0, version 1", tx, err)
	}

	// The same run on a journal of its own, stopped after the journal
	// stored the second group's rest (its second PostAll, the third of
	// the run) and before that group's output was written.
	got := filepath.Join(dir, "got.jsonl")
	j2 := openJournal(t, filepath.Join(dir, "journal-2"))
	defer j2.Close()
	reversedReversal(t, j2)
	if _, err := runFile(t, e, in, got, &lostAck{Store: j2, at: 3}, false); !errors.Is(err, errLostAck) {
		t.Fatalf("interrupted run: %v", err)
	}
	if c := batchtest.LineCount(t, got); c != batch.GroupSize {
		t.Fatalf("the interrupted run wrote %d lines, want its first group of %d", c, batch.GroupSize)
	}
	var twoGroups []string // the IDs that the first two groups store
	for _, id := range ids {
		var k int
		if _, err := fmt.Sscanf(id, "T-%d", &k); err == nil && k <= 2*batch.GroupSize {
			twoGroups = append(twoGroups, id)
		}
	}
	wantVersions(t, j2, twoGroups, 1)
	if _, err := runFile(t, e, in, got, j2, true); err != nil {
		t.Fatalf("resumed run: %v", err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j2, ids, 1)
	if tx, err := j2.Get(ctx, levy.DefaultTenant, "R-1"); err != nil || tx.Version != 1 {
		t.Errorf("R-1 after the resumed run: %+v, %v; want version 1", tx, err)
	}
}

// TestRefusedDocumentInGroupCSVAndIterator: the CSV format and the
// iterator of requests answer a document that the journal refuses when
// its group is stored (a new version of R-1, a reversal whose own
// reversal stands) as the JSON lines format does: with that document's
// error (CSV error rows naming its row, a Result with Err), and store
// the others of the group, into a Badger journal. Before, the run
// failed with the journal's refusal of the whole group.
func TestRefusedDocumentInGroupCSVAndIterator(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	e := newEngine(t)
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	reversedReversal(t, j)

	const place = ",USD,ACME,,Seattle,WA,98109,US,,Seattle,WA,98101,US,,,,,,,1,GENERAL,,,1,,100.00\n"
	in := "document_number,document_date,message_type,transaction_id,currency,company,origin_street,origin_city,origin_region,origin_postal_code,origin_country," +
		"dest_street,dest_city,dest_region,dest_postal_code,dest_country,customer_code,customer_class,customer_tax_id,seller_tax_id,exemption_certificate," +
		"exemption_reason,line_number,product_class,product_code,description,quantity,unit_price,extended_price\n" +
		"D-1,2026-06-01,INVOICE,C-1" + place +
		"D-2,2026-06-01,INVOICE,R-1" + place +
		"D-3,2026-06-01,INVOICE,C-3" + place
	var out strings.Builder
	sum, err := batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV, Journal: j}, strings.NewReader(in), &out)
	if err != nil || sum.Documents != 3 || sum.Failed != 1 || sum.Lines != 2 || sum.Totals["USD"].String() != "21.10" {
		t.Fatalf("CSV run: %+v, %v; want 3 documents, 1 failed, and the lines and tax of the 2 stored (10.55 each)", sum, err)
	}
	var refused []string
	for _, row := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(row, "error,") {
			refused = append(refused, row)
		}
	}
	if len(refused) != 1 || !strings.Contains(refused[0], ",D-2,R-1,") || !strings.Contains(refused[0], ",3,transaction_id,conflict,") {
		t.Errorf("the CSV output's error rows: %q, want one of D-2 (R-1), a conflict naming row 3's transaction_id", refused)
	}
	for _, id := range []string{"C-1", "C-3"} {
		if n := versionCounts(t, j, []string{id})[id]; n != 1 {
			t.Errorf("%s has %d versions, want 1", id, n)
		}
	}

	req := func(id string) *wire.SaleRequest {
		var r wire.SaleRequest
		if err := json.Unmarshal([]byte(strings.Replace(batchtest.Quote(id), `"QUOTATION"`, `"INVOICE"`, 1)), &r); err != nil {
			t.Fatal(err)
		}
		return &r
	}
	var got []string
	for res, err := range batch.Sales(ctx, batch.Config{Engine: e, Journal: j}, slices.Values([]*wire.SaleRequest{req("I-1"), req("R-1"), req("I-3")})) {
		if err != nil {
			t.Fatalf("iterator run: %v", err)
		}
		got = append(got, fmt.Sprintf("%d:%s", res.N, levy.ErrorCode(res.Err)))
	}
	if strings.Join(got, " ") != "1: 2:conflict 3:" {
		t.Errorf("the iterator's results: %v, want 2 refused (conflict), 1 and 3 answered", got)
	}
	for _, id := range []string{"I-1", "I-3"} {
		if n := versionCounts(t, j, []string{id})[id]; n != 1 {
			t.Errorf("%s has %d versions, want 1", id, n)
		}
	}
	if tx, err := j.Get(ctx, levy.DefaultTenant, "R-1"); err != nil || tx.Version != 1 {
		t.Errorf("R-1: %+v, %v; want version 1", tx, err)
	}
}
