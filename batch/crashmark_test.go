//go:build unix

package batch_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
)

// TestFileKill9AfterUnstoredGroup kills a journaled run (SIGKILL, in a
// child process) after it wrote a stored group and then a group of
// quotations, which store nothing, while it waits for more input on a
// pipe. Resumed with an input whose line 400, a quotation of the
// unstored group, became an invoice, it is refused with ErrInputChanged,
// where the checkpoint of the stored group held the input only to its
// first 256 lines: the resumed run skipped the invoice without
// calculating or storing it. The same input then finishes the run.
func TestFileKill9AfterUnstoredGroup(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	var invoices, quotes []string
	for i := 1; i <= batch.GroupSize; i++ {
		id := "I-" + strconv.Itoa(i)
		invoices = append(invoices, id)
		b.WriteString(strings.Replace(batchtest.Quote(id), `"QUOTATION"`, `"INVOICE"`, 1) + "\n")
	}
	for i := 1; i <= batch.GroupSize+40; i++ {
		id := "Q-" + strconv.Itoa(i)
		quotes = append(quotes, id)
		b.WriteString(batchtest.Quote(id) + "\n")
	}
	input := b.String()
	in, got, data := filepath.Join(dir, "in.fifo"), filepath.Join(dir, "got.jsonl"), filepath.Join(dir, "journal")
	// The pipe stays open: the run has two whole groups and waits for
	// the rest of the third when it is killed.
	killAfter(t, in, got, data, input, 2*batch.GroupSize)

	file := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(file, []byte(input), 0o600); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(input, "\n")
	lines[399] = strings.Replace(strings.Replace(lines[399], `"QUOTATION"`, `"INVOICE"`, 1), `"Q-144"`, `"NEW-1"`, 1)
	if !strings.Contains(lines[399], `"NEW-1"`) {
		t.Fatalf("line 400 is not quotation Q-144: %s", lines[399])
	}
	edited := filepath.Join(dir, "edited.jsonl")
	if err := os.WriteFile(edited, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	e := newEngine(t)
	j := openJournal(t, data)
	defer j.Close()
	sum, err := runFile(t, e, edited, got, j, true)
	if !errors.Is(err, batch.ErrInputChanged) || levy.ErrorCode(err) != levy.EConflict || sum.Documents != 0 {
		t.Fatalf("resumed with line 400 changed: %+v, %v; want ErrInputChanged and nothing answered", sum, err)
	}
	if n := versionCounts(t, j, []string{"NEW-1"})["NEW-1"]; n != 0 {
		t.Fatalf("the refused resume stored NEW-1 (%d versions)", n)
	}
	if sum, err := runFile(t, e, file, got, j, true); err != nil || sum.Documents != 40 {
		t.Fatalf("resumed with the same input: %+v, %v; want the last 40 documents", sum, err)
	}
	for id, n := range versionCounts(t, j, append(invoices, quotes...)) {
		if want := map[bool]int{true: 1, false: 0}[strings.HasPrefix(id, "I-")]; n != want {
			t.Fatalf("%s has %d versions, want %d", id, n, want)
		}
	}
}

// TestFileUnjournaledKill9 kills a run without a journal (SIGKILL, in a
// child process) after it wrote two groups, while it waits for more
// input on a pipe. Resumed with an input whose line 400 changed, it is
// refused with ErrInputChanged, where it skipped the changed line and
// answered it with the old one's answer; the same input then finishes
// it as a run that never stopped.
func TestFileUnjournaledKill9(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := 1; i <= 2*batch.GroupSize+40; i++ {
		b.WriteString(batchtest.Quote("Q-"+strconv.Itoa(i)) + "\n")
	}
	input := b.String()
	in, got, want := filepath.Join(dir, "in.fifo"), filepath.Join(dir, "got.jsonl"), filepath.Join(dir, "want.jsonl")
	file := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(file, []byte(input), 0o600); err != nil {
		t.Fatal(err)
	}
	e := newEngine(t)
	if _, err := runFile(t, e, file, want, nil, false); err != nil {
		t.Fatal(err)
	}
	killAfter(t, in, got, "", input, 2*batch.GroupSize)

	lines := strings.SplitAfter(input, "\n")
	lines[399] = strings.Replace(lines[399], `"Q-400"`, `"NEW-1"`, 1)
	if !strings.Contains(lines[399], `"NEW-1"`) {
		t.Fatalf("line 400 is not quotation Q-400: %s", lines[399])
	}
	edited := filepath.Join(dir, "edited.jsonl")
	if err := os.WriteFile(edited, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	if sum, err := runFile(t, e, edited, got, nil, true); !errors.Is(err, batch.ErrInputChanged) || sum.Documents != 0 {
		t.Fatalf("resumed with line 400 changed: %+v, %v; want ErrInputChanged and nothing answered", sum, err)
	}
	if sum, err := runFile(t, e, file, got, nil, true); err != nil || sum.Documents != 40 {
		t.Fatalf("resumed with the same input: %+v, %v; want the last 40 documents", sum, err)
	}
	batchtest.SameFile(t, got, want)
}

// killAfter runs input, written into the named pipe in (made here), into
// the File out in a child process (TestMain), over the Badger journal in
// data or without a journal when data is "", and kills it (SIGKILL) once
// out holds lines lines, the pipe still open.
func killAfter(t *testing.T, in, out, data, input string, lines int) {
	t.Helper()
	if err := syscall.Mkfifo(in, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "LEVY_BATCH_CHILD="+strings.Join([]string{in, out, data}, ","))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	pipe, err := os.OpenFile(in, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer pipe.Close()
	if _, err := pipe.WriteString(input); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(60 * time.Second); batchtest.LineCount(t, out) < lines; {
		select {
		case err := <-exited:
			t.Fatalf("the run ended before it was killed: %v\n%s", err, stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("the run did not write %d lines in time\n%s", lines, stderr.String())
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-exited
	if n := batchtest.LineCount(t, out); n != lines {
		t.Fatalf("the killed run wrote %d lines, want %d", n, lines)
	}
}
