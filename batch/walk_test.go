package batch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"iter"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/wire"
)

// The tests of this file run batch jobs as an operations team meets
// them: a run cancelled and resumed, run twice, given an empty input or
// one saved on Windows, an output already there or already open, each
// over a Badger journal on disk where the journal matters.

// TestWalkCancelledAndResumed cancels a journaled run from its progress
// hook part-way through its second group, and resumes it: the stopped
// run's output holds exactly the documents its Summary counts, each of
// them stored, and the resumed run ends with every invoice stored once
// and the output of a run that never stopped.
func TestWalkCancelledAndResumed(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 700)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, Progress: func(p batch.Progress) {
		if p.Documents == batch.GroupSize+40 {
			cancel()
		}
	}}
	start := time.Now()
	sum, err := runConfig(ctx, t, cfg, in, got, false)
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("the cancelled run took %v", took)
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
	if !errors.Is(sum.Stopped, context.Canceled) && !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: Summary %+v, error %v; want it stopped by its context", sum, err)
	}
	if sum.Documents == 0 || sum.Documents >= 700 {
		t.Fatalf("cancelled run answered %d documents, want some and not all", sum.Documents)
	}
	if n := batchtest.LineCount(t, got); n != sum.Documents {
		t.Fatalf("the cancelled run's output has %d lines, its Summary counts %d documents", n, sum.Documents)
	}
	var answered, rest []string
	for _, id := range ids {
		n, err := strconv.Atoi(strings.TrimPrefix(id, "T-"))
		if err != nil {
			t.Fatal(err)
		}
		if n <= sum.Documents {
			answered = append(answered, id)
		} else {
			rest = append(rest, id)
		}
	}
	for id, n := range versionCounts(t, j, answered) {
		if n != 1 {
			t.Fatalf("answered invoice %s has %d versions after the cancelled run, want 1", id, n)
		}
	}
	for id, n := range versionCounts(t, j, rest) {
		if n != 0 {
			t.Fatalf("unanswered invoice %s has %d versions after the cancelled run, want 0", id, n)
		}
	}
	cfg.Progress = nil
	sum2, err := runConfig(context.Background(), t, cfg, in, got, true)
	if err != nil || sum2.Documents != 700-sum.Documents || sum2.Stopped != nil {
		t.Fatalf("resumed run: %+v, %v; want the %d documents left", sum2, err, 700-sum.Documents)
	}
	batchtest.SameFile(t, got, want)
	batchtest.EndMark(t, got, 700)
	wantVersions(t, j, ids, 1)
}

// TestWalkSameInputAgain runs one file into a Badger journal, then again
// with resume (which answers and stores nothing more, the output and
// checkpoint unchanged), then again without resume (each invoice gets a
// second version, the output rewritten the same).
func TestWalkSameInputAgain(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 300)
	out := filepath.Join(dir, "out.jsonl")
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	first, err := runFile(t, e, in, out, j, false)
	if err != nil || first.Documents != 300 || first.Failed != 3 {
		t.Fatalf("first run: %+v, %v; want 300 documents, 3 failed", first, err)
	}
	before, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	again, err := runFile(t, e, in, out, j, true)
	if err != nil || again.Documents != 0 || again.Failed != 0 {
		t.Fatalf("resumed finished run: %+v, %v; want nothing answered", again, err)
	}
	after, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Fatal("resuming a finished run changed its output")
	}
	wantVersions(t, j, ids, 1)
	if _, err := runFile(t, e, in, out, j, false); err != nil {
		t.Fatal(err)
	}
	wantVersions(t, j, ids, 2)
	if after, err = os.ReadFile(out); err != nil || len(after) != len(before) {
		t.Fatalf("the second run's output: %d bytes (%v), want %d", len(after), err, len(before))
	}
}

// invoice is a stored sale request on one line under the transaction ID
// id.
func invoice(id string) string {
	return strings.Replace(batchtest.Quote(id), `"QUOTATION"`, `"INVOICE"`, 1)
}

// TestWalkDuplicateTransactionID runs an input that holds one transaction
// ID on two lines of one group, as the API would take two posts of it:
// both lines are answered and the journal keeps two versions, the latest
// the later line's.
func TestWalkDuplicateTransactionID(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	second := strings.Replace(invoice("DUP-1"), `"extendedPrice":10`, `"extendedPrice":20`, 1)
	in := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(in, []byte(invoice("DUP-1")+"\n"+invoice("OTHER-2")+"\n"+second+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	out := filepath.Join(dir, "out.jsonl")
	sum, err := runFile(t, e, in, out, j, false)
	if err != nil || sum.Documents != 3 || sum.Failed != 0 {
		t.Fatalf("run: %+v, %v; want 3 documents answered", sum, err)
	}
	vs, err := j.Versions(context.Background(), levy.DefaultTenant, "DUP-1")
	if err != nil || len(vs) != 2 {
		t.Fatalf("DUP-1 has %d versions (%v), want 2", len(vs), err)
	}
	latest, err := j.Get(context.Background(), levy.DefaultTenant, "DUP-1")
	if err != nil {
		t.Fatal(err)
	}
	if got := latest.Version; got != 2 {
		t.Fatalf("the latest version of DUP-1 is %d, want 2", got)
	}
	b, err := json.Marshal(latest)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("20")) {
		t.Fatalf("the latest version of DUP-1 is not the later line's: %s", b)
	}
}

// TestWalkBadAmongGood runs a file whose every 97th line the API refuses:
// those lines are error records naming their line, IDs and field path,
// the run ends in order with them counted as failed, and the good ones
// around them are stored.
func TestWalkBadAmongGood(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 200)
	out := filepath.Join(dir, "out.jsonl")
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	sum, err := runFile(t, e, in, out, j, false)
	if err != nil || sum.Documents != 200 || sum.Failed != 2 || sum.Stopped != nil {
		t.Fatalf("run: %+v, %v; want 200 documents, 2 failed", sum, err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for _, n := range []int{97, 194} {
		var rec batch.ErrorRecord
		if err := json.Unmarshal([]byte(lines[n-1]), &rec); err != nil || rec.Line != n ||
			rec.TransactionID != "T-"+itoa(n) || len(rec.Errors) == 0 || rec.Errors[0].Target != "lineItems[0].extendedPrice" {
			t.Fatalf("line %d: %s (%v), want its error record naming lineItems[0].extendedPrice", n, lines[n-1], err)
		}
	}
	wantVersions(t, j, ids, 1)
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestWalkEmptyInput runs an empty input into a file with a Badger
// journal, as a nightly job on a day without sales does: no document, no
// failure, no error and an empty output, which a resumed run of the
// same empty input leaves so; when the day's file then gets its lines,
// a resumed run answers and stores each of them once. An empty CSV
// input answers nothing either.
func TestWalkEmptyInput(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	out := filepath.Join(dir, "out.jsonl")
	for _, resume := range []bool{false, true} {
		sum, err := runFile(t, e, empty, out, j, resume)
		if err != nil || sum.Documents != 0 || sum.Failed != 0 || sum.Stopped != nil {
			t.Fatalf("empty input (resume %v): %+v, %v", resume, sum, err)
		}
		if n := batchtest.LineCount(t, out); n != 0 {
			t.Fatalf("empty input (resume %v): %d output lines", resume, n)
		}
	}
	if err := os.WriteFile(empty, []byte(invoice("E-1")+"\n"+invoice("E-2")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sum, err := runFile(t, e, empty, out, j, true)
	if err != nil || sum.Documents != 2 || sum.Failed != 0 {
		t.Fatalf("resumed run of the filled input: %+v, %v; want 2 documents", sum, err)
	}
	batchtest.EndMark(t, out, 2)
	wantVersions(t, j, []string{"E-1", "E-2"}, 1)
	csv := batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}
	var buf bytes.Buffer
	sum, err = batch.Run(context.Background(), csv, strings.NewReader(""), &buf)
	var rerr *batch.ReadError
	if !errors.As(err, &rerr) || sum.Documents != 0 || !strings.Contains(err.Error(), "header row") {
		t.Fatalf("CSV input without even its header row: %+v, %v; want a ReadError asking for the header row", sum, err)
	}
	buf.Reset()
	header := "document_number,document_date,message_type,line_number,extended_price\r\n"
	sum, err = batch.Run(context.Background(), csv, strings.NewReader("\ufeff"+header), &buf)
	if err != nil || sum.Documents != 0 || sum.Failed != 0 || strings.Count(buf.String(), "\n") != 1 {
		t.Fatalf("CSV input of its header row alone: %+v, %v, output %q; want no document and the output's header", sum, err, buf.String())
	}
}

// TestWalkBlankLines runs JSON lines with blank lines between documents
// and at the end: a blank line among documents is answered with an
// error record of its own, which keeps the output one line per input
// line, and those at the end are no documents, so that a file an editor
// saved with a blank last line is answered in full with no failure.
// Resuming a run that answered a trailing blank line as a failure (an
// earlier Levy's output) is not taken for another input.
func TestWalkBlankLines(t *testing.T) {
	e := newEngine(t)
	in := invoice("K-1") + "\n\n  \n" + invoice("K-4") + "\n\n \r\n"
	var out bytes.Buffer
	j := openJournal(t, filepath.Join(t.TempDir(), "journal"))
	defer j.Close()
	sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}, strings.NewReader(in), &out)
	if err != nil || sum.Documents != 4 || sum.Failed != 2 {
		t.Fatalf("run: %+v, %v; want 4 documents, the 2 blank lines among them failed", sum, err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], `"K-1"`) || !strings.Contains(lines[3], `"K-4"`) {
		t.Fatalf("output:\n%s", out.String())
	}
	for _, n := range []int{2, 3} {
		var rec batch.ErrorRecord
		if err := json.Unmarshal([]byte(lines[n-1]), &rec); err != nil || rec.Line != n || len(rec.Errors) != 1 {
			t.Fatalf("line %d: %s (%v), want its error record", n, lines[n-1], err)
		}
	}
	wantVersions(t, j, []string{"K-1", "K-4"}, 1)

	// Only blank lines: no document.
	out.Reset()
	sum, err = batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale}, strings.NewReader("\n\r\n  \n"), &out)
	if err != nil || sum.Documents != 0 || out.Len() != 0 {
		t.Fatalf("only blank lines: %+v, %v, output %q", sum, err, out.String())
	}
}

// TestWalkWindowsJSONLines runs JSON lines saved on Windows (a byte
// order mark, CRLF line ends, a blank line at the end as an editor
// leaves it, or no line end after the last line): the answers are those
// of the same lines saved on Unix.
func TestWalkWindowsJSONLines(t *testing.T) {
	e := newEngine(t)
	unix := invoice("W-1") + "\n" + invoice("W-2") + "\n" + batchtest.Quote("W-3") + "\n"
	windows := "\ufeff" + strings.ReplaceAll(unix, "\n", "\r\n")
	run := func(in string) (batch.Summary, string) {
		var out bytes.Buffer
		sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale}, strings.NewReader(in), &out)
		if err != nil {
			t.Fatalf("run of %q: %v", in, err)
		}
		return sum, out.String()
	}
	wantSum, want := run(unix)
	if wantSum.Documents != 3 || wantSum.Failed != 0 {
		t.Fatalf("Unix input: %+v", wantSum)
	}
	for name, in := range map[string]string{
		"BOM and CRLF":                          windows,
		"BOM, CRLF and a blank line at the end": windows + "\r\n",
		"BOM, CRLF and no line end at the end":  strings.TrimSuffix(windows, "\r\n"),
	} {
		sum, got := run(in)
		if sum.Documents != 3 || sum.Failed != 0 || got != want {
			t.Errorf("%s: %+v\n%s\nwant\n%s", name, sum, got, want)
		}
	}
}

// TestWalkWindowsCSV runs the example sale CSV saved on Windows (a byte
// order mark, CRLF row ends, a blank row or rows of commas alone at the
// end, as a spreadsheet leaves them): the output is that of the file as
// it is.
func TestWalkWindowsCSV(t *testing.T) {
	e := newEngine(t)
	src, err := os.ReadFile(filepath.Join("testdata", "sale.csv"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(in string) (batch.Summary, string) {
		var out bytes.Buffer
		sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV}, strings.NewReader(in), &out)
		if err != nil {
			t.Fatalf("run: %v", err)
		}
		return sum, out.String()
	}
	wantSum, want := run(string(src))
	windows := "\ufeff" + strings.ReplaceAll(string(src), "\n", "\r\n")
	blankRow := strings.Repeat(",", strings.Count(strings.SplitN(string(src), "\n", 2)[0], ",")) + "\r\n"
	for name, in := range map[string]string{
		"BOM and CRLF":                            windows,
		"BOM, CRLF and a blank row at the end":    windows + "\r\n",
		"BOM, CRLF and rows of commas at the end": windows + blankRow + blankRow,
	} {
		sum, got := run(in)
		if sum.Documents != wantSum.Documents || sum.Failed != wantSum.Failed || got != want {
			t.Errorf("%s: %+v, want %+v; output\n%s\nwant\n%s", name, sum, wantSum, got, want)
		}
	}
}

// TestWalkProgressReachesEnd checks that a journaled run's progress hook
// is called for every document, in order, and that its last call counts
// what the Summary counts: the whole input, its failures included.
func TestWalkProgressReachesEnd(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, _ := batchtest.InvoiceFile(t, dir, 600)
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	var calls []batch.Progress
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, Progress: func(p batch.Progress) { calls = append(calls, p) }}
	sum, err := runConfig(context.Background(), t, cfg, in, filepath.Join(dir, "out.jsonl"), false)
	if err != nil || sum.Documents != 600 {
		t.Fatalf("run: %+v, %v", sum, err)
	}
	info, err := os.Stat(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 600 {
		t.Fatalf("%d progress calls, want one a document", len(calls))
	}
	for i := 1; i < len(calls); i++ {
		if calls[i].Documents < calls[i-1].Documents || calls[i].Read < calls[i-1].Read {
			t.Fatalf("progress went back at call %d: %+v after %+v", i, calls[i], calls[i-1])
		}
	}
	last := calls[len(calls)-1]
	if last.Documents != sum.Documents || last.Failed != sum.Failed || last.Read != info.Size() {
		t.Fatalf("last progress %+v, want %d documents, %d failed, %d bytes read", last, sum.Documents, sum.Failed, info.Size())
	}
}

// TestWalkOutputExists runs into an output that a file of other content
// already holds, without resume: the file is replaced by the run's
// answers, not appended to.
func TestWalkOutputExists(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, _ := batchtest.InvoiceFile(t, dir, 20)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(got, []byte(strings.Repeat("an old report line\n", 5000)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(got+batch.CheckpointSuffix, []byte(`{"not":"a checkpoint"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := runFile(t, e, in, got, nil, false); err != nil {
		t.Fatal(err)
	}
	batchtest.SameFile(t, got, want)
	batchtest.EndMark(t, got, 20)
}

// TestWalkOutputBusy opens a File while another File of the same output
// is open (a second job started by mistake): the second is refused with
// ErrOutputBusy, of code conflict, and the first then runs to its end
// with its output whole.
func TestWalkOutputBusy(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 300)
	want, out := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "out.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	ctx := context.Background()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}
	first, err := batch.OpenFile(ctx, cfg, out, false)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	for _, resume := range []bool{false, true} {
		second, err := batch.OpenFile(ctx, cfg, out, resume)
		if err == nil {
			second.Close()
			t.Fatalf("a second File of an open output (resume %v) was opened", resume)
		}
		if !errors.Is(err, batch.ErrOutputBusy) || levy.ErrorCode(err) != levy.EConflict {
			t.Fatalf("second File (resume %v): %v, want ErrOutputBusy", resume, err)
		}
	}
	src, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if sum, err := first.Run(ctx, src); err != nil || sum.Documents != 300 {
		t.Fatalf("first run: %+v, %v", sum, err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	batchtest.SameFile(t, out, want)
	wantVersions(t, j, ids, 1)
}

// TestWalkMaxErrorsResumed stops a journaled run at MaxErrors and
// resumes it with a larger one: the stopped run's answers end at its
// second failure, and the resumed run finishes with every invoice
// stored once and the output of a run that never stopped.
func TestWalkMaxErrorsResumed(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 400)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, MaxErrors: 2}
	sum, err := runConfig(context.Background(), t, cfg, in, got, false)
	if err != nil || !errors.Is(sum.Stopped, batch.ErrMaxErrors) || sum.Failed != 2 || sum.Documents != 194 {
		t.Fatalf("run stopped at 2 errors: %+v, %v; want 194 documents", sum, err)
	}
	cfg.MaxErrors = 0
	sum, err = runConfig(context.Background(), t, cfg, in, got, true)
	if err != nil || sum.Documents != 206 || sum.Failed != 2 {
		t.Fatalf("resumed run: %+v, %v; want the 206 documents left, 2 failed", sum, err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}

// TestWalkManyLines runs 20,000 quotations without a journal: every line
// answered in order, none failed.
func TestWalkManyLines(t *testing.T) {
	if testing.Short() {
		t.Skip("20,000 documents")
	}
	e := newEngine(t)
	var in strings.Builder
	const n = 20000
	for i := 1; i <= n; i++ {
		in.WriteString(batchtest.Quote("M-" + itoa(i)))
		in.WriteByte('\n')
	}
	var out bytes.Buffer
	sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Chunk: 16}, strings.NewReader(in.String()), &out)
	if err != nil || sum.Documents != n || sum.Failed != 0 {
		t.Fatalf("run: %+v, %v", sum, err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d output lines, want %d", len(lines), n)
	}
	for _, i := range []int{1, n / 2, n} {
		if !strings.Contains(lines[i-1], `"M-`+itoa(i)+`"`) {
			t.Fatalf("output line %d answers another document: %.200s", i, lines[i-1])
		}
	}
}

// TestWalkResumeAfterAnsweredBlankLine resumes a journaled File whose
// output answered a blank line as a failure (a run stopped at it by
// MaxErrors; an earlier Levy answered a blank last line so too) with an
// input that now ends at that blank line: the blank line is skipped as
// answered, not taken for another input, and nothing more is answered;
// the input with its next line then has that line answered and stored.
func TestWalkResumeAfterAnsweredBlankLine(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	write := func(body string) {
		if err := os.WriteFile(in, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(invoice("R-1") + "\n\n" + invoice("R-3") + "\n")
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: j, MaxErrors: 1}
	sum, err := runConfig(context.Background(), t, cfg, in, out, false)
	if err != nil || sum.Documents != 2 || sum.Failed != 1 || !errors.Is(sum.Stopped, batch.ErrMaxErrors) {
		t.Fatalf("run stopped at the blank line: %+v, %v", sum, err)
	}
	cfg.MaxErrors = 0
	write(invoice("R-1") + "\n\n")
	sum, err = runConfig(context.Background(), t, cfg, in, out, true)
	if err != nil || sum.Documents != 0 {
		t.Fatalf("resumed with the input ending at the answered blank line: %+v, %v; want nothing answered", sum, err)
	}
	if n := batchtest.LineCount(t, out); n != 2 {
		t.Fatalf("%d output lines, want 2", n)
	}
	write(invoice("R-1") + "\n\n" + invoice("R-3") + "\n")
	sum, err = runConfig(context.Background(), t, cfg, in, out, true)
	if err != nil || sum.Documents != 1 || sum.Failed != 0 {
		t.Fatalf("resumed with the next line: %+v, %v; want R-3 answered", sum, err)
	}
	if n := batchtest.LineCount(t, out); n != 3 {
		t.Fatalf("%d output lines, want 3", n)
	}
	batchtest.EndMark(t, out, 3)
	wantVersions(t, j, []string{"R-1", "R-3"}, 1)
}

// walkRequests is an iterator of n stored sale requests W-1 ... W-n, each
// a value of its own.
func walkRequests(t *testing.T, n int) iter.Seq[*wire.SaleRequest] {
	t.Helper()
	return func(yield func(*wire.SaleRequest) bool) {
		for i := 1; i <= n; i++ {
			var req wire.SaleRequest
			if err := json.Unmarshal([]byte(invoice("W-"+itoa(i))), &req); err != nil {
				t.Error(err)
				return
			}
			if !yield(&req) {
				return
			}
		}
	}
}

// walkIDs returns the IDs W-from ... W-to.
func walkIDs(from, to int) []string {
	var ids []string
	for i := from; i <= to; i++ {
		ids = append(ids, "W-"+itoa(i))
	}
	return ids
}

// TestWalkSalesStoppedByHost ranges over Sales into a Badger journal and
// stops as a host's job does, once by leaving the loop after ten
// results (the rest of their group is stored, as documented, and no later
// request), once by cancelling the context after 300 (the error yielded
// last is the context's, every request yielded is stored once, and none
// is stored that was not yielded).
func TestWalkSalesStoppedByHost(t *testing.T) {
	e := newEngine(t)
	const n = 600
	t.Run("break", func(t *testing.T) {
		j := openJournal(t, filepath.Join(t.TempDir(), "journal"))
		defer j.Close()
		seen := 0
		for r, err := range batch.Sales(context.Background(), batch.Config{Engine: e, Journal: j}, walkRequests(t, n)) {
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if seen++; r.N != seen || r.Err != nil {
				t.Fatalf("result %d: N %d, error %v", seen, r.N, r.Err)
			}
			if seen == 10 {
				break
			}
		}
		counts := versionCounts(t, j, walkIDs(1, n))
		stored := 0
		for i := 1; i <= n; i++ {
			switch c := counts["W-"+itoa(i)]; {
			case c > 1:
				t.Fatalf("W-%d has %d versions", i, c)
			case c == 1 && i > stored+1:
				t.Fatalf("W-%d is stored after a request that is not", i)
			case c == 1:
				stored = i
			}
		}
		if stored < 10 || stored > batch.GroupSize {
			t.Fatalf("%d requests stored after the loop left at the 10th, want the 10 and at most the rest of their group", stored)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		j := openJournal(t, filepath.Join(t.TempDir(), "journal"))
		defer j.Close()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		seen := 0
		var last error
		for r, err := range batch.Sales(ctx, batch.Config{Engine: e, Journal: j}, walkRequests(t, n)) {
			if err != nil {
				last = err
				continue
			}
			if seen++; r.N != seen || r.Err != nil {
				t.Fatalf("result %d: N %d, error %v", seen, r.N, r.Err)
			}
			if seen == 300 {
				cancel()
			}
		}
		if !errors.Is(last, context.Canceled) {
			t.Fatalf("the error yielded last is %v, want the context's", last)
		}
		if seen < 300 || seen == n {
			t.Fatalf("%d results yielded, want 300 and not all %d", seen, n)
		}
		counts := versionCounts(t, j, walkIDs(1, n))
		for i := 1; i <= n; i++ {
			want := 0
			if i <= seen {
				want = 1
			}
			if c := counts["W-"+itoa(i)]; c != want {
				t.Fatalf("W-%d has %d versions, want %d (%d results yielded)", i, c, want, seen)
			}
		}
	})
}

// TestWalkResumeFirstRun opens with resume an output that does not exist
// yet, as a job that always resumes does on its first night: the whole
// input is answered and stored once, with the output of a plain run.
func TestWalkResumeFirstRun(t *testing.T) {
	e := newEngine(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 120)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	sum, err := runFile(t, e, in, got, j, true)
	if err != nil || sum.Documents != 120 || sum.Failed != 1 {
		t.Fatalf("first run with resume: %+v, %v; want 120 documents, 1 failed", sum, err)
	}
	batchtest.SameFile(t, got, want)
	batchtest.EndMark(t, got, 120)
	wantVersions(t, j, ids, 1)
}
