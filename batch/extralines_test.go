package batch_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/journal"
)

// TestFileResumeJournaledExtraLines: a journaled output that holds more
// documents than its checkpoint counts (another output appended to it,
// a line pasted twice) is refused on resume, as the output of a run
// without a journal is, the file left as it was and nothing stored. The
// output is written only after its group's checkpoint, so it never holds
// more. Resuming took every line for an answer: the run skipped as many
// documents of its input, and those past the checkpoint's were never
// calculated nor stored.
func TestFileResumeJournaledExtraLines(t *testing.T) {
	ctx := context.Background()
	e := newEngine(t)
	store := journal.NewMemory()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: store}
	var in strings.Builder
	for _, id := range []string{"E-1", "E-2", "E-3", "E-4", "E-5"} {
		in.WriteString(tenantInvoice(id))
	}
	first := strings.Join(strings.SplitAfter(in.String(), "\n")[:3], "")
	out := filepath.Join(t.TempDir(), "out.jsonl")
	f, err := batch.OpenFile(ctx, cfg, out, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(ctx, strings.NewReader(first)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	b = append(b, lines[len(lines)-2]...) // the last answer, once more
	if err := os.WriteFile(out, b, 0o600); err != nil {
		t.Fatal(err)
	}

	f, err = batch.OpenFile(ctx, cfg, out, true)
	if err == nil {
		sum, rerr := f.Run(ctx, strings.NewReader(in.String()))
		t.Errorf("resumed an output of 4 answers whose checkpoint counts 3: Done %d, answered %d more, error %v", f.Done(), sum.Documents, rerr)
	} else if !strings.Contains(err.Error(), "more than the 3") {
		t.Errorf("error %v, want one saying the output holds more than the 3 documents its checkpoint counts", err)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(after, b) {
		t.Errorf("the refused resume changed the output")
	}
	for _, id := range []string{"E-4", "E-5"} {
		if ok, _ := store.Exists(ctx, levy.DefaultTenant, id); ok {
			t.Errorf("%s was stored by a resume that should have been refused", id)
		}
	}
}
