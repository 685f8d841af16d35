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

// TestRunRefusesUTF16WithoutMark: an input in UTF-16 without a byte
// order mark (some tools write one so) stops the run before any
// document with a *ReadError of code invalid that says it looks like
// UTF-16 and to save it as UTF-8, in both formats and both byte orders,
// for Run and a File. It went through as a JSON lines input of lines of
// NUL-spelt garbage, and a CSV input whose header named no column.
func TestRunRefusesUTF16WithoutMark(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	jsonl := tenantInvoice("U-1") + tenantInvoice("U-2")
	csv := "document_number,document_date,message_type,extended_price\nA,2026-06-01,QUOTATION,1\n"
	for _, c := range []struct {
		format batch.Format
		text   string
	}{{batch.JSONLines, jsonl}, {batch.CSV, csv}} {
		for _, little := range []bool{true, false} {
			text := utf16Text(c.text, little)[2:] // without its byte order mark
			cfg := batch.Config{Engine: e, Perspective: batch.Sale, Format: c.format}
			check := func(what string, sum batch.Summary, err error) {
				t.Helper()
				var re *batch.ReadError
				if !errors.As(err, &re) || levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "UTF-16 text without a byte order mark") || !strings.Contains(err.Error(), "save it as UTF-8") {
					t.Errorf("%s, %s, little endian %v: error %v, want a *ReadError of code invalid naming UTF-16 and saying to save it as UTF-8", what, c.format, little, err)
				}
				if sum.Documents != 0 {
					t.Errorf("%s, %s, little endian %v: %d documents answered", what, c.format, little, sum.Documents)
				}
			}
			var out bytes.Buffer
			sum, err := batch.Run(ctx, cfg, bytes.NewReader(text), &out)
			check("Run", sum, err)
			if strings.Count(out.String(), "\n") > 1 {
				t.Errorf("Run, %s: output %q", c.format, out.String())
			}
			f, err := batch.OpenFile(ctx, cfg, filepath.Join(t.TempDir(), "out"), false)
			if err != nil {
				t.Fatal(err)
			}
			sum, err = f.Run(ctx, bytes.NewReader(text))
			check("File", sum, err)
		}
	}
	// UTF-8 whose first line is short is read as before.
	var out bytes.Buffer
	sum, err := batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Sale}, strings.NewReader("{\n"+jsonl), &out)
	if err != nil || sum.Documents != 3 || sum.Failed != 1 {
		t.Fatalf("UTF-8 run: %+v, %v; want 3 documents, 1 failed", sum, err)
	}
}
