package rules

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/expr-lang/expr/vm"
	"github.com/levytax/levy/civil"
)

// MaxNodes bounds the size of a condition, in expression syntax nodes.
const MaxNodes = 500

// memoryBudget bounds the memory a condition may use while it runs, in the
// units of the expr virtual machine (about an element of a list or a
// byte of a text): so it bounds the elements of a list a condition makes
// while it runs, for ConditionCost. expr's split and splitAfter do not
// pay into it; a condition's own (boundedSplit) make at most as many
// texts.
const memoryBudget = 1_000

// compiled is a rule with its condition compiled.
type compiled struct {
	Rule
	sel     selector
	program *vm.Program // nil when the rule has no condition
	spec    int
}

// Table is a compiled taxability table. It is immutable and safe for
// concurrent use. A nil or zero Table is an empty one: it has no rules and
// decides nothing.
type Table struct {
	rules []compiled // in evaluation order
	index index
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
		c := compiled{Rule: r, sel: r.selector(), spec: r.specificity()}
		if r.When != "" {
			if err := checkCondition(r.When); err != nil {
				return nil, fmt.Errorf("rules: rule %s: %w", r.ID, err)
			}
			p, err := compileCondition(r.When)
			if err != nil {
				return nil, fmt.Errorf("rules: rule %s: condition %q: %w", r.ID, r.When, err)
			}
			if err := probeCondition(p); err != nil {
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
		return cmp.Compare(b.Priority, a.Priority)
	})
	t.index = newIndex(len(t.rules), func(i int) (string, string) {
		return t.rules[i].ProductClass, region(t.rules[i].Jurisdiction)
	})
	return t, nil
}

// Len returns the number of rules.
func (t *Table) Len() int {
	if t == nil {
		return 0
	}
	return len(t.rules)
}

// Rules returns the table's rules in evaluation order.
func (t *Table) Rules() []Rule {
	if t == nil {
		return nil
	}
	out := make([]Rule, len(t.rules))
	for i := range t.rules {
		out[i] = t.rules[i].Rule
	}
	return out
}

// Decide returns the first rule, in order of specificity and priority, that
// applies to env on date d, and false when none does. The rule is the
// table's own: callers must not modify it. A condition that
// fails at run time (it exceeded its memory budget, say) is a
// *ConditionError that names the rule. A nil env is an error.
func (t *Table) Decide(ctx context.Context, env *Env, d civil.Date) (*Rule, bool, error) {
	return t.decide(ctx, env, d, false)
}

// DecideOutsideHolidays returns, as Decide does, the first rule that
// applies to env on date d of the rules that are not a sales tax
// holiday's (Rule.Holiday): the rule the line would meet on a day of no
// holiday. The engine names it on an item that a holiday's per-item cap
// leaves out.
func (t *Table) DecideOutsideHolidays(ctx context.Context, env *Env, d civil.Date) (*Rule, bool, error) {
	return t.decide(ctx, env, d, true)
}

// decide is Decide, which passes over the holidays' rules when
// noHolidays is set.
func (t *Table) decide(ctx context.Context, env *Env, d civil.Date, noHolidays bool) (*Rule, bool, error) {
	if env == nil {
		return nil, false, errors.New("rules: decide: nil env")
	}
	if t.Len() == 0 {
		return nil, false, nil
	}
	var (
		machine vm.VM
		found   = -1
		err     error
	)
	t.index.candidates(env, func(i int32) bool {
		c := &t.rules[i]
		if noHolidays && c.Holiday || !c.sel.matches(env, d) {
			return true
		}
		if c.program != nil {
			if err = ctx.Err(); err != nil {
				return false
			}
			machine.MemoryBudget = memoryBudget
			out, runErr := machine.Run(c.program, env)
			if runErr != nil {
				err = &ConditionError{Kind: "rule", ID: c.ID, Err: runErr}
				return false
			}
			if ok, _ := out.(bool); !ok {
				return true
			}
		}
		found = int(i)
		return false
	})
	if err != nil || found < 0 {
		return nil, false, err
	}
	return &t.rules[found].Rule, true, nil
}

// Structures is a compiled table of rate structures. It is immutable and
// safe for concurrent use. A nil or zero Structures is an empty one.
type Structures struct {
	list  []Structure // in evaluation order
	sels  []selector
	index index
}

// CompileStructures checks structures and orders them by specificity and
// priority. It fails on the first malformed one or a repeated ID.
func CompileStructures(list []Structure) (*Structures, error) {
	s := &Structures{list: slices.Clone(list)}
	seen := map[string]bool{}
	for i := range s.list {
		if err := s.list[i].check(); err != nil {
			return nil, fmt.Errorf("rules: %w", err)
		}
		if seen[s.list[i].ID] {
			return nil, fmt.Errorf("rules: structure id %s is used twice", s.list[i].ID)
		}
		seen[s.list[i].ID] = true
	}
	slices.SortStableFunc(s.list, func(a, b Structure) int {
		sa, sb := a.selector(), b.selector()
		if d := sb.specificity() - sa.specificity(); d != 0 {
			return d
		}
		return cmp.Compare(b.Priority, a.Priority)
	})
	s.sels = make([]selector, len(s.list))
	for i := range s.list {
		s.sels[i] = s.list[i].selector()
	}
	s.index = newIndex(len(s.list), func(i int) (string, string) {
		return s.list[i].ProductClass, region(s.list[i].Jurisdiction)
	})
	return s, nil
}

// Len returns the number of structures.
func (s *Structures) Len() int {
	if s == nil {
		return 0
	}
	return len(s.list)
}

// Find returns the first structure that applies to env on date d. The
// pointer refers into the table and must not be modified. A nil env finds
// none.
func (s *Structures) Find(env *Env, d civil.Date) (*Structure, bool) {
	if env == nil || s.Len() == 0 {
		return nil, false
	}
	found := -1
	s.index.candidates(env, func(i int32) bool {
		if s.sels[i].matches(env, d) {
			found = int(i)
			return false
		}
		return true
	})
	if found < 0 {
		return nil, false
	}
	return &s.list[found], true
}
