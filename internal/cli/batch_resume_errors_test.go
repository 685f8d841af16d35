package cli

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
)

// TestBatchMaxErrorsAfterResume: --max-errors counts the failed
// documents of the whole output. A journaled run of 900 lines (every
// 97th refused) stopped after the journal stored its first group, which
// holds the failures of lines 97 and 194, and resumed with --max-errors
// 3 stops at line 291, the third failure of the output, as a run that
// never stopped does, saying so; resumed again with --max-errors 3 it
// answers nothing and says to give a larger one, and with 0 it
// finishes, each invoice stored once. Before, the resumed run counted
// only its own failures and went on to line 485, and its message said
// "stopped after 3 failed documents" beside "5 of 485 documents failed".
func TestBatchMaxErrorsAfterResume(t *testing.T) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 900)
	got, data := filepath.Join(dir, "got.jsonl"), filepath.Join(dir, "data")
	crash := errors.New("stopped as by a crash")
	ctx := context.WithValue(context.Background(), afterPostKey{}, func() error { return crash })
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--max-errors", "3"}, &out, &errOut); code != 2 {
		t.Fatalf("interrupted run: exit %d, %s", code, errOut.String())
	}
	code, _, stderr := runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--resume", "--max-errors", "3")
	if code != 1 || !strings.Contains(stderr, "stopped after 3 failed documents (--max-errors 3); 3 of 291 documents failed") {
		t.Fatalf("resumed with --max-errors 3: exit %d, %s", code, stderr)
	}
	if n := batchtest.LineCount(t, got); n != 291 {
		t.Fatalf("the resumed run's output holds %d lines, want 291", n)
	}
	code, _, stderr = runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--resume", "--max-errors", "3")
	if code != 1 || !strings.Contains(stderr, "larger --max-errors") || batchtest.LineCount(t, got) != 291 {
		t.Fatalf("resumed again with --max-errors 3: exit %d, %s", code, stderr)
	}
	code, _, stderr = runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--resume")
	if code != 1 || !strings.Contains(stderr, "9 of 900 documents failed") {
		t.Fatalf("resumed without --max-errors: exit %d, %s", code, stderr)
	}
	wantVersions(t, data, ids, 1)
}

// TestBatchResumeOfPipe: --resume with an --out that is a named pipe
// is refused (exit 2) in the command's words: the --out named, and why
// such a run cannot be resumed. Before, the message was the library's,
// naming a parameter "path" that no flag of levy batch has.
func TestBatchResumeOfPipe(t *testing.T) {
	dir := t.TempDir()
	in, _ := batchtest.InvoiceFile(t, dir, 3)
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "batch", "sale", "--in", in, "--out", pipe, "--resume")
	if code != 2 || !strings.Contains(stderr, "--out "+pipe+" is not a regular file") || !strings.Contains(stderr, "cannot be resumed") ||
		strings.Contains(stderr, "path:") {
		t.Fatalf("--resume into a pipe: exit %d, %s", code, stderr)
	}
}

// TestBatchFaultMessage: the message of a run stopped by a fault that
// is not the document's says which document, how many were answered
// before it, and how to go on: --resume for an --out FILE; for standard
// output or a pipe, that the run cannot be resumed.
func TestBatchFaultMessage(t *testing.T) {
	fault := &batch.FaultError{N: 300, Err: &levy.Error{Code: levy.EUnavailable, Message: "the journal cannot be reached"}}
	for _, c := range []struct {
		out    string
		stream bool
		want   string
	}{
		{"answers.jsonl", false, "run the same command with --resume"},
		{"-", true, "standard output keeps no checkpoint: the run cannot be resumed"},
		{"/tmp/pipe", true, "--out /tmp/pipe, which is not a regular file, keeps no checkpoint: the run cannot be resumed"},
	} {
		o := &batchOptions{out: c.out}
		msg := o.faultMessage(fault, 299, c.stream)
		if !strings.Contains(msg, "document 300") || !strings.Contains(msg, "answered before it: 299 documents") ||
			!strings.Contains(msg, c.want) || c.stream && strings.Contains(msg, "--resume") {
			t.Errorf("--out %s: %q, want it to name document 300, the 299 before it, and %q", c.out, msg, c.want)
		}
	}
}
