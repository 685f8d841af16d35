package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// TestRuleFileFaultsNamed builds engines over rule files with faults and
// checks that New refuses each, naming the file and the line of the
// record at fault (a threshold in a currency the dataset lacks among
// them). Before, a rule whose jurisdiction the dataset does
// not have (a typing error such as "US-XX" or "us-ny") loaded and never
// applied, and the errors of rules that did not compile, or of an ID
// given in two files, named neither the file nor the line; a rule that
// one alike in another file decides on every day both are in force (a
// new rate's file taking effect on the day the old one's expires) was
// silently decided by the order of the files.
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
		"a rule that one in another file shadows": {[]string{
			write("rates-2025.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"ny-2025\", \"jurisdiction\": \"US-NY\", \"productClass\": \"X\", \"outcome\": \"TAXABLE\", \"rate\": \"0.04\", \"expiration\": \"2026-06-30\"}]}"),
			write("rates-2026.json", "{\"version\": 1, \"rules\": [\n\n {\"id\": \"ny-2026\", \"jurisdiction\": \"US-NY\", \"productClass\": \"X\", \"outcome\": \"TAXABLE\", \"rate\": \"0.05\", \"effective\": \"2026-06-30\"}]}")},
			[]string{"rates-2026.json: line 3: rule ny-2026: rule ny-2025 (", "rates-2025.json, line 2)", "in force on 2026-06-30 too", "could never apply"}},
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

// TestRuleFilesBoundedTogether sends two rule files that each keep
// within rules.MaxConditions but together pass it, two that pass
// rules.MaxRecords together, and two whose conditions cost more than
// rules.MaxTotalConditionCost together, and checks that New refuses them, naming
// the second file, the line of the first record over the limit and the
// limit. Before, the bounds of one file could be multiplied by splitting
// the records over as many files.
func TestRuleFilesBoundedTogether(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int, cond string) string {
		var b strings.Builder
		b.WriteString("{\"version\": 1, \"rules\": [\n")
		for i := range n {
			if i > 0 {
				b.WriteString(",\n")
			}
			when := ""
			switch cond {
			case "":
			case "numbered":
				when = fmt.Sprintf(`, "when": "usage == \"U%d\""`, i)
			default:
				when = `, "when": "` + cond + `"`
			}
			fmt.Fprintf(&b, `{"id": "%s-%d", "productClass": "PC%d", "outcome": "EXEMPT"%s}`, name, i, i, when)
		}
		b.WriteString("]}\n")
		p := filepath.Join(dir, name+".json")
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	half := rules.MaxConditions/2 + 1
	a, b := write("conds-a", half, "numbered"), write("conds-b", half, "numbered")
	_, err := New(context.Background(), WithRuleFiles(a, b))
	over := rules.MaxConditions - half // the index in b of the first condition over the limit
	want := fmt.Sprintf("rule file %s: line %d: rule conds-b-%d: the rule files together would hold more than %d records with a condition (when), the most allowed",
		b, over+2, over, rules.MaxConditions)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("conditions: got %v, want an error with %q", err, want)
	}
	half = rules.MaxRecords/2 + 1
	a, b = write("plain-a", half, ""), write("plain-b", half, "")
	_, err = New(context.Background(), WithRuleFiles(a, b))
	over = rules.MaxRecords - half
	want = fmt.Sprintf("rule file %s: line %d: rule plain-b-%d: the rule files together would hold more than %d records (rules, structures and withholdings), the most allowed",
		b, over+2, over, rules.MaxRecords)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("records: got %v, want an error with %q", err, want)
	}
	// Conditions of 9,010 steps each (a range of 9,000 numbers): 60 in
	// each file, and the 111th, the 51st of the second file, passes
	// rules.MaxTotalConditionCost.
	const costly = "len(usage) < 8 || 7 in 1..9000"
	a, b = write("costly-a", 60, costly), write("costly-b", 60, costly)
	_, err = New(context.Background(), WithRuleFiles(a, b))
	want = fmt.Sprintf("rule file %s: line 52: rule costly-b-50: the conditions of the rule files together may cost 1000110 steps to run with this one's 9010, more than the %d allowed", b, rules.MaxTotalConditionCost)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("cost: got %v, want an error with %q", err, want)
	}
	// One file at the limits loads.
	if _, err := New(context.Background(), WithRuleFiles(write("one", rules.MaxConditions, "numbered"))); err != nil {
		t.Errorf("a file at the condition limit: %v", err)
	}
}

// TestHostRecordsCheckedAcross builds engines over rules, structures and
// withholdings given in Go (WithRules, WithWithholdings) and in rule
// files, and checks that New refuses each fault across them, naming
// where both records are: a withholding that one alike in another file
// would be withheld beside (every withholding that reaches a line is
// withheld, so both were), a rule of a file shadowed by one given in Go,
// a record given in Go shadowed by another given in Go, and an ID given
// in Go and again in a file. Before, the withholdings were both
// withheld, the records given in Go were outside the check, and the ID
// used twice was reported by rules.Compile naming no file.
func TestHostRecordsCheckedAcross(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	wht := func(id, extra string) string {
		return `{"id": "` + id + `", "jurisdiction": "KE", "tax": "Withholding Tax", "withholdingType": "NON_RESIDENT_SERVICES", "fromAbroad": true, "rate": "0.2"` + extra + `}`
	}
	goRule := rules.Rule{ID: "go-ny", Jurisdiction: "US-NY", ProductClass: "X", Outcome: rules.Taxable, Expiration: civil.MustParse("2026-06-30")}
	goWht := rules.Withholding{ID: "go-ke", Jurisdiction: "KE", Tax: "Withholding Tax", WithholdingType: "NON_RESIDENT_SERVICES",
		FromAbroad: true, Rate: decimal.RequireFromString("0.15")}
	for name, c := range map[string]struct {
		opts []Option
		want []string
	}{
		"a withholding alike in another file": {[]Option{WithRuleFiles(
			write("wht-2025.json", "{\"version\": 1, \"withholdings\": [\n"+wht("ke-2025", `, "expiration": "2026-06-30"`)+"]}"),
			write("wht-2026.json", "{\"version\": 1, \"withholdings\": [\n\n"+wht("ke-2026", `, "effective": "2026-06-30"`)+"]}"))},
			[]string{"rule file ", "wht-2026.json: line 3: withholding ke-2026: withholding ke-2025 (", "wht-2025.json, line 2)", "in force on 2026-06-30 too", "both would be"}},
		"a withholding alike in a file and in Go": {[]Option{WithWithholdings(goWht),
			WithRuleFiles(write("wht.json", "{\"version\": 1, \"withholdings\": [\n"+wht("ke-file", ``)+"]}"))},
			[]string{"wht.json: line 2: withholding ke-file: withholding go-ke (given in Go (WithWithholdings), withholdings[0])", "in force always too"}},
		"a rule of a file shadowed by one given in Go": {[]Option{WithRules([]rules.Rule{goRule}, nil),
			WithRuleFiles(write("ny.json", "{\"version\": 1, \"rules\": [\n\n {\"id\": \"ny-file\", \"jurisdiction\": \"US-NY\", \"productClass\": \"X\", \"outcome\": \"TAXABLE\", \"effective\": \"2026-06-30\"}]}"))},
			[]string{"ny.json: line 3: rule ny-file: rule go-ny (given in Go (WithRules), rules[0])", "in force on 2026-06-30 too", "could never apply"}},
		"rules given in Go alike": {[]Option{WithRules([]rules.Rule{{ID: "other", ProductClass: "Y", Outcome: rules.Exempt}, goRule, {ID: "go-ny-2", Jurisdiction: "US-NY", ProductClass: "X", Outcome: rules.Exempt}}, nil)},
			[]string{"host rules: given in Go (WithRules), rules[2]: rule go-ny-2: rule go-ny (given in Go (WithRules), rules[1])", "in force always too"}},
		"withholdings given in Go alike": {[]Option{WithWithholdings(goWht, rules.Withholding{ID: "go-ke-2", Jurisdiction: "KE", Tax: "Withholding Tax",
			WithholdingType: "NON_RESIDENT_SERVICES", FromAbroad: true, Rate: decimal.RequireFromString("0.2"), Effective: civil.MustParse("2027-01-01")})},
			[]string{"host rules: given in Go (WithWithholdings), withholdings[1]: withholding go-ke-2: withholding go-ke (given in Go (WithWithholdings), withholdings[0])", "in force on 2027-01-01 too"}},
		"an ID given in Go and in a file": {[]Option{WithRules([]rules.Rule{goRule}, nil),
			WithRuleFiles(write("dup.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"go-ny\", \"productClass\": \"Z\", \"outcome\": \"EXEMPT\"}]}"))},
			[]string{"rule file ", "dup.json: line 2: rule id go-ny is used twice (first given in Go (WithRules), rules[0])"}},
		"a rule file with no name": {[]Option{WithRuleFiles("")}, []string{"engine: rule file: the name of a rule file is empty"}},
		"a withholding's ID given in Go and in a file": {[]Option{WithWithholdings(goWht),
			WithRuleFiles(write("dupw.json", "{\"version\": 1, \"withholdings\": [\n"+wht("go-ke", `, "productClass": "Z"`)+"]}"))},
			[]string{"dupw.json: line 2: withholding id go-ke is used twice (first given in Go (WithWithholdings), withholdings[0])"}},
	} {
		_, err := New(context.Background(), c.opts...)
		if err == nil {
			t.Errorf("%s: New accepted the records", name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want it to say %q", name, err, w)
			}
		}
	}
	// Records given in Go and in files that follow one another, or
	// differ, are accepted.
	next := write("next.json", "{\"version\": 1, \"rules\": [\n {\"id\": \"ny-next\", \"jurisdiction\": \"US-NY\", \"productClass\": \"X\", \"outcome\": \"EXEMPT\", \"effective\": \"2026-07-01\"}],\n"+
		" \"withholdings\": ["+wht("ke-card", `, "productClass": "PROFESSIONAL_SERVICES"`)+"]}")
	if _, err := New(context.Background(), WithRules([]rules.Rule{goRule}, nil), WithWithholdings(goWht), WithRuleFiles(next)); err != nil {
		t.Fatal(err)
	}
}
