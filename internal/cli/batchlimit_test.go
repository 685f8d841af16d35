package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
)

// longQuote is a good sale request on one line, padded to n bytes by a
// comment that the engine ignores: valid JSON of any length.
func longQuote(id string, n int) string {
	q := batchtest.Quote(id)
	pad := n - len(q) - len(`,"comment":""`)
	return strings.TrimSuffix(q, "}") + `,"comment":"` + strings.Repeat("x", max(pad, 0)) + `"}`
}

// maxLine is the longest line that levy batch reads.
const maxLine = batch.MaxLine

// runLimited runs the command with a line limit of limit bytes.
func runLimited(t *testing.T, limit int, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	ctx := context.WithValue(context.Background(), lineLimitKey{}, limit)
	code := run(ctx, args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// batchRecord is an output line of a JSON lines run, read as an error
// record when it is one.
type batchRecord struct {
	Line          int
	TransactionID string
	Errors        []struct{ Code, Message, Target string }
}

// outputRecords reads the output lines of a JSON lines run.
func outputRecords(t *testing.T, out string) []batchRecord {
	t.Helper()
	var recs []batchRecord
	for l := range strings.SplitSeq(strings.TrimSuffix(out, "\n"), "\n") {
		var r batchRecord
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("output line %d is not JSON: %v: %.200s", len(recs)+1, err, l)
		}
		recs = append(recs, r)
	}
	return recs
}

// TestBatchLongLine replays the review's finding Low 8 with a small
// limit: a line over it gets an error record that names its line in a
// command's words, and the lines after it are answered with their own
// numbers, also after a line that ends the input without a newline.
func TestBatchLongLine(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	lines := []string{batchtest.Quote("T-1"), longQuote("T-2", 4097), longQuote("T-3", 4096), "", batchtest.Quote("T-5"), longQuote("T-6", 9000)}
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")), 0o600); err != nil { // no newline at the end
		t.Fatal(err)
	}
	code, _, errOut := runLimited(t, 4096, "batch", "sale", "--in", in, "--out", out, "--workers", "2")
	if code != 1 || !strings.Contains(errOut, "3 of 6 documents failed") {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	recs := outputRecords(t, string(b))
	if len(recs) != len(lines) {
		t.Fatalf("%d output lines for %d input lines:\n%.2000s", len(recs), len(lines), b)
	}
	for i, r := range recs {
		n := i + 1
		switch n {
		case 2, 6:
			want := fmt.Sprintf("line %d is longer than the limit of 4 KiB; it was skipped", n)
			if r.Line != n || len(r.Errors) != 1 || r.Errors[0].Code != "too_large" || r.Errors[0].Message != want {
				t.Errorf("line %d: %+v, want the message %q", n, r, want)
			}
		case 4:
			if r.Line != 4 {
				t.Errorf("the empty line 4: %+v", r)
			}
		default: // a response, which has no line member
			if r.Line != 0 || r.TransactionID != fmt.Sprintf("T-%d", n) {
				t.Errorf("line %d is not answered: %+v", n, r)
			}
		}
	}
	if strings.Contains(string(b), "server") {
		t.Errorf("the output speaks of a server:\n%.2000s", b)
	}
}

// TestBatchLongLineCommand sends the command a line of 100 MiB and, on
// its own, 200 MiB of zero bytes without a newline, each as standard
// input (a pipe, say): each gets its error record in a command's words,
// at the real limit, and the lines around it are answered. The run
// allocates no more than the same run without the long line, plus the
// limit and a margin: it does not hold the line (which took more than
// twice its length, and 1.1 GB for a line of 400 MB). A count of bytes,
// not a timing.
func TestBatchLongLineCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 300 MiB")
	}
	ctx := context.Background()
	around := func(long io.Reader) io.Reader {
		return io.MultiReader(strings.NewReader(batchtest.Quote("T-1")+"\n"), long, strings.NewReader("\n"+batchtest.Quote("T-3")+"\n"))
	}
	// batch runs the command on in and returns its output and the bytes
	// it allocated.
	batch := func(name string, in io.Reader, args ...string) (string, uint64) {
		t.Helper()
		var out, errOut bytes.Buffer
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := runBatch(ctx, append([]string{"sale", "--workers", "2"}, args...), in, &out, &errOut)
		runtime.ReadMemStats(&after)
		var xe exitError
		if err != nil && (!errors.As(err, &xe) || xe.code != 1) {
			t.Fatalf("%s: %v, %s", name, err, errOut.String())
		}
		return out.String(), after.TotalAlloc - before.TotalAlloc
	}
	// jsonl checks the output of a JSON lines run whose middle line is
	// the long one.
	jsonl := func(lines int) func(t *testing.T, out string) {
		return func(t *testing.T, out string) {
			recs := outputRecords(t, out)
			if len(recs) != lines {
				t.Fatalf("%d output lines, want %d", len(recs), lines)
			}
			long := recs[lines/2]
			want := fmt.Sprintf("line %d is longer than the limit of 64 MiB; it was skipped", lines/2+1)
			if long.Line != lines/2+1 || len(long.Errors) != 1 || long.Errors[0].Message != want || long.Errors[0].Code != "too_large" {
				t.Errorf("%+v, want %q", long, want)
			}
			if lines == 3 && (recs[0].TransactionID != "T-1" || recs[2].TransactionID != "T-3") {
				t.Errorf("the lines around it: %+v", recs)
			}
		}
	}
	head := "document_number,document_date,message_type,dest_postal_code,dest_country,extended_price\n"
	row := func(n string) string { return n + ",2026-06-01,QUOTATION,98101,US,10\n" }
	batch("warm-up", around(strings.NewReader("{}")))
	_, base := batch("without the long line", around(strings.NewReader(batchtest.Quote("T-2"))))
	_, csvBase := batch("a CSV input without the long row", strings.NewReader(head+row("A")+row("B")+row("C")), "--format", "csv")
	for _, c := range []struct {
		name  string
		in    io.Reader
		csv   bool
		check func(t *testing.T, out string)
	}{
		{"a 100 MiB line", around(batchtest.Repeat('x', 100<<20)), false, jsonl(3)},
		{"200 MiB of zeros", batchtest.Repeat(0, 200<<20), false, jsonl(1)},
		{"a 100 MiB CSV row", io.MultiReader(strings.NewReader(head+row("A")), batchtest.Repeat('x', 100<<20), strings.NewReader("\n"+row("B"))), true,
			func(t *testing.T, out string) {
				// Row 3 may end A or begin B: both fail, each with an error row at row 3.
				want := `,3,,too_large,"is longer than the limit of 64 MiB; it was skipped, so the document it may belong to is not calculated",,,,,` + "\n"
				if strings.Count(out, want) != 2 || !strings.Contains(out, ",error,2-2,") || !strings.Contains(out, ",error,4-4,") {
					t.Errorf("the output:\n%.3000s", out)
				}
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var args []string
			b := base
			if c.csv {
				args, b = []string{"--format", "csv"}, csvBase
			}
			out, alloc := batch(c.name, c.in, args...)
			c.check(t, out)
			extra := int64(alloc) - int64(b)
			t.Logf("%.1f MiB allocated beyond the run without it (%.1f MiB)", float64(extra)/(1<<20), float64(b)/(1<<20))
			if bound := int64(maxLine + 16<<20); extra > bound {
				t.Errorf("the run allocated %d MiB more than without it; want at most the limit and 16 MiB (%d MiB)", extra>>20, bound>>20)
			}
		})
	}
}

// TestBatchCSVLongRow: a CSV record over the limit (here a small one) is
// skipped with an error row at its row; the document it is in fails, and
// both documents around it when it falls between two; the rows after it
// keep their numbers, also after a record that spans lines; a header
// over the limit stops the run in a command's words.
func TestBatchCSVLongRow(t *testing.T) {
	dir := t.TempDir()
	head := "document_number,document_date,message_type,dest_postal_code,dest_country,description,extended_price\n"
	row := func(n, desc string) string { return n + ",2026-06-01,QUOTATION,98101,US," + desc + ",10\n" }
	long := strings.Repeat("x", 2000)
	in := head +
		row("A", "a") + // row 2
		row("A", long) + // row 3: in the middle of A
		row("A", "c") + // row 4
		row("B", "d") + // row 5
		row("C", "\"one\n"+long+"\nthree\"") + // rows 6-8: between B and D, or the start of C
		row("D", "e") + // row 9
		row("E", "f") // row 10
	inFile, outFile := filepath.Join(dir, "in.csv"), filepath.Join(dir, "out.csv")
	if err := os.WriteFile(inFile, []byte(in), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runLimited(t, 1024, "batch", "sale", "--in", inFile, "--out", outFile, "--quiet")
	if code != 1 {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	rows, col := csvOutput(t, outFile)
	outRecord, outDocumentNumber, outRow, outCode := col["record"], col["document_number"], col["row"], col["code"]
	outMessage, outStatus := col["message"], col["status"]
	var got []string
	for _, r := range rows {
		switch r[outRecord] {
		case "error":
			got = append(got, fmt.Sprintf("%s error row %s %s: %s", r[outDocumentNumber], r[outRow], r[outCode], r[outMessage]))
		case "total":
			got = append(got, fmt.Sprintf("%s total %s %s", r[outDocumentNumber], r[outRow], r[outStatus]))
		}
	}
	msg := "is longer than the limit of 1 KiB; it was skipped, so the document it may belong to is not calculated"
	want := []string{
		"A error row 3 too_large: " + msg, "A total 2-4 error",
		"B error row 6 too_large: " + msg, "B total 5-5 error",
		"D error row 6 too_large: " + msg, "D total 9-9 error",
		"E total 10-10 warning", // no city: the ZIP code's main place is a guess
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the output:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Only records over the limit after the header: one document that failed.
	if err := os.WriteFile(inFile, []byte(head+row("A", long)+row("B", long)), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runLimited(t, 1024, "batch", "sale", "--in", inFile, "--out", outFile, "--quiet")
	b, _ := os.ReadFile(outFile)
	if code != 1 || !strings.Contains(string(b), "\nerror,,,") || !strings.Contains(string(b), ",2,,too_large,") ||
		!strings.Contains(string(b), ",3,,too_large,") || !strings.Contains(string(b), ",error,2-3,") {
		t.Errorf("long rows only: exit %d, %s\n%s", code, errOut, b)
	}

	// A header over the limit.
	if err := os.WriteFile(inFile, []byte(strings.TrimSuffix(head, "\n")+","+long+"\n"+row("A", "a")), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runLimited(t, 1024, "batch", "sale", "--in", inFile, "--out", outFile, "--quiet")
	if code != 2 || !strings.Contains(errOut, "the header, row 1, is longer than the limit of 1 KiB") {
		t.Errorf("a long header: exit %d, %s", code, errOut)
	}
}
