package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/batchtest"
)

// TestBatchResumeRedirectedOutput: levy batch whose standard output went
// into a file (> out.jsonl), then --resume --out out.jsonl with another
// day's input, exits 2 and says to run the input again without
// --resume, leaving the file as it was. The resume went on after as many
// lines of the other input as the file held, skipped them unanswered and
// unstored, and exited 0.
func TestBatchResumeRedirectedOutput(t *testing.T) {
	dir := t.TempDir()
	day1, _ := batchtest.InvoiceFile(t, dir, 5)
	day2Dir := filepath.Join(dir, "day2")
	if err := os.Mkdir(day2Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	day2, _ := batchtest.InvoiceFile(t, day2Dir, 8)
	out := filepath.Join(dir, "out.jsonl")
	code, stdout, errOut := runCLI(t, "batch", "sale", "--in", day1, "--quiet")
	if code != 0 {
		t.Fatalf("first run: exit %d, %s", code, errOut)
	}
	if err := os.WriteFile(out, []byte(stdout), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "batch", "sale", "--in", day2, "--out", out, "--resume", "--quiet")
	if code != 2 || !strings.Contains(errOut, "without --resume") {
		t.Errorf("resume of a redirected output: exit %d, %s; want 2, saying to run again without --resume", code, errOut)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, []byte(stdout)) {
		t.Errorf("the refused resume changed the output: %d bytes, was %d", len(got), len(stdout))
	}
}
