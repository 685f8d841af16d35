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
