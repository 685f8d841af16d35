package rules

import (
	"strings"
	"testing"
)

// TestCompileRefusesRunawayConditions checks that Compile refuses the
// conditions that would outrun the memory budget or run for hours, each
// with an error naming the rule, and still accepts ordinary ones.
func TestCompileRefusesRunawayConditions(t *testing.T) {
	refused := map[string]string{
		"a variable reused by nested loops": `let a = 1..300; all(a, all(a, all(a, all(a, true))))`,
		"a doubling accumulator":            `reduce(1..40, #acc + #acc, "a") != ""`,
		"a repeat of a repeat":              `len(repeat(repeat("a", 99999), 1000000)) > 0`,
		"a growing chain":                   `len(toBase64(toBase64("aaaa"))) > 0`,
		"nested predicates":                 `all(1..300, all(1..300, true))`,
		"a predicate in a pipe body":        `any(1..3, 1..# | all(# > 0))`,
		"the clock":                         `now().Year() > 2000`,
		"too long":                          `usage == "` + strings.Repeat("x", MaxConditionLength) + `"`,
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
		`len(usage) < 8 || len(map(1..1000000, # * 2)) > 0`,
		`len(split(customerClass, "-")) == 2 && trim(tax) != ""`,
	} {
		if _, err := Compile([]Rule{{ID: "x", Outcome: Taxable, When: when}}); err != nil {
			t.Errorf("%s: %v", when, err)
		}
	}
}
