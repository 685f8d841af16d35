package batch_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/wire"
)

// TestConfigRefusesHugeCounts: Workers above MaxWorkers and Chunk above
// MaxChunk are refused by Run, OpenFile and the iterator runs, with a
// levy.EInvalid naming the field, before anything is read or started.
// Before, they were taken: --workers 100000000 over an input of one
// line started a hundred million goroutines and set aside room for
// billions of documents, and the run ran the machine out of memory
// instead of answering.
func TestConfigRefusesHugeCounts(t *testing.T) {
	ctx := context.Background()
	e := newEngine(t)
	for _, c := range []struct {
		cfg   batch.Config
		field string
	}{
		{batch.Config{Workers: batch.MaxWorkers + 1}, "Workers"},
		{batch.Config{Workers: 2, Chunk: batch.MaxChunk + 1}, "Chunk"},
	} {
		cfg := c.cfg
		cfg.Engine, cfg.Perspective = e, batch.Sale
		check := func(what string, err error) {
			t.Helper()
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field || !strings.Contains(le.Message, "at most") {
				t.Errorf("%s with %s out of range: %v, want invalid %s", what, c.field, err, c.field)
			}
		}
		var out bytes.Buffer
		_, err := batch.Run(ctx, cfg, strings.NewReader(batchtest.Quote("W-1")+"\n"), &out)
		check("Run", err)
		if out.Len() != 0 {
			t.Errorf("Run wrote %q", out.String())
		}
		_, err = batch.OpenFile(ctx, cfg, t.TempDir()+"/out.jsonl", false)
		check("OpenFile", err)
		n := 0
		for _, err := range batch.Sales(ctx, cfg, func(func(*wire.SaleRequest) bool) {}) {
			n++
			check("Sales", err)
		}
		if n != 1 {
			t.Errorf("Sales yielded %d times, want its error once", n)
		}
	}
	// The largest counts are taken.
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Workers: batch.MaxWorkers, Chunk: batch.MaxChunk}
	var out bytes.Buffer
	if sum, err := batch.Run(ctx, cfg, strings.NewReader(batchtest.Quote("W-1")+"\n"), &out); err != nil || sum.Documents != 1 || sum.Failed != 0 {
		t.Fatalf("the largest counts: %+v, %v", sum, err)
	}
}
