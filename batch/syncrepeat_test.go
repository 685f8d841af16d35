package batch_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/batchtest"
)

// syncLine is an ARBILLING_SYNC of one line, as a JSON line of a sales
// file: the same id and price make the same document.
func syncLine(id, price string) string {
	return `{"saleMessageType":"ARBILLING_SYNC","transactionType":"SALE","transactionId":"` + id + `","documentDate":"2026-06-01",` +
		`"seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"98101","country":"US"}},` +
		`"lineItems":[{"lineItemNumber":1,"lineItemId":"1","extendedPrice":` + price + `}]}`
}

// TestFileResumeStoredGroupWithRepeatedSync stops a journaled run after
// the journal stored its group and before the group's output was
// written, where the group holds syncs that the journal stores nothing
// for, being sent again as the transaction's latest sync stands: S-1,
// stored by an earlier run, and S-2, twice in the group. The resumed run
// writes the group's output from the checkpoint and stores nothing
// again. Before, resuming counted the versions posted since the group
// began against one per document, found none for S-1 and one for S-2's
// two, took the journal for changed by another writer, and refused the
// run for good ("the journal holds part of the interrupted group").
func TestFileResumeStoredGroupWithRepeatedSync(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	first := filepath.Join(dir, "first.jsonl")
	if err := os.WriteFile(first, []byte(syncLine("S-1", "100")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	lines := []string{syncLine("S-1", "100"), syncLine("S-2", "50"), syncLine("S-2", "50")}
	var invoices []string
	for i := 4; i <= 12; i++ {
		id := fmt.Sprintf("T-%d", i)
		invoices = append(invoices, id)
		lines = append(lines, strings.Replace(batchtest.Quote(id), `"QUOTATION"`, `"INVOICE"`, 1))
	}
	in := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	// The run that never stopped, over a journal of its own.
	ref := openJournal(t, filepath.Join(dir, "ref"))
	defer ref.Close()
	want := filepath.Join(dir, "want.jsonl")
	for _, f := range []string{first, in} {
		if _, err := runFile(t, e, f, want, ref, false); err != nil {
			t.Fatal(err)
		}
	}

	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	got := filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, first, got, j, false); err != nil {
		t.Fatal(err)
	}
	if _, err := runFile(t, e, in, got, &lostAck{Store: j, at: 1}, false); !errors.Is(err, errLostAck) {
		t.Fatalf("interrupted run: %v", err)
	}
	if n := batchtest.LineCount(t, got); n != 0 {
		t.Fatalf("the interrupted run wrote %d lines, want none", n)
	}
	sum, err := runFile(t, e, in, got, j, true)
	if err != nil || sum.Documents != 0 {
		t.Fatalf("resumed run: %+v, %v; want the group written from the checkpoint and nothing left to answer", sum, err)
	}
	batchtest.SameFile(t, got, want)
	counts := versionCounts(t, j, append([]string{"S-1", "S-2"}, invoices...))
	for id, n := range counts {
		if n != 1 {
			t.Errorf("%s has %d versions, want 1", id, n)
		}
	}
}

// TestFileResumeGroupOfRepeatedSyncsPartlyWritten stops a journaled run
// whose group holds only syncs sent again (S-1 to S-3, each stored by an
// earlier run, which the group stores nothing for) after the group was
// committed and part of its output written, as a kill while a large
// group's output is flushed leaves it. The resumed run writes the rest
// from the checkpoint: an output is written only after the journal took
// its group. Before, no ID told whether the group was stored, the group
// counted as not stored, and the output holding part of it was refused
// as changed ("holds documents of group 1 that the journal does not").
func TestFileResumeGroupOfRepeatedSyncsPartlyWritten(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	lines := []string{syncLine("S-1", "100"), syncLine("S-2", "50"), syncLine("S-3", "25")}
	in := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, filepath.Join(dir, "first.jsonl"), j, false); err != nil {
		t.Fatal(err)
	}
	if _, err := runFile(t, e, in, want, j, false); err != nil {
		t.Fatal(err)
	}
	if _, err := runFile(t, e, in, got, &lostAck{Store: j, at: 1}, false); !errors.Is(err, errLostAck) {
		t.Fatalf("interrupted run: %v", err)
	}
	// The first document's output reached the file before the kill.
	ref, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(ref), "\n")
	if err := os.WriteFile(got, []byte(first+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sum, err := runFile(t, e, in, got, j, true)
	if err != nil || sum.Documents != 0 {
		t.Fatalf("resumed run: %+v, %v; want the rest of the group written from the checkpoint", sum, err)
	}
	batchtest.SameFile(t, got, want)
	for id, n := range versionCounts(t, j, []string{"S-1", "S-2", "S-3"}) {
		if n != 1 {
			t.Errorf("%s has %d versions, want 1", id, n)
		}
	}
}
