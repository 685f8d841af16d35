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
	"github.com/levytax/levy/wire"
)

// TestRequiredRefusedNamingField: what a run needs and was not given
// (Config.Engine, a known Config.Perspective or Config.Format, the in
// and out of Run, the in of File.Run, the reqs of Sales) is refused with
// the invalid-input error of levy naming that field or parameter, as a
// negative count of Config is; the Engine, the Format and the nil
// parameters were plain errors, which levy.ErrorCode reports as
// internal faults, with no field.
func TestRequiredRefusedNamingField(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	good := batch.Config{Engine: e, Perspective: batch.Sale}
	check := func(what, field string, err error) {
		t.Helper()
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != field {
			t.Errorf("%s: %v, want %s naming %q", what, err, levy.EInvalid, field)
		}
	}
	for _, c := range []struct {
		cfg   batch.Config
		field string
	}{
		{batch.Config{Perspective: batch.Sale}, "Engine"},
		{batch.Config{}, "Engine"},
		{batch.Config{Engine: e}, "Perspective"},
		{batch.Config{Engine: e, Perspective: "refund"}, "Perspective"},
		{batch.Config{Engine: e, Perspective: batch.Sale, Format: 7}, "Format"},
	} {
		_, err := batch.Run(ctx, c.cfg, strings.NewReader("{}\n"), &bytes.Buffer{})
		check("Run", c.field, err)
		_, err = batch.OpenFile(ctx, c.cfg, filepath.Join(t.TempDir(), "out.jsonl"), false)
		check("OpenFile", c.field, err)
		for _, err := range batch.Sales(ctx, c.cfg, func(func(*wire.SaleRequest) bool) {}) {
			check("Sales", c.field, err)
		}
	}
	_, err := batch.Run(ctx, good, nil, &bytes.Buffer{})
	check("Run with a nil in", "in", err)
	_, err = batch.Run(ctx, good, strings.NewReader("{}\n"), nil)
	check("Run with a nil out", "out", err)
	for _, err := range batch.Sales(ctx, good, nil) {
		check("Sales with a nil reqs", "reqs", err)
	}
	f, err := batch.OpenFile(ctx, good, filepath.Join(t.TempDir(), "out.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = f.Run(ctx, nil)
	check("File.Run with a nil in", "in", err)
}
