package batch_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
)

// failedPost is a journal whose PostAll fails, storing nothing, at the
// group numbered at: a run stopped before its group reached the journal.
type failedPost struct {
	journal.Store
	groups, at int
}

var errFailedPost = errors.New("the journal is unreachable")

func (f *failedPost) PostAll(ctx context.Context, tenant string, txs []*journal.Transaction) ([]*journal.Transaction, error) {
	if f.groups++; f.groups == f.at {
		return nil, errFailedPost
	}
	return f.Store.PostAll(ctx, tenant, txs)
}

// otherInputs writes, beside in, inputs that are not in: one whose
// tenth line names another document, and one that holds only in's first
// hundred lines.
func otherInputs(t *testing.T, in string) []string {
	t.Helper()
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	changed := strings.Replace(lines[9], `"D-10"`, `"D-10b"`, 1)
	if changed == lines[9] {
		t.Fatalf("line 10 of the input has no document D-10: %s", lines[9])
	}
	edited := filepath.Join(filepath.Dir(in), "edited.jsonl")
	short := filepath.Join(filepath.Dir(in), "short.jsonl")
	if err := os.WriteFile(edited, []byte(strings.Join(lines[:9], "")+changed+strings.Join(lines[10:], "")), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(short, []byte(strings.Join(lines[:100], "")), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{edited, short}
}

// TestFileResumeOtherInput interrupts a journaled run over a Badger
// journal, once after the journal stored its second group and before
// that group's output was written, once before the journal stored it,
// and resumes it with inputs other than the interrupted run's: each is
// refused with ErrInputChanged, before anything is calculated or stored.
// The same input then finishes the run: every invoice stored once, and
// the output that of a run that never stopped.
func TestFileResumeOtherInput(t *testing.T) {
	e := newEngine(t)
	for _, stop := range []string{"stored", "not stored"} {
		t.Run(stop, func(t *testing.T) {
			dir := t.TempDir()
			in, ids := batchtest.InvoiceFile(t, dir, 900)
			want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
			if _, err := runFile(t, e, in, want, nil, false); err != nil {
				t.Fatal(err)
			}
			j := openJournal(t, filepath.Join(dir, "journal"))
			defer j.Close()
			var interrupted journal.Store = &lostAck{Store: j, at: 2}
			storedBefore := 2 * batch.GroupSize
			if stop == "not stored" {
				interrupted, storedBefore = &failedPost{Store: j, at: 2}, batch.GroupSize
			}
			if _, err := runFile(t, e, in, got, interrupted, false); err == nil {
				t.Fatal("the interrupted run did not stop")
			}
			for _, other := range otherInputs(t, in) {
				sum, err := runFile(t, e, other, got, j, true)
				if !errors.Is(err, batch.ErrInputChanged) || sum.Documents != 0 {
					t.Fatalf("resumed with %s: %+v, %v; want ErrInputChanged and nothing answered", filepath.Base(other), sum, err)
				}
				if n := batchtest.LineCount(t, got); n != storedBefore {
					t.Fatalf("after resuming with %s the output holds %d lines, want the %d stored", filepath.Base(other), n, storedBefore)
				}
				if _, err := os.Stat(got + batch.CheckpointSuffix); err != nil {
					t.Fatalf("resuming with %s removed the checkpoint: %v", filepath.Base(other), err)
				}
			}
			counts := versionCounts(t, j, ids)
			for _, id := range ids {
				line, err := strconv.Atoi(strings.TrimPrefix(id, "T-"))
				if err != nil {
					t.Fatal(err)
				}
				if n := counts[id]; (n == 1) != (line <= storedBefore) || n > 1 {
					t.Fatalf("after the refused resumes %s has %d versions", id, n)
				}
			}
			if sum, err := runFile(t, e, in, got, j, true); err != nil || sum.Documents != 900-storedBefore {
				t.Fatalf("resumed with the same input: %+v, %v", sum, err)
			}
			batchtest.SameFile(t, got, want)
			wantVersions(t, j, ids, 1)
		})
	}
}

// TestFileResumeOtherFormat resumes a CSV output as JSON lines, and a
// JSON lines output as CSV: each is refused with a *MismatchError that
// names the output's format, and the output is left as it was.
func TestFileResumeOtherFormat(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	csvOut, jsonOut := filepath.Join(dir, "out.csv"), filepath.Join(dir, "out.jsonl")
	in, _ := batchtest.InvoiceFile(t, dir, 20)
	run := func(format batch.Format, src, out string) {
		f, err := batch.OpenFile(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: format}, out, false)
		if err != nil {
			t.Fatal(err)
		}
		r, err := os.Open(src)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if _, err := f.Run(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	run(batch.CSV, "testdata/sale.csv", csvOut)
	run(batch.JSONLines, in, jsonOut)
	for _, c := range []struct {
		out  string
		as   batch.Format
		want batch.Format
	}{{csvOut, batch.JSONLines, batch.CSV}, {jsonOut, batch.CSV, batch.JSONLines}} {
		// An interrupted run: the output's first five lines.
		b, err := os.ReadFile(c.out)
		if err != nil {
			t.Fatal(err)
		}
		cut := []byte(strings.Join(strings.SplitAfter(string(b), "\n")[:5], ""))
		if err := os.WriteFile(c.out, cut, 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := batch.OpenFile(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: c.as}, c.out, true)
		var me *batch.MismatchError
		if !errors.As(err, &me) || !me.WrongFormat || me.Format != c.want || f != nil {
			t.Fatalf("%s resumed as %s: %v", filepath.Base(c.out), c.as, err)
		}
		if !strings.Contains(err.Error(), c.want.String()) {
			t.Fatalf("the error does not name the output's format %s: %v", c.want, err)
		}
		if code := levy.ErrorCode(err); code != levy.EConflict {
			t.Fatalf("the mismatch has code %q, want %q", code, levy.EConflict)
		}
		if after, err := os.ReadFile(c.out); err != nil || !bytes.Equal(after, cut) {
			t.Fatalf("the refused resume changed %s: %v", filepath.Base(c.out), err)
		}
	}
}

// TestFileResumeOtherCSVInput interrupts a journaled CSV run after the
// journal stored its group and before the group's output was written,
// and resumes it with the input's first row changed: refused with
// ErrInputChanged. The same input then finishes it as a run that never
// stopped.
func TestFileResumeOtherCSVInput(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/sale.csv")
	if err != nil {
		t.Fatal(err)
	}
	in, edited := filepath.Join(dir, "sale.csv"), filepath.Join(dir, "edited.csv")
	changed := bytes.Replace(src, []byte("400 Broad St"), []byte("401 Broad St"), 1)
	if bytes.Equal(changed, src) {
		t.Fatal("testdata/sale.csv has no 400 Broad St")
	}
	if err := os.WriteFile(in, src, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(edited, changed, 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(j journal.Store, input, out string, resume bool) (batch.Summary, error) {
		f, err := batch.OpenFile(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV, Journal: j}, out, resume)
		if err != nil {
			return batch.Summary{}, err
		}
		r, err := os.Open(input)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		return f.Run(context.Background(), r)
	}
	want, got := filepath.Join(dir, "want.csv"), filepath.Join(dir, "got.csv")
	if _, err := run(nil, in, want, false); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	if _, err := run(&lostAck{Store: j, at: 1}, in, got, false); !errors.Is(err, errLostAck) {
		t.Fatalf("interrupted run: %v", err)
	}
	if sum, err := run(j, edited, got, true); !errors.Is(err, batch.ErrInputChanged) || sum.Documents != 0 {
		t.Fatalf("resumed with another input: %+v, %v", sum, err)
	}
	if _, err := run(j, in, got, true); err != nil {
		t.Fatalf("resumed with the same input: %v", err)
	}
	batchtest.SameFile(t, got, want)
}

// TestFileResumeOtherInputAfterStop stops a journaled run in order, by
// its context (Ctrl-C on levy batch) and by MaxErrors, after the journal
// stored more than a group, and resumes it with inputs other than the
// stopped run's: each is refused with ErrInputChanged before anything
// is calculated or stored, as after a crash. The same input then
// finishes the run: every invoice stored once, and the output that of a
// run that never stopped.
func TestFileResumeOtherInputAfterStop(t *testing.T) {
	e := newEngine(t)
	for _, stop := range []string{"cancelled", "max errors"} {
		t.Run(stop, func(t *testing.T) {
			dir := t.TempDir()
			in, ids := batchtest.InvoiceFile(t, dir, 900)
			want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
			if _, err := runFile(t, e, in, want, nil, false); err != nil {
				t.Fatal(err)
			}
			j := openJournal(t, filepath.Join(dir, "journal"))
			defer j.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}
			if stop == "cancelled" {
				cfg.Progress = func(p batch.Progress) {
					if p.Documents == batch.GroupSize+50 {
						cancel()
					}
				}
			} else {
				cfg.MaxErrors = 3 // the input's third refused line is past the first group
			}
			sum, err := runConfig(ctx, t, cfg, in, got, false)
			if err != nil || sum.Stopped == nil {
				t.Fatalf("stopped run: %+v, %v; want it stopped in order", sum, err)
			}
			done := batchtest.LineCount(t, got)
			if done <= batch.GroupSize || done >= 900 {
				t.Fatalf("the stopped run wrote %d lines, want more than a group and fewer than 900", done)
			}
			for _, other := range otherInputs(t, in) {
				sum, err := runFile(t, e, other, got, j, true)
				if !errors.Is(err, batch.ErrInputChanged) || sum.Documents != 0 {
					t.Fatalf("resumed with %s: %+v, %v; want ErrInputChanged and nothing answered", filepath.Base(other), sum, err)
				}
				if n := batchtest.LineCount(t, got); n != done {
					t.Fatalf("after resuming with %s the output holds %d lines, want the %d written", filepath.Base(other), n, done)
				}
			}
			for id, n := range versionCounts(t, j, ids) {
				if n > 1 {
					t.Fatalf("after the refused resumes %s has %d versions", id, n)
				}
			}
			if sum, err := runFile(t, e, in, got, j, true); err != nil || sum.Documents != 900-done {
				t.Fatalf("resumed with the same input: %+v, %v; want the %d documents left", sum, err, 900-done)
			}
			batchtest.SameFile(t, got, want)
			wantVersions(t, j, ids, 1)
			batchtest.EndMark(t, got, 900)
		})
	}
}
