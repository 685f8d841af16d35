package cli

import (
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
	in := "document_number,document_date,message_type,dest_street,dest_city,dest_region,dest_postal_code,dest_country,product_class,extended_price\n" +
		"CLEAN,2026-06-01,QUOTATION,200 N Spring St,Los Angeles,CA,90012,US,GENERAL,100\n" +
		"STATE,2026-06-01,QUOTATION,200 N Spring St,Los Angeles,Californa,90012,US,GENERAL,100\n" +
		"ZIP,2026-06-01,QUOTATION,1 Main St,Springfield,IL,99999,US,GENERAL,100\n" +
		"CLASS,2026-06-01,QUOTATION,200 N Spring St,Los Angeles,CA,90012,US,SAS,100\n"
	recs, col := batchSaleCSV(t, in)
	outRecord, outDocumentNumber, outAssisted := col["record"], col["document_number"], col["assisted_parameters"]
	outStatus, outConfidence, outAddressStatuses := col["status"], col["address_confidence"], col["address_statuses"]
	totals := map[string][]string{}
	for _, r := range recs {
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

// TestBatchCSVTaxNotComputed runs SaaS sold into Denver, whose own code
// taxes it and Levy does not, next to goods sold there: the SaaS line's
// tax rows name the tax in assisted_parameters, its document's total row
// repeats it with status warning (the total may be short of what is
// owed), and the goods document stays ok.
func TestBatchCSVTaxNotComputed(t *testing.T) {
	in := "document_number,document_date,message_type,dest_street,dest_city,dest_region,dest_postal_code,dest_country,product_class,extended_price\n" +
		"SAAS,2026-06-01,QUOTATION,1437 Bannock St,Denver,CO,80202,US,SAAS,1000\n" +
		"GOODS,2026-06-01,QUOTATION,1437 Bannock St,Denver,CO,80202,US,GENERAL,100\n"
	recs, col := batchSaleCSV(t, in)
	outRecord, outDocumentNumber, outAssisted, outStatus := col["record"], col["document_number"], col["assisted_parameters"], col["status"]
	outTax, outTotalTax, outJurisdictionID := col["tax"], col["total_tax"], col["jurisdiction_id"]
	const want = "tax-not-computed productClass SAAS: US-0820000 Denver taxes SAAS under its own sales and use tax code (Denver Tax Guide Topic No. 18); Levy does not compute it"
	taxRows := 0
	for _, r := range recs {
		switch doc, kind := r[outDocumentNumber], r[outRecord]; {
		case doc == "SAAS" && kind == "tax":
			taxRows++
			if r[outAssisted] != want || r[outTax] != "0" && r[outTax] != "0.00" {
				t.Errorf("SaaS tax row %s: tax %q, assisted %q", r[outJurisdictionID], r[outTax], r[outAssisted])
			}
		case doc == "SAAS" && kind == "total":
			if r[outStatus] != "warning" || r[outAssisted] != want || r[outTotalTax] != "0" && r[outTotalTax] != "0.00" {
				t.Errorf("SaaS total: status %q, total tax %q, assisted %q", r[outStatus], r[outTotalTax], r[outAssisted])
			}
		case doc == "GOODS" && kind == "total":
			if r[outStatus] != "ok" || r[outAssisted] != "" || r[outTotalTax] != "9.15" {
				t.Errorf("goods total: status %q, total tax %q, assisted %q", r[outStatus], r[outTotalTax], r[outAssisted])
			}
		}
	}
	if taxRows != 4 {
		t.Errorf("%d tax rows of the SaaS document, want 4 (Colorado, Denver, RTD, SCFD)", taxRows)
	}
}

// batchSaleCSV runs levy batch sale on the CSV input in, which must
// succeed, and returns its output records and columns (csvOutput).
func batchSaleCSV(t *testing.T, in string) ([][]string, map[string]int) {
	t.Helper()
	dir := t.TempDir()
	inFile, outFile := filepath.Join(dir, "in.csv"), filepath.Join(dir, "out.csv")
	if err := os.WriteFile(inFile, []byte(in), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", inFile, "--out", outFile, "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	return csvOutput(t, outFile)
}
