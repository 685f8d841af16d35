//go:build unix

package batch_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
)

// TestFileIntoPipe runs a File into a named pipe, as levy batch --out
// /dev/stdout or --out a pipe does, with a journal and without. Each run
// writes every answer, stores every invoice once, ends without an error
// and leaves no checkpoint beside the pipe; resuming such a run is
// refused naming the path. Before, the run without a journal failed
// before it began (it sought the pipe), and the journaled one stored
// its first group and then failed syncing the pipe, so that levy batch
// exited 2 over documents it had stored.
func TestFileIntoPipe(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := batchtest.InvoiceFile(t, dir, 300)
	want, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	for _, store := range []journal.Store{nil, j} {
		f, err := batch.OpenFile(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Journal: store}, pipe, false)
		if err != nil {
			t.Fatal(err)
		}
		// Opened once the File has the pipe open, so that neither waits.
		r, err := os.Open(pipe)
		if err != nil {
			t.Fatal(err)
		}
		got := make(chan []byte)
		go func() {
			b, _ := io.ReadAll(r) // until the run closes the pipe
			got <- b
		}()
		src, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := f.Run(ctx, src)
		src.Close()
		out := <-got
		r.Close()
		if err != nil || sum.Documents != 300 || sum.Failed != 3 {
			t.Fatalf("journal %v: %+v, %v", store != nil, sum, err)
		}
		if n := bytes.Count(out, []byte("\n")); n != bytes.Count(want, []byte("\n")) {
			t.Fatalf("journal %v: %d lines out of the pipe, want 300", store != nil, n)
		}
		if !strings.Contains(string(out), `"transactionId":"T-300"`) {
			t.Fatalf("journal %v: the last answer is missing", store != nil)
		}
		if _, err := os.Stat(pipe + batch.CheckpointSuffix); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("journal %v: a checkpoint beside the pipe (%v)", store != nil, err)
		}
	}
	wantVersions(t, j, ids, 1)
	_, err = batch.OpenFile(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}, pipe, true)
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "path" {
		t.Fatalf("resume into a pipe: %v, want invalid path", err)
	}
}
