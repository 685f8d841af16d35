package batch_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
)

// TestNilInputAndOutput: a host that hands Run, File.Run or Sales a nil
// reader, writer or sequence gets an error naming it, not a panic, and
// nothing is written.
func TestNilInputAndOutput(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale}
	var out bytes.Buffer
	if _, err := batch.Run(ctx, cfg, nil, &out); err == nil || !strings.Contains(err.Error(), "in is nil") {
		t.Errorf("Run with a nil reader: %v", err)
	}
	if _, err := batch.Run(ctx, cfg, strings.NewReader("{}\n"), nil); err == nil || !strings.Contains(err.Error(), "out is nil") {
		t.Errorf("Run with a nil writer: %v", err)
	}
	if out.Len() != 0 {
		t.Errorf("wrote %q", out.String())
	}
	f, err := batch.OpenFile(ctx, cfg, filepath.Join(t.TempDir(), "out.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(ctx, nil); err == nil || !strings.Contains(err.Error(), "in is nil") {
		t.Errorf("File.Run with a nil reader: %v", err)
	}
	n := 0
	for _, err := range batch.Sales(ctx, cfg, nil) {
		n++
		if err == nil || !strings.Contains(err.Error(), "reqs is nil") {
			t.Errorf("Sales with a nil sequence: %v", err)
		}
	}
	if n != 1 {
		t.Errorf("Sales with a nil sequence yielded %d results, want one error", n)
	}
}
