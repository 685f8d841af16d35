package cli

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/batchtest"
)

// TestBatchInFlight: --in-flight sets the run's batch.Config.InFlight in
// MiB (0, the default, leaves batch.DefaultInFlight), a negative one is
// a usage error, and a journaled run with the least bound writes the
// output of a run with the default one.
func TestBatchInFlight(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{{nil, 0}, {[]string{"--in-flight", "3"}, 3 << 20}} {
		fs, o := batchFlags("sale", envOfContext(context.Background()))
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if err := o.check(fs); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		cfg, closeJournal, err := o.config(context.Background(), true, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if closeJournal != nil {
			closeJournal()
		}
		if cfg.InFlight != c.want {
			t.Errorf("%v: InFlight %d, want %d", c.args, cfg.InFlight, c.want)
		}
	}

	dir := t.TempDir()
	in, _ := batchtest.InvoiceFile(t, dir, 300)
	if code, _, stderr := runCLI(t, "batch", "sale", "--in", in, "--out", filepath.Join(dir, "bad.jsonl"), "--in-flight", "-1"); code != 2 || !strings.Contains(stderr, "--in-flight must not be negative") {
		t.Fatalf("--in-flight -1: exit %d, %s", code, stderr)
	}
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if code, _, stderr := runCLI(t, "batch", "sale", "--in", in, "--out", want, "--data-dir", filepath.Join(dir, "a"), "--quiet"); code != 1 {
		t.Fatalf("default run: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", filepath.Join(dir, "b"), "--quiet", "--in-flight", "1", "--workers", "4"); code != 1 {
		t.Fatalf("run with --in-flight 1: exit %d, %s", code, stderr)
	}
	batchtest.SameFile(t, got, want)
}
