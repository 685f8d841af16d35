package batch_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
)

// TestRunJournalErrorSummaryCountsWritten runs 600 invoices with Run
// into a journal that cannot be reached when the second group is stored.
// The Summary returned with the error counts the documents whose output
// was written (the first group), not those of the group the journal
// never took: a host that runs the input again with Config.Skip set to
// Summary.Documents, as Skip's documentation invites, stores every
// invoice once. Before, the Summary counted the unstored group's
// documents too, and such a retry skipped them, unstored for good.
func TestRunJournalErrorSummaryCountsWritten(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := batchtest.InvoiceFile(t, dir, 600)
	input, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	var out bytes.Buffer
	sum, err := batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Journal: &failedPost{Store: j, at: 2}},
		bytes.NewReader(input), &out)
	if !errors.Is(err, errFailedPost) {
		t.Fatalf("run: %v, want the journal's error", err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	failed := 0
	for _, l := range lines {
		if strings.HasPrefix(l, `{"line":`) {
			failed++
		}
	}
	if len(lines) != batch.GroupSize || sum.Documents != len(lines) || sum.Failed != failed {
		t.Fatalf("%d output lines, %d of them failed; the summary says %d documents, %d failed", len(lines), failed, sum.Documents, sum.Failed)
	}
	// The host runs the rest of the input, past what was answered.
	var rest bytes.Buffer
	sum2, err := batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, Skip: sum.Documents},
		bytes.NewReader(input), &rest)
	if err != nil || sum.Documents+sum2.Documents != 600 {
		t.Fatalf("the rest: %+v, %v", sum2, err)
	}
	wantVersions(t, j, ids, 1)
}
