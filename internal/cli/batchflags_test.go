package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchCSVWarnings runs documents whose input the engine had to
// doubt or guess, a misspelt state, a ZIP code that does not exist and a
// product class it does not know, next to a clean one: the output says
// so in the address_confidence, address_statuses and assisted_parameters
// columns, and their total rows have status warning, where before they
// were a plain ok.
func TestBatchCSVWarnings(t *testing.T) {
	dir := t.TempDir()
	in := "document_number,document_date,message_type,dest_street,dest_city,dest_region,dest_postal_code,dest_country,product_class,extended_price\n" +
		"CLEAN,2026-06-01,QUOTATION,200 N Spring St,Los Angeles,CA,90012,US,GENERAL,100\n" +
		"STATE,2026-06-01,QUOTATION,200 N Spring St,Los Angeles,Californa,90012,US,GENERAL,100\n" +
		"ZIP,2026-06-01,QUOTATION,1 Main St,Springfield,IL,99999,US,GENERAL,100\n" +
		"CLASS,2026-06-01,QUOTATION,200 N Spring St,Los Angeles,CA,90012,US,SAS,100\n"
	inFile, outFile := filepath.Join(dir, "in.csv"), filepath.Join(dir, "out.csv")
	if err := os.WriteFile(inFile, []byte(in), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", inFile, "--out", outFile, "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	raw, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(string(raw))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// The output's columns, by the names of its header.
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	outRecord, outDocumentNumber, outAssisted := col["record"], col["document_number"], col["assisted_parameters"]
	outStatus, outConfidence, outAddressStatuses := col["status"], col["address_confidence"], col["address_statuses"]
	totals := map[string][]string{}
	for _, r := range recs[1:] {
		if r[outRecord] == "total" {
			totals[r[outDocumentNumber]] = r
		}
		if r[outRecord] == "tax" && r[outDocumentNumber] == "CLASS" && !strings.Contains(r[outAssisted], "SAS -> GENERAL") {
			t.Errorf("a tax row of CLASS lacks its assisted parameter: %q", r[outAssisted])
		}
	}
	for doc, want := range map[string]struct{ status, confidence, statuses, assisted string }{
		"CLEAN": {"ok", "100", "", ""},
		"STATE": {"warning", "", "customer.destination: IGNORED_REGION_FIELDS", ""},
		"ZIP":   {"warning", "", "customer.destination: BAD_REGION_FIELDS", ""},
		"CLASS": {"warning", "100", "", "SAS -> GENERAL"},
	} {
		r := totals[doc]
		switch {
		case r == nil:
			t.Errorf("%s: no total row", doc)
		case r[outStatus] != want.status,
			want.confidence != "" && r[outConfidence] != want.confidence,
			want.confidence == "" && (r[outConfidence] == "" || r[outConfidence] == "100"),
			!strings.Contains(r[outAddressStatuses], want.statuses) || (want.statuses == "") != (r[outAddressStatuses] == ""),
			!strings.Contains(r[outAssisted], want.assisted) || (want.assisted == "") != (r[outAssisted] == ""):
			t.Errorf("%s: status %q, confidence %q, statuses %q, assisted %q", doc, r[outStatus], r[outConfidence], r[outAddressStatuses], r[outAssisted])
		}
	}
}
