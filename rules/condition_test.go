package rules

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// TestCompileRefusesRunawayConditions checks that Compile refuses the
// conditions that would outrun the memory budget or run for hours, each
// with an error naming the rule, and still accepts ordinary ones.
func TestCompileRefusesRunawayConditions(t *testing.T) {
	refused := map[string]string{
		"a variable reused by nested loops":  `let a = 1..300; all(a, all(a, all(a, all(a, true))))`,
		"a doubling accumulator":             `reduce(1..40, #acc + #acc, "a") != ""`,
		"a repeat of a repeat":               `len(repeat(repeat("a", 99999), 1000000)) > 0`,
		"a growing chain":                    `len(toBase64(toBase64("aaaa"))) > 0`,
		"nested predicates":                  `all(1..300, all(1..300, true))`,
		"a predicate in a pipe body":         `any(1..3, 1..# | all(# > 0))`,
		"the clock":                          `now().Year() > 2000`,
		"too long":                           `usage == "` + strings.Repeat("x", MaxConditionLength) + `"`,
		"a predicate over a million numbers": `len(usage) < 8 || len(map(1..1000000, # * 2)) > 0`,
		"a range of a million numbers":       `len(usage) < 8 || 7 in 1..1000000`,
		"a range as long as int64 allows":    `len(usage) < 8 || any(0..9223372036854775807, # > 1)`,
		// Fine on a usage of under 8 characters only: a usage may have
		// 40, over which the range outgrows the memory budget.
		"a range over the memory budget on a long usage": `len(usage) < 8 || len(map(1..(len(usage) * 100000), # * 2)) > 0`,
	}
	for name, when := range refused {
		_, err := Compile([]Rule{{ID: "x", Outcome: Taxable, When: when}})
		if err == nil || !strings.Contains(err.Error(), "rule x") {
			t.Errorf("%s: Compile gave %v, want an error naming the rule", name, err)
		}
	}
	for _, when := range []string{
		`usage == "MANUFACTURING" && jurisdictionType == "STATE"`,
		`businessCustomer && country in ["DE", "FR", "IT"]`,
		`date >= "2026-01-01" && upper(usage) startsWith "MANU"`,
		`any(["FOOD", "BOOKS"], # == productClass) || productClass matches "^MED"`,
		`len(usage) < 8 || len(map(1..(len(usage) * 10), # * 2)) > 0`,
		`len(split(customerClass, "-")) == 2 && trim(tax) != ""`,
	} {
		if _, err := Compile([]Rule{{ID: "x", Outcome: Taxable, When: when}}); err != nil {
			t.Errorf("%s: %v", when, err)
		}
	}
}

// TestConditionCost checks ConditionCost on conditions costed by hand,
// and that Compile refuses one over MaxConditionCost naming the rule
// and the cost. The refused one, a predicate over 10,000 numbers whose
// body is 62 comparisons, took 40 ms to run on a line before: its
// length, nodes and memory are all within their bounds.
func TestConditionCost(t *testing.T) {
	for when, want := range map[string]int{
		// ==, usage, "X".
		`usage == "X"`: 3,
		// any, the list and its two texts, the predicate, ==, #,
		// productClass: 8; the body's 3 nodes for each of 2 texts: 6.
		`any(["FOOD", "BOOKS"], # == productClass)`: 14,
		// in, 7, .., 1, 100: 5; the range's 100 numbers.
		`7 in 1..100`: 105,
		// any, split, area, " ", the predicate, ==, #, "US-NY": 8; the
		// split makes at most 257 texts (an area has at most 256
		// characters) at 2 steps each (splitPartCost); the body's 3
		// nodes for each of them.
		`any(split(area, " "), # == "US-NY")`: 8 + 2*257 + 3*257,
		// any, filter, the list and its 3 texts, 2 predicates, their
		// bodies' 6 nodes: 14; filter keeps at most the list's 3
		// elements: 3 times filter's body of 3 and 3 times any's.
		`any(filter(["A", "B", "C"], # != usage), # == "B")`: 14 + 9 + 9,
		"usage ==": 0, // does not parse
		// The range's numbers stop at maxCost, and so does the cost,
		// rather than wrap around to none.
		`7 in 0..9223372036854775807`: maxCost,
	} {
		if got := ConditionCost(when); got != want {
			t.Errorf("ConditionCost(%s) = %d, want %d", when, got, want)
		}
	}
	terms := make([]string, 62)
	for i := range terms {
		terms[i] = fmt.Sprintf("# %% %d == 99", i+2)
	}
	slow := "len(usage) < 8 || len(filter(1..9999, " + strings.Join(terms, " || ") + ")) > 3"
	_, err := Compile([]Rule{{ID: "slow", Outcome: Taxable, When: slow}})
	want := fmt.Sprintf("rule slow: the condition may cost %d steps to run; at most %d", ConditionCost(slow), MaxConditionCost)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a condition of %d bytes and cost %d: Compile gave %v, want %q", len(slow), ConditionCost(slow), err, want)
	}
}

// TestCheckBoundsTotalConditionCost sends a rule file whose conditions
// each cost 9,010 steps (a range of 9,000 numbers), 112 of them: the
// 111th passes MaxTotalConditionCost, and Check refuses it naming its
// line. Before, 5,000 such conditions, each within its own bounds,
// could be tried on every line.
func TestCheckBoundsTotalConditionCost(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\"version\": 1, \"rules\": [\n")
	for i := range 112 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": "r%d", "productClass": "PC%d", "outcome": "EXEMPT", "when": "len(usage) < 8 || 7 in 1..9000"}`, i, i)
	}
	b.WriteString("]}\n")
	if c := ConditionCost("len(usage) < 8 || 7 in 1..9000"); c != 9010 {
		t.Fatalf("cost %d, want 9,010 (||, <, len, usage, 8, in, 7, .., 1, 9000 and 9,000 numbers)", c)
	}
	f, err := ReadFile(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	// 110 conditions cost 991,100; the 111th passes 1,000,000.
	err = f.Check()
	want := fmt.Sprintf("line 112: rules: rule r110: the conditions of the rule file may cost 1000110 steps to run with this one's 9010, more than the %d allowed", MaxTotalConditionCost)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Check gave %v, want %q", err, want)
	}
}

// TestSplitCountsAgainstTheMemoryBudget sends a condition that splits
// a text built from the line's area into its characters and counts
// them: ConditionCost takes the split to make at most memoryBudget
// texts, and the condition passes MaxConditionCost on that account.
// Before, expr's split made all 1,344 of them, on an area longer than
// any of Levy's dataset, without paying into the memory budget, so that
// a predicate over them ran past the cost that Compile allowed; now the
// split fails when it would make more, and Decide answers with a
// ConditionError naming the rule.
func TestSplitCountsAgainstTheMemoryBudget(t *testing.T) {
	long := "area + area"
	for _, fn := range []string{"split", "splitAfter"} {
		// Only at a place in the MCTD, which the facts Compile tries
		// conditions on are not: a condition that fails at every place
		// with a long area is refused when it loads.
		when := fmt.Sprintf(`area endsWith "MCTD" && count(%s(%s, ""), # != "") > %d`, fn, long, memoryBudget)
		table, err := Compile([]Rule{{ID: "chars", Outcome: Exempt, When: when}})
		if err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		env := Env{Area: strings.Repeat("US-NY US-36079 ", 44) + "US-NY-D-MCTD"} // 672 bytes, 1,344 in all
		_, ok, err := table.Decide(context.Background(), &env, civil.MustParse("2026-06-01"))
		var ce *ConditionError
		if !errors.As(err, &ce) || ce.ID != "chars" || !strings.Contains(err.Error(), fn+" would make 1344 texts") {
			t.Errorf("%s: Decide gave applies=%v, %v; want a ConditionError of rule chars saying the split makes too many texts", fn, ok, err)
		}
		// Within the budget, the split and its bounded forms are expr's.
		for when, want := range map[string]bool{
			fmt.Sprintf(`len(%s(area, " ")) == 89`, fn):                                                         true,
			fmt.Sprintf(`len(%s(area, "")) == 672`, fn):                                                         true,
			fmt.Sprintf(`%s(area, " ", 2)[0] == "US-NY%s"`, fn, map[bool]string{true: " "}[fn == "splitAfter"]): true,
			fmt.Sprintf(`len(%s(%s, "", %d)) == %d`, fn, long, memoryBudget, memoryBudget):                      true,
			fmt.Sprintf(`len(%s(%s, "", 0)) == 0`, fn, long):                                                    true,
		} {
			table, err := Compile([]Rule{{ID: "ok", Outcome: Exempt, When: when}})
			if err != nil {
				t.Fatalf("%s: %v", when, err)
			}
			if _, got, err := table.Decide(context.Background(), &env, civil.MustParse("2026-06-01")); err != nil || got != want {
				t.Errorf("%s: %v, %v; want %v", when, got, err, want)
			}
		}
	}
}

// TestCompileRefusesMapOfMap sends conditions that map a list that map
// made: each link of such a chain may double its elements (# + #,
// [#, #]), so that a chain of k links over the area makes a text of 2^k
// areas, which the memory budget does not count, and one of [#, #]
// lists makes a list that == compares in 2^k steps, while ConditionCost
// counts a few nodes a link. Before, a chain of 12 links was loaded (one
// of 22 allocated 1.9 GB while Compile tried it on the longest facts,
// one of 30 would exhaust any server's memory, and one of 20 [#, #]
// links took 44 ms, doubling with each link more); now each is refused
// naming the rule, and a single map whose body uses # twice still loads.
func TestCompileRefusesMapOfMap(t *testing.T) {
	const links = 12
	chain := func(list, body string) string {
		return strings.Repeat("map(", links) + list + strings.Repeat(", "+body+")", links)
	}
	for name, when := range map[string]string{
		"texts doubled":           "len(first(" + chain("[area]", "# + #") + ")) > 0",
		"lists doubled":           "any(" + chain("[1]", "[#, #]") + ", # == #)",
		"through a filter":        "len(map(filter(map([area], # + #), # != \"\"), # + #)) > 0",
		"through a list of a map": "len(map([first(map([area], # + #))], # + #)) > 0",
	} {
		_, err := Compile([]Rule{{ID: "chain", Outcome: Exempt, When: when}})
		if err == nil || !strings.Contains(err.Error(), "rule chain: a condition may not map a list that map made") {
			t.Errorf("%s: Compile gave %v, want an error naming rule chain and the map of a map", name, err)
		}
		_, err = CompileWithholdings([]Withholding{{ID: "chain", Jurisdiction: "KE", Tax: "Withholding Tax",
			WithholdingType: "NON_RESIDENT_SERVICES", Rate: decimal.RequireFromString("0.2"), When: when}})
		if err == nil || !strings.Contains(err.Error(), "withholding chain: a condition may not map a list that map made") {
			t.Errorf("%s: CompileWithholdings gave %v, want an error naming withholding chain and the map of a map", name, err)
		}
	}
	for _, when := range []string{
		`any(map(split(country, ""), # + "-" + #), # == "U-U")`,
		`len(map(["A", "B"], [#, #])) == 2`,
		`any(map(split(usage, "-"), upper(#)), # == "US") && len(map([usage], # + #)) > 0`,
	} {
		if _, err := Compile([]Rule{{ID: "once", Outcome: Exempt, When: when}}); err != nil {
			t.Errorf("%s: %v", when, err)
		}
	}
}

// TestConditionCostCountsPatterns sends conditions whose regular
// expressions (matches) compile to large programs: Go's regexp takes,
// in the worst case, some 20 ns for each instruction of the program and
// each character of the text, so that ConditionCost now counts a
// matches as its pattern's instructions times its text's characters,
// and Compile refuses those past MaxConditionCost naming the rule.
// Before, each was a handful of nodes: one of 80 repeats over the area
// took 0.3 s a line (its Compile 0.5 s), one of 8 took 26 ms. A pattern
// made while the condition runs (from the facts) is refused too: expr
// would compile it anew on every line. Ordinary patterns still load
// and decide as before.
func TestConditionCostCountsPatterns(t *testing.T) {
	refused := map[string]struct{ when, want string }{
		"8 repeats over the area": {`area matches "` + strings.Repeat(`(?:.?){1000}`, 8) + `\\x00"`,
			"rule rx: the condition may cost"},
		"135 repeats of a letter": {`usage matches "` + strings.Repeat(`a{1000}`, 135) + `"`,
			"rule rx: the condition may cost"},
		"a small pattern over many joined areas": {`area + area + area + area + area + area + area + area matches "(.*)(.*)(.*)(.*)\\x00"`,
			"rule rx: the condition may cost"},
		"a small pattern in a predicate's body over the areas": {`any(1..100, area matches "(.*)(.*)(.*)(.*)\\x00")`,
			"rule rx: the condition may cost"},
		"a pattern from the facts": {`area matches usage`, "rule rx: the pattern of matches must be one text written in the condition"},
		"a pattern made of texts":  {`productClass matches (usage + "(")`, "rule rx: the pattern of matches must be one text written in the condition"},
	}
	for name, c := range refused {
		_, err := Compile([]Rule{{ID: "rx", Outcome: Exempt, When: c.when}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Compile gave %v, want %q", name, err, c.want)
		}
	}
	// ^MED: the text's beginning, 3 letters, and 2 for the join: 6
	// instructions, over a product class of at most 40 characters; the
	// node of matches, productClass and "^MED" 3 more.
	if got, want := ConditionCost(`productClass matches "^MED"`), 3+6*40; got != want {
		t.Errorf(`ConditionCost(productClass matches "^MED") = %d, want %d`, got, want)
	}
	env := Env{Area: "US US-CA US-06037 US-0644000", ProductClass: "MEDICAL_DEVICE"}
	for when, want := range map[string]bool{
		`productClass matches "^MED"`:                true,
		`area matches "(^| )US-06037( |$)"`:          true,
		`any(split(area, " "), # matches "^US-06")`:  true,
		`any(split(area, " "), # matches "^US-36")`:  false,
		`upper(usage + area) matches "US-0644000$"`:  true,
		`area matches "(.*)(.*)(.*)(.*)\\x00"`:       false,
		`productClass not matches "^(FOOD|BOOKS)$"`:  true,
		`country == "US" && area matches "US-06037"`: false,
	} {
		table, err := Compile([]Rule{{ID: "rx", Outcome: Exempt, When: when}})
		if err != nil {
			t.Errorf("%s: %v", when, err)
			continue
		}
		if _, got, err := table.Decide(context.Background(), &env, civil.MustParse("2026-06-01")); err != nil || got != want {
			t.Errorf("%s: %v, %v; want %v", when, got, err, want)
		}
	}
}

// TestCompileRefusesUniq sends conditions that call uniq, which compares
// each element of its list with every one it keeps: uniq(1..999), some
// 1,000 steps by ConditionCost, took 40 ms a line (a rule file could
// hold a thousand such conditions within MaxTotalConditionCost). Before,
// they loaded; now each is refused naming the rule and uniq.
func TestCompileRefusesUniq(t *testing.T) {
	for _, when := range []string{
		`len(uniq(1..999)) > 0`,
		`len(uniq(split(area, ""))) > 3`,
		`any(1..500, len(uniq(split(area, " "))) == 0)`,
	} {
		_, err := Compile([]Rule{{ID: "uniq", Outcome: Exempt, When: when}})
		if err == nil || !strings.Contains(err.Error(), "rule uniq: a condition may not call uniq") {
			t.Errorf("%s: Compile gave %v, want an error naming rule uniq and uniq", when, err)
		}
	}
}

// TestConditionCostCountsWork sends conditions whose time grows with
// their texts and lists, which ConditionCost counted as a node each:
// each ran far past the quarter of a millisecond that MaxConditionCost
// stands for over the longest area of Levy's dataset (a split of four
// areas into characters 700 times, some 9,100 steps, took 28 ms; an in
// over the area's characters 900 times, some 5,400, 13 ms; upper of
// four areas 700 times, some 8,400, 8 ms; a join of 60 areas, about 120,
// copies some 470,000 characters). Now ConditionCost counts the texts a
// split makes, the elements an in compares with and the characters a
// join, upper, lower or trim makes (workCost), and Compile refuses
// each naming the rule; conditions whose texts are short still load.
func TestConditionCostCountsWork(t *testing.T) {
	for name, when := range map[string]string{
		"a split in a predicate's body": `any(1..700, len(split(area + area + area + area, "")) == 0)`,
		"an in in a predicate's body":   `any(1..900, "x" in split(area, ""))`,
		"upper in a predicate's body":   `any(1..700, len(upper(area + area + area + area)) == 0)`,
		"lower in a predicate's body":   `any(1..700, lower(area) == "")`,
		"a join of 60 areas":            `len(` + strings.TrimSuffix(strings.Repeat("area + ", 60), " + ") + `) > 0`,
	} {
		_, err := Compile([]Rule{{ID: "work", Outcome: Exempt, When: when}})
		if err == nil || !strings.Contains(err.Error(), "rule work: the condition may cost") {
			t.Errorf("%s: Compile gave %v, want an error naming rule work and its cost", name, err)
		}
	}
	for when, want := range map[string]int{
		// in, usage, the list and its 3 texts: 6; the 3 elements at 3
		// steps each.
		`usage in ["A", "B", "C"]`: 6 + 3*3,
		// split, usage, "-": 3; at most 41 texts of a usage of 40
		// characters, at 2 steps each.
		`len(split(usage, "-")) > 1`: 6 + 2*41,
		// +, usage, "-", +, productClass: 5; the joins make at most 41
		// and 81 characters, a step for each 8: 5 and 10.
		`usage + "-" + productClass == "A-B"`: 7 + 5 + 10,
		// upper, usage: 2; its 40 characters: 5.
		`upper(usage) == "X"`: 4 + 5,
		// A range: expr compares with its ends.
		`7 in 1..100`: 105,
	} {
		if got := ConditionCost(when); got != want {
			t.Errorf("ConditionCost(%s) = %d, want %d", when, got, want)
		}
	}
	for _, when := range []string{
		`usage in ["A", "B", "C"] && upper(customerClass) startsWith "RES"`,
		`any(split(area, " "), # == "US-06037") || lower(tax) == "vat"`,
		`len(split(usage + "-" + usageClass, "-")) == 2`,
	} {
		if _, err := Compile([]Rule{{ID: "work", Outcome: Exempt, When: when}}); err != nil {
			t.Errorf("%s: %v", when, err)
		}
	}
}
