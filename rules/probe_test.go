package rules

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// TestCompileRefusesFailingConditions sends conditions that compile but
// fail when they run whatever the line, and checks that Compile and
// CompileWithholdings refuse each when it is loaded, naming the rule
// and the failure. Before, they loaded and every calculation that
// reached them failed (a 500 from the server).
func TestCompileRefusesFailingConditions(t *testing.T) {
	for name, c := range map[string]struct{ when, want string }{
		"a modulo by zero":               {`len(productClass) % 0 == 1`, "divide by zero"},
		"a modulo by an empty member":    {`len(productClass) % len(usage) == 1`, "divide by zero"},
		"an index out of range":          {`split(tax, " ")[7] == "x"`, "index out of range"},
		"a text that is no number":       {`int(productClass) > 3`, "int("},
		"a range over the memory budget": {`len(map(1..(len(tax) + 1000000), # * 2)) > 0`, "memory budget"},
		"a float division":               {`int(1 / (len(usage) - len(usage))) > 0`, ""},
	} {
		_, err := Compile([]Rule{{ID: "failing", Outcome: Exempt, When: c.when}})
		if c.want == "" {
			// Some failures are not failures in expr (1/0 is +Inf):
			// what matters is that Compile does not panic.
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "rule failing") || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "the condition fails on") {
			t.Errorf("%s: Compile gave %v, want an error naming the rule and %q", name, err, c.want)
		}
		_, err = CompileWithholdings([]Withholding{{ID: "failing-wht", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X",
			Rate: decimal.RequireFromString("0.2"), When: c.when}})
		if err == nil || !strings.Contains(err.Error(), "withholding failing-wht") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: CompileWithholdings gave %v, want an error naming the withholding and %q", name, err, c.want)
		}
	}
}

// TestConditionErrorAtRunTime checks that a condition that fails only on
// some lines' facts is a *ConditionError naming the rule or withholding
// when it fails, for the engine to answer with.
func TestConditionErrorAtRunTime(t *testing.T) {
	when := `usage == "" || usage == "RESALE" || split(usage, "-")[1] == "X"`
	table, err := Compile([]Rule{{ID: "usage-suffix", Outcome: Exempt, When: when}})
	if err != nil {
		t.Fatal(err)
	}
	d := civil.MustParse("2026-06-01")
	if r, ok, err := table.Decide(context.Background(), &Env{Usage: "MFG-X"}, d); err != nil || !ok || r.ID != "usage-suffix" {
		t.Fatalf("MFG-X: %v %v %v", r, ok, err)
	}
	_, _, err = table.Decide(context.Background(), &Env{Usage: "MANUFACTURING"}, d)
	var ce *ConditionError
	if !errors.As(err, &ce) || ce.Kind != "rule" || ce.ID != "usage-suffix" {
		t.Errorf("MANUFACTURING: %v, want a ConditionError of rule usage-suffix", err)
	}
	ws, err := CompileWithholdings([]Withholding{{ID: "w", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X",
		Rate: decimal.RequireFromString("0.2"), When: when}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ws.Applies(context.Background(), 0, &Env{Usage: "MANUFACTURING"}, d, false)
	if !errors.As(err, &ce) || ce.Kind != "withholding" || ce.ID != "w" {
		t.Errorf("withholding: %v, want a ConditionError of withholding w", err)
	}
}

// TestCompileRefusesConditionsOverLongFacts checks that a condition
// that outgrows its memory budget or the texts split may make only on
// long facts (the area of a place with many districts, a class at its
// longest) is refused when it loads, naming the rule or withholding,
// while one that is fine on such facts still loads. Before, the probe
// ran over an empty area only, and such a condition failed on the first
// real line at such a place.
func TestCompileRefusesConditionsOverLongFacts(t *testing.T) {
	five := `area + area + area + area + area`
	for _, when := range []string{
		`len(split(` + five + `, "")) > 0`,
		`count(split(` + five + `, ""), # == "U") > 0`,
		`len(map(1..(len(area) * 5), # * 2)) > 0`,
		`len(usage) < 8 || len(map(1..(len(usage) * 100000), # * 2)) > 0`,
		`len(map(1..(len(productClass) * 30), #)) > 0`,
	} {
		_, err := Compile([]Rule{{ID: "long-area", Outcome: Exempt, When: when}})
		if err == nil || !strings.Contains(err.Error(), "rule long-area") || !strings.Contains(err.Error(), "the longest facts") {
			t.Errorf("%s: Compile gave %v, want an error naming the rule and the longest facts", when, err)
		}
		_, err = CompileWithholdings([]Withholding{{ID: "long-area-wht", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X",
			Rate: decimal.RequireFromString("0.2"), When: when}})
		if err == nil || !strings.Contains(err.Error(), "withholding long-area-wht") || !strings.Contains(err.Error(), "the longest facts") {
			t.Errorf("%s: CompileWithholdings gave %v, want an error naming the withholding and the longest facts", when, err)
		}
	}
	for _, when := range []string{
		`any(split(area, " "), # == "US-NY-D-MCTD")`,
		`count(split(area + " " + area, ""), # == "-") > 3`,
		`len(productClass) <= 40 && hasPrefix(usage, "RES")`,
		`len(usage) < 8 || len(map(1..(len(usage) * 10), # * 2)) > 0`,
		`usage == "" || usage == "RESALE" || split(usage, "-")[1] == "X"`,
	} {
		if _, err := Compile([]Rule{{ID: "fine", Outcome: Exempt, When: when}}); err != nil {
			t.Errorf("%s: Compile gave %v, want it to load", when, err)
		}
	}
}
