package batch_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
)

// stalledInput is a pipe that carries the first n lines of the file in
// and then, a part of the next line written, waits as a quiet producer
// (a terminal, a socket) does; its writer is closed when the test ends.
func stalledInput(t *testing.T, in string, n int) io.Reader {
	t.Helper()
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	go func() {
		for _, l := range lines[:n] {
			if _, err := io.WriteString(w, l); err != nil {
				return
			}
		}
		io.WriteString(w, lines[n][:len(lines[n])/2])
	}()
	return r
}

// waitRun waits for a run that its context has ended; a run that waits
// on for its input never returns, which fails the test rather than
// hanging it.
func waitRun(t *testing.T, done <-chan struct{}) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the run did not return after its context ended, its input stalled")
	}
}

// TestRunCancelStalledInput ends the context of a run whose input
// stalled part-way through a line: the run returns with what it did
// (Summary.Stopped is the context's error, not a *ReadError), the output
// holds an answer to each line read whole, and the cut line none.
func TestRunCancelStalledInput(t *testing.T) {
	e := newEngine(t)
	in, _ := batchtest.InvoiceFile(t, t.TempDir(), 20)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Workers: 2, Progress: func(p batch.Progress) {
		if p.Documents == 5 {
			cancel()
		}
	}}
	var out bytes.Buffer
	var sum batch.Summary
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		sum, err = batch.Run(ctx, cfg, stalledInput(t, in, 5), &out)
	}()
	waitRun(t, done)
	if err != nil || !errors.Is(sum.Stopped, context.Canceled) || sum.Documents != 5 {
		t.Fatalf("cancelled run: %+v, %v; want 5 documents, stopped by the context", sum, err)
	}
	if n := strings.Count(out.String(), "\n"); n != 5 {
		t.Fatalf("the output holds %d lines, want 5:\n%s", n, out.String())
	}
}

// TestFileCancelStalledInput ends the context of a journaled run into a
// File over a Badger journal whose input stalled: the run returns, the
// documents it answered are stored once and written, and resuming it
// with the whole input stores the rest once, the output that of a run
// that never stopped.
func TestFileCancelStalledInput(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 40)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, Workers: 2, Progress: func(p batch.Progress) {
		if p.Documents == 12 {
			cancel()
		}
	}}
	f, err := batch.OpenFile(ctx, cfg, got, false)
	if err != nil {
		t.Fatal(err)
	}
	var sum batch.Summary
	done := make(chan struct{})
	go func() {
		defer close(done)
		sum, err = f.Run(ctx, stalledInput(t, in, 12))
	}()
	waitRun(t, done)
	if err != nil || !errors.Is(sum.Stopped, context.Canceled) || sum.Documents != 12 {
		t.Fatalf("cancelled run: %+v, %v; want 12 documents, stopped by the context", sum, err)
	}
	if n := batchtest.LineCount(t, got); n != 12 {
		t.Fatalf("the output holds %d lines, want 12", n)
	}
	counts := versionCounts(t, j, ids)
	for _, id := range ids {
		var line int
		fmt.Sscanf(id, "T-%d", &line)
		if w := map[bool]int{true: 1, false: 0}[line <= 12]; counts[id] != w {
			t.Fatalf("after the cancelled run %s has %d versions, want %d", id, counts[id], w)
		}
	}
	if sum, err := runFile(t, e, in, got, j, true); err != nil || sum.Documents != 28 {
		t.Fatalf("resumed run: %+v, %v", sum, err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}

// failingInput is the file in cut part-way through its line n+1, where
// reading it fails as a disk or a network does.
type failingInput struct{ r io.Reader }

var errDisk = errors.New("input/output error")

func (f failingInput) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if errors.Is(err, io.EOF) {
		return n, errDisk
	}
	return n, err
}

// TestFileReadErrorCutLine fails the input of a File run part-way
// through its line 31: the run answers the 30 lines read whole and ends
// with a *ReadError, leaving the cut line unanswered (it was answered
// with an error record, which a resumed run then skipped, so the line's
// invoice was never calculated nor stored). Resuming with the whole
// input gives the output of a run that never failed, every invoice
// stored once.
func TestFileReadErrorCutLine(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 60)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	cut := strings.Join(lines[:30], "") + lines[30][:len(lines[30])/2]
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	f, err := batch.OpenFile(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}, got, false)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := f.Run(context.Background(), failingInput{strings.NewReader(cut)})
	var re *batch.ReadError
	if !errors.As(err, &re) || !errors.Is(err, errDisk) || sum.Documents != 30 {
		t.Fatalf("run of a failing input: %+v, %v; want 30 documents and a *ReadError", sum, err)
	}
	if n := batchtest.LineCount(t, got); n != 30 {
		t.Fatalf("the output holds %d lines, want the 30 read whole", n)
	}
	if sum, err := runFile(t, e, in, got, j, true); err != nil || sum.Documents != 30 {
		t.Fatalf("resumed run: %+v, %v", sum, err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}
