package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuleFileFaultsNamed builds engines over rule files with faults and
// checks that New refuses each, naming the file and the line of the
// record at fault (a threshold in a currency the dataset lacks among
// them). Before, a rule whose jurisdiction the dataset does
// not have (a typing error such as "US-XX" or "us-ny") loaded and never
// applied, and the errors of rules that did not compile, or of an ID
// given in two files, named neither the file nor the line.
func TestRuleFileFaultsNamed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.json", "{\"version\": 1,\n \"rules\": [{\"id\": \"acme-resale\", \"customerClass\": \"RESELLER\", \"outcome\": \"EXEMPT\"}]}")
	for name, c := range map[string]struct {
		files []string
		want  []string
	}{
		"an unknown jurisdiction": {[]string{write("unknown.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"ok\", \"jurisdiction\": \"US-NY\", \"outcome\": \"EXEMPT\"},\n {\"id\": \"typo\", \"jurisdiction\": \"US-XX\", \"outcome\": \"EXEMPT\"}]}")},
			[]string{"unknown.json", "line 3", "rule typo", `"US-XX"`, "never apply"}},
		"a lower-case jurisdiction": {[]string{write("lower.json", "{\"version\": 1, \"rules\": [{\"id\": \"lower\", \"jurisdiction\": \"us-ny\", \"outcome\": \"EXEMPT\"}]}")},
			[]string{"lower.json", "line 1", "rule lower", `"us-ny"`}},
		"a prefix of nothing": {[]string{write("prefix.json", "{\"version\": 1, \"structures\": [\n\n{\"id\": \"cap\", \"jurisdiction\": \"ZZ-*\", \"kind\": \"SINGLE_RATE\"}]}")},
			[]string{"prefix.json", "line 3", "structure cap", `"ZZ-*"`}},
		"a condition that does not compile": {[]string{write("cond.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"ok\", \"outcome\": \"EXEMPT\", \"productClass\": \"X\"},\n {\"id\": \"amount\", \"outcome\": \"EXEMPT\", \"when\": \"amount > 100\"}]}")},
			[]string{"cond.json", "line 3", "rule amount", "unknown name amount"}},
		"an ID in two files": {[]string{good, write("again.json", "{\"version\": 1,\n\n \"rules\": [{\"id\": \"acme-resale\", \"outcome\": \"TAXABLE\"}]}")},
			[]string{"again.json", "line 3", "acme-resale", "used twice", "good.json, line 2"}},
		"a threshold in a currency the dataset lacks": {[]string{write("cur.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"ok\", \"outcome\": \"EXEMPT\", \"productClass\": \"X\"},\n {\"id\": \"mb\", \"jurisdiction\": \"CA-MB\", \"productClass\": \"CHILDRENS_CLOTHING\", \"outcome\": \"TAXABLE\", \"threshold\": {\"amount\": 150, \"kind\": \"up_to_exempt\", \"currency\": \"XYZ\"}}]}")},
			[]string{"cur.json", "line 3", "rule mb", `threshold currency "XYZ"`}},
		"a syntax error": {[]string{write("syntax.json", "{\"version\": 1,\n \"rules\": [{\"id\": \"a\", \"outcome\": \"EXEMPT\"},\n {\"id\": \"b\",}]}")},
			[]string{"syntax.json", "line 3", "invalid character"}},
	} {
		_, err := New(context.Background(), WithRuleFiles(c.files...))
		if err == nil {
			t.Errorf("%s: New accepted the rule files", name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want it to say %q", name, err, w)
			}
		}
	}
	// Prefixes of subdivisions and countries, and IDs of the dataset,
	// are accepted.
	ok := write("ok.json", `{"version": 1, "rules": [
 {"id": "tn", "jurisdiction": "US-TN*", "productClass": "X", "outcome": "EXEMPT"},
 {"id": "us", "jurisdiction": "US-*", "productClass": "Y", "outcome": "EXEMPT"},
 {"id": "albany", "jurisdiction": "US-36001", "productClass": "Z", "outcome": "EXEMPT"},
 {"id": "de", "jurisdiction": "DE", "productClass": "Z", "outcome": "EXEMPT"},
 {"id": "mb", "jurisdiction": "CA-MB", "productClass": "Z", "outcome": "TAXABLE", "threshold": {"amount": 150, "kind": "up_to_exempt", "currency": "CAD"}}]}`)
	if _, err := New(context.Background(), WithRuleFiles(good, ok)); err != nil {
		t.Fatal(err)
	}
}
