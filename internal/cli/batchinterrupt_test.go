package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/batchtest"
)

// TestBatchInterruptedMessage: levy batch interrupted (Ctrl-C, whose end
// of the context is the same as here, once the journal stored the first
// group, two documents of which failed) exits 1 saying that it was
// interrupted, after how many documents, and how to go on: --resume for
// an --out FILE, and that the run cannot be resumed for standard output.
// The message was the bare "context canceled".
func TestBatchInterruptedMessage(t *testing.T) {
	dir := t.TempDir()
	in, _ := batchtest.InvoiceFile(t, dir, 600)
	for i, c := range []struct {
		out, want string
	}{
		{filepath.Join(dir, "out.jsonl"), ": run the same command with --resume to go on"},
		{"-", "; the output keeps no checkpoint, so the run cannot be resumed"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		ctx = context.WithValue(ctx, afterPostKey{}, func() error { cancel(); return nil })
		var out, errOut bytes.Buffer
		data := filepath.Join(dir, "data"+string(rune('a'+i)))
		code := run(ctx, []string{"batch", "sale", "--in", in, "--out", c.out, "--data-dir", data, "--quiet"}, &out, &errOut)
		cancel()
		msg := errOut.String()
		if code != 1 || !strings.Contains(msg, "interrupted (context canceled) after ") || !strings.Contains(msg, c.want) {
			t.Errorf("--out %s interrupted: exit %d, %q; want 1 saying it was interrupted and %q", c.out, code, msg, c.want)
		}
	}
}
