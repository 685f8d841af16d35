package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/batchtest"
)

// TestBatchResumeOtherInputOrFormat interrupts a journaled run after the
// journal stored its second group, then resumes it with another --in
// (the input with its tenth line changed) and with --format csv: both
// are refused with exit 2 and a message that says what differs, and the
// output keeps what it held. A CSV output resumed without --format csv
// (an --in not named .csv) is refused too, where it used to get JSON
// error records appended to its rows. The same flags then finish the
// run as one that never stopped.
func TestBatchResumeOtherInputOrFormat(t *testing.T) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 600)
	want, got, data := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl"), filepath.Join(dir, "data")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", want, "--data-dir", filepath.Join(dir, "ref")); code != 1 {
		t.Fatalf("reference run: exit %d, %s", code, errOut)
	}
	groups := 0
	ctx := context.WithValue(context.Background(), afterPostKey{}, func() error {
		if groups++; groups == 2 {
			return errors.New("stopped as by a crash")
		}
		return nil
	})
	var o, e bytes.Buffer
	if code := run(ctx, []string{"batch", "sale", "--in", in, "--out", got, "--data-dir", data}, &o, &e); code != 2 {
		t.Fatalf("interrupted run: exit %d, %s", code, e.String())
	}
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	edited := filepath.Join(dir, "edited.jsonl")
	if err := os.WriteFile(edited, bytes.Replace(b, []byte(`"D-10"`), []byte(`"D-10b"`), 1), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", edited, "--out", got, "--data-dir", data, "--resume")
	if code != 2 || !strings.Contains(errOut, "the input is not the one of the interrupted run") {
		t.Fatalf("resumed with another --in: exit %d, %s", code, errOut)
	}
	code, _, errOut = runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--resume", "--format", "csv")
	if code != 2 || !strings.Contains(errOut, "--format jsonl") {
		t.Fatalf("resumed with --format csv: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--resume"); code != 1 {
		t.Fatalf("resumed with the same flags: exit %d, %s", code, errOut)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, data, ids, 1)

	// A CSV run read from a file not named .csv, stopped after its first
	// rows, and resumed without --format csv.
	csvIn, csvOut := filepath.Join(dir, "sale.txt"), filepath.Join(dir, "sale.out.csv")
	src, err := os.ReadFile("../../batch/testdata/sale.csv")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(csvIn, src, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", csvIn, "--out", csvOut, "--format", "csv"); code != 0 {
		t.Fatalf("CSV run: exit %d, %s", code, errOut)
	}
	whole, err := os.ReadFile(csvOut)
	if err != nil {
		t.Fatal(err)
	}
	cut := []byte(strings.Join(strings.SplitAfter(string(whole), "\n")[:5], ""))
	batchtest.GroupMark(t, csvOut, bytes.IndexByte(whole, '\n')+1) // killed while it wrote its output
	if err := os.WriteFile(csvOut, cut, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "batch", "sale", "--in", csvIn, "--out", csvOut, "--resume")
	if code != 2 || !strings.Contains(errOut, "--format csv") {
		t.Fatalf("CSV output resumed as JSON lines: exit %d, %s", code, errOut)
	}
	if after, err := os.ReadFile(csvOut); err != nil || !bytes.Equal(after, cut) {
		t.Fatalf("the refused resume changed the CSV output: %v", err)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", csvIn, "--out", csvOut, "--resume", "--format", "csv"); code != 0 {
		t.Fatalf("CSV output resumed with --format csv: exit %d, %s", code, errOut)
	}
	if after, err := os.ReadFile(csvOut); err != nil || !bytes.Equal(after, whole) {
		t.Fatalf("the resumed CSV output differs from the whole run's: %v", err)
	}
}

// TestBatchInDirectory gives --in a directory: the run is refused with
// exit 2 before --out is opened, so that an output already there keeps
// what it holds (it was emptied, then the run failed reading the input).
func TestBatchInDirectory(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "answers.jsonl")
	held := []byte(`{"kept":true}` + "\n")
	if err := os.WriteFile(out, held, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", dir, "--out", out)
	if code != 2 || !strings.Contains(errOut, "is a directory") {
		t.Fatalf("--in a directory: exit %d, %s", code, errOut)
	}
	if after, err := os.ReadFile(out); err != nil || !bytes.Equal(after, held) {
		t.Fatalf("the refused run changed --out to %q: %v", after, err)
	}
}

// TestBatchResumeAfterFinishOtherInput runs a journaled file to its end
// and then runs next month's file into the same --out with --resume, as
// a nightly script that always passes --resume does: the run is refused
// with exit 2 and stores nothing, where it skipped as many lines of the
// new file as the old output held, without calculating or storing them,
// and exited 0. Without --resume the new file then runs whole.
func TestBatchResumeAfterFinishOtherInput(t *testing.T) {
	dir := t.TempDir()
	march, marchIDs := batchtest.InvoiceFile(t, dir, 300)
	aprilDir := filepath.Join(dir, "april")
	if err := os.Mkdir(aprilDir, 0o700); err != nil {
		t.Fatal(err)
	}
	april, ids := batchtest.InvoiceFile(t, aprilDir, 400)
	b, err := os.ReadFile(april)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(april, bytes.ReplaceAll(b, []byte(`"T-`), []byte(`"A-`)), 0o600); err != nil {
		t.Fatal(err)
	}
	aprilIDs := make([]string, len(ids))
	for i, id := range ids {
		aprilIDs[i] = "A-" + strings.TrimPrefix(id, "T-")
	}
	out, data := filepath.Join(dir, "nightly.jsonl"), filepath.Join(dir, "data")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", march, "--out", out, "--data-dir", data, "--resume"); code != 1 {
		t.Fatalf("first night: exit %d, %s", code, errOut)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", april, "--out", out, "--data-dir", data, "--resume")
	if code != 2 || !strings.Contains(errOut, "the input is not the one of the interrupted run") {
		t.Fatalf("second night's file resumed after the first night's run: exit %d, %s", code, errOut)
	}
	if n := batchtest.LineCount(t, out); n != 300 {
		t.Fatalf("the refused run left %d output lines, want the first night's 300", n)
	}
	wantVersions(t, data, marchIDs, 1)
	wantVersions(t, data, aprilIDs, 0)
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", april, "--out", out, "--data-dir", data); code != 1 {
		t.Fatalf("second night without --resume: exit %d, %s", code, errOut)
	}
	wantVersions(t, data, aprilIDs, 1)
}

// TestBatchSameOutputTwice starts a run that reads standard input into
// --out and, while it waits for its input, a second levy batch into the
// same --out, without a journal (as with --database, no Badger directory
// lock stands between them): the second is refused with exit 2 and leaves
// the first one's output alone, where it emptied it and wrote its own
// lines into it.
func TestBatchSameOutputTwice(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.jsonl")
	in := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(in, []byte(batchtest.Quote("Q-2")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	var firstOut, firstErr bytes.Buffer
	done := make(chan int)
	go func() {
		done <- Run(context.Background(), []string{"batch", "sale", "--out", out, "--quiet"}, pr, &firstOut, &firstErr)
	}()
	// The first run has the output once it asked for its first line.
	if _, err := pw.Write([]byte(batchtest.Quote("Q-1") + "\n")); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--quiet")
	if code != 2 || !strings.Contains(errOut, "another run has the output open") {
		t.Fatalf("second run into the output of a running one: exit %d, %s", code, errOut)
	}
	pw.Close()
	if code := <-done; code != 0 {
		t.Fatalf("first run: exit %d, %s", code, firstErr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"); len(lines) != 1 || !strings.Contains(lines[0], `"Q-1"`) {
		t.Fatalf("the first run's output holds %q, want its one answer", b)
	}
}

// TestBatchResumeWithoutJournalOtherInput runs a file to its end without
// a journal and then runs next month's file into the same --out with
// --resume, as a nightly script that always passes --resume does: the
// run is refused with exit 2 and leaves the output as it was, where it
// skipped as many lines of the new file as the old output held, answered
// only the rest, and exited 0 with an output that answered the old
// file's lines for the new file's. Resumed with a --data-dir, the run is
// refused too (the first stored nothing); with the same file it answers
// nothing, and without --resume the new file runs whole.
func TestBatchResumeWithoutJournalOtherInput(t *testing.T) {
	dir := t.TempDir()
	march, _ := batchtest.InvoiceFile(t, dir, 300)
	aprilDir := filepath.Join(dir, "april")
	if err := os.Mkdir(aprilDir, 0o700); err != nil {
		t.Fatal(err)
	}
	april, _ := batchtest.InvoiceFile(t, aprilDir, 400)
	b, err := os.ReadFile(april)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(april, bytes.ReplaceAll(b, []byte(`"D-`), []byte(`"A-`)), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "nightly.jsonl")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", march, "--out", out, "--resume"); code != 1 {
		t.Fatalf("first night: exit %d, %s", code, errOut)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", april, "--out", out, "--resume")
	if code != 2 || !strings.Contains(errOut, "the input is not the one of the interrupted run") {
		t.Fatalf("second night's file resumed after the first night's run: exit %d, %s", code, errOut)
	}
	if after, err := os.ReadFile(out); err != nil || !bytes.Equal(after, first) {
		t.Fatalf("the refused run changed the output: %v", err)
	}
	code, _, errOut = runCLI(t, "batch", "sale", "--in", march, "--out", out, "--resume", "--data-dir", filepath.Join(dir, "data"))
	if code != 2 || !strings.Contains(errOut, "without --data-dir") {
		t.Fatalf("resumed with a journal after a run without one: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", march, "--out", out, "--resume"); code != 1 || !strings.Contains(errOut, "0 documents") {
		t.Fatalf("first night's file resumed again: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", april, "--out", out); code != 1 {
		t.Fatalf("second night without --resume: exit %d, %s", code, errOut)
	}
	if n := batchtest.LineCount(t, out); n != 400 {
		t.Fatalf("the second night's output holds %d lines, want 400", n)
	}
}
