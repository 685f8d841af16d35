// Package batchtest holds the inputs and the checks that the tests of
// package batch and of levy batch share: generated files of invoices,
// endless lines, and the comparison of outputs.
package batchtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zips are the destinations of the generated invoices.
var zips = []string{"02108", "10118", "60601", "73301", "98101", "33101", "80202", "30301"}

// InvoiceFile writes n stored invoices, every seventh a quotation (not
// stored) and every 97th a line the API refuses, to the file in.jsonl of
// dir, a JSON line each, and returns its path with the IDs of the
// invoices. Invoice i is on line i with the ID T-i.
func InvoiceFile(t testing.TB, dir string, n int) (string, []string) {
	t.Helper()
	var b strings.Builder
	var ids []string
	for i := 1; i <= n; i++ {
		kind := "INVOICE"
		switch {
		case i%97 == 0:
			fmt.Fprintf(&b, `{"saleMessageType":"INVOICE","transactionId":"T-%d","lineItems":[{"extendedPrice":"x"}]}`+"\n", i)
			continue
		case i%7 == 0:
			kind = "QUOTATION"
		default:
			ids = append(ids, fmt.Sprintf("T-%d", i))
		}
		fmt.Fprintf(&b, `{"saleMessageType":%q,"transactionType":"SALE","transactionId":"T-%d","documentNumber":"D-%d","documentDate":"2026-06-01",`+
			`"seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":%q,"country":"US"}},`+
			`"lineItems":[{"lineItemNumber":1,"extendedPrice":%d.%02d},{"lineItemNumber":2,"extendedPrice":%d}]}`+"\n",
			kind, i, i, zips[i%len(zips)], 10+i%500, i%100, 1+i%40)
	}
	path := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path, ids
}

// Quote is a good sale request on one line, with a transaction ID.
func Quote(id string) string {
	return `{"saleMessageType":"QUOTATION","transactionType":"SALE","transactionId":"` + id + `","documentDate":"2026-06-01",` +
		`"seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"98101","country":"US"}},` +
		`"lineItems":[{"lineItemNumber":1,"extendedPrice":10}]}`
}

// Repeat returns a reader of n bytes b that does not hold them: a line
// of any length at the cost of none.
func Repeat(b byte, n int64) io.Reader { return &repeatReader{b, n} }

type repeatReader struct {
	b byte
	n int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), r.n))
	for i := range n {
		p[i] = r.b
	}
	r.n -= int64(n)
	return n, nil
}

// LineCount returns the complete lines of a file.
func LineCount(t testing.TB, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(b, []byte("\n"))
}

// SameFile fails unless two files hold the same lines; it names the
// first that differs.
func SameFile(t testing.TB, got, want string) {
	t.Helper()
	g, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(g, w) {
		return
	}
	gl, wl := strings.Split(string(g), "\n"), strings.Split(string(w), "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			t.Fatalf("%s differs from %s at line %d:\n got %.300s\nwant %.300s", got, want, i+1, gl[i], wl[i])
		}
	}
	t.Fatalf("%s has %d lines, %s %d", got, len(gl)-1, want, len(wl)-1)
}

// EndMark fails unless the checkpoint beside the output out is the end
// mark of a run that ended in order: a checkpoint of no group, whose
// first document is the one after the output's last (lines documents).
func EndMark(t testing.TB, out string, lines int) {
	t.Helper()
	b, err := os.ReadFile(out + ".levy-batch")
	if err != nil {
		t.Fatalf("no end mark beside %s: %v", out, err)
	}
	var cp struct {
		First   int      `json:"first"`
		Stored  []string `json:"stored"`
		Outputs []string `json:"outputs"`
		Through string   `json:"through"`
	}
	if err := json.Unmarshal(b, &cp); err != nil {
		t.Fatalf("the checkpoint beside %s: %v", out, err)
	}
	if len(cp.Stored) > 0 || len(cp.Outputs) > 0 || cp.First != lines+1 || cp.Through == "" && lines > 0 {
		t.Fatalf("the checkpoint beside %s is no end mark after document %d: first %d, %d stored, %d outputs, chain %q",
			out, lines, cp.First, len(cp.Stored), len(cp.Outputs), cp.Through)
	}
}

// GroupMark turns the end mark beside the output out of a run without a
// journal that answered its whole input in one group (at most 256
// documents) back into the mark that the run wrote before the group's
// output: the state of a run killed while it wrote its output, whatever
// part of the output a test then cuts off. header is the size of what the
// output holds before its first document (the CSV header row; 0 for JSON
// lines).
func GroupMark(t testing.TB, out string, header int) {
	t.Helper()
	path := out + ".levy-batch"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no end mark beside %s: %v", out, err)
	}
	var cp map[string]any
	if err := json.Unmarshal(b, &cp); err != nil {
		t.Fatalf("the checkpoint beside %s: %v", out, err)
	}
	first, ok := cp["first"].(float64)
	if !ok || cp["version"] != float64(2) || cp["documents"] != nil {
		t.Fatalf("the checkpoint beside %s is no end mark of a run without a journal: %s", out, b)
	}
	cp["documents"], cp["first"], cp["offset"] = first-1, 1, header
	cp["before"] = strings.Repeat("0", 64) // the chain of no document
	if b, err = json.Marshal(cp); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
