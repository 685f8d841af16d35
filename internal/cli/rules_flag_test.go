package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gadgetQuotation is a one-line QUOTATION of a GADGET to Albany, the
// request the --rules tests decide with a rule file.
const gadgetQuotation = `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","seller":{"company":"ACME"},` +
	`"customer":{"destination":{"city":"Albany","mainDivision":"NY","postalCode":"12207","country":"US"}},` +
	`"lineItems":[{"lineItemId":"1","product":{"productClass":"GADGET"},"quantity":{"value":1},"unitPrice":100}]}`

// writeIn writes body to the file name in dir and returns its path.
func writeIn(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCalcAndBatchRules runs levy calc and levy batch with --rules:
// the rule file's rule decides the line as it does on levy serve, and a
// bad rule file is refused naming the file and line. Before, neither
// command had --rules, so a host's batch runs and checks from the
// command line taxed without the rules its server applies.
func TestCalcAndBatchRules(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string { return writeIn(t, dir, name, body) }
	rules := write("rules.json", `{"version": 1, "rules": [{"id": "acme-gadgets-exempt", "productClass": "GADGET", "outcome": "EXEMPT"}]}`)
	bad := write("bad.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"typo\", \"jurisdiction\": \"US-XX\", \"outcome\": \"EXEMPT\"}]}")
	req := gadgetQuotation
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

// TestRuleFileListsReadAlike gives --rules lists with spaces around
// the names and with an empty name to levy calc, batch, serve and
// profile (and to profile through LEVY_RULES), and checks that every
// command reads them alike: the spaces are trimmed, and an empty name
// is refused with exit status 2 and a message saying so. Before, serve's
// check of the files, calc and batch took " b.json" and "" for names of
// files ("rule file: open : no such file or directory"), while serve's
// and profile's check of product classes skipped them.
func TestRuleFileListsReadAlike(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string { return writeIn(t, dir, name, body) }
	gadgets := write("gadgets.json", `{"version": 1, "rules": [{"id": "acme-gadgets-exempt", "productClass": "GADGET", "outcome": "EXEMPT"}]}`)
	other := write("other.json", `{"version": 1, "rules": [{"id": "acme-widgets-exempt", "productClass": "WIDGET", "outcome": "EXEMPT"}]}`)
	bad := write("bad.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"mod\", \"outcome\": \"EXEMPT\", \"when\": \"len(productClass) % 0 == 1\"}]}")
	req := gadgetQuotation
	in := write("req.json", req)
	lines := write("in.jsonl", req+"\n")

	spaced := " " + other + " , " + gadgets + " "
	if code, out, errOut := runCLI(t, "calc", "sale", "--rules", spaced, in); code != 0 || !strings.Contains(out, "acme-gadgets-exempt") {
		t.Errorf("calc --rules %q: exit %d, the rule not applied:\n%s%s", spaced, code, out, errOut)
	}
	outFile := filepath.Join(dir, "out.jsonl")
	if code, _, errOut := runCLI(t, "batch", "sale", "--quiet", "--rules", spaced, "--in", lines, "--out", outFile); code != 0 {
		t.Errorf("batch --rules %q: exit %d\n%s", spaced, code, errOut)
	} else if b, err := os.ReadFile(outFile); err != nil || !strings.Contains(string(b), "acme-gadgets-exempt") {
		t.Errorf("batch --rules %q: the rule not applied (%v):\n%s", spaced, err, b)
	}
	// serve reads a spaced list as calc does: the second file is found
	// and refused for its own fault, naming its line.
	if code, _, errOut := runCLI(t, "serve", "--addr", "127.0.0.1:0", "--data-dir", t.TempDir(), "--log-format", "text",
		"--secrets-key-insecure-none", "--rules", gadgets+", "+bad); code != 2 || !strings.Contains(errOut, "bad.json: line 2") {
		t.Errorf("serve --rules with spaces: exit %d, want 2 naming bad.json, line 2:\n%s", code, errOut)
	}

	for _, list := range []string{gadgets + ",", "," + gadgets, gadgets + ",," + other, gadgets + ", ,"} {
		const want = "has an empty name"
		for name, args := range map[string][]string{
			"calc":    {"calc", "sale", "--rules", list, in},
			"batch":   {"batch", "sale", "--quiet", "--rules", list, "--in", lines, "--out", filepath.Join(dir, "out2.jsonl")},
			"serve":   {"serve", "--addr", "127.0.0.1:0", "--data-dir", t.TempDir(), "--log-format", "text", "--secrets-key-insecure-none", "--rules", list},
			"profile": {"profile", "list", "customers", "--data-dir", t.TempDir(), "--rules", list},
		} {
			code, _, errOut := runCLI(t, args...)
			if code != 2 || !strings.Contains(errOut, want) || strings.Contains(errOut, "open :") || strings.Contains(errOut, "listening") {
				t.Errorf("%s --rules %q: exit %d, want 2 saying the list %s:\n%s", name, list, code, want, errOut)
			}
		}
	}
	t.Setenv("LEVY_RULES", gadgets+",")
	if code, _, errOut := runCLI(t, "profile", "list", "customers", "--data-dir", t.TempDir()); code != 2 ||
		!strings.Contains(errOut, "LEVY_RULES") || !strings.Contains(errOut, "has an empty name") {
		t.Errorf("profile with LEVY_RULES=%q: exit %d, want 2 saying the list has an empty name:\n%s", gadgets+",", code, errOut)
	}
}
