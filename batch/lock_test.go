//go:build unix

package batch_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
)

// TestFileOpenTwice opens the output of a journaled run that is under way
// a second time, as a second host (or levy batch --database, which no
// Badger directory lock guards) would, with resume and without: each is
// refused with ErrOutputBusy, leaving the output and its checkpoint as
// they were, where the second File emptied the first one's output, or
// resumed from the same document and stored every document after it a
// second time. Once the first run ends the output opens again.
func TestFileOpenTwice(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 600)
	got := filepath.Join(dir, "got.jsonl")
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	// A first run that stopped after its first group, and is resumed.
	if _, err := runFile(t, e, in, got, &failedPost{Store: j, at: 2}, false); !errors.Is(err, errFailedPost) {
		t.Fatalf("interrupted run: %v", err)
	}
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}
	first, err := batch.OpenFile(t.Context(), cfg, got, true)
	if err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	for _, resume := range []bool{true, false} {
		second, err := batch.OpenFile(t.Context(), cfg, got, resume)
		if !errors.Is(err, batch.ErrOutputBusy) || levy.ErrorCode(err) != levy.EConflict {
			if second != nil {
				second.Close()
			}
			t.Fatalf("opened with resume %v while a File has it: %v; want ErrOutputBusy", resume, err)
		}
		if after, err := os.ReadFile(got); err != nil || string(after) != string(before) {
			t.Fatalf("the refused open with resume %v changed the output: %v", resume, err)
		}
		if _, err := os.Stat(got + batch.CheckpointSuffix); err != nil {
			t.Fatalf("the refused open with resume %v removed the checkpoint: %v", resume, err)
		}
	}
	src, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if _, err := first.Run(t.Context(), src); err != nil {
		t.Fatal(err)
	}
	wantVersions(t, j, ids, 1)
	if sum, err := runFile(t, e, in, got, j, true); err != nil || sum.Documents != 0 {
		t.Fatalf("resumed after the run ended: %+v, %v", sum, err)
	}
}
