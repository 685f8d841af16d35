package batch_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
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

// csvOutput reads a CSV output into the records of each document by its
// number, in order, and the status of each total row, warning read as
// ok: calculated.
func csvOutput(t *testing.T, out []byte) (map[string][][]string, []string) {
	t.Helper()
	r := csv.NewReader(bytes.NewReader(out))
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("output: %v\n%s", err, out)
	}
	docs := map[string][][]string{}
	var totals []string
	for _, rec := range recs[1:] {
		docs[rec[1]] = append(docs[rec[1]], rec)
		if rec[0] == "total" {
			status := rec[23]
			if status == "warning" { // calculated, the address doubted
				status = "ok"
			}
			totals = append(totals, rec[1]+" "+status)
		}
	}
	return docs, totals
}

// TestCSVBareQuoteRefusesItsRow: a stray double quote in a CSV input (a
// description of 12" pipe, not quoted) or a quoted value followed by
// more text fails the document of its row, with an error row naming the
// row and column, and the run goes on with the other documents, all
// answered. The first such row stopped the whole run with a ReadError
// ("bare \\" in non-quoted-field"), leaving the rest of the file
// unanswered. A refused row whose document_number was not read fails
// the document it falls in.
func TestCSVBareQuoteRefusesItsRow(t *testing.T) {
	e := newEngine(t)
	in := "document_number,document_date,message_type,dest_postal_code,dest_country,description,extended_price\n" +
		"D1,2026-06-01,QUOTATION,98101,US,pipe,10\n" +
		"D2,2026-06-01,QUOTATION,98101,US,12\" pipe,10\n" +
		"D2,2026-06-01,QUOTATION,98101,US,elbow,5\n" +
		"D3,2026-06-01,QUOTATION,98101,US,\"quoted \"\"right\"\"\",7\n" +
		"D4,2026-06-01,QUOTATION,98101,US,\"3/4\" x 12\",7\n" +
		"D5,2026-06-01,QUOTATION,98101,US,fine,1\n" +
		"D6,2026-06-01,QUOTATION,98101,US,first,1\n" +
		"D\"6,2026-06-01,QUOTATION,98101,US,second,1\n" +
		"D6,2026-06-01,QUOTATION,98101,US,third,1\n" +
		"D7,2026-06-01,QUOTATION,98101,US,last,1\n"
	var out bytes.Buffer
	sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader(in), &out)
	if err != nil || sum.Documents != 7 || sum.Failed != 3 {
		t.Fatalf("run: %+v, %v; want 7 documents, 3 failed\n%s", sum, err, out.String())
	}
	docs, totals := csvOutput(t, out.Bytes())
	want := []string{"D1 ok", "D2 error", "D3 ok", "D4 error", "D5 ok", "D6 error", "D7 ok"}
	if !slices.Equal(totals, want) {
		t.Fatalf("totals %v, want %v", totals, want)
	}
	for _, c := range []struct{ doc, row, column, total string }{
		{"D2", "3", "description", "3-4"},
		{"D4", "6", "description", "6-6"},
		{"D6", "9", "document_number", "8-10"},
	} {
		recs := docs[c.doc]
		if len(recs) != 2 || recs[0][0] != "error" || recs[0][24] != c.row || recs[0][25] != c.column || recs[0][26] != "invalid" ||
			!strings.Contains(recs[0][27], "double quote") || recs[1][24] != c.total {
			t.Errorf("%s: rows %q; want one error at row %s, column %s, then the total of rows %s", c.doc, recs, c.row, c.column, c.total)
		}
	}
}

// TestCSVDocumentSplitRefused: rows of a document after other documents
// (A, then B, then A again: a file sorted by another column) fail, with
// an error row at the first of them naming the document and its earlier
// rows, and the journal keeps A once, as the document of its first rows.
// They were answered as a second document A holding only the later
// rows, which the journal stored as A's new version, the earlier lines
// lost from its latest version.
func TestCSVDocumentSplitRefused(t *testing.T) {
	e := newEngine(t)
	in := "document_number,document_date,message_type,transaction_id,dest_postal_code,dest_country,extended_price\n" +
		"A,2026-06-01,INVOICE,T-A,98101,US,10\n" +
		"A,2026-06-01,INVOICE,T-A,98101,US,20\n" +
		"B,2026-06-01,INVOICE,T-B,98101,US,5\n" +
		"A,2026-06-01,INVOICE,T-A,98101,US,40\n" +
		"A,2026-06-01,INVOICE,T-A,98101,US,80\n" +
		"C,2026-06-01,INVOICE,T-C,98101,US,5\n"
	j := journal.NewMemory()
	var out bytes.Buffer
	sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV, Journal: j}, strings.NewReader(in), &out)
	if err != nil || sum.Documents != 4 || sum.Failed != 1 {
		t.Fatalf("run: %+v, %v; want 4 documents, 1 failed\n%s", sum, err, out.String())
	}
	_, totals := csvOutput(t, out.Bytes())
	if want := []string{"A ok", "B ok", "A error", "C ok"}; !slices.Equal(totals, want) {
		t.Fatalf("totals %v, want %v\n%s", totals, want, out.String())
	}
	var refused []string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "error,") {
			refused = append(refused, line)
		}
	}
	if len(refused) != 1 || !strings.Contains(refused[0], ",5,document_number,invalid,") || !strings.Contains(refused[0], "rows 2-3") {
		t.Fatalf("error rows %q; want one at row 5, column document_number, naming rows 2-3", refused)
	}
	vs, err := j.Versions(context.Background(), levy.DefaultTenant, "T-A")
	if err != nil || len(vs) != 1 || len(vs[0].Lines) != 2 || !vs[0].SubTotal.Equal(money.MustParse("30")) {
		t.Fatalf("T-A in the journal: %d versions, %v, lines %+v, subtotal %v; want one of two lines, subtotal 30", len(vs), err, vs[0].Lines, vs[0].SubTotal)
	}
}

// TestCSVBareQuoteBeforeLongTail: the rows after a stray quote are read
// one by one however long the rest of the input is. The record limiter
// took them for the rest of a quoted value that the quote opened, and
// when they came to more than the line limit skipped them all as one
// record over it: their documents were never answered.
func TestCSVBareQuoteBeforeLongTail(t *testing.T) {
	e := newEngine(t)
	var in strings.Builder
	in.WriteString("document_number,document_date,message_type,dest_postal_code,dest_country,description,extended_price\n")
	in.WriteString("D0,2026-06-01,QUOTATION,98101,US,12\" pipe,10\n")
	for i := 1; i <= 8; i++ {
		fmt.Fprintf(&in, "D%d,2026-06-01,QUOTATION,98101,US,elbow,5\n", i)
	}
	var out bytes.Buffer
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV, LineLimit: 200}
	sum, err := batch.Run(context.Background(), cfg, strings.NewReader(in.String()), &out)
	if err != nil || sum.Documents != 9 || sum.Failed != 1 {
		t.Fatalf("run: %+v, %v; want 9 documents, D0 failed\n%s", sum, err, out.String())
	}
	_, totals := csvOutput(t, out.Bytes())
	if want := []string{"D0 error", "D1 ok", "D2 ok", "D3 ok", "D4 ok", "D5 ok", "D6 ok", "D7 ok", "D8 ok"}; !slices.Equal(totals, want) {
		t.Fatalf("totals %v, want %v", totals, want)
	}
}

// TestCSVDocumentDateThatIsNoDay: a document_date of the form YYYY-MM-DD
// that is no day of the calendar fails its document with an error row
// that says so and why, where it asked for the form the cell had.
func TestCSVDocumentDateThatIsNoDay(t *testing.T) {
	in := "document_number,document_date,message_type,dest_postal_code,dest_country,extended_price\n" +
		"A,2026-02-30,QUOTATION,10118,US,10\n" +
		"B,30.02.2026,QUOTATION,10118,US,10\n"
	var out bytes.Buffer
	if _, err := batch.Run(context.Background(), batch.Config{Engine: newEngine(t), Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, `"is ""2026-02-30"", not a day of the calendar: February 2026 has 28 days"`) {
		t.Errorf("the error row of 2026-02-30 does not say it is no day:\n%s", got)
	}
	if !strings.Contains(got, `"is ""30.02.2026"", not a date of the form YYYY-MM-DD"`) {
		t.Errorf("the error row of 30.02.2026 does not give the form:\n%s", got)
	}
}

// TestResumeWithAShorterInput: --resume with an input of fewer documents
// than the interrupted run answered is refused saying how many the input
// has, not that its first N documents (more than it holds) differ.
func TestResumeWithAShorterInput(t *testing.T) {
	ctx := context.Background()
	cfg := batch.Config{Engine: newEngine(t), Perspective: batch.Sale}
	out := filepath.Join(t.TempDir(), "answers.jsonl")
	f, err := batch.OpenFile(ctx, cfg, out, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(ctx, strings.NewReader(tenantInvoice("S-1")+tenantInvoice("S-2")+tenantInvoice("S-3"))); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	f, err = batch.OpenFile(ctx, cfg, out, true)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = f.Run(ctx, strings.NewReader(tenantInvoice("S-1")))
	if !errors.Is(err, batch.ErrInputChanged) || !strings.Contains(err.Error(), "the input has 1 document, fewer than the 3 the interrupted run answered") {
		t.Errorf("resume with a shorter input: %v", err)
	}
}
