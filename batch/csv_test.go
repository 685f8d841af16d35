package batch

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

var updateCSV = flag.Bool("update", false, "rewrite the expected CSV outputs under testdata")

// csvPerspectives are the example files of testdata, one per
// perspective, and the API route of each.
var csvPerspectives = []struct{ name, route string }{
	{"sale", "/api/v2/supplies"},
	{"purchase", "/api/v2/procurement"},
	{"owner", "/api/v2/owner"},
}

// newTestEngine is an engine over the embedded dataset.
func newTestEngine(t *testing.T) *engine.Engine {
	t.Helper()
	e, err := engine.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// runCSV reads a CSV input of a perspective and answers each document
// as levy batch does, returning the documents and the output, header
// first.
func runCSV(t *testing.T, e *engine.Engine, perspective string, in []byte) ([]csvDocument, []byte) {
	t.Helper()
	calc, err := csvCalculator(e, perspective, nil)
	if err != nil {
		t.Fatal(err)
	}
	docs, readErr := readCSVDocuments(bytes.NewReader(in), perspective, MaxLine)
	out := csvOutputHeader()
	var all []csvDocument
	for d := range docs {
		if d.N != len(all)+1 {
			t.Fatalf("document %q is number %d after %d documents", d.Number, d.N, len(all))
		}
		all = append(all, d)
		r, err := calc(context.Background(), d)
		if err != nil {
			t.Fatal(err)
		}
		out = append(append(out, r.out...), '\n')
	}
	if err := readErr(); err != nil {
		t.Fatalf("reading the %s input: %v", perspective, err)
	}
	return all, out
}

// exampleInput is the example CSV input of a perspective.
func exampleInput(t *testing.T, perspective string) []byte {
	t.Helper()
	in, err := os.ReadFile(filepath.Join("testdata", perspective+".csv"))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// runExample runs the example of a perspective: its documents, its
// output and the output's records grouped by document, one group per
// document.
func runExample(t *testing.T, e *engine.Engine, perspective string) ([]csvDocument, []byte, [][][]string) {
	t.Helper()
	docs, out := runCSV(t, e, perspective, exampleInput(t, perspective))
	groups := byDocument(t, readOutput(t, out))
	if len(groups) != len(docs) {
		t.Fatalf("%d documents, %d total rows", len(docs), len(groups))
	}
	return docs, out, groups
}

// readOutput parses a CSV output into its records, header included.
func readOutput(t *testing.T, out []byte) [][]string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("the output is not CSV: %v\n%s", err, out)
	}
	if len(recs) == 0 || !slices.Equal(recs[0], csvOutputColumns[:]) {
		t.Fatalf("the output's header: %v", recs)
	}
	return recs
}

// byDocument splits the records of an output (header left out) into the
// records of each document, each ending with its total row; it fails
// when a document lacks its total row or has two.
func byDocument(t *testing.T, recs [][]string) [][][]string {
	t.Helper()
	var docs [][][]string
	var cur [][]string
	for _, r := range recs[1:] {
		cur = append(cur, r)
		if r[outRecord] == "total" {
			docs = append(docs, cur)
			cur = nil
		}
	}
	if len(cur) > 0 {
		t.Fatalf("records after the last total row: %v", cur)
	}
	return docs
}

// TestBatchCSVRoundTrip runs the example file of each perspective
// through the reader, a real engine and the writer, and compares the
// output with the expected file (go test -run TestBatchCSVRoundTrip
// -update rewrites them after a deliberate change).
func TestBatchCSVRoundTrip(t *testing.T) {
	e := newTestEngine(t)
	for _, p := range csvPerspectives {
		t.Run(p.name, func(t *testing.T) {
			docs, out, groups := runExample(t, e, p.name)
			wantPath := filepath.Join("testdata", p.name+".out.csv")
			if *updateCSV {
				if err := os.WriteFile(wantPath, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(wantPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("the output differs from %s:\n%s", wantPath, out)
			}
			if len(docs) < 2 {
				t.Fatalf("%d documents", len(docs))
			}
			for i, g := range groups {
				total := g[len(g)-1]
				want := "ok"
				if strings.Contains(total[outAssisted], engine.DistanceUnknownRule) {
					// Calculated without a journal: the EU seller's
					// distance sales are guessed, and the row says so.
					want = "warning"
				}
				if total[outStatus] != want || total[outDocumentNumber] != docs[i].Number {
					t.Errorf("document %s: total row %v", docs[i].Number, total)
				}
				if len(g) < 2 {
					t.Errorf("document %s has no tax row", docs[i].Number)
				}
			}
		})
	}
}

// TestBatchCSVTotalsMatchAPI posts each document's body to the API on
// loopback and checks that the CSV's total row and tax rows say what the
// API's response says.
func TestBatchCSVTotalsMatchAPI(t *testing.T) {
	e := newTestEngine(t)
	s, err := api.New(e)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	for _, p := range csvPerspectives {
		t.Run(p.name, func(t *testing.T) {
			docs, _, groups := runExample(t, e, p.name)
			for i, d := range docs {
				resp, err := http.Post(srv.URL+p.route, "application/json", bytes.NewReader(d.Body))
				if err != nil {
					t.Fatal(err)
				}
				var env struct {
					Data struct {
						SubTotal, TotalTax, Total json.Number
						Currency                  struct{ IsoCurrencyCodeAlpha string }
						LineItems                 []struct {
							Taxes []struct {
								CalculatedTax json.Number
								Jurisdiction  struct{ JurisdictionID string }
							}
						}
					}
				}
				err = json.NewDecoder(resp.Body).Decode(&env)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK {
					t.Fatalf("document %s: %d %v", d.Number, resp.StatusCode, err)
				}
				g := groups[i]
				total := g[len(g)-1]
				got := [4]string{total[outSubtotal], total[outTotalTax], total[outTotal], total[outCurrency]}
				want := [4]string{env.Data.SubTotal.String(), env.Data.TotalTax.String(), env.Data.Total.String(), env.Data.Currency.IsoCurrencyCodeAlpha}
				if got != want {
					t.Errorf("document %s: the CSV's totals %v, the API's %v", d.Number, got, want)
				}
				var apiTaxes, csvTaxes []string
				for _, l := range env.Data.LineItems {
					for _, x := range l.Taxes {
						apiTaxes = append(apiTaxes, x.Jurisdiction.JurisdictionID+" "+x.CalculatedTax.String())
					}
				}
				sum := money.Zero()
				for _, r := range g[:len(g)-1] {
					if r[outJurisdictionID] != "" {
						csvTaxes = append(csvTaxes, r[outJurisdictionID]+" "+r[outTax])
					}
					sum = sum.Add(money.MustParse(r[outTax]))
				}
				if !slices.Equal(apiTaxes, csvTaxes) {
					t.Errorf("document %s: the CSV's taxes %v, the API's %v", d.Number, csvTaxes, apiTaxes)
				}
				if !sum.Equal(money.MustParse(total[outTotalTax])) {
					t.Errorf("document %s: the tax rows add up to %s, the total row says %s", d.Number, sum, total[outTotalTax])
				}
			}
		})
	}
}

// csvEdit puts a value in a column of a row of a CSV file (rows counted
// as in the file, the header being row 1).
type csvEdit struct {
	row    int
	column string
	value  string
}

// editCSV applies edits to the records of a CSV file and inserts extra
// lines after row after.
func editCSV(t *testing.T, in []byte, edits []csvEdit, after int, extra []string) []byte {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(in)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, ed := range edits {
		i := slices.Index(recs[0], ed.column)
		if i < 0 {
			t.Fatalf("no column %s", ed.column)
		}
		recs[ed.row-1][i] = ed.value
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.WriteAll(recs[:after]); err != nil {
		t.Fatal(err)
	}
	for _, l := range extra {
		b.WriteString(l + "\n")
	}
	if err := w.WriteAll(recs[after:]); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestBatchCSVBadRows spoils rows of the example sale file: each spoilt
// document becomes error rows naming the row and column at fault and a
// total row with status error, and the documents after them come out as
// they do from the clean file.
func TestBatchCSVBadRows(t *testing.T) {
	e := newTestEngine(t)
	in := exampleInput(t, "sale")
	_, clean := runCSV(t, e, "sale", in)
	cleanDocs := map[string][][]string{}
	for _, g := range byDocument(t, readOutput(t, clean)) {
		cleanDocs[g[0][outDocumentNumber]] = g
	}

	header := strings.Split(strings.SplitN(string(in), "\n", 2)[0], ",")
	row := func(number, date, lineNumber, unit, ext string) string {
		vals := make([]string, len(header))
		for i, h := range header {
			switch h {
			case "document_number":
				vals[i] = number
			case "document_date":
				vals[i] = date
			case "message_type":
				vals[i] = "QUOTATION"
			case "dest_postal_code":
				vals[i] = "98101"
			case "dest_country":
				vals[i] = "US"
			case "line_number":
				vals[i] = lineNumber
			case "unit_price":
				vals[i] = unit
			case "extended_price":
				vals[i] = ext
			}
		}
		return strings.Join(vals, ",")
	}
	short := row("Z-1", "2026-06-01", "1", "", "10.00")
	short = short[:strings.LastIndex(short, ",")] // one value short
	extra := []string{
		short,                                   // row 5
		row("", "2026-06-01", "1", "", "5"),     // row 6: no document number
		row("Z-2", "2026-06-01", "1", "", ""),   // row 7: no price
		row("Z-3", "2026-06-01", "x1", "", "5"), // row 8: a bad line number
		row("Z-4", "2026-06-01", "1", "", "5"),  // row 9: a good one
	}
	spoilt := editCSV(t, in, []csvEdit{
		{3, "extended_price", "7,50"},                                            // Q-1001
		{4, "currency", "EUR"},                                                   // Q-1001 disagrees with its first row
		{8, "quantity", "-2"},                                                    // INV-2002 (row 13 after the insert): the engine refuses it
		{13, "document_date", "2026-02-30"}, {14, "document_date", "2026-02-30"}, // EU-3001 (rows 18-19)
	}, 4, extra)
	docs, out := runCSV(t, e, "sale", spoilt)
	groups := byDocument(t, readOutput(t, out))
	if len(groups) != len(docs) {
		t.Fatalf("%d documents, %d total rows", len(docs), len(groups))
	}

	type fault struct{ row, column, message string }
	wantFaults := map[string][]fault{
		"Q-1001":   {{"3", "extended_price", "not a decimal"}, {"4", "currency", "first row (row 2)"}},
		"Z-1":      {{"5", "", "28 values where the header names 29"}, {"5", "extended_price", "required"}},
		"":         {{"6", "document_number", "required"}},
		"Z-2":      {{"7", "extended_price", "required"}},
		"Z-3":      {{"8", "line_number", "whole number"}},
		"INV-2002": {{"13", "quantity", ""}},
		"EU-3001":  {{"18", "document_date", "not a day of the calendar: February 2026 has 28 days"}},
	}
	var order []string
	for i, g := range groups {
		d := docs[i]
		order = append(order, d.Number)
		total := g[len(g)-1]
		if total[outRow] != fmt.Sprintf("%d-%d", d.FirstRow, d.LastRow) {
			t.Errorf("document %q: the total row's rows are %s, the document's %d-%d", d.Number, total[outRow], d.FirstRow, d.LastRow)
		}
		want, bad := wantFaults[d.Number]
		if !bad {
			clean := cleanDocs[d.Number]
			if d.Number == "Z-4" {
				// Good rows, but no city: the ZIP code's main place is
				// a guess, which the output says.
				if total[outStatus] != "warning" || total[outConfidence] != "60" || !strings.Contains(total[outAddressStatuses], "customer.destination: NORMAL no city given") {
					t.Errorf("Z-4: %v", g)
				}
				continue
			}
			if len(clean) != len(g) {
				t.Errorf("document %s: %d rows, %d from the clean file", d.Number, len(g), len(clean))
				continue
			}
			for j := range g {
				a, b := slices.Clone(g[j]), slices.Clone(clean[j])
				a[outRow], b[outRow] = "", "" // the inserted rows moved it
				if !slices.Equal(a, b) {
					t.Errorf("document %s changed:\n%v\n%v", d.Number, a, b)
				}
			}
			continue
		}
		if total[outStatus] != "error" || total[outSubtotal] != "" {
			t.Errorf("document %q: total row %v", d.Number, total)
		}
		errs := g[:len(g)-1]
		if len(errs) != len(want) {
			t.Errorf("document %q: error rows %v, want %v", d.Number, errs, want)
			continue
		}
		for j, w := range want {
			r := errs[j]
			if r[outRecord] != "error" || r[outRow] != w.row || r[outColumn] != w.column || r[outCode] != "invalid" ||
				!strings.Contains(r[outMessage], w.message) || r[outDocumentNumber] != d.Number {
				t.Errorf("document %q: error row %v, want row %s column %s and %q", d.Number, r, w.row, w.column, w.message)
			}
		}
	}
	wantOrder := []string{"Q-1001", "Z-1", "", "Z-2", "Z-3", "Z-4", "INV-2001", "INV-2002", "INV-2003", "EU-3001", "EU-3002"}
	if !slices.Equal(order, wantOrder) {
		t.Errorf("documents %q, want %q", order, wantOrder)
	}
}

// TestBatchCSVHeaderAndSyntax: a bad header stops the reading before
// any document; a CSV syntax error stops it after the documents before
// it.
func TestBatchCSVHeaderAndSyntax(t *testing.T) {
	const good = "document_number,document_date,message_type,dest_postal_code,dest_country,extended_price"
	for _, c := range []struct{ perspective, in, want string }{
		{"sale", "", "empty"},
		{"sale", "document_number,document_date,extended_price\n", "row 1, column message_type"},
		{"sale", "\ndocument_number,document_date,extended_price,colour\n", "row 2, column message_type|row 2, column colour"},
		{"sale", good + ",colour\nD1,2026-06-01,QUOTATION,98101,US,5,red\n", "row 1, column colour"},
		{"sale", good + ",Document_Number\n", "row 1, column Document_Number"},
		{"sale", good + ",vendor_code\n", "row 1, column vendor_code"},
		{"purchase", good + ",customer_code\n", "row 1, column customer_code"},
		{"refund", good + "\n", "unknown perspective"},
	} {
		docs, readErr := readCSVDocuments(strings.NewReader(c.in), c.perspective, MaxLine)
		n := 0
		for range docs {
			n++
		}
		err := readErr()
		if n != 0 || err == nil {
			t.Errorf("%q: %d documents, error %v", c.in, n, err)
			continue
		}
		for _, w := range strings.Split(c.want, "|") {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: error %v, want %q", c.in, err, w)
			}
		}
	}

	in := "\ufeffDocument_Number, DOCUMENT_DATE ,message_type,dest_postal_code,dest_country,extended_price\n" +
		"D1,2026-06-01,quotation,98101,US,5\n" +
		"D2,2026-06-01,QUOTATION,98101,US,5\n" +
		"D3,2026-06-01,QUO\"TATION,98101,US,5\n" +
		"D4,2026-06-01,QUOTATION,98101,US,5\n"
	docs, readErr := readCSVDocuments(strings.NewReader(in), "sale", MaxLine)
	var got []string
	for d := range docs {
		if bad := d.Number == "D3"; (d.Err != nil) != bad || (d.Body == nil) != bad {
			t.Errorf("document %s: %v", d.Number, d.Err)
		}
		got = append(got, d.Number)
	}
	if err := readErr(); err != nil || !slices.Equal(got, []string{"D1", "D2", "D3", "D4"}) {
		t.Errorf("documents %v, error %v: want D1 to D4, D3 refused for its quote", got, err)
	}
}

// TestCountCSVDocuments cuts the outputs of the example and of a file
// with errors at every byte and counts the documents in each part.
func TestCountCSVDocuments(t *testing.T) {
	e := newTestEngine(t)
	in := exampleInput(t, "sale")
	_, out := runCSV(t, e, "sale", in)
	_, bad := runCSV(t, e, "sale", editCSV(t, in, []csvEdit{{3, "extended_price", `7,5"0`}, {9, "description", "a\nb"}}, 1, nil))
	for name, out := range map[string][]byte{"example": out, "errors": bad} {
		// The ends of the header and of each total row, found without
		// the CSV reader: the outputs have no value over two lines except
		// the description, which the output does not show.
		headerEnd := int64(bytes.IndexByte(out, '\n') + 1)
		var ends []int64
		failedAt := map[int64]bool{} // the ends of the total rows of failed documents
		for off := int64(0); off < int64(len(out)); {
			nl := int64(bytes.IndexByte(out[off:], '\n'))
			if bytes.HasPrefix(out[off:], []byte("total,")) {
				ends = append(ends, off+nl+1)
				failedAt[off+nl+1] = bytes.Contains(out[off:off+nl], []byte(",error,"))
			}
			off += nl + 1
		}
		if name == "errors" && !slices.Contains(slices.Collect(maps.Values(failedAt)), true) {
			t.Fatalf("%s: no failed document", name)
		}
		if len(ends) < 2 {
			t.Fatalf("%s: %d total rows", name, len(ends))
		}
		for cut := 0; cut <= len(out); cut++ {
			wantDocs, wantFailed, wantGood := 0, 0, int64(0)
			if int64(cut) >= headerEnd {
				wantGood = headerEnd
			}
			for _, end := range ends {
				if end <= int64(cut) {
					wantDocs, wantGood = wantDocs+1, end
					if failedAt[end] {
						wantFailed++
					}
				}
			}
			docs, failed, good, err := countCSVDocuments(bytes.NewReader(out[:cut]))
			if err != nil || docs != wantDocs || failed != wantFailed || good != wantGood {
				t.Fatalf("%s cut at %d of %d: %d documents (%d failed) up to byte %d, %v; want %d (%d) up to %d", name, cut, len(out), docs, failed, good, err, wantDocs, wantFailed, wantGood)
			}
		}
	}

	if _, _, _, err := countCSVDocuments(strings.NewReader("a,b\n1,2\n")); err == nil {
		t.Error("a foreign CSV file counted")
	}
	damaged := bytes.Replace(out, []byte("\ntax,"), []byte("\nt\"ax,"), 1)
	if _, _, _, err := countCSVDocuments(bytes.NewReader(damaged)); err == nil {
		t.Error("an output damaged before its end counted")
	}
}

// TestCSVColumnsDocumented: the usage text lists every input and output
// column.
func TestCSVColumnsDocumented(t *testing.T) {
	for _, c := range csvInputs {
		if !strings.Contains(CSVColumns, "\n  "+c.name+" ") {
			t.Errorf("input column %s is not in CSVColumns", c.name)
		}
	}
	for _, c := range csvOutputColumns {
		if !strings.Contains(CSVColumns, "\n  "+c+" ") {
			t.Errorf("output column %s is not in CSVColumns", c)
		}
	}
}

// TestCSVRuleNamesDocumented: the usage text names every ruleName of an
// assisted parameter about a certificate that a calculation emits (a
// stored certificate refused, a sent one the profile knows to be out of
// force), and the status column lists exactly the ruleNames that only
// explain a decision, which leave a document ok.
func TestCSVRuleNamesDocumented(t *testing.T) {
	for _, name := range engine.CertificateRuleNames() {
		if !strings.Contains(CSVColumns, name) {
			t.Errorf("the certificate rule %s is not in CSVColumns", name)
		}
	}
	_, status, _ := strings.Cut(CSVColumns, "\n  status ")
	_, listed, ok := strings.Cut(status, "only explain a")
	listed, _, _ = strings.Cut(listed, ";")
	if !ok {
		t.Fatal("the status column does not list the rules that only explain a decision")
	}
	var got []string
	for _, f := range strings.FieldsFunc(listed, func(r rune) bool { return r == ',' || r == ':' || r == ')' || unicode.IsSpace(r) }) {
		if f != "decision" {
			got = append(got, f)
		}
	}
	want := engine.ExplainingRules()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the status column lists %v as only explaining, the engine %v", got, want)
	}
	for _, name := range want {
		if !engine.Explains(name) {
			t.Errorf("engine.ExplainingRules lists %s, which Explains denies", name)
		}
	}
}

// BenchmarkBatchCSV compares the CSV path (read the rows, calculate,
// write the rows) with the JSON lines path (decode, calculate, encode)
// over the documents of the example sale file: the ratio of the two is
// what the CSV layer costs.
func BenchmarkBatchCSV(b *testing.B) {
	e, err := engine.New(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	in, err := os.ReadFile(filepath.Join("testdata", "sale.csv"))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	csvCalcFn, err := csvCalculator(e, "sale", nil)
	if err != nil {
		b.Fatal(err)
	}
	jsonCalcFn, err := lineCalculator(e, "sale", nil)
	if err != nil {
		b.Fatal(err)
	}
	var bodies [][]byte
	docs, _ := readCSVDocuments(bytes.NewReader(in), "sale", MaxLine)
	for d := range docs {
		bodies = append(bodies, d.Body)
	}
	b.Run("csv", func(b *testing.B) {
		for b.Loop() {
			docs, readErr := readCSVDocuments(bytes.NewReader(in), "sale", MaxLine)
			for d := range docs {
				if r, err := csvCalcFn(ctx, d); err != nil || r.failed {
					b.Fatalf("%s: %v %s", d.Number, err, r.out)
				}
			}
			if err := readErr(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("jsonl", func(b *testing.B) {
		for b.Loop() {
			for i, body := range bodies {
				if r, err := jsonCalcFn(ctx, input{n: i + 1, body: body}); err != nil || r.failed {
					b.Fatalf("line %d: %v %s", i+1, err, r.out)
				}
			}
		}
	})
}

// TestBatchCSVWithholding runs a purchase that the example withholding
// rule file reaches: the withheld tax's row names its withholding type,
// the other rows leave it empty, and the total row's tax leaves the
// withheld tax out.
func TestBatchCSVWithholding(t *testing.T) {
	e, err := engine.New(context.Background(), engine.WithRuleFiles("../rules/examples/withholding-kenya-services-from-abroad.json"))
	if err != nil {
		t.Fatal(err)
	}
	in := []byte("document_number,document_date,message_type,currency,origin_city,origin_postal_code,origin_country,dest_city,dest_country,line_number,product_class,extended_price\n" +
		"KE-1,2026-06-01,PURCHASE_ORDER,KES,Berlin,10115,DE,Nairobi,KE,1,PROFESSIONAL_SERVICES,100000.00\n")
	_, out := runCSV(t, e, "purchase", in)
	rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	withheld, others := 0, 0
	var total []string
	sum := decimal.Zero
	for _, r := range rows[1:] {
		switch {
		case r[col["record"]] == "total":
			total = r
		case r[col["withholding_type"]] == "NON_RESIDENT_PROFESSIONAL_FEES":
			withheld++
			if r[col["tax"]] != "20000.00" || r[col["jurisdiction_id"]] != "KE" {
				t.Errorf("withheld row %v", r)
			}
		case r[col["withholding_type"]] == "":
			others++
			sum = sum.Add(decimal.RequireFromString(r[col["tax"]]))
		default:
			t.Errorf("row %v names another withholding type", r)
		}
	}
	if withheld != 1 || others == 0 || total == nil {
		t.Fatalf("%d withheld rows and %d others in\n%s", withheld, others, out)
	}
	if got := decimal.RequireFromString(total[col["total_tax"]]); !got.Equal(sum) {
		t.Errorf("the total row's tax is %s, want %s, the taxes that are not withheld", got, sum)
	}
}
