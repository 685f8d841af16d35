package rules

import (
	"context"
	"fmt"
	"slices"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
	"github.com/levytax/levy/civil"
)

// MaxNodes bounds the size of a condition, in expression syntax nodes.
const MaxNodes = 500

// memoryBudget bounds the memory a condition may use while it runs, in the
// units of the expr virtual machine.
const memoryBudget = 100_000

// compiled is a rule with its condition compiled.
type compiled struct {
	Rule
	program *vm.Program // nil when the rule has no condition
	spec    int
}

// Table is a compiled taxability table. It is immutable and safe for
// concurrent use.
type Table struct {
	rules []compiled // in evaluation order
}

// Compile checks and compiles rules into a Table. It fails on the first
// rule that is malformed, repeats an ID, or whose condition does not
// compile to a boolean over Env, naming the rule.
func Compile(rules []Rule) (*Table, error) {
	t := &Table{rules: make([]compiled, 0, len(rules))}
	seen := map[string]bool{}
	for i := range rules {
		r := rules[i]
		if err := r.check(); err != nil {
			return nil, fmt.Errorf("rules: %w", err)
		}
		if seen[r.ID] {
			return nil, fmt.Errorf("rules: rule id %s is used twice", r.ID)
		}
		seen[r.ID] = true
		c := compiled{Rule: r, spec: r.specificity()}
		if r.When != "" {
			p, err := expr.Compile(r.When, expr.Env(Env{}), expr.AsBool(), expr.MaxNodes(MaxNodes))
			if err != nil {
				return nil, fmt.Errorf("rules: rule %s: condition %q: %w", r.ID, r.When, err)
			}
			c.program = p
		}
		t.rules = append(t.rules, c)
	}
	slices.SortStableFunc(t.rules, func(a, b compiled) int {
		if a.spec != b.spec {
			return b.spec - a.spec
		}
		return b.Priority - a.Priority
	})
	return t, nil
}

// Len returns the number of rules.
func (t *Table) Len() int { return len(t.rules) }

// Decide returns the first rule, in order of specificity and priority, that
// applies to env on date d, and false when none does. A condition that
// fails at run time (it exceeded its memory budget, say) is an error that
// names the rule.
func (t *Table) Decide(ctx context.Context, env *Env, d civil.Date) (Rule, bool, error) {
	var machine vm.VM
	for i := range t.rules {
		c := &t.rules[i]
		if !c.matches(env, d) {
			continue
		}
		if c.program != nil {
			if err := ctx.Err(); err != nil {
				return Rule{}, false, err
			}
			machine.MemoryBudget = memoryBudget
			out, err := machine.Run(c.program, env)
			if err != nil {
				return Rule{}, false, fmt.Errorf("rules: rule %s: %w", c.ID, err)
			}
			if ok, _ := out.(bool); !ok {
				continue
			}
		}
		return c.Rule, true, nil
	}
	return Rule{}, false, nil
}
