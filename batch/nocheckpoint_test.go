package batch_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/journal"
)

// TestFileResumeWithoutCheckpoint: resuming an output that holds
// documents and has no checkpoint beside it is refused with
// ErrNoCheckpoint (levy.EConflict), the output left byte for byte as it
// was and nothing calculated or stored. Such an output is what a Run
// wrote (a host's, or levy batch's, standard output redirected to the
// file), or one whose checkpoint was removed. OpenFile took its lines
// for answers of any input: a resumed run of another file skipped as
// many of that file's documents without a word, and never stored them.
// An output without documents still resumes from the first one.
func TestFileResumeWithoutCheckpoint(t *testing.T) {
	ctx := context.Background()
	e := newEngine(t)
	dir := t.TempDir()
	store := journal.NewMemory()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: store}
	day1 := tenantInvoice("D1-1") + tenantInvoice("D1-2")
	day2 := tenantInvoice("D2-1") + tenantInvoice("D2-2") + tenantInvoice("D2-3")

	// Run's output in a file, cut inside its last line.
	var b bytes.Buffer
	if _, err := batch.Run(ctx, cfg, strings.NewReader(day1), &b); err != nil {
		t.Fatal(err)
	}
	redirected := filepath.Join(dir, "redirected.jsonl")
	if err := os.WriteFile(redirected, append(b.Bytes(), `{"saleMessageType":"INV`...), 0o600); err != nil {
		t.Fatal(err)
	}

	// A File's output whose checkpoint was removed.
	removed := filepath.Join(dir, "removed.jsonl")
	f, err := batch.OpenFile(ctx, cfg, removed, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(ctx, strings.NewReader(day1)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(removed + batch.CheckpointSuffix); err != nil {
		t.Fatal(err)
	}

	for _, path := range []string{redirected, removed} {
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := batch.OpenFile(ctx, cfg, path, true)
		if err == nil {
			sum, _ := f.Run(ctx, strings.NewReader(day2))
			t.Errorf("%s: resumed after %d documents, answered %d of another input", filepath.Base(path), f.Done(), sum.Documents)
		} else if !errors.Is(err, batch.ErrNoCheckpoint) || levy.ErrorCode(err) != levy.EConflict {
			t.Errorf("%s: error %v (code %s), want ErrNoCheckpoint, %s", filepath.Base(path), err, levy.ErrorCode(err), levy.EConflict)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
			t.Errorf("%s was changed by the refused resume:\n%q\nwas\n%q", filepath.Base(path), after, before)
		}
		if _, err := os.Stat(path + batch.CheckpointSuffix); err == nil {
			t.Errorf("%s: the refused resume wrote a checkpoint", filepath.Base(path))
		}
	}
	for _, id := range []string{"D2-1", "D2-2", "D2-3"} {
		if ok, _ := store.Exists(ctx, levy.DefaultTenant, id); ok {
			t.Errorf("%s was stored by a refused resume", id)
		}
	}

	// No output, or one without documents (the header of a CSV run of
	// an empty input): the resumed run starts from the first document.
	csvCfg := cfg
	csvCfg.Format = batch.CSV
	for _, c := range []struct {
		cfg  batch.Config
		path string
	}{{cfg, filepath.Join(dir, "none.jsonl")}, {csvCfg, filepath.Join(dir, "header.csv")}} {
		if c.cfg.Format == batch.CSV {
			f, err := batch.OpenFile(ctx, c.cfg, c.path, false)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Run(ctx, strings.NewReader("")); err == nil {
				t.Fatal("an empty CSV input ran without an error")
			}
		}
		f, err := batch.OpenFile(ctx, c.cfg, c.path, true)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(c.path), err)
		}
		if f.Done() != 0 {
			t.Errorf("%s: Done %d, want 0", filepath.Base(c.path), f.Done())
		}
		f.Close()
	}
}
