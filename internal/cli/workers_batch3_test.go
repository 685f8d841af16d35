package cli

import (
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
)

// TestBatchWorkersAtMost: levy batch --workers above batch.MaxWorkers is
// a usage error (exit 2) naming the flag and its bound, before anything
// is read; it started that many goroutines, and --workers 100000000 ran
// the machine out of memory over an input of one line.
func TestBatchWorkersAtMost(t *testing.T) {
	out := t.TempDir() + "/out.jsonl"
	code, _, errOut := runCLI(t, "batch", "sale", "--in", "-", "--out", out, "--workers", strconv.Itoa(batch.MaxWorkers+1))
	if code != 2 || !strings.Contains(errOut, "--workers must be at most "+strconv.Itoa(batch.MaxWorkers)) {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}
