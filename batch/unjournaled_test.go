package batch_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
)

// TestFileUnjournaledResume resumes runs without a journal, which store
// nothing, with inputs other than their own: a run that answered its
// whole input and one stopped part-way by its context (Ctrl-C). Each
// other input (one edited on its tenth line, one holding only its first
// hundred lines) is refused with ErrInputChanged, the output left as it
// was, where the resumed run skipped as many lines of the other input as
// the output held and answered the rest as if they were the old input's
// lines. The same input then finishes the stopped run as one that never
// stopped, a finished run resumed with its own input answers nothing, a
// run with its output cut short or deleted is refused, and a run with a journal is
// refused with a *MismatchError (the stopped run stored nothing, which
// the journal would then lack).
func TestFileUnjournaledResume(t *testing.T) {
	e := newEngine(t)
	for _, stop := range []string{"finished", "cancelled"} {
		t.Run(stop, func(t *testing.T) {
			dir := t.TempDir()
			in, _ := batchtest.InvoiceFile(t, dir, 900)
			want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
			if _, err := runFile(t, e, in, want, nil, false); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cfg := batch.Config{Engine: e, Perspective: batch.Sale}
			if stop == "cancelled" {
				cfg.Progress = func(p batch.Progress) {
					if p.Documents == batch.GroupSize+50 {
						cancel()
					}
				}
			}
			sum, err := runConfig(ctx, t, cfg, in, got, false)
			if err != nil || (sum.Stopped != nil) != (stop == "cancelled") {
				t.Fatalf("first run: %+v, %v", sum, err)
			}
			done := batchtest.LineCount(t, got)
			if stop == "cancelled" && (done <= batch.GroupSize || done >= 900) {
				t.Fatalf("the stopped run wrote %d lines, want more than a group and fewer than 900", done)
			}
			before, err := os.ReadFile(got)
			if err != nil {
				t.Fatal(err)
			}
			for _, other := range otherInputs(t, in) {
				sum, err := runFile(t, e, other, got, nil, true)
				if !errors.Is(err, batch.ErrInputChanged) || sum.Documents != 0 {
					t.Fatalf("resumed with %s: %+v, %v; want ErrInputChanged and nothing answered", filepath.Base(other), sum, err)
				}
				if after, err := os.ReadFile(got); err != nil || string(after) != string(before) {
					t.Fatalf("resuming with %s changed the output: %v", filepath.Base(other), err)
				}
			}
			j := openJournal(t, filepath.Join(dir, "journal"))
			defer j.Close()
			_, err = runFile(t, e, in, got, j, true)
			var me *batch.MismatchError
			if !errors.As(err, &me) || !strings.Contains(err.Error(), "had no journal") {
				t.Fatalf("resumed with a journal: %v; want a *MismatchError of a run without one", err)
			}
			if sum, err := runFile(t, e, in, got, nil, true); err != nil || sum.Documents != 900-done {
				t.Fatalf("resumed with the same input: %+v, %v; want the %d documents left", sum, err, 900-done)
			}
			batchtest.SameFile(t, got, want)
			batchtest.EndMark(t, got, 900)
			if sum, err := runFile(t, e, in, got, nil, true); err != nil || sum.Documents != 0 {
				t.Fatalf("finished run resumed with its own input: %+v, %v; want nothing to do", sum, err)
			}
			batchtest.SameFile(t, got, want)
			whole, err := os.ReadFile(got)
			if err != nil {
				t.Fatal(err)
			}
			short := []byte(strings.Join(strings.SplitAfter(string(whole), "\n")[:100], ""))
			if err := os.WriteFile(got, short, 0o600); err != nil {
				t.Fatal(err)
			}
			if sum, err := runFile(t, e, in, got, nil, true); err == nil || sum.Documents != 0 {
				t.Fatalf("resumed with its output cut to 100 lines: %+v, %v; want it refused", sum, err)
			}
			if err := os.Remove(got); err != nil {
				t.Fatal(err)
			}
			if sum, err := runFile(t, e, in, got, nil, true); err == nil || sum.Documents != 0 {
				t.Fatalf("resumed with its output deleted: %+v, %v; want it refused", sum, err)
			}
		})
	}
}
