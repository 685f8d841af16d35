package rules

import (
	"fmt"
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
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
