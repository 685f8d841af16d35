package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// TestReadFileNamesTheFieldAtFault sends records whose members do not
// decode, each over several lines, and checks that the error names the
// record's ID, the member at fault (within a threshold or a tier too)
// and the line it is on. Before, an error from a date or a decimal
// named neither the ID nor the member ("line 2: rules[0]: civil:
// "2026-02-30" is not a date"), so that a rule with an effective and an
// expiration date left its author to guess which, and every error gave
// the line the record starts on.
func TestReadFileNamesTheFieldAtFault(t *testing.T) {
	for name, c := range map[string]struct{ file, want string }{
		"an expiration that is no date": {`{"version": 1, "rules": [
  {"id": "late",
   "outcome": "EXEMPT",
   "effective": "2026-01-01",
   "expiration": "2026-02-30"}]}`, `line 5: rules[0]: rule late: expiration: civil: "2026-02-30" is not a day of the calendar: February 2026 has 28 days`},
		"a threshold's amount that is no number": {`{"version": 1, "rules": [
  {"id": "ok", "outcome": "EXEMPT"},
  {"id": "ny", "outcome": "TAXABLE",
   "threshold": {"kind": "below_exempt",
     "amount": "110 USD"}}]}`, `line 5: rules[1]: rule ny: threshold.amount: `},
		"a member unknown within a threshold": {`{"version": 1, "rules": [
  {"id": "ny", "outcome": "TAXABLE",
   "threshold": {"kind": "below_exempt", "amount": "110",
     "currncy": "USD"}}]}`, `line 4: rules[0]: rule ny: threshold: json: unknown field "currncy"`},
		"a tier's rate that is no number": {`{"version": 1, "structures": [
  {"id": "tiers", "kind": "TIERED",
   "tiers": [{"upTo": "100", "rate": "0.05"},
     {"rate": "five percent"}]}]}`, `line 4: structures[0]: structure tiers: tiers[1].rate: `},
		"a withholding's rate that is no number": {`{"version": 1, "withholdings": [
  {"id": "ke", "jurisdiction": "KE", "tax": "WHT", "withholdingType": "X",
   "rate": "NaN"}]}`, `line 3: withholdings[0]: withholding ke: rate: `},
		"a misspelt selector on a line of its own": {`{"version": 1, "rules": [
  {"id": "b",
   "outcome": "EXEMPT",
   "productClas": "X"}]}`, `line 4: rules[0]: rule b: json: unknown field "productClas"`},
		"an ID that is a number": {`{"version": 1, "rules": [
  {"outcome": "EXEMPT",
   "id": 7}]}`, `line 3: rules[0]: id: json: cannot unmarshal number`},
	} {
		_, err := ReadFile(strings.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", name, err, c.want)
		}
	}
}

// TestReadFileRefusesAMemberGivenTwiceInARecord sends records that give
// a member twice, at their top, within a threshold, and as the same
// name but for case (which encoding/json takes for the same member),
// and checks that ReadFile refuses each, naming the record, the member
// and the line of its second giving. Before, the second silently
// replaced the first: a rule for "US-NY" that gave its jurisdiction
// again as "US-*" exempted clothing in every state.
func TestReadFileRefusesAMemberGivenTwiceInARecord(t *testing.T) {
	for name, c := range map[string]struct{ file, want string }{
		"a selector given twice": {`{"version": 1, "rules": [
  {"id": "ny-clothing", "jurisdiction": "US-NY", "productClass": "CLOTHING", "outcome": "EXEMPT",
   "jurisdiction": "US-*"}]}`, `line 3: rules[0]: rule ny-clothing: member "jurisdiction" is given twice`},
		"a threshold's amount given twice": {`{"version": 1, "rules": [
  {"id": "ok", "outcome": "EXEMPT"},
  {"id": "ny", "outcome": "TAXABLE",
   "threshold": {"kind": "below_exempt", "amount": "110",
     "amount": "1100"}}]}`, `line 5: rules[1]: rule ny: member "threshold.amount" is given twice`},
		"a member given twice but for case": {`{"version": 1, "withholdings": [
  {"id": "ke", "jurisdiction": "KE", "tax": "WHT", "withholdingType": "X", "rate": "0.2",
   "Rate": "0.02"}]}`, `line 3: withholdings[0]: withholding ke: member "Rate" is given twice`},
		"a tier's rate given twice": {`{"version": 1, "structures": [
  {"id": "tiers", "kind": "TIERED",
   "tiers": [{"upTo": "100", "rate": "0.05"}, {"rate": "0.04", "rate": "0.06"}]}]}`, `line 3: structures[0]: structure tiers: member "tiers[1].rate" is given twice`},
	} {
		_, err := ReadFile(strings.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", name, err, c.want)
		}
	}
	// The same name in two records, or in a record and its threshold,
	// is no fault.
	ok := `{"version": 1, "rules": [
  {"id": "a", "outcome": "TAXABLE", "threshold": {"kind": "below_exempt", "amount": "110"}},
  {"id": "b", "outcome": "TAXABLE", "threshold": {"kind": "below_exempt", "amount": "110"}}]}`
	if _, err := ReadFile(strings.NewReader(ok)); err != nil {
		t.Errorf("two records with the same members: %v", err)
	}
}

// TestCheckRefusesARecordThatAnotherShadows sends rule files with two
// rules, or two structures, alike in their selectors, priority and
// condition whose periods share a day, the second of which could never
// apply on those days (the first in the file is tried first), and
// checks that Check refuses the second, naming both and the first day
// they share. The off-by-one of a change of rate (the old rule expires
// on the day the new one takes effect) was silently decided by the
// order of the file. Records that differ, or follow one another, pass.
func TestCheckRefusesARecordThatAnotherShadows(t *testing.T) {
	rule := func(id, extra string) string {
		return `{"id": "` + id + `", "jurisdiction": "US-NY", "productClass": "CLOTHING", "outcome": "TAXABLE"` + extra + `}`
	}
	file := func(member string, records ...string) string {
		return `{"version": 1, "` + member + `": [
` + strings.Join(records, ",\n") + `]}`
	}
	for name, c := range map[string]struct{ file, want string }{
		"a new rate on the day the old one expires": {file("rules",
			rule("old", `, "rate": "0.04", "expiration": "2026-06-30"`),
			rule("new", `, "rate": "0.05", "effective": "2026-06-30"`)),
			"line 3: rules: rule new: rule old (line 2) has the same selectors, priority and condition and is in force on 2026-06-30 too"},
		"a rule for ever after another": {file("rules",
			rule("a", ``),
			rule("b", `, "reason": "b"`),
			rule("c", `, "effective": "2026-01-01", "expiration": "2026-01-31"`)),
			"line 3: rules: rule b: rule a (line 2) has the same selectors, priority and condition and is in force always too"},
		"a period within another's, later in the file": {file("rules",
			rule("long", `, "effective": "2026-01-01", "expiration": "2026-12-31"`),
			`{"id": "other", "jurisdiction": "US-NY", "productClass": "X", "outcome": "TAXABLE", "effective": "2026-03-01"}`,
			rule("short", `, "effective": "2026-03-01", "expiration": "2026-03-31"`)),
			"line 4: rules: rule short: rule long (line 2) has the same selectors, priority and condition and is in force on 2026-03-01 too"},
		"a period within another's, earlier in the file": {file("rules",
			rule("short", `, "effective": "2026-03-01", "expiration": "2026-03-31"`),
			rule("long", `, "effective": "2026-01-01", "expiration": "2026-12-31"`)),
			"line 3: rules: rule long: rule short (line 2) has the same selectors, priority and condition and is in force on 2026-03-01 too"},
		"two structures": {file("structures",
			`{"id": "cap", "jurisdiction": "US-TX", "kind": "SINGLE_RATE", "maxTaxPerItem": "25", "expiration": "2026-06-30"}`,
			`{"id": "cap2", "jurisdiction": "US-TX", "kind": "SINGLE_RATE", "maxTaxPerItem": "30", "effective": "2026-06-01"}`),
			"line 3: rules: structure cap2: structure cap (line 2) has the same selectors and priority and is in force on 2026-06-01 too"},
	} {
		f, err := ReadFile(strings.NewReader(c.file))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := f.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", name, err, c.want)
		}
	}
	for name, c := range map[string]string{
		"one after the other": file("rules",
			rule("old", `, "rate": "0.04", "expiration": "2026-06-29"`),
			rule("new", `, "rate": "0.05", "effective": "2026-06-30"`)),
		"another priority":  file("rules", rule("a", ``), rule("b", `, "priority": 1`)),
		"another condition": file("rules", rule("a", `, "when": "usage == \"A\""`), rule("b", `, "when": "usage == \"B\""`)),
		"a holiday's":       file("rules", rule("a", ``), rule("b", `, "holiday": true`)),
		"another selector":  file("rules", rule("a", ``), rule("b", `, "customerClass": "RESELLER"`)),
		"structures one after the other": file("structures",
			`{"id": "cap", "jurisdiction": "US-TX", "kind": "SINGLE_RATE", "expiration": "2026-06-30"}`,
			`{"id": "cap2", "jurisdiction": "US-TX", "kind": "SINGLE_RATE", "effective": "2026-07-01"}`),
	} {
		f, err := ReadFile(strings.NewReader(c))
		if err == nil {
			err = f.Check()
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestReadFileRefusesAndLocates sends rule files that ReadFile or Check
// must refuse, each with an error naming the line at fault: before,
// a second object after the first and a member given twice were
// silently dropped (their rules never applied), and the errors named no
// line.
func TestReadFileRefusesAndLocates(t *testing.T) {
	for name, c := range map[string]struct{ file, want string }{
		"a second object after the first": {`{"version":1,"rules":[]}
{"version":1,"rules":[{"id":"x","outcome":"EXEMPT"}]}`, "line 2: there is more after the end"},
		"rules given twice": {`{"version":1,
"rules":[{"id":"a","outcome":"EXEMPT"}],
"rules":[{"id":"b","outcome":"EXEMPT"}]}`, `line 3: member "rules" is given twice`},
		"a syntax error": {`{"version":1,
"rules":[{"id":"a","outcome":"EXEMPT"},
{"id":"b","outcome":"TAXABLE",}]}`, "line 3: invalid character"},
		"a member of the wrong type": {`{"version":1,"rules":[
  {"id":"a","outcome":"EXEMPT"},
  {"id":"b",
   "outcome":"EXEMPT",
   "priority":"high"}]}`, "line 5: rules[1]: rule b: priority: json: cannot unmarshal string"},
		"a misspelt selector": {`{"version":1,"rules":[
  {"id":"a","outcome":"EXEMPT"},
  {"id":"b","productClas":"X","outcome":"EXEMPT"}]}`, `line 3: rules[1]: rule b: json: unknown field "productClas"`},
		"an unknown member":  {"{\"version\":1,\n\"rule\":[]}", `line 2: unknown member "rule"`},
		"an empty file":      {"", "line 1: a rule file is one JSON object: the file is empty"},
		"a list":             {"[]", "line 1: a rule file is one JSON object"},
		"no version":         {`{"rules":[]}`, "rule file version 0"},
		"a cut-off file":     {"{\"version\":1,\"rules\":[\n{\"id\":\"a\"", "line 2: unexpected EOF"},
		"rules not a list":   {`{"version":1,"rules":{"id":"a"}}`, "line 1: rules is a list of records"},
		"a bad date":         {"{\"version\":1,\"structures\":[{\"id\":\"s\",\"kind\":\"SINGLE_RATE\"},\n{\"id\":\"t\",\"kind\":\"SINGLE_RATE\",\"effective\":\"2026-02-30\"}]}", "line 2: structures[1]: structure t: effective: civil"},
		"a bad withholding":  {"{\"version\":1,\"withholdings\":[\n{\"id\":\"w\",\"rate\":\"0.2\",\"x\":1}]}", `line 2: withholdings[0]: withholding w: json: unknown field "x"`},
		"a rule Check fails": {"{\"version\":1,\"rules\":[\n{\"id\":\"a\",\"outcome\":\"EXEMPT\"},\n{\"id\":\"b\",\"outcome\":\"MAYBE\"}]}", "line 3: rules: rule b: outcome"},
		"a condition that does not compile": {"{\"version\":1,\"rules\":[\n{\"id\":\"a\",\"outcome\":\"EXEMPT\"},\n\n{\"id\":\"b\",\"outcome\":\"EXEMPT\",\"when\":\"amount > 100\"}]}",
			"line 4: rules: rule b: condition \"amount > 100\": unknown name amount"},
		"an ID used twice":        {"{\"version\":1,\"rules\":[\n{\"id\":\"a\",\"outcome\":\"EXEMPT\"},\n{\"id\":\"a\",\"outcome\":\"TAXABLE\"}]}", "line 3: rules: rule id a is used twice (first on line 2)"},
		"a structure Check fails": {"{\"version\":1,\"structures\":[\n{\"id\":\"s\",\"kind\":\"TIERED\",\"tiers\":[{\"upTo\":\"-5\"},{}]}]}", "line 2: rules: structure s: tier 0 upTo -5 is negative"},
		"a reason over the limit": {"{\"version\":1,\"rules\":[\n{\"id\":\"a\",\"outcome\":\"EXEMPT\"},\n{\"id\":\"long\",\"outcome\":\"EXEMPT\",\"reason\":\"" + strings.Repeat("x", MaxReasonLength+1) + "\"}]}",
			fmt.Sprintf("line 3: rules: rule long: reason is %d bytes long; at most %d", MaxReasonLength+1, MaxReasonLength)},
		"a withholding's reason over the limit": {"{\"version\":1,\"withholdings\":[\n{\"id\":\"w\",\"jurisdiction\":\"KE\",\"tax\":\"WHT\",\"withholdingType\":\"X\",\"rate\":0.2,\"reason\":\"" + strings.Repeat("x", MaxReasonLength+1) + "\"}]}",
			"line 2: rules: withholding w: reason is"},
		"tiers over the limit": {"{\"version\":1,\"structures\":[\n{\"id\":\"s\",\"kind\":\"SINGLE_RATE\"},\n{\"id\":\"many\",\"kind\":\"BRACKET\",\"tiers\":[" + manyTiers(MaxTiers+1) + "]}]}",
			fmt.Sprintf("line 3: rules: structure many: %d tiers; at most %d", MaxTiers+1, MaxTiers)},
		"a threshold in a currency that is not a code": {"{\"version\":1,\"rules\":[\n{\"id\":\"ny\",\"outcome\":\"TAXABLE\",\n\"threshold\":{\"amount\":\"110\",\"kind\":\"below_exempt\",\"currency\":\"usd\"}}]}",
			"line 2: rules: rule ny: threshold currency \"usd\" is not an ISO 4217 alphabetic code"},
	} {
		f, err := ReadFile(strings.NewReader(c.file))
		if err == nil {
			err = f.Check()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", name, err, c.want)
		}
	}
}

// TestReadFileAccepts checks that ReadFile reads a file written with a
// byte order mark and CRLF line ends, and an explicit null list, and
// keeps the line of each record.
func TestReadFileAccepts(t *testing.T) {
	src := "\xef\xbb\xbf{\"version\": 1,\r\n \"rules\": [\r\n  {\"id\": \"a\", \"outcome\": \"EXEMPT\"},\r\n\r\n  {\"id\": \"b\", \"productClass\": \"X\", \"outcome\": \"TAXABLE\"}\r\n ],\r\n \"structures\": null,\r\n \"withholdings\": [{\"id\": \"w\", \"jurisdiction\": \"KE\", \"tax\": \"WHT\", \"withholdingType\": \"X\", \"rate\": 0.2}]}\r\n"
	f, err := ReadFile(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	if len(f.Rules) != 2 || len(f.Structures) != 0 || len(f.Withholdings) != 1 {
		t.Fatalf("read %+v", f)
	}
	for _, c := range []struct {
		member  string
		i, line int
	}{{MemberRules, 0, 3}, {MemberRules, 1, 5}, {MemberWithholdings, 0, 8}, {MemberRules, 2, 0}, {MemberStructures, 0, 0}} {
		if got := f.Line(c.member, c.i); got != c.line {
			t.Errorf("%s[%d] on line %d, want %d", c.member, c.i, got, c.line)
		}
	}
}

// bigRuleFile writes a rule file of n rules, one a line after the
// opening line, the first withConds of them with a condition, as a
// generator of a host's taxability matrix would.
func bigRuleFile(n, withConds int) string {
	var b strings.Builder
	b.WriteString("{\"version\": 1, \"rules\": [\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		when := ""
		if i < withConds {
			when = fmt.Sprintf(`, "when": "usage == \"U%d\""`, i)
		}
		fmt.Fprintf(&b, `{"id": "r%d", "productClass": "PC%d", "outcome": "EXEMPT"%s}`, i, i, when)
	}
	b.WriteString("]}\n")
	return b.String()
}

// TestReadFileBoundsRecords sends rule files one record and one
// condition over MaxRecords and MaxConditions, and checks that ReadFile
// refuses each, naming the line of the first record over the limit and
// the limit, and accepts a file at both limits. Before, a file of
// 100,000 rules with conditions loaded, in seconds and hundreds of MB,
// and made every line run each condition.
func TestReadFileBoundsRecords(t *testing.T) {
	for name, c := range map[string]struct {
		file string
		want string
	}{
		"one record too many": {bigRuleFile(MaxRecords+1, 0),
			fmt.Sprintf("line %d: rules[%d]: the rule file would hold more than %d records (rules, structures and withholdings), the most allowed", MaxRecords+2, MaxRecords, MaxRecords)},
		"one condition too many": {bigRuleFile(MaxConditions+1, MaxConditions+1),
			fmt.Sprintf("line %d: rules[%d]: the rule file would hold more than %d records with a condition (when), the most allowed", MaxConditions+2, MaxConditions, MaxConditions)},
	} {
		_, err := ReadFile(strings.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", name, err, c.want)
		}
	}
	// Withholdings count with the rules.
	w := strings.TrimSuffix(bigRuleFile(MaxConditions, MaxConditions), "]}\n") +
		"],\n\"withholdings\": [{\"id\": \"w\", \"jurisdiction\": \"KE\", \"tax\": \"WHT\", \"withholdingType\": \"X\", \"rate\": 0.2, \"when\": \"businessCustomer\"}]}"
	if _, err := ReadFile(strings.NewReader(w)); err == nil || !strings.Contains(err.Error(), "withholdings[0]: the rule file would hold more than") {
		t.Errorf("a withholding's condition over the limit: got %v", err)
	}
	f, err := ReadFile(strings.NewReader(bigRuleFile(MaxRecords, MaxConditions)))
	if err != nil {
		t.Fatalf("a file at the limits: %v", err)
	}
	if err := f.Check(); err != nil {
		t.Fatalf("a file at the limits: %v", err)
	}
	if r, c := f.Records(); r != MaxRecords || c != MaxConditions {
		t.Errorf("Records() = %d, %d, want %d, %d", r, c, MaxRecords, MaxConditions)
	}
	at := "{\"version\":1,\"structures\":[{\"id\":\"s\",\"kind\":\"BRACKET\",\"reason\":\"" + strings.Repeat("x", MaxReasonLength) + "\",\"tiers\":[" + manyTiers(MaxTiers) + "]}]}"
	if g, err := ReadFile(strings.NewReader(at)); err != nil || g.Check() != nil {
		t.Errorf("a structure with %d tiers and a reason of %d bytes is refused", MaxTiers, MaxReasonLength)
	}
	if got := f.Line(MemberRules, MaxRecords-1); got != MaxRecords+1 {
		t.Errorf("the last rule is on line %d, want %d", got, MaxRecords+1)
	}
}

// manyTiers writes n tiers of a structure, each above the one before,
// the last without an upper bound.
func manyTiers(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		if i == n-1 {
			b.WriteString(`{"rate":"0.01"}`)
			continue
		}
		fmt.Fprintf(&b, `{"upTo":"%d","rate":"0.01"}`, (i+1)*10)
	}
	return b.String()
}

// TestBounds counts records on a Bounds as an engine does across its
// rule files: the record past MaxRecords, the condition past
// MaxConditions and the condition whose cost passes
// MaxTotalConditionCost are each refused with an error naming the scope
// and the bound, and every record before them is counted without one.
func TestBounds(t *testing.T) {
	b := Bounds{Scope: "the files"}
	for i := range MaxRecords {
		if err := b.Record(""); err != nil {
			t.Fatalf("record %d: %v", i+1, err)
		}
	}
	if err := b.Record(""); err == nil || err.Error() != fmt.Sprintf("the files would hold more than %d records (rules, structures and withholdings), the most allowed", MaxRecords) {
		t.Errorf("record %d: %v", MaxRecords+1, err)
	}
	b = Bounds{Scope: "the files"}
	for i := range MaxConditions {
		if err := b.Record(`usage == "X"`); err != nil {
			t.Fatalf("condition %d: %v", i+1, err)
		}
	}
	if err := b.Record(`usage == "X"`); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("the files would hold more than %d records with a condition", MaxConditions)) {
		t.Errorf("condition %d: %v", MaxConditions+1, err)
	}
	b = Bounds{Scope: "the files"}
	costly := "7 in 1..9995" // 10,000 steps
	for i := range MaxTotalConditionCost / 10_000 {
		if err := b.Record(costly); err != nil {
			t.Fatalf("costly condition %d: %v", i+1, err)
		}
	}
	want := fmt.Sprintf("the conditions of the files may cost %d steps to run with this one's 10000, more than the %d allowed", MaxTotalConditionCost+10_000, MaxTotalConditionCost)
	if err := b.Record(costly); err == nil || err.Error() != want {
		t.Errorf("a condition past the cost: %v, want %q", err, want)
	}
}

// TestCheckRefusesWithholdingsWithheldTwice sends rule files with two
// withholdings alike in all but their period (and rate or reason) whose
// periods share a day, and checks that Check refuses the second, naming
// both, their lines and the first day they share. Withholdings are not
// decided by the first that applies, as rules are: every one that
// reaches a line is withheld, so the two were both withheld on those
// days. Withholdings that differ, or follow one another, pass.
func TestCheckRefusesWithholdingsWithheldTwice(t *testing.T) {
	wht := func(id, extra string) string {
		return `{"id": "` + id + `", "jurisdiction": "KE", "tax": "Withholding Tax", "withholdingType": "NON_RESIDENT_SERVICES", "fromAbroad": true` + extra + `}`
	}
	file := func(records ...string) string {
		return "{\"version\": 1, \"withholdings\": [\n" + strings.Join(records, ",\n") + "]}"
	}
	for name, c := range map[string]struct{ file, want string }{
		"a new rate on the day the old one expires": {file(
			wht("ke-old", `, "rate": "0.15", "expiration": "2026-06-30"`),
			wht("ke-new", `, "rate": "0.20", "effective": "2026-06-30"`)),
			"line 3: rules: withholding ke-new: withholding ke-old (line 2) has the same jurisdiction, tax, withholdingType, selectors and condition and is in force on 2026-06-30 too"},
		"the same withholding twice, for ever": {file(
			wht("a", `, "rate": "0.2"`),
			`{"id": "other", "jurisdiction": "KE", "tax": "VAT", "withholdingType": "X", "rate": "0.02"}`,
			wht("b", `, "rate": "0.2", "reason": "again"`)),
			"line 4: rules: withholding b: withholding a (line 2) has the same jurisdiction, tax, withholdingType, selectors and condition and is in force always too"},
		"a period within another's": {file(
			wht("year", `, "rate": "0.2", "effective": "2026-01-01", "expiration": "2026-12-31"`),
			wht("march", `, "rate": "0.1", "effective": "2026-03-01", "expiration": "2026-03-31", "when": ""`)),
			"line 3: rules: withholding march: withholding year (line 2)"},
	} {
		f, err := ReadFile(strings.NewReader(c.file))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		err = f.Check()
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "both would be") {
			t.Errorf("%s: got %v, want an error with %q", name, err, c.want)
		}
	}
	for name, c := range map[string]string{
		"one after the other": file(
			wht("old", `, "rate": "0.15", "expiration": "2026-06-29"`),
			wht("new", `, "rate": "0.20", "effective": "2026-06-30"`)),
		"another tax":          file(wht("a", `, "rate": "0.2"`), `{"id": "b", "jurisdiction": "KE", "tax": "VAT", "withholdingType": "NON_RESIDENT_SERVICES", "fromAbroad": true, "rate": "0.02"}`),
		"another jurisdiction": file(wht("a", `, "rate": "0.2"`), `{"id": "b", "jurisdiction": "UG", "tax": "Withholding Tax", "withholdingType": "NON_RESIDENT_SERVICES", "fromAbroad": true, "rate": "0.15"}`),
		"another type":         file(wht("a", `, "rate": "0.2"`), `{"id": "b", "jurisdiction": "KE", "tax": "Withholding Tax", "withholdingType": "ROYALTIES", "fromAbroad": true, "rate": "0.2"}`),
		"another selector":     file(wht("a", `, "rate": "0.2"`), wht("b", `, "rate": "0.2", "productClass": "PROFESSIONAL_SERVICES"`)),
		"another condition":    file(wht("a", `, "rate": "0.2", "when": "usage == \"A\""`), wht("b", `, "rate": "0.2", "when": "usage == \"B\""`)),
		"another perspective":  file(wht("a", `, "rate": "0.2", "perspective": "BUYER"`), wht("b", `, "rate": "0.2", "perspective": "SELLER"`)),
	} {
		f, err := ReadFile(strings.NewReader(c))
		if err == nil {
			err = f.Check()
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// FindDoubleWithholding over withholdings given in Go.
	ws := []Withholding{
		{ID: "x", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "T", Rate: decimal.RequireFromString("0.1")},
		{ID: "y", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "T", Rate: decimal.RequireFromString("0.2"), Effective: civil.MustParse("2027-01-01")},
	}
	if sh, ok := FindDoubleWithholding(ws); !ok || sh.Member != MemberWithholdings || sh.First != 0 || sh.Second != 1 || sh.From != "on 2027-01-01" {
		t.Errorf("FindDoubleWithholding = %+v, %v; want y after x, on 2027-01-01", sh, ok)
	}
}
