package rules

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// MaxConditionLength bounds the source of a condition, in bytes.
const MaxConditionLength = 1024

// conditionFuncs are the builtin functions a condition may call: none of
// them returns a value much larger than its arguments, reads the clock,
// accumulates or takes time that grows faster than its arguments, so
// that a condition's cost stays within its length and memory budget.
// uniq is not among them: it compares each element with every one it
// keeps, so that uniq(1..999), a condition of some 1,000 steps, took
// 40 ms.
var conditionFuncs = []string{
	// Over strings.
	"len", "upper", "lower", "trim", "trimPrefix", "trimSuffix", "hasPrefix", "hasSuffix",
	"indexOf", "lastIndexOf", "split", "splitAfter",
	// Over numbers.
	"abs", "ceil", "floor", "round", "int", "float", "max", "min", "mean", "median",
	// Over arrays.
	"first", "last", "get", "take", "reverse", "keys", "values", "type",
	// Predicates, one level deep.
	"all", "none", "any", "one", "filter", "map", "count", "sum", "find", "findIndex", "findLast", "findLastIndex",
}

// MaxConditionCost bounds what one condition may cost to run, in the
// steps ConditionCost counts: some 25 ns at most each, so that a
// condition runs in about a quarter of a millisecond at most. A step
// compares or looks up; the nodes whose time grows with their texts
// and lists count a step for each part of their work (workCost): a
// join (+), upper, lower or trim for each 8 characters it makes, a
// split for each text it makes (2), an in for each element of its list
// (3), and a regular expression (matches) for each instruction of its
// pattern and character of its text. In BenchmarkConditionStep,
// BenchmarkConditionMatches and BenchmarkConditionWork, near the bound
// over the longest area of Levy's dataset, a step took 2 to 18 ns
// (before joins were counted so, a step of a condition that joined the
// area to each of 900 texts took some ten times as long as one that
// compared). A condition without a predicate costs its nodes (a
// comparison of a fact with a text costs 3); a predicate over a list
// of three texts with a comparison in its body costs 9 more.
const MaxConditionCost = 10_000

// MaxTotalConditionCost bounds the cost of all the conditions of a rule
// file, and of all the rule files an engine reads: at most about 25 ms
// of conditions for a line in a jurisdiction, were every one of them to
// be tried (some ten times that, were every one to build long texts in
// a predicate: see MaxConditionCost). Five thousand conditions of a few comparisons each cost
// under 100,000.
const MaxTotalConditionCost = 1_000_000

// checkCondition refuses a condition that could run away: one longer
// than MaxConditionLength, one that declares a variable (let), calls a
// function not among conditionFuncs (repeat, replace, join, toJSON,
// toBase64, reduce, now, ...), nests a predicate inside another's body,
// maps a list that map made (map(map([area], # + #), # + #): a chain of
// k of them makes texts of 2^k areas, which the memory budget does not
// count, and [#, #] lists that == compares in 2^k steps, at a cost of a
// few nodes a link), matches a pattern that is not a text written in it,
// or costs more than MaxConditionCost (a regular expression of 16,000
// instructions took 50 ms over an area, and one of 160,000 more than a
// second) (a predicate over a range of
// 10,000 numbers whose body is 60 comparisons took 40 ms a line). The
// memory budget alone does not bound these: a variable or an enclosing
// predicate reuses a collection without paying for it again, repeated
// doubling by nested calls outgrows any budget before the budget is
// consulted, and the budget pays for the elements of a collection once,
// not for each run of a predicate's body over them.
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
	if c.err != nil {
		return c.err
	}
	if cost := conditionCost(tree.Node); cost > MaxConditionCost {
		return fmt.Errorf("the condition may cost %d steps to run; at most %d are allowed (a predicate costs its body times the elements of its list, a range its numbers)", cost, MaxConditionCost)
	}
	return nil
}

// ConditionCost returns what the condition src may cost to run, in
// steps: one a syntax node, one an element of each range, for each
// matches the instructions of its pattern times the most characters of
// its text (a fact's, a text's written in the condition, or their sum
// for a join), and for each predicate (all, any, filter, map, ...) the
// cost of its body times the most elements its collection may hold (the
// elements of a list or of a range of constants, or the memory budget,
// for a collection made while the condition runs). A condition that
// does not parse costs 0.
func ConditionCost(src string) int {
	tree, err := parser.Parse(src)
	if err != nil {
		return 0
	}
	return conditionCost(tree.Node)
}

// compileCondition compiles the condition src to a boolean over Env of
// at most MaxNodes nodes, with split and splitAfter of its own in place
// of expr's (boundedSplit).
func compileCondition(src string) (*vm.Program, error) {
	return expr.Compile(src, expr.Env(Env{}), expr.AsBool(), expr.MaxNodes(MaxNodes),
		expr.Function("split", boundedSplit("split", strings.Split, strings.SplitN), strings.Split, strings.SplitN),
		expr.Function("splitAfter", boundedSplit("splitAfter", strings.SplitAfter, strings.SplitAfterN), strings.SplitAfter, strings.SplitAfterN))
}

// boundedSplit returns the function name (split or splitAfter) of a
// condition: expr's, over all and limited, except that it fails rather
// than make more than memoryBudget texts. expr's own do not pay into
// the memory budget for the texts they make, so that a predicate over
// the split of a long text built from the facts (area + area + ...,
// split into its characters) would run its body over many more
// elements than ConditionCost counts, which is the memory budget.
func boundedSplit(name string, all func(s, sep string) []string, limited func(s, sep string, n int) []string) func(args ...any) (any, error) {
	return func(args ...any) (any, error) {
		if len(args) != 2 && len(args) != 3 {
			return nil, fmt.Errorf("%s takes 2 or 3 arguments, not %d", name, len(args))
		}
		s, ok1 := args[0].(string)
		sep, ok2 := args[1].(string)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("%s splits a text by a text, not %T by %T", name, args[0], args[1])
		}
		parts := strings.Count(s, sep) + 1
		if sep == "" {
			parts = utf8.RuneCountInString(s)
		}
		n := -1
		if len(args) == 3 {
			var ok bool
			if n, ok = args[2].(int); !ok {
				return nil, fmt.Errorf("%s takes a count of parts that is an int, not %T", name, args[2])
			}
			if n >= 0 {
				parts = min(parts, n)
			}
		}
		if parts > memoryBudget {
			return nil, fmt.Errorf("%s would make %d texts; %s %d", name, parts, splitBoundFault, memoryBudget)
		}
		if n < 0 {
			return all(s, sep), nil
		}
		return limited(s, sep, n), nil
	}
}

// splitBoundFault is the text of boundedSplit's failure, before the
// bound.
const splitBoundFault = "a condition may make at most"

// conditionCost is ConditionCost of a parsed condition.
func conditionCost(root ast.Node) int {
	c := &costCount{ptr: pointerBound(root)}
	ast.Walk(&root, c)
	return c.cost
}

// maxCost is where costs stop adding, so that no product overflows.
const maxCost = 1 << 40

// costCount is the ast.Visitor of conditionCost. ptr is the most
// characters # may stand for (pointerBound).
type costCount struct{ cost, ptr int }

// Visit implements ast.Visitor.
func (c *costCount) Visit(node *ast.Node) {
	add := addCost(1, workCost(*node, c.ptr))
	switch n := (*node).(type) {
	case *ast.BinaryNode:
		if n.Operator == ".." {
			add += elements(n, c.ptr)
		}
	case *ast.BuiltinNode:
		for _, a := range n.Arguments {
			if p, ok := a.(*ast.PredicateNode); ok {
				run, once := bodyCost(p.Node, n.Arguments[0], elementBound(n.Arguments[0], 0))
				add = addCost(add, addCost(mulCost(elements(n.Arguments[0], 0), run), once))
			}
		}
	}
	c.cost = min(c.cost+add, maxCost)
}

// elements returns the most elements the collection n may hold: a
// list's, a range of constants', the texts split or splitAfter may make
// (splitParts), a filtered, taken or reversed collection's, and
// otherwise the memory budget, which bounds a collection made while the
// condition runs. # stands for a text of at most ptr characters.
func elements(n ast.Node, ptr int) int {
	switch n := n.(type) {
	case *ast.ArrayNode:
		return len(n.Nodes)
	case *ast.BinaryNode:
		if n.Operator != ".." {
			break
		}
		from, ok1 := n.Left.(*ast.IntegerNode)
		to, ok2 := n.Right.(*ast.IntegerNode)
		if ok1 && ok2 {
			return rangeLen(int64(from.Value), int64(to.Value))
		}
	case *ast.BuiltinNode:
		switch n.Name {
		case "filter", "map", "take", "reverse":
			if len(n.Arguments) > 0 {
				return elements(n.Arguments[0], ptr)
			}
		case "split", "splitAfter":
			if len(n.Arguments) > 0 {
				return splitParts(n.Arguments[0], ptr)
			}
		}
	}
	return memoryBudget
}

// rangeLen returns the numbers of the range from..to, at most maxCost,
// without overflow: 0..9223372036854775807 holds maxCost, not none.
func rangeLen(from, to int64) int {
	if to < from {
		return 0
	}
	if d := uint64(to) - uint64(from); d < maxCost {
		return int(d) + 1
	}
	return maxCost
}

// bodyCost returns what the body n of a predicate over the list coll
// costs: run, for each run, its syntax nodes and its matches
// (matchCost), # standing for a text of at most ptr characters; and
// once, for all the runs together, its matches of # itself over a list
// whose texts together have a known bound (totalLength), which cost the
// instructions of their pattern for each character of them all
// (# matches "^US-06" over split(area, " ") costs the area's characters
// once, not once for each ID of the area).
func bodyCost(n, coll ast.Node, ptr int) (run, once int) {
	c := &bodyCount{ptr: ptr}
	c.total, c.known = totalLength(coll, ptr)
	ast.Walk(&n, c)
	return c.run, c.once
}

// bodyCount is the ast.Visitor of bodyCost.
type bodyCount struct {
	run, once, ptr int
	// total is the most characters of the list's texts together, when
	// known.
	total int
	known bool
}

// Visit implements ast.Visitor.
func (c *bodyCount) Visit(node *ast.Node) {
	if b, ok := (*node).(*ast.BinaryNode); ok && b.Operator == "matches" && c.known {
		if _, ok := b.Left.(*ast.PointerNode); ok {
			c.run = addCost(c.run, 1)
			c.once = addCost(c.once, matchCost(b, c.total))
			return
		}
	}
	c.run = addCost(c.run, addCost(1, workCost(*node, c.ptr)))
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
	case *ast.BinaryNode:
		if _, ok := n.Right.(*ast.StringNode); n.Operator == "matches" && !ok {
			c.err = fmt.Errorf("the pattern of matches must be one text written in the condition (productClass matches \"^MED\"), " +
				"not one made while it runs, which would be compiled anew on every line at a cost no bound counts")
		}
	case *ast.VariableDeclaratorNode:
		c.err = fmt.Errorf("a condition may not declare variables (let %s)", n.Name)
	case *ast.BuiltinNode:
		if !slices.Contains(conditionFuncs, n.Name) {
			c.err = fmt.Errorf("a condition may not call %s; it may call %v", n.Name, conditionFuncs)
			return
		}
		if n.Name == "map" && len(n.Arguments) > 0 && ast.Find(n.Arguments[0], isMap) != nil {
			c.err = fmt.Errorf("a condition may not map a list that map made (map(map(...), ...)): " +
				"each may build its elements from those of the one before, twice over (# + #, [#, #]), " +
				"so that a chain of them doubles its texts and lists at each link; map once, with one body")
		}
	case *ast.PredicateNode:
		if ast.Find(n.Node, func(inner ast.Node) bool { _, ok := inner.(*ast.PredicateNode); return ok }) != nil {
			c.err = fmt.Errorf("a condition may not nest a predicate inside another")
		}
	}
}

// isMap reports whether n is a call of map.
func isMap(n ast.Node) bool {
	b, ok := n.(*ast.BuiltinNode)
	return ok && b.Name == "map"
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
// instead of failing calculations: a line that sets no facts, an
// ordinary sale, and a sale whose texts are at their longest, so that a
// condition that outgrows its memory budget or split bound on long
// facts (area + area + area + area + area, split into its characters)
// is refused too, not found on the first real line at such a place.
var probeEnvs = [...]struct {
	name string
	env  Env
	// bounds says that only a failure of a bound (the memory budget,
	// the texts split may make) refuses the condition: the long texts
	// are not facts a condition must expect (a usage without the "-"
	// it splits on), but they are as long as real ones.
	bounds bool
}{
	{"a line that sets no facts", Env{}, false},
	{"an ordinary sale", Env{Perspective: "SELLER", MessageType: "INVOICE", TransactionType: "SALE", Country: "US",
		JurisdictionID: "US-TN", JurisdictionType: "STATE", Subdivision: "US-TN", Tax: "Sales and Use Tax",
		ProductClass: "GENERAL", CustomerClass: "RETAIL", Usage: "RESALE", UsageClass: "R", Date: "2026-01-01",
		BusinessCustomer: true}, false},
	{"a sale with the longest facts", Env{Perspective: "SELLER", MessageType: "INVOICE", TransactionType: "SALE", Country: "US",
		JurisdictionID: probeLongJurisdiction, JurisdictionType: "DISTRICT", Subdivision: "US-CA", Area: probeLongArea,
		Tax: "Sales and Use Tax", ProductClass: probeLongText, CustomerClass: probeLongText, Usage: probeLongText,
		UsageClass: probeLongText, Date: "2026-01-01", BusinessCustomer: true}, true},
}

// probeLongText is a text at the longest a request may send a line's
// product, customer or usage class or its usage (40 characters).
const probeLongText = "PROBE_OF_A_CLASS_AT_ITS_LONGEST_40_CHARS"

// probeLongJurisdiction and probeLongArea are the jurisdiction and area
// (Env.Area) of one of the places of Levy's dataset with the longest
// area, some 225 bytes: Santa Fe Springs, in Los Angeles County,
// California, with the county's transit measures and the city's
// districts. A condition that fails on them fails on real lines.
const (
	probeLongJurisdiction = "US-CA-D-CITY_OF_SANTA_FE_SPRINGS_2026"
	probeLongArea         = "US US-CA US-06037 US-0669154 US-06037-MEASURE_A US-06037-MEASURE_H US-06037-MTA_MEASURE_M " +
		"US-06037-MTA_MEASURE_R US-06037-MTA_PROP_A US-06037-MTA_PROP_C US-CA-D-CITY_OF_SANTA_FE_SPRINGS " +
		"US-CA-D-CITY_OF_SANTA_FE_SPRINGS_2026"
)

// probeCondition runs a compiled condition over probeEnvs with the
// memory budget of an evaluation and returns the first failure.
func probeCondition(p *vm.Program) error {
	for i := range probeEnvs {
		env := probeEnvs[i].env
		machine := vm.VM{MemoryBudget: memoryBudget}
		if _, err := machine.Run(p, &env); err != nil && (!probeEnvs[i].bounds || boundFault(err)) {
			return fmt.Errorf("the condition fails on %s: %w", probeEnvs[i].name, err)
		}
	}
	return nil
}

// boundFault reports whether err, the failure of a condition, is that
// of a bound: the memory budget, or the texts split and splitAfter may
// make (boundedSplit). The expr machine keeps only the text of a
// failure, so the text is what tells.
func boundFault(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "memory budget exceeded") || strings.Contains(msg, splitBoundFault)
}
