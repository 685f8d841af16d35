package csvout_test

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/csvout"
)

// TestText: every cell that a spreadsheet program would read as a
// formula gets an apostrophe in front, and so does one that starts with
// an apostrophe; other cells are written as they are.
func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"":                         "",
		"INV-1":                    "INV-1",
		"12.50":                    "12.50",
		"=HYPERLINK(\"http://x\")": "'=HYPERLINK(\"http://x\")",
		"+1+1":                     "'+1+1",
		"-2+3+cmd|' /C calc'!A0":   "'-2+3+cmd|' /C calc'!A0",
		"-12.50":                   "'-12.50", // text, not a number: a document number "-0001" stays "-0001"
		"@SUM(A1)":                 "'@SUM(A1)",
		"\t=1+1":                   "'\t=1+1",
		"\r=1+1":                   "'\r=1+1",
		"'quoted":                  "''quoted",
		"a=b":                      "a=b",
	} {
		if got := csvout.Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNumber: a decimal number, negative ones too, is written as it is;
// anything else in a number column is neutralised as text is.
func TestNumber(t *testing.T) {
	for in, want := range map[string]string{
		"":          "",
		"0":         "0",
		"-12.50":    "-12.50",
		"-0.0725":   "-0.0725",
		"12.50":     "12.50",
		"-":         "'-",
		"-.5":       "'-.5",
		"-5.":       "'-5.",
		"-1.2.3":    "'-1.2.3",
		"-1+1":      "'-1+1",
		"-1e5":      "'-1e5",
		"=1+1":      "'=1+1",
		"+5":        "'+5",
		"@1":        "'@1",
		"'1":        "''1",
		"- 1":       "'- 1",
		"-1,000.00": "'-1,000.00",
	} {
		if got := csvout.Number(in); got != want {
			t.Errorf("Number(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWriter writes records with a number column through encoding/csv:
// read back, every text cell is neutralised, the numbers are as given,
// and the caller's record is left as it was.
func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := csvout.NewWriter(&b, 2, 9) // a column past the end is harmless
	header := []string{"id", "name", "amount"}
	rec := []string{"=cmd|' /C calc'!A0", "a \"quoted\", name\n-on two lines", "-12.50"}
	kept := slices.Clone(rec)
	for _, r := range [][]string{header, rec, {"-1", "@x", "=1"}, {"only"}} {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rec, kept) {
		t.Errorf("Write changed its record: %q", rec)
	}
	r := csv.NewReader(&b)
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		header,
		{"'=cmd|' /C calc'!A0", "a \"quoted\", name\n-on two lines", "-12.50"},
		{"'-1", "'@x", "'=1"},
		{"only"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %q", len(rows), len(want), rows)
	}
	for i := range want {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("row %d: %q, want %q", i+1, rows[i], want[i])
		}
	}
	// Every cell read back, with one leading apostrophe dropped where
	// there is one, is the value written.
	for i, cell := range rows[1] {
		if got := strings.TrimPrefix(cell, "'"); got != rec[i] {
			t.Errorf("cell %d reads back as %q, want %q", i, got, rec[i])
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

var errFail = &failError{}

type failError struct{}

func (*failError) Error() string { return "the disk is full" }

// TestWriterError: a failing underlying writer shows in Flush's error.
func TestWriterError(t *testing.T) {
	w := csvout.NewWriter(failWriter{})
	if err := w.Write([]string{"a"}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err == nil || !strings.Contains(err.Error(), "the disk is full") {
		t.Errorf("Flush: %v", err)
	}
}
