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
)

// TestCSVReadAsJSONLinesIsRefused: a CSV file of the batch layout run as
// JSON lines (the default for standard input and for a file not named
// .csv) is refused before any line, as invalid, saying it looks like CSV
// and to give the CSV format, and nothing is written; its header may be
// quoted or follow a byte order mark. Every line of it was answered with
// an error record ("invalid character 'd' looking for beginning of
// value"), exit 1. JSON lines, bad ones included, are answered as
// before. And JSON lines run as CSV (a file of them named .csv) are
// refused saying they look like JSON lines, where the run stopped with
// "bare \" in non-quoted-field".
func TestCSVReadAsJSONLinesIsRefused(t *testing.T) {
	e := newEngine(t)
	example, err := os.ReadFile(filepath.Join("testdata", "sale.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{
		"the example":           string(example),
		"a byte order mark":     "\ufeff" + string(example),
		"quoted names, CRLF":    "\"Document_Number\",\"document_date\",\"message_type\"\r\nD1,2026-06-01,QUOTATION\r\n",
		"a header without rows": "message_type,document_number,document_date",
	} {
		var out bytes.Buffer
		sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale}, strings.NewReader(in), &out)
		var re *batch.ReadError
		if !errors.As(err, &re) || levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "looks like CSV") ||
			!strings.Contains(err.Error(), "--format csv") || sum.Documents != 0 || out.Len() != 0 {
			t.Errorf("%s: %+v, %v, output %q; want it refused as CSV before any line", name, sum, err, out.String())
		}
	}
	for name, in := range map[string]string{
		"a request":         `{"saleMessageType":"QUOTATION","documentDate":"2026-06-01","lineItems":[{"extendedPrice":10}]}` + "\n",
		"a byte order mark": "\ufeff {\"saleMessageType\":\"QUOTATION\"}\r\n",
	} {
		var out bytes.Buffer
		sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader(in), &out)
		if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "looks like JSON lines") || !strings.Contains(err.Error(), "--format jsonl") ||
			sum.Documents != 0 || strings.Count(out.String(), "\n") > 1 {
			t.Errorf("JSON lines as CSV, %s: %+v, %v, output %q; want it refused as JSON lines before any row (the output's header alone)", name, sum, err, out.String())
		}
	}
	for name, c := range map[string]struct {
		in     string
		failed int
	}{
		"a request":                {`{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","customer":{"destination":{"postalCode":"98101","country":"US"}},"lineItems":[{"extendedPrice":10}]}` + "\n", 0},
		"an array, then a request": {"[1,2]\n" + `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","customer":{"destination":{"postalCode":"98101","country":"US"}},"lineItems":[{"extendedPrice":10}]}` + "\n", 1},
		"words with commas":        {"hello, world\n", 1},
	} {
		var out bytes.Buffer
		sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale}, strings.NewReader(c.in), &out)
		if err != nil || sum.Failed != c.failed || strings.Count(out.String(), "\n") != strings.Count(c.in, "\n") {
			t.Errorf("%s: %+v, %v, output %q; want each line answered, %d failed", name, sum, err, out.String(), c.failed)
		}
	}
}
