package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"

	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// compact returns the JSON of a golden request file on one line.
func compact(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestBatchMixedFile runs a file of good and bad lines: one output line
// per input line, in order; each good line's answer is the engine's
// answer to the same body, each bad line an error record naming its line
// and, where there is one, the field.
func TestBatchMixedFile(t *testing.T) {
	goldens, err := filepath.Glob("../../engine/testdata/golden/sale-*.request.json")
	if err != nil || len(goldens) < 3 {
		t.Fatalf("golden sale requests: %v %v", goldens, err)
	}
	var lines []string
	for i, g := range goldens[:min(len(goldens), 12)] {
		lines = append(lines, compact(t, g))
		switch i {
		case 1:
			lines = append(lines, `{"saleMessageType": "QUOTATION", "lineItems": [`) // not JSON
		case 3:
			lines = append(lines, "")
		case 5:
			lines = append(lines, `{"saleMessageType":"QUOTATION","transactionId":"BAD-1","documentNumber":"D-9","lineItems":[{"quantity":{"value":"x"}}]}`)
		case 7:
			lines = append(lines, `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"02108","country":"US"}},"lineItems":[{"extendedPrice":1,"comment":"`+strings.Repeat("x", 10<<20)+`"}]}`)
		}
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--workers", "2")
	if code != 1 || !strings.Contains(errOut, "3 of ") || !strings.Contains(errOut, "documents failed") {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	outLines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	if len(outLines) != len(lines) {
		t.Fatalf("%d output lines for %d input lines", len(outLines), len(lines))
	}
	e, err := engine.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for i, l := range outLines {
		var rec struct {
			Line           int
			TransactionID  string
			DocumentNumber string
			Errors         []struct{ Code, Message, Target string }
		}
		if json.Unmarshal([]byte(l), &rec) == nil && rec.Line != 0 {
			failed++
			if rec.Line != i+1 || len(rec.Errors) == 0 {
				t.Errorf("output line %d: error record %s", i+1, l)
			}
			if strings.Contains(lines[i], "BAD-1") && (rec.TransactionID != "BAD-1" || rec.DocumentNumber != "D-9" || !strings.HasPrefix(rec.Errors[0].Target, "lineItems[0].quantity")) {
				t.Errorf("the bad field's record: %s", l)
			}
			continue
		}
		var req wire.SaleRequest
		if err := json.Unmarshal([]byte(lines[i]), &req); err != nil {
			t.Fatalf("line %d answered although it does not decode: %v", i+1, err)
		}
		resp, err := e.Sale(context.Background(), &req)
		if err != nil {
			t.Fatalf("line %d: answered, the engine says %v", i+1, err)
		}
		want, _ := json.Marshal(resp)
		if string(want) != l {
			t.Errorf("line %d: %s\nwant %s", i+1, l, want)
		}
	}
	if failed != 3 {
		t.Errorf("%d error records, want 3 (bad JSON, empty line, bad field); the 10 MB line is a good request", failed)
	}
}

// TestBatchSummaryCountsOne: the summary of a run said "1 documents"
// and "1 errors"; a count of one takes the singular.
func TestBatchSummaryCountsOne(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(in, []byte(`{"saleMessageType": "QUOTATION", "lineItems": [`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out)
	if code != 1 || !strings.Contains(errOut, "levy batch: 1 document, 0 lines, 1 error, total tax none") {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
}

// TestBatchUsage: bad command lines exit 2.
func TestBatchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"batch"}, {"batch", "refund"}, {"batch", "sale", "--workers", "0"}, {"batch", "sale", "--in", "/nonexistent/in.jsonl"},
		{"batch", "sale", "extra"},
	} {
		if code, _, errOut := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
	// A bad value names its flag.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "sale", "--format", "xml"}, "--format"},
		{[]string{"batch", "sale", "--max-errors", "-1"}, "--max-errors"},
		{[]string{"batch", "sale", "--workers", "0"}, "--workers"},
	} {
		if code, _, errOut := runCLI(t, c.args...); code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %s; want 2 naming %s", c.args, code, errOut, c.want)
		}
	}
}

// TestBatchSameFile replays the review's finding Low 9: levy batch with
// --out naming its --in file (the same path, another spelling of it, a
// symbolic link or a hard link to it) exited 0 with "0 documents" and
// left the input empty; --resume cut it. Each is a usage error now (exit
// 2) that names both flags, given before the output is opened, and the
// input is left as it was. So are an input that is the output's
// checkpoint, and an input file that is also standard output (>> FILE)
// or standard input that is the --out file (< FILE).
func TestBatchSameFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	input := []byte(batchtest.Quote("T-1") + "\n" + batchtest.Quote("T-2") + "\n")
	if err := os.WriteFile("in.jsonl", input, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("in.jsonl", "symlink.jsonl"); err != nil {
		t.Fatal(err)
	}
	if err := os.Link("in.jsonl", "hardlink.jsonl"); err != nil {
		t.Fatal(err)
	}
	if err := os.Link("in.jsonl", "out.jsonl"+batch.CheckpointSuffix); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "in.jsonl")
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"the same path", []string{"--in", "in.jsonl", "--out", "in.jsonl"}, []string{"--in in.jsonl", "--out in.jsonl", "same file"}},
		{"./x and x", []string{"--in", "./in.jsonl", "--out", "in.jsonl"}, []string{"--in ./in.jsonl", "--out in.jsonl", "same file"}},
		{"an absolute path", []string{"--in", "in.jsonl", "--out", abs}, []string{"--in", "--out", "same file"}},
		{"a symbolic link", []string{"--in", "in.jsonl", "--out", "symlink.jsonl"}, []string{"--in", "--out symlink.jsonl", "same file"}},
		{"a hard link", []string{"--in", "in.jsonl", "--out", "hardlink.jsonl"}, []string{"--in", "--out hardlink.jsonl", "same file"}},
		{"--resume", []string{"--in", "in.jsonl", "--out", "in.jsonl", "--resume"}, []string{"--in", "--out", "same file"}},
		{"--resume and a link", []string{"--in", "symlink.jsonl", "--out", "hardlink.jsonl", "--resume"}, []string{"--in", "--out", "same file"}},
		{"the checkpoint", []string{"--in", "in.jsonl", "--out", "out.jsonl", "--data-dir", "data"}, []string{"--in", "checkpoint", "--out out.jsonl"}},
		{"CSV", []string{"--in", "in.jsonl", "--out", "hardlink.jsonl", "--format", "csv"}, []string{"--in", "--out", "same file"}},
	} {
		code, _, errOut := runCLI(t, append([]string{"batch", "sale", "--quiet"}, c.args...)...)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2; %s", c.name, code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%s: %q does not say %q", c.name, errOut, w)
			}
		}
		if b, err := os.ReadFile("in.jsonl"); err != nil || !bytes.Equal(b, input) {
			t.Fatalf("%s: the input is now %q (%v)", c.name, b, err)
		}
	}
	if _, err := os.Stat("data"); err == nil {
		t.Errorf("the refused run created its data directory")
	}

	// Standard output appended to the input, and standard input read
	// from the output file: the output would be read as input, or
	// overwrite it.
	stdout, err := os.OpenFile("in.jsonl", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	var errOut bytes.Buffer
	err = runBatch(context.Background(), []string{"sale", "--in", "hardlink.jsonl"}, nil, stdout, &errOut)
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "--in hardlink.jsonl and standard output are the same file") {
		t.Errorf("--in FILE >> FILE: %v", err)
	}
	stdin, err := os.Open("in.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	err = runBatch(context.Background(), []string{"sale", "--out", "symlink.jsonl"}, stdin, &errOut, &errOut)
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "standard input and --out symlink.jsonl are the same file") {
		t.Errorf("< FILE --out FILE: %v", err)
	}
	if b, err := os.ReadFile("in.jsonl"); err != nil || !bytes.Equal(b, input) {
		t.Fatalf("the input is now %q (%v)", b, err)
	}

	// Another file is fine, and so is one device (a terminal, say) that
	// is both standard input and standard output.
	if code, _, errOut := runCLI(t, "batch", "sale", "--quiet", "--in", "in.jsonl", "--out", "other.jsonl"); code != 0 {
		t.Errorf("another --out: exit %d, %s", code, errOut)
	}
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if err := runBatch(context.Background(), []string{"sale", "--quiet"}, null, null, &errOut); err != nil {
		t.Errorf("%s as standard input and output: %v", os.DevNull, err)
	}
}
