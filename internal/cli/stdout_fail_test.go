package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// brokenStdout fails every write as a pipe whose reader went away.
type brokenStdout struct{}

func (brokenStdout) Write([]byte) (int, error) {
	return 0, fmt.Errorf("write /dev/stdout: %w", syscall.EPIPE)
}

// TestStdoutFailureIsReported: a command whose standard output cannot be
// written ends with a message on stderr and exit status 1. levy data
// coverage and levy help ignored their failed writes and exited 0 in
// silence.
func TestStdoutFailureIsReported(t *testing.T) {
	for _, args := range [][]string{{"data", "coverage", "--state", "AL"}, {"help"}} {
		var errOut bytes.Buffer
		code := Run(context.Background(), args, os.Stdin, brokenStdout{}, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "levy: standard output could not be written (write /dev/stdout: broken pipe): what was printed is incomplete") {
			t.Errorf("levy %s into a broken pipe: exit %d, stderr %q", strings.Join(args, " "), code, errOut.String())
		}
		if strings.Contains(errOut.String(), "done nonetheless") {
			t.Errorf("levy %s stores nothing, and says it did: %q", strings.Join(args, " "), errOut.String())
		}
	}
}

// TestStdoutFailureNamesStored: levy calc with a journal stores the
// transaction before it prints the response; when the response cannot
// be written, the message says the transaction was stored. It said
// "broken pipe" alone, as though nothing had been done.
func TestStdoutFailureNamesStored(t *testing.T) {
	dir := t.TempDir()
	var errOut bytes.Buffer
	code := Run(context.Background(), []string{"calc", "sale", "--data-dir", dir, "--tenant", "acme", "../../engine/testdata/sale_invoice.json"},
		os.Stdin, brokenStdout{}, &errOut)
	want := "levy: done nonetheless: transaction INV-2026-000481 (version 1) was stored in the journal of tenant acme"
	if code != 1 || !strings.Contains(errOut.String(), "standard output could not be written") || !strings.Contains(errOut.String(), want) {
		t.Fatalf("calc into a broken pipe: exit %d, stderr %q", code, errOut.String())
	}
	if code, out, _ := runCLI(t, "journal", "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv"); code != 0 || !strings.Contains(out, "INV-2026-000481,1,") {
		t.Fatalf("the journal after the calc: exit %d, %.300s", code, out)
	}

}

// TestStdoutBrokenPipe runs levy data coverage as a process whose
// standard output is a pipe that nobody reads any more: it ends with exit
// status 1 and says why. Before, SIGPIPE killed it without a word.
func TestStdoutBrokenPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	cmd := exec.Command(os.Args[0], "--", "data", "coverage")
	cmd.Env = append(os.Environ(), "LEVY_TEST_MAIN=1")
	cmd.Stdout = w
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err = cmd.Run()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 || !strings.Contains(errOut.String(), "standard output could not be written") ||
		!strings.Contains(errOut.String(), "broken pipe") {
		t.Fatalf("data coverage into a pipe nobody reads: %v (state %v): %q", err, cmd.ProcessState, errOut.String())
	}
}

// TestFinishKeepsTheCommandsWords: a command whose error wraps the failed
// write keeps its own message for it, and what it did is still named;
// one whose error is another keeps it, followed by the failed write.
func TestFinishKeepsTheCommandsWords(t *testing.T) {
	out := &stdoutWriter{w: brokenStdout{}}
	_, failed := out.Write([]byte("x"))
	noteDone(out, func() string { return "the thing was stored" })
	for _, c := range []struct {
		err     error
		code    int
		generic bool
	}{
		{failed, 1, true},
		{fmt.Errorf("printing the thing: %w", failed), 1, false},
		{exitError{2, "the run stopped"}, 2, true},
		{nil, 1, true},
	} {
		var errOut bytes.Buffer
		code := finish(c.err, out, &errOut)
		got := errOut.String()
		if code != c.code || strings.Contains(got, "standard output could not be written") != c.generic ||
			!strings.HasSuffix(got, "levy: done nonetheless: the thing was stored\n") {
			t.Errorf("finish(%v): exit %d, stderr %q", c.err, code, got)
		}
	}
}

// TestJournalExportIntoBrokenPipe: levy journal export into a reader
// that went away (levy journal export | head -1) ends as the README says,
// with exit status 1 and "standard output could not be written", not
// with the export's own words for the failed write ("journal: export of
// acme: write /dev/stdout: broken pipe", or, through a server, "the
// export ... broke off"), which read as a fault of the journal.
func TestJournalExportIntoBrokenPipe(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", "acme", "../../engine/testdata/sale_invoice.json"); code != 0 {
		t.Fatalf("calc: exit %d, %s", code, errOut)
	}
	for _, format := range []string{"jsonl", "csv"} {
		var errOut bytes.Buffer
		code := Run(context.Background(), []string{"journal", "export", "--data-dir", dir, "--tenant", "acme", "--format", format},
			os.Stdin, brokenStdout{}, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "levy: standard output could not be written (write /dev/stdout: broken pipe): what was printed is incomplete") ||
			strings.Contains(errOut.String(), "journal: export of") {
			t.Errorf("journal export --format %s into a broken pipe: exit %d, stderr %q", format, code, errOut.String())
		}
	}
}

// TestNexusReportIntoBrokenPipe: levy nexus report --format json into a
// reader that went away ends with the standard output message, as the
// text format did, not with "nexus: write the report: ...".
func TestNexusReportIntoBrokenPipe(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "../../engine/testdata/sale_invoice.json"); code != 0 {
		t.Fatalf("calc: exit %d, %s", code, errOut)
	}
	for _, format := range []string{"json", "csv", "text"} {
		var errOut bytes.Buffer
		code := Run(context.Background(), []string{"nexus", "report", "--data-dir", dir, "--format", format},
			os.Stdin, brokenStdout{}, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "levy: standard output could not be written (write /dev/stdout: broken pipe): what was printed is incomplete") ||
			strings.Contains(errOut.String(), "write the report") {
			t.Errorf("nexus report --format %s into a broken pipe: exit %d, stderr %q", format, code, errOut.String())
		}
	}
}

// TestPrintedIntoBrokenPipe: levy data coverage --taxability --format
// json and levy calc --explain-only into a reader that went away end
// with the standard output message, where they said "writing the
// taxability rows: ..." or "writing the explanation: ...".
func TestPrintedIntoBrokenPipe(t *testing.T) {
	for _, args := range [][]string{
		{"data", "coverage", "--taxability", "--format", "json"},
		{"calc", "sale", "--explain-only", "../../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json"},
	} {
		var errOut bytes.Buffer
		code := Run(context.Background(), args, os.Stdin, brokenStdout{}, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "levy: standard output could not be written (write /dev/stdout: broken pipe): what was printed is incomplete") ||
			strings.Contains(errOut.String(), "writing the") {
			t.Errorf("levy %s into a broken pipe: exit %d, stderr %q", strings.Join(args, " "), code, errOut.String())
		}
	}
}
