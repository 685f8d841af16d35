package batch_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
)

// utf16Text is s in UTF-16 with its byte order mark, little endian (as
// Windows PowerShell's redirection writes it) or big endian.
func utf16Text(s string, little bool) []byte {
	units := utf16.Encode([]rune("\ufeff" + s))
	out := make([]byte, 0, 2*len(units))
	for _, u := range units {
		if little {
			out = append(out, byte(u), byte(u>>8))
		} else {
			out = append(out, byte(u>>8), byte(u))
		}
	}
	return out
}

// TestRunRefusesUTF16: an input in UTF-16 (a file that Windows
// PowerShell's > or a spreadsheet's "Unicode text" wrote) stops the run
// before any document with a *ReadError of code invalid that says to
// save it as UTF-8, in both formats, for Run and a File. A JSON lines
// input of two lines was answered with three error records about the
// character 'ÿ' and '\x00' (each newline's second byte began a line
// that the input does not have), and a CSV input with header errors
// whose column names were spelt with NUL bytes.
func TestRunRefusesUTF16(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	jsonl := tenantInvoice("U-1") + tenantInvoice("U-2")
	csv := "document_number,document_date,message_type,extended_price\nA,2026-06-01,QUOTATION,1\n"
	for _, c := range []struct {
		format batch.Format
		text   string
	}{{batch.JSONLines, jsonl}, {batch.CSV, csv}} {
		for _, little := range []bool{true, false} {
			cfg := batch.Config{Engine: e, Perspective: batch.Sale, Format: c.format}
			check := func(what string, sum batch.Summary, err error) {
				t.Helper()
				var re *batch.ReadError
				if !errors.As(err, &re) || levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "UTF-16") || !strings.Contains(err.Error(), "UTF-8") {
					t.Errorf("%s, %s, little endian %v: error %v, want a *ReadError of code invalid saying to save it as UTF-8", what, c.format, little, err)
				}
				if sum.Documents != 0 {
					t.Errorf("%s, %s, little endian %v: %d documents answered", what, c.format, little, sum.Documents)
				}
			}
			var out bytes.Buffer
			sum, err := batch.Run(ctx, cfg, bytes.NewReader(utf16Text(c.text, little)), &out)
			check("Run", sum, err)
			if strings.Contains(out.String(), "\n{") || strings.Count(out.String(), "\n") > 1 {
				t.Errorf("Run, %s: output %q", c.format, out.String())
			}
			f, err := batch.OpenFile(ctx, cfg, filepath.Join(t.TempDir(), "out"), false)
			if err != nil {
				t.Fatal(err)
			}
			sum, err = f.Run(ctx, bytes.NewReader(utf16Text(c.text, little)))
			check("File", sum, err)
		}
	}
}

// TestRunFirstLineOfOneByte: the check of the input's first bytes for
// UTF-16 does not wait for more bytes than a first line that is shorter
// than the check: a bad first line of three bytes written to a pipe that
// then goes quiet is answered (with its error record) at once. (A blank
// first line is no longer answered before the input goes on or ends:
// blank lines that end the input are no documents.)
func TestRunFirstLineOfOneByte(t *testing.T) {
	e := newEngine(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	go io.WriteString(w, "{}\n")
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Progress: func(p batch.Progress) {
		if p.Documents == 1 {
			cancel()
		}
	}}
	var out bytes.Buffer
	var sum batch.Summary
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		sum, err = batch.Run(ctx, cfg, r, &out)
	}()
	waitRun(t, done)
	if err != nil || sum.Documents != 1 || sum.Failed != 1 || !strings.HasPrefix(out.String(), `{"line":1,`) {
		t.Fatalf("run: %+v, %v, output %q; want the bad line's error record", sum, err, out.String())
	}
}
