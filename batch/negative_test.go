package batch_test

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
)

// TestConfigRefusesNegative: a negative count of Config is refused by
// Run, OpenFile and Sales with the invalid-input error of levy naming
// that one field, before anything is read or written, as engine.Batch
// refuses its own; it was a plain error that listed all five fields,
// whichever was at fault, and carried no code a host could act on.
func TestConfigRefusesNegative(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		set   func(*batch.Config)
		field string
	}{
		{func(c *batch.Config) { c.Workers = -1 }, "Workers"},
		{func(c *batch.Config) { c.Chunk = -2 }, "Chunk"},
		{func(c *batch.Config) { c.MaxErrors = -1 }, "MaxErrors"},
		{func(c *batch.Config) { c.LineLimit = -4096 }, "LineLimit"},
		{func(c *batch.Config) { c.InFlight = -1 }, "InFlight"},
		{func(c *batch.Config) { c.Skip = -3 }, "Skip"},
		{func(c *batch.Config) { c.Workers, c.Skip = 4, -1 }, "Skip"},
		{func(c *batch.Config) { c.Chunk, c.Skip = -1, -1 }, "Chunk"},
	} {
		cfg := batch.Config{Engine: e, Perspective: batch.Sale}
		c.set(&cfg)
		check := func(what string, err error) {
			t.Helper()
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field {
				t.Errorf("%s with %s at fault: error %v, want %s about %q", what, c.field, err, levy.EInvalid, c.field)
				return
			}
			if !strings.Contains(le.Message, "negative") {
				t.Errorf("%s: message %q does not say the count is negative", what, le.Message)
			}
		}
		var out bytes.Buffer
		_, err := batch.Run(ctx, cfg, strings.NewReader("{}\n"), &out)
		check("Run", err)
		if out.Len() != 0 {
			t.Errorf("Run with %s at fault wrote %q", c.field, out.String())
		}
		_, err = batch.OpenFile(ctx, cfg, filepath.Join(t.TempDir(), "out.jsonl"), false)
		check("OpenFile", err)
		n := 0
		for _, err := range batch.Sales(ctx, cfg, nil) {
			n++
			check("Sales", err)
		}
		if n != 1 {
			t.Errorf("Sales with %s at fault yielded %d results, want 1", c.field, n)
		}
	}
}
