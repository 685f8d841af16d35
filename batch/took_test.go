package batch_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/levytax/levy/batch"
)

// TestSummaryTook: a run's Summary says how long it took (levy batch
// prints it in its last line), for Run and File.Run alike: more than
// nothing, since the run calculated a document, and no more than the
// call lasted as the caller measured it.
func TestSummaryTook(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	req, err := os.ReadFile("../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json")
	if err != nil {
		t.Fatal(err)
	}
	line := append(bytes.ReplaceAll(req, []byte("\n"), nil), '\n')
	cfg := batch.Config{Engine: e, Perspective: batch.Sale}

	began := time.Now()
	sum, err := batch.Run(ctx, cfg, bytes.NewReader(line), new(bytes.Buffer))
	lasted := time.Since(began)
	if err != nil || sum.Documents != 1 || sum.Failed != 0 {
		t.Fatalf("Run: %+v, %v", sum, err)
	}
	if sum.Took <= 0 || sum.Took > lasted {
		t.Errorf("Run: Summary.Took is %v; want more than 0 and at most the %v the call lasted", sum.Took, lasted)
	}

	f, err := batch.OpenFile(ctx, cfg, filepath.Join(t.TempDir(), "out.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	began = time.Now()
	sum, err = f.Run(ctx, bytes.NewReader(line))
	lasted = time.Since(began)
	if err != nil || sum.Documents != 1 {
		t.Fatalf("File.Run: %+v, %v", sum, err)
	}
	if sum.Took <= 0 || sum.Took > lasted {
		t.Errorf("File.Run: Summary.Took is %v; want more than 0 and at most the %v the call lasted", sum.Took, lasted)
	}
}
