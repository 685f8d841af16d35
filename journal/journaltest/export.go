package journaltest

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// testExportCustomerAndRule: the CSV export's columns after those it
// had before, which keep their order, are the code of each line's
// customer (the line's own, else the document's) and the rule ID of
// each tax, then the line's freight and its retail location code, which
// the store keeps.
func testExportCustomerAndRule(t *testing.T, s journal.Store) {
	ctx := context.Background()
	doc := line(t, "L1", "100.00", "6.00", "1.50")
	doc.Taxes[0].RuleID, doc.Taxes[1].RuleID = "st-general", "co-general"
	own := line(t, "L2", "40.00", "2.40", "0.60")
	own.Taxes[0].RuleID = "st-reduced"
	own.Customer = &journal.Party{Code: "CUST-LINE"}
	own.LocationCode = "STORE-7"
	bare := journal.Line{LineItemID: "L3", ProductClass: "GOODS", Amount: amount(t, "5.00"), TotalTax: amount(t, "0")}
	tx := invoice(t, "INV-C", "2026-03-14", doc, own, bare)
	tx.Customer = &journal.Party{Code: "CUST-DOC"}
	mustPost(t, s, tenant, tx)
	mustPost(t, s, tenant, simple(t, "INV-N", "2026-03-15")) // no customer, no rule

	var b bytes.Buffer
	if _, err := journal.Export(ctx, s, tenant, civil.Date{}, civil.Date{}, journal.CSV, &b, nil); err != nil {
		t.Fatalf("Export csv: %v", err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatalf("csv export: %v", err)
	}
	before := []string{"transactionId", "version", "postingDate", "documentDate", "documentNumber", "perspective",
		"messageType", "currency", "lineItemId", "productClass", "lineAmount", "state", "jurisdictionId", "jurisdictionName",
		"jurisdictionType", "imposition", "taxType", "taxResult", "collectedFrom", "taxable", "exempt", "nonTaxable",
		"tax", "rate", "informationOnly", "reversalOf", "filingCurrency", "filingRate", "filingTaxable", "filingExempt", "filingTax",
		"certificateNumber", "reasonCode", "withholdingType", "company", "profileVersion"}
	if want := append(slices.Clone(before), "customerCode", "ruleId", "freight", "locationCode"); !slices.Equal(rows[0], want) {
		t.Fatalf("csv header %v, want %v", rows[0], want)
	}
	type cell struct{ customer, rule, location string }
	var got []cell
	for _, r := range rows[1:] {
		if len(r) != len(rows[0]) {
			t.Fatalf("csv row %v has %d cells, the header %d", r, len(r), len(rows[0]))
		}
		got = append(got, cell{r[len(before)], r[len(before)+1], r[len(before)+3]})
	}
	want := []cell{{"CUST-DOC", "st-general", ""}, {"CUST-DOC", "co-general", ""}, {"CUST-LINE", "st-reduced", "STORE-7"},
		{"CUST-LINE", "", "STORE-7"}, {"CUST-DOC", "", ""}, {"", "", ""}, {"", "", ""}}
	if !slices.Equal(got, want) {
		t.Fatalf("customerCode, ruleId and locationCode of the rows %v, want %v", got, want)
	}
}
