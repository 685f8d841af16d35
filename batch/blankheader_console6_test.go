package batch_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
)

// TestCSVBlankHeaderColumns: the empty columns that a spreadsheet leaves
// after the last one used (a header and rows ending in ",,") are no
// columns of the input: its documents are answered as those of the same
// file without them, and a value typed in such a column fails its
// document, with an error row naming the row, the column's position and
// the value, rather than being dropped. Every such file was refused
// whole, with "row 1: is not a column of the sale layout", which named
// no column.
func TestCSVBlankHeaderColumns(t *testing.T) {
	e := newEngine(t)
	plain := "document_number,document_date,message_type,dest_postal_code,dest_country,extended_price\n" +
		"D1,2026-06-01,QUOTATION,98101,US,10\n" +
		"D2,2026-06-01,QUOTATION,98101,US,20\n" +
		"D3,2026-06-01,QUOTATION,98101,US,30\n"
	run := func(in string) (batch.Summary, []byte, error) {
		var out bytes.Buffer
		sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader(in), &out)
		return sum, out.Bytes(), err
	}
	_, want, err := run(plain)
	if err != nil {
		t.Fatal(err)
	}
	blank := strings.ReplaceAll(plain, "\n", ",, \r\n")
	sum, got, err := run(blank)
	if err != nil || sum.Documents != 3 || sum.Failed != 0 {
		t.Fatalf("blank columns: %+v, %v; want 3 documents answered\n%s", sum, err, got)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("with blank columns the output is\n%s\nwithout them\n%s", got, want)
	}

	typed := strings.Replace(blank, "D2,2026-06-01,QUOTATION,98101,US,20,,", "D2,2026-06-01,QUOTATION,98101,US,20,,note", 1)
	sum, got, err = run(typed)
	if err != nil || sum.Documents != 3 || sum.Failed != 1 {
		t.Fatalf("a value in a blank column: %+v, %v; want 3 documents, 1 failed\n%s", sum, err, got)
	}
	docs, totals := csvOutput(t, got)
	if strings.Join(totals, " ") != "D1 ok D2 error D3 ok" {
		t.Errorf("totals %v", totals)
	}
	recs := docs["D2"]
	if len(recs) != 2 || recs[0][0] != "error" || recs[0][24] != "3" || recs[0][26] != "invalid" ||
		!strings.Contains(recs[0][27], `"note" in column 8`) || !strings.Contains(recs[0][27], "header is blank") {
		t.Errorf("D2: rows %q; want one error at row 3 naming column 8 and its value, then the total", recs)
	}
}

// TestCSVBlankHeaderRow: a CSV input whose first row is blank but not
// empty (a spreadsheet's byte order mark and nothing else, or only
// commas) is refused as invalid, saying that it needs a header row, as
// an empty input is, rather than "row 1: is not a column of the sale
// layout".
func TestCSVBlankHeaderRow(t *testing.T) {
	e := newEngine(t)
	for _, in := range []string{"\ufeff\r\n", "\ufeff", ",,,\n,,,\n", " \n"} {
		var out bytes.Buffer
		_, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader(in), &out)
		var le *levy.Error
		if err == nil || !errors.As(err, &le) || le.Code != levy.EInvalid || !strings.Contains(err.Error(), "needs a header row") ||
			strings.Contains(err.Error(), "is not a column") {
			t.Errorf("input %q: %v; want it refused as invalid for its blank header row", in, err)
		}
	}
}

// TestCSVHeaderOfOtherSeparator: a CSV input whose values are separated
// by semicolons or tabs (a spreadsheet's "CSV" where the comma is the
// decimal mark) is refused as invalid at row 1, saying which separator
// it has and to save it with commas. It was refused as one column named
// by the whole header ("row 1, column document_number;document_date;...:
// is not a column of the sale layout").
func TestCSVHeaderOfOtherSeparator(t *testing.T) {
	e := newEngine(t)
	for sep, name := range map[string]string{";": "semicolons", "\t": "tabs"} {
		for _, in := range []string{
			strings.Join([]string{"document_number", "document_date", "message_type", "extended_price"}, sep) + "\nD1" + sep + "2026-06-01" + sep + "QUOTATION" + sep + "12,50\n",
			"\ufeffDocument_Number" + sep + "document_date\r\n",
		} {
			var out bytes.Buffer
			_, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader(in), &out)
			if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "row 1: names its columns separated by "+name) ||
				strings.Contains(err.Error(), "is not a column") {
				t.Errorf("a header of %s %q: %v; want it refused naming its separator", name, in, err)
			}
		}
	}
	// A header of one column, of the layout or not, is read as before.
	var out bytes.Buffer
	_, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader("document_number\nD1\n"), &out)
	if err == nil || strings.Contains(err.Error(), "separated by") || !strings.Contains(err.Error(), "document_date: is required") {
		t.Errorf("a header of one column: %v", err)
	}
}

// TestCSVQuotedHeaderAfterBOM: a CSV input that begins with a byte order
// mark and quotes every value, its header's first name included (as
// PowerShell's Export-Csv and Python's csv module with QUOTE_ALL and
// utf-8-sig write it), is answered as the same input unquoted. It was
// refused whole, exit 2: "read the CSV header: parse error on line 1,
// column 4: bare \" in non-quoted-field", the mark read as the start of
// an unquoted first value.
func TestCSVQuotedHeaderAfterBOM(t *testing.T) {
	e := newEngine(t)
	example, err := os.ReadFile(filepath.Join("testdata", "sale.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(example)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var quoted strings.Builder
	quoted.WriteString("\ufeff")
	for _, rec := range recs {
		for i, v := range rec {
			if i > 0 {
				quoted.WriteByte(',')
			}
			quoted.WriteString(`"` + strings.ReplaceAll(v, `"`, `""`) + `"`)
		}
		quoted.WriteString("\r\n")
	}
	run := func(in string) ([]byte, batch.Summary, error) {
		var out bytes.Buffer
		sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader(in), &out)
		return out.Bytes(), sum, err
	}
	want, wantSum, err := run(string(example))
	if err != nil {
		t.Fatal(err)
	}
	got, sum, err := run(quoted.String())
	if err != nil || sum.Documents != wantSum.Documents || sum.Failed != wantSum.Failed || !bytes.Equal(got, want) {
		t.Errorf("quoted after a byte order mark: %+v, %v; want %+v as unquoted\n%s", sum, err, wantSum, got)
	}
}
