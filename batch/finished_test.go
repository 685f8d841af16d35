package batch_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
)

// TestFileResumeAfterFinish resumes a journaled run over a Badger
// journal that answered its whole input, as a nightly script that always
// passes --resume does: with another input (one edited on its tenth line,
// one holding only its first hundred lines) it is refused with
// ErrInputChanged, where it skipped as many lines of the other input as
// the output held without calculating or storing them; with its output
// deleted it is refused, where it stored every invoice a second time;
// with the same input it answers nothing and leaves the output as it
// was; and with lines appended to the input it answers those.
func TestFileResumeAfterFinish(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 600)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	if sum, err := runFile(t, e, in, got, j, false); err != nil || sum.Documents != 600 || sum.Stopped != nil {
		t.Fatalf("first run: %+v, %v", sum, err)
	}
	for _, other := range otherInputs(t, in) {
		sum, err := runFile(t, e, other, got, j, true)
		if !errors.Is(err, batch.ErrInputChanged) || sum.Documents != 0 {
			t.Fatalf("finished run resumed with %s: %+v, %v; want ErrInputChanged and nothing answered", filepath.Base(other), sum, err)
		}
		batchtest.SameFile(t, got, want)
	}
	wantVersions(t, j, ids, 1)

	if sum, err := runFile(t, e, in, got, j, true); err != nil || sum.Documents != 0 || sum.Stopped != nil {
		t.Fatalf("finished run resumed with its own input: %+v, %v; want nothing to do", sum, err)
	}
	batchtest.SameFile(t, got, want)

	// The input grows by a copy of its first 100 lines under new IDs: a
	// resumed run answers and stores the new lines only.
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	more := filepath.Join(dir, "more")
	if err := os.Mkdir(more, 0o700); err != nil {
		t.Fatal(err)
	}
	extra, extraIDs := batchtest.InvoiceFile(t, more, 100)
	eb, err := os.ReadFile(extra)
	if err != nil {
		t.Fatal(err)
	}
	eb = []byte(renameIDs(string(eb)))
	grown := filepath.Join(dir, "grown.jsonl")
	if err := os.WriteFile(grown, append(b, eb...), 0o600); err != nil {
		t.Fatal(err)
	}
	if sum, err := runFile(t, e, grown, got, j, true); err != nil || sum.Documents != 100 {
		t.Fatalf("finished run resumed with its input grown by 100 lines: %+v, %v", sum, err)
	}
	if n := batchtest.LineCount(t, got); n != 700 {
		t.Fatalf("the output holds %d lines, want 700", n)
	}
	wantVersions(t, j, ids, 1)
	for id, n := range versionCounts(t, j, renameAll(extraIDs)) {
		if n != 1 {
			t.Fatalf("appended transaction %s has %d versions, want 1", id, n)
		}
	}

	if err := os.Remove(got); err != nil {
		t.Fatal(err)
	}
	if sum, err := runFile(t, e, grown, got, j, true); err == nil || sum.Documents != 0 {
		t.Fatalf("finished run resumed with its output deleted: %+v, %v; want it refused", sum, err)
	}
	wantVersions(t, j, ids, 1)
}

// renameIDs gives the transaction IDs T-n of an InvoiceFile the prefix
// X-, so that a second file's invoices are other documents.
func renameIDs(s string) string { return strings.ReplaceAll(s, `"T-`, `"X-`) }

// renameAll renames ids as renameIDs does.
func renameAll(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = "X-" + strings.TrimPrefix(id, "T-")
	}
	return out
}
