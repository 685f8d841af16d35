package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

// TestCalcExplain runs levy calc sale --explain on an invoice to Los
// Angeles with a data directory: it prints the response as levy calc does
// (the same JSON, but nothing stored, so the request's transactionId)
// and then a table of the six taxes with their rule and reason;
// --explain-only prints the table alone; the journal is still empty
// after both, and the same invoice without --explain is stored.
func TestCalcExplain(t *testing.T) {
	dir := t.TempDir()
	inv := "../../engine/testdata/sale_invoice.json"
	code, out, errOut := runCLI(t, "calc", "sale", "--explain", "--data-dir", dir, "--tenant", "acme", inv)
	if code != 0 {
		t.Fatalf("calc --explain: exit %d, %s", code, errOut)
	}
	body, table, ok := strings.Cut(out, "\n\nLINE ")
	if !ok {
		t.Fatalf("no table after the response:\n%s", out)
	}
	var resp wire.SaleResponse
	if err := json.Unmarshal([]byte(body), &resp); err != nil {
		t.Fatalf("the response: %v\n%s", err, body)
	}
	if resp.TransactionID != "INV-2026-000481" || len(resp.LineItems) == 0 {
		t.Fatalf("response %+v", resp)
	}
	rows := strings.Split(strings.TrimSpace("LINE "+table), "\n")
	taxes := 0
	for _, l := range resp.LineItems {
		taxes += len(l.Taxes)
	}
	if len(rows) != taxes+1 || taxes == 0 {
		t.Fatalf("%d rows for %d taxes:\n%s", len(rows)-1, taxes, table)
	}
	for _, h := range []string{"JURISDICTION", "TAX", "RESULT", "AMOUNT", "RULE", "SOURCE", "REASON"} {
		if !strings.Contains(rows[0], h) {
			t.Errorf("header %q lacks %s", rows[0], h)
		}
	}
	first := resp.LineItems[0].Taxes[0]
	if !strings.Contains(rows[1], "lineItems[0]") || !strings.Contains(rows[1], "("+first.Jurisdiction.JurisdictionID+")") ||
		!strings.Contains(rows[1], first.CalculationRuleID.Value) || !strings.Contains(rows[1], first.CalculatedTax.String()) {
		t.Errorf("first row %q, first tax %+v", rows[1], first)
	}
	if !strings.Contains(out, "TaxLocus taxability table") {
		t.Errorf("no reason of the rule tables in the table:\n%s", table)
	}
	// Every rate is the embedded dataset's: each row names it, with the
	// dataset's version.
	for _, r := range rows[1:] {
		if !strings.Contains(r, " embedded "+data.Version+" ") {
			t.Errorf("row %q names no embedded rate source", r)
		}
	}

	code, only, errOut := runCLI(t, "calc", "sale", "--explain-only", "--data-dir", dir, "--tenant", "acme", inv)
	if code != 0 || !strings.HasPrefix(only, "LINE ") || strings.Contains(only, "{") || strings.TrimSpace(only) != strings.TrimSpace("LINE "+table) {
		t.Errorf("--explain-only: exit %d, %s\n%s", code, errOut, only)
	}
	if _, exported, _ := runCLI(t, "journal", "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv"); strings.Contains(exported, "INV-2026-000481") {
		t.Errorf("an explained invoice was stored:\n%s", exported)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", "acme", inv); code != 0 {
		t.Fatalf("calc: exit %d, %s", code, errOut)
	}
	if _, exported, _ := runCLI(t, "journal", "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv"); !strings.Contains(exported, "INV-2026-000481") {
		t.Errorf("the invoice was not stored without --explain:\n%s", exported)
	}
}

// TestCalcExplainFlags: the two flags together are a usage error; a bad
// request explained fails as the calculation fails; a purchase and an
// owner request are explained too.
func TestCalcExplainFlags(t *testing.T) {
	inv := "../../engine/testdata/sale_invoice.json"
	if code, _, errOut := runCLI(t, "calc", "sale", "--explain", "--explain-only", inv); code != 2 || !strings.Contains(errOut, "--explain and --explain-only") {
		t.Errorf("both flags: exit %d, %s", code, errOut)
	}
	code, _, want := runCLI(t, "calc", "owner", inv)
	code2, _, got := runCLI(t, "calc", "owner", "--explain", inv)
	if code != 1 || code2 != 1 || got != want {
		t.Errorf("a sale explained as an owner request: exit %d %q; without --explain exit %d %q", code2, got, code, want)
	}
	dir := t.TempDir()
	owner := filepath.Join(dir, "owner.json")
	if err := os.WriteFile(owner, []byte(`{"ownerMessageType":"INVENTORY_REMOVAL","documentDate":"2026-06-01",
 "owner":{"company":"ACME","destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[{"lineItemId":"1","extendedPrice":100}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "calc", "owner", "--explain-only", owner)
	if code != 0 || strings.Count(out, "\n") != 7 || !strings.Contains(out, "US-CA") {
		t.Errorf("owner --explain-only: exit %d, %s\n%s", code, errOut, out)
	}
}

// TestExplanationSourceColumn: the table names a rate loaded from a
// content file by its format, file and line, the host's by its source,
// and a tax without a source of the content with "-".
func TestExplanationSourceColumn(t *testing.T) {
	ex := wire.Explanation{{Path: "lineItems[0]", Taxes: []wire.ExplainedTax{
		{JurisdictionID: "US-4835000", Jurisdiction: "Houston", Source: &wire.RateSource{Content: "levy", File: "houston-rates.csv", Line: 4}},
		{JurisdictionID: "US-TX", Jurisdiction: "Texas", Source: &wire.RateSource{Content: wire.RateSourceHost, Source: "the host's table"}},
		{JurisdictionID: "US-TX-DHOUSTON_MTA", Jurisdiction: "METRO", RuleID: "rate-override"},
	}}}
	var b strings.Builder
	if err := printExplanation(&b, ex); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(rows) != 4 {
		t.Fatalf("table:\n%s", b.String())
	}
	col := strings.Index(rows[0], "SOURCE")
	for i, want := range []string{"levy houston-rates.csv:4", "host the host's table", "-"} {
		if r := rows[i+1]; len(r) < col || !strings.HasPrefix(r[col:], want+" ") {
			t.Errorf("row %d %q: source column is not %q", i+1, r, want)
		}
	}
}
