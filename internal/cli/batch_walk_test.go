package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/batchtest"
)

// TestBatchWalkJournalHeld runs levy batch against a data directory whose
// journal another process holds open (a server left running, a second
// job): the run is refused with exit 2 and a message naming the data
// directory and saying that another process holds it,
// before anything is calculated, and the output that an earlier run left
// is kept as it was. Once the journal is free the same command stores
// every invoice once.
func TestBatchWalkJournalHeld(t *testing.T) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 30)
	out, data := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "data")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--data-dir", data, "--quiet"); code != 0 {
		t.Fatalf("first run: exit %d, %s", code, errOut)
	}
	before, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	_, release := openJournalAt(t, data)
	code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--data-dir", data, "--quiet")
	release()
	if code != 2 || errOut == "" {
		t.Fatalf("run against a held journal: exit %d, %q; want exit 2 with a message", code, errOut)
	}
	if !strings.Contains(errOut, "is held by another Levy process") || !strings.Contains(errOut, data) {
		t.Errorf("the message does not say that another process holds the data directory: %s", errOut)
	}
	after, err := os.ReadFile(out)
	if err != nil || string(after) != string(before) {
		t.Fatalf("the refused run changed the earlier output (%v)", err)
	}
	wantVersions(t, data, ids, 1)
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--data-dir", data, "--quiet"); code != 0 {
		t.Fatalf("run once the journal is free: exit %d, %s", code, errOut)
	}
	wantVersions(t, data, ids, 2)
}

// TestBatchWalkTrailingBlankLine runs a JSON lines file saved with CRLF
// line ends and a blank last line: levy batch answers its requests and
// exits 0, where the blank line used to fail as a document of its own.
func TestBatchWalkTrailingBlankLine(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	body := batchtest.Quote("TB-1") + "\r\n" + batchtest.Quote("TB-2") + "\r\n\r\n"
	if err := os.WriteFile(in, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--quiet")
	if code != 0 {
		t.Fatalf("exit %d, %s; want 0", code, errOut)
	}
	if n := batchtest.LineCount(t, out); n != 2 {
		t.Fatalf("%d output lines, want 2", n)
	}
}
