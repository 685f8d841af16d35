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
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// TestEngineNotMade: a Config whose Engine engine.New did not make (a
// zero Engine) is refused before anything is read or created, naming
// Engine, as a Config without one is, instead of answering every
// document with the same error.
func TestEngineNotMade(t *testing.T) {
	ctx := context.Background()
	cfg := batch.Config{Engine: &engine.Engine{}, Perspective: batch.Sale}
	named := func(call string, err error) {
		t.Helper()
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "Engine" {
			t.Errorf("%s: %v, want levy.EInvalid naming Engine", call, err)
		}
	}
	var out bytes.Buffer
	in := `{"saleMessageType":"QUOTATION","lineItems":[{"extendedPrice":1}]}` + "\n"
	sum, err := batch.Run(ctx, cfg, strings.NewReader(in), &out)
	named("Run", err)
	if out.Len() != 0 || sum.Documents != 0 {
		t.Errorf("Run answered %d documents: %q", sum.Documents, out.String())
	}
	path := filepath.Join(t.TempDir(), "out.jsonl")
	f, err := batch.OpenFile(ctx, cfg, path, false)
	named("OpenFile", err)
	if f != nil {
		f.Close()
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("OpenFile made its output: %v", err)
	}
	n := 0
	one := func(yield func(*wire.SaleRequest) bool) { yield(&wire.SaleRequest{}) }
	for _, err := range batch.Sales(ctx, cfg, one) {
		n++
		named("Sales", err)
	}
	if n != 1 {
		t.Errorf("Sales yielded %d times, want the error once", n)
	}
}

// TestNilFile: the nil File of a failed OpenFile closes with nil, so
// that a deferred Close is safe, counts nothing, and refuses to run
// with an error instead of a panic.
func TestNilFile(t *testing.T) {
	var f *batch.File
	if err := f.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if f.Done() != 0 || f.Failed() != 0 {
		t.Errorf("Done %d, Failed %d", f.Done(), f.Failed())
	}
	if _, err := f.Run(context.Background(), strings.NewReader("")); levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("Run: %v, want levy.EInvalid", err)
	}
}

// TestFileRunAgain: a File run a second time, or after its Close, and a
// zero File that OpenFile did not make refuse to run as invalid, as the
// nil File does, where the error was an internal one that a host
// retrying by code would retry.
func TestFileRunAgain(t *testing.T) {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cfg := batch.Config{Engine: e, Perspective: batch.Sale}
	in := `{"saleMessageType":"QUOTATION","lineItems":[{"extendedPrice":1}]}` + "\n"
	ran, err := batch.OpenFile(ctx, cfg, filepath.Join(t.TempDir(), "ran.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ran.Run(ctx, strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	closed, err := batch.OpenFile(ctx, cfg, filepath.Join(t.TempDir(), "closed.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	if err := closed.Close(); err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]*batch.File{"run": ran, "closed": closed, "zero": new(batch.File)} {
		if _, err := f.Run(ctx, strings.NewReader(in)); levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("Run of a %s File: %v (code %q), want levy.EInvalid", name, err, levy.ErrorCode(err))
		}
	}
}

// TestOpenFilePath: an empty path and a directory are refused as invalid
// naming path, where the error was the operating system's ("open : no
// such file or directory"), with no code and no field.
func TestOpenFilePath(t *testing.T) {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cfg := batch.Config{Engine: e, Perspective: batch.Sale}
	for name, path := range map[string]string{"empty": "", "directory": t.TempDir()} {
		for _, resume := range []bool{false, true} {
			f, err := batch.OpenFile(ctx, cfg, path, resume)
			var le *levy.Error
			if f != nil || !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "path" {
				t.Errorf("OpenFile of a %s path (resume %v): %v, %v, want levy.EInvalid naming path", name, resume, f, err)
			}
		}
	}
}
