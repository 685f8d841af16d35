package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCalcAndBatchRules runs levy calc and levy batch with --rules:
// the rule file's rule decides the line as it does on levy serve, and a
// bad rule file is refused naming the file and line. Before, neither
// command had --rules, so a host's batch runs and checks from the
// command line taxed without the rules its server applies.
func TestCalcAndBatchRules(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rules := write("rules.json", `{"version": 1, "rules": [{"id": "acme-gadgets-exempt", "productClass": "GADGET", "outcome": "EXEMPT"}]}`)
	bad := write("bad.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"typo\", \"jurisdiction\": \"US-XX\", \"outcome\": \"EXEMPT\"}]}")
	req := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","seller":{"company":"ACME"},` +
		`"customer":{"destination":{"city":"Albany","mainDivision":"NY","postalCode":"12207","country":"US"}},` +
		`"lineItems":[{"lineItemId":"1","product":{"productClass":"GADGET"},"quantity":{"value":1},"unitPrice":100}]}`
	in := write("req.json", req)
	lines := write("in.jsonl", req+"\n")

	code, out, errOut := runCLI(t, "calc", "sale", "--rules", rules, in)
	if code != 0 || !strings.Contains(out, "acme-gadgets-exempt") || !strings.Contains(out, `"totalTax": 0`) {
		t.Errorf("calc --rules: exit %d, the rule not applied:\n%s%s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--rules", bad, in); code == 0 || !strings.Contains(errOut, "bad.json") || !strings.Contains(errOut, "line 2") {
		t.Errorf("calc with a bad rule file: exit %d\n%s", code, errOut)
	}

	outFile := filepath.Join(dir, "out.jsonl")
	if code, _, errOut := runCLI(t, "batch", "sale", "--quiet", "--rules", rules, "--in", lines, "--out", outFile); code != 0 {
		t.Fatalf("batch --rules: exit %d\n%s", code, errOut)
	}
	if b, err := os.ReadFile(outFile); err != nil || !strings.Contains(string(b), "acme-gadgets-exempt") {
		t.Errorf("batch --rules: the rule not applied (%v):\n%s", err, b)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--quiet", "--rules", bad, "--in", lines, "--out", filepath.Join(dir, "out2.jsonl")); code != 2 ||
		!strings.Contains(errOut, "bad.json") || !strings.Contains(errOut, "line 2") {
		t.Errorf("batch with a bad rule file: exit %d, want 2 naming the file and line\n%s", code, errOut)
	}
}
