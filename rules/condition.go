package rules

import (
	"fmt"
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// MaxConditionLength bounds the source of a condition, in bytes.
const MaxConditionLength = 1024

// conditionFuncs are the builtin functions a condition may call: none of
// them returns a value much larger than its arguments, reads the clock or
// accumulates, so that a condition's cost stays within its length and
// memory budget.
var conditionFuncs = []string{
	// Over strings.
	"len", "upper", "lower", "trim", "trimPrefix", "trimSuffix", "hasPrefix", "hasSuffix",
	"indexOf", "lastIndexOf", "split", "splitAfter",
	// Over numbers.
	"abs", "ceil", "floor", "round", "int", "float", "max", "min", "mean", "median",
	// Over arrays.
	"first", "last", "get", "take", "reverse", "uniq", "keys", "values", "type",
	// Predicates, one level deep.
	"all", "none", "any", "one", "filter", "map", "count", "sum", "find", "findIndex", "findLast", "findLastIndex",
}

// checkCondition refuses a condition that could run away: one longer
// than MaxConditionLength, one that declares a variable (let), calls a
// function not among conditionFuncs (repeat, replace, join, toJSON,
// toBase64, reduce, now, ...) or nests a predicate inside another's body.
// The memory budget alone does not bound these: a variable or an
// enclosing predicate reuses a collection without paying for it again,
// and repeated doubling by nested calls outgrows any budget before the
// budget is consulted.
func checkCondition(src string) error {
	if len(src) > MaxConditionLength {
		return fmt.Errorf("the condition is %d bytes long; at most %d are allowed", len(src), MaxConditionLength)
	}
	tree, err := parser.Parse(src)
	if err != nil {
		return nil // expr.Compile reports it
	}
	c := &conditionCheck{}
	ast.Walk(&tree.Node, c)
	return c.err
}

// conditionCheck is the ast.Visitor of checkCondition. It keeps the
// first fault it meets.
type conditionCheck struct{ err error }

// Visit implements ast.Visitor.
func (c *conditionCheck) Visit(node *ast.Node) {
	if c.err != nil {
		return
	}
	switch n := (*node).(type) {
	case *ast.VariableDeclaratorNode:
		c.err = fmt.Errorf("a condition may not declare variables (let %s)", n.Name)
	case *ast.BuiltinNode:
		if !slices.Contains(conditionFuncs, n.Name) {
			c.err = fmt.Errorf("a condition may not call %s; it may call %v", n.Name, conditionFuncs)
		}
	case *ast.PredicateNode:
		if ast.Find(n.Node, func(inner ast.Node) bool { _, ok := inner.(*ast.PredicateNode); return ok }) != nil {
			c.err = fmt.Errorf("a condition may not nest a predicate inside another")
		}
	}
}

// ConditionError is the error of a condition that failed while it ran
// (an index out of range, a division by zero, a conversion of a text
// that is no number, the memory budget): Table.Decide and
// Withholdings.Applies return it, naming the rule or withholding.
type ConditionError struct {
	// Kind is "rule" or "withholding", and ID its ID.
	Kind, ID string
	// Err is the failure.
	Err error
}

// Error implements error.
func (e *ConditionError) Error() string { return fmt.Sprintf("rules: %s %s: %v", e.Kind, e.ID, e.Err) }

// Unwrap returns the failure.
func (e *ConditionError) Unwrap() error { return e.Err }

// probeEnvs are the facts Compile and CompileWithholdings run every
// condition over once, so that a condition that fails whatever the line
// (len(usage) % 0, int(productClass), a regular expression that does not
// compile, a range over the memory budget) is refused when it is loaded
// instead of failing calculations: a line that sets no facts, and an
// ordinary sale.
var probeEnvs = [...]struct {
	name string
	env  Env
}{
	{"a line that sets no facts", Env{}},
	{"an ordinary sale", Env{Perspective: "SELLER", MessageType: "INVOICE", TransactionType: "SALE", Country: "US",
		JurisdictionID: "US-TN", JurisdictionType: "STATE", Subdivision: "US-TN", Tax: "Sales and Use Tax",
		ProductClass: "GENERAL", CustomerClass: "RETAIL", Usage: "RESALE", UsageClass: "R", Date: "2026-01-01",
		BusinessCustomer: true}},
}

// probeCondition runs a compiled condition over probeEnvs with the
// memory budget of an evaluation and returns the first failure.
func probeCondition(p *vm.Program) error {
	for i := range probeEnvs {
		env := probeEnvs[i].env
		machine := vm.VM{MemoryBudget: memoryBudget}
		if _, err := machine.Run(p, &env); err != nil {
			return fmt.Errorf("the condition fails on %s: %w", probeEnvs[i].name, err)
		}
	}
	return nil
}
