package rules

import (
	"strings"
	"testing"
	"time"

	"github.com/expr-lang/expr/vm"
)

// BenchmarkConditionStep runs, in one benchmark, a condition whose
// predicate's body compares texts, over the characters of four times
// the longest area of Levy's dataset (900 texts, near the memory
// budget), and one whose body builds texts by concatenation, over the
// area's characters (ConditionCost counts the characters a join makes),
// and reports the time of a step that ConditionCost counts for each
// (ns/step-compare, ns/step-concat) and their ratio, the figures behind
// MaxConditionCost's documentation.
func BenchmarkConditionStep(b *testing.B) {
	conds := []namedCondition{
		{"compare", `any(split(area + area + area + area, ""), # == "x" || # == "y")`},
		{"concat", `any(split(area, ""), # + usage + usage == "x")`},
	}
	perStep := stepTimes(b, Env{Area: probeLongArea, Usage: probeLongText}, conds)
	b.ReportMetric(perStep[1]/perStep[0], "concat/compare")
}

// BenchmarkConditionMatches runs, in one benchmark, conditions whose
// regular expressions are near the most MaxConditionCost allows over the
// longest area of Levy's dataset, each of a kind that is slowest for
// Go's regexp (every instruction alive at every character, no match),
// and reports the time of a step that ConditionCost counts for each
// (ns/step-...), which MaxConditionCost takes to be some 25 ns.
func BenchmarkConditionMatches(b *testing.B) {
	conds := []namedCondition{
		{"stars", `area matches "(.*)(.*)(.*)(.*)(.*)(.*)\\x00"`},
		{"classes", `area matches "` + strings.Repeat(`(?:\\pL|\\pN|\\pP)?`, 5) + `\\x00"`},
		{"body", `any(split(area, " "), # matches "(.*)(.*)\\x00")`},
	}
	stepTimes(b, Env{Area: probeLongArea}, conds)
}

// BenchmarkConditionWork runs, in one benchmark, conditions whose cost is
// mostly the work that grows with their texts and lists (workCost),
// each near MaxConditionCost over the longest area of Levy's dataset,
// and reports the time of a step that ConditionCost counts for each
// (ns/step-...), which MaxConditionCost takes to be some 25 ns.
func BenchmarkConditionWork(b *testing.B) {
	conds := []namedCondition{
		{"split", `any(1..15, len(split(area, "")) == 0)`},
		{"in", `any(1..4, "x" in split(area, ""))`},
		{"join", `any(1..30, len(area + area + area + area) == 0)`},
		{"upper", `any(1..200, len(upper(area)) == 0)`},
	}
	stepTimes(b, Env{Area: probeLongArea}, conds)
}

// namedCondition is a condition that a cost benchmark runs, with the
// name its metrics carry.
type namedCondition struct{ name, when string }

// stepTimes compiles conds, runs them in turn b.N times over env (in
// turn, so that a machine busy with other work slows all alike), reports
// each one's steps as ConditionCost counts them (steps-name) and the
// time of a step (ns/step-name), and returns the times of a step.
func stepTimes(b *testing.B, env Env, conds []namedCondition) []float64 {
	b.Helper()
	progs := make([]*vm.Program, len(conds))
	for i, c := range conds {
		if err := checkCondition(c.when); err != nil {
			b.Fatal(err)
		}
		p, err := compileCondition(c.when)
		if err != nil {
			b.Fatal(err)
		}
		progs[i] = p
	}
	took := make([]time.Duration, len(conds))
	for range b.N {
		for i, p := range progs {
			start := time.Now()
			machine := vm.VM{MemoryBudget: memoryBudget}
			if _, err := machine.Run(p, &env); err != nil {
				b.Fatal(err)
			}
			took[i] += time.Since(start)
		}
	}
	perStep := make([]float64, len(conds))
	for i, c := range conds {
		perStep[i] = float64(took[i].Nanoseconds()) / float64(b.N) / float64(ConditionCost(c.when))
		b.ReportMetric(float64(ConditionCost(c.when)), "steps-"+c.name)
		b.ReportMetric(perStep[i], "ns/step-"+c.name)
	}
	return perStep
}
