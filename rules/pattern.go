package rules

import (
	"regexp/syntax"
	"unicode/utf8"

	"github.com/expr-lang/expr/ast"
)

// A condition's regular expressions (text matches "pattern") are run by
// Go's regexp, whose time is linear in the text but also in the
// pattern's compiled program: in the worst case some 20 ns for each
// instruction of the program and each character of the text, about a
// step of ConditionCost's. So ConditionCost counts a matches as the
// instructions of its pattern (patternSize) times the most characters
// its text may hold (textBound), and checkCondition refuses a pattern
// that is not a text written in the condition, which expr would compile
// anew on every line, at a cost no bound counts.

// longestFact is the most characters ConditionCost takes a fact of a
// line (Env) to hold, where it knows no fewer: the area of the place of
// Levy's dataset with the longest one is some 225 bytes
// (probeLongArea).
const longestFact = 256

// longestClass is the most characters of a line's product, customer or
// usage class or its usage, as a request may send them (probeLongText).
const longestClass = len(probeLongText)

// longestText is the most characters ConditionCost takes a text to
// hold that it cannot bound otherwise: every fact and text of a
// condition of the longest, joined.
const longestText = MaxConditionLength + MaxNodes*longestFact

// factLength returns the most characters the fact of Env named name
// holds.
func factLength(name string) int {
	switch name {
	case "country":
		return 2 // ISO 3166-1 alpha-2
	case "subdivision":
		return 6 // ISO 3166-2: "US-TN", "FR-75C", "GB-ENG"
	case "date":
		return 10 // YYYY-MM-DD
	case "productClass", "customerClass", "usage", "usageClass":
		return longestClass
	}
	return longestFact
}

// matchCost returns what the matches n costs to run beyond its node,
// in steps, and 0 for any other node: its pattern's instructions times
// the characters of its text, whose # stands for a text of at most ptr
// characters.
func matchCost(n ast.Node, ptr int) int {
	b, ok := n.(*ast.BinaryNode)
	if !ok || b.Operator != "matches" {
		return 0
	}
	s, ok := b.Right.(*ast.StringNode)
	if !ok {
		return maxCost // checkCondition refuses it
	}
	re, err := syntax.Parse(s.Value, syntax.Perl)
	if err != nil {
		return 0 // expr.Compile reports it
	}
	return mulCost(patternSize(re), max(textBound(b.Left, ptr), 1))
}

// patternSize returns about the instructions of the program that
// regexp compiles the parsed pattern re to, at least as many, without
// compiling it: a pattern of many repeats (x{1000}x{1000}...) takes
// regexp's compiler a tenth of a second and its program megabytes.
func patternSize(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return max(len(re.Rune), 1)
	case syntax.OpCapture:
		return addCost(patternSize(re.Sub[0]), 2)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		return addCost(patternSize(re.Sub[0]), 1)
	case syntax.OpRepeat:
		times := max(re.Min, re.Max)
		if re.Max < 0 {
			times = re.Min + 1
		}
		return mulCost(max(times, 1), addCost(patternSize(re.Sub[0]), 1))
	case syntax.OpConcat, syntax.OpAlternate:
		n := len(re.Sub)
		for _, sub := range re.Sub {
			n = addCost(n, patternSize(sub))
		}
		return n
	}
	return 1
}

// textBound returns the most characters the text n may hold, # being a
// text of at most ptr characters: a text written in the condition its
// own, a fact factLength, a join the sum of its parts, what upper,
// lower and trim make their argument's, an element of a list the most
// of its elements (elementBound), a number, a truth value or a list 0
// (they are no text), and longestText what it cannot bound otherwise.
func textBound(n ast.Node, ptr int) int {
	switch n := n.(type) {
	case *ast.StringNode:
		return len(n.Value)
	case *ast.IdentifierNode:
		if n.Value == "businessCustomer" {
			return 0
		}
		return factLength(n.Value)
	case *ast.PointerNode:
		return ptr
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.NilNode, *ast.UnaryNode, *ast.ArrayNode:
		return 0
	case *ast.BinaryNode:
		switch n.Operator {
		case "+":
			return addCost(textBound(n.Left, ptr), textBound(n.Right, ptr))
		case "??":
			return max(textBound(n.Left, ptr), textBound(n.Right, ptr))
		}
		return 0 // arithmetic, a comparison, a range
	case *ast.ConditionalNode:
		return max(textBound(n.Exp1, ptr), textBound(n.Exp2, ptr))
	case *ast.ChainNode:
		return textBound(n.Node, ptr)
	case *ast.SliceNode:
		return textBound(n.Node, ptr)
	case *ast.MemberNode:
		return max(textBound(n.Node, ptr), elementBound(n.Node, ptr))
	case *ast.BuiltinNode:
		switch n.Name {
		case "upper", "lower", "trim", "trimPrefix", "trimSuffix":
			if len(n.Arguments) > 0 {
				return textBound(n.Arguments[0], ptr)
			}
		case "first", "last", "get", "find", "findLast":
			if len(n.Arguments) > 0 {
				return elementBound(n.Arguments[0], ptr)
			}
		case "type":
			return len("unknown")
		default:
			return 0 // a number, a truth value or a list
		}
	}
	return longestText
}

// elementBound returns the most characters a text element of the list
// n may hold, as textBound.
func elementBound(n ast.Node, ptr int) int {
	switch n := n.(type) {
	case *ast.BinaryNode:
		if n.Operator == ".." {
			return 0 // numbers
		}
	case *ast.ArrayNode:
		most := 0
		for _, e := range n.Nodes {
			most = max(most, textBound(e, ptr))
		}
		return most
	case *ast.BuiltinNode:
		if len(n.Arguments) == 0 {
			break
		}
		switch n.Name {
		case "split", "splitAfter":
			if len(n.Arguments) > 1 {
				if sep, ok := n.Arguments[1].(*ast.StringNode); ok && sep.Value == "" {
					return utf8.UTFMax // one character each
				}
			}
			return textBound(n.Arguments[0], ptr)
		case "filter", "take", "reverse":
			return elementBound(n.Arguments[0], ptr)
		case "map":
			if p, ok := n.Arguments[len(n.Arguments)-1].(*ast.PredicateNode); ok {
				return textBound(p.Node, elementBound(n.Arguments[0], ptr))
			}
		}
	}
	return longestText
}

// totalLength returns the most characters the texts of the list n may
// hold together, and false when it cannot bound them: the sum of a
// list's, the text's that split or splitAfter cut up, and those of a
// part of such a list (filter, take, reverse). # stands for a
// text of at most ptr characters.
func totalLength(n ast.Node, ptr int) (int, bool) {
	switch n := n.(type) {
	case *ast.ArrayNode:
		total := 0
		for _, e := range n.Nodes {
			total = addCost(total, textBound(e, ptr))
		}
		return total, true
	case *ast.BuiltinNode:
		if len(n.Arguments) == 0 {
			break
		}
		switch n.Name {
		case "split", "splitAfter":
			return textBound(n.Arguments[0], ptr), true
		case "filter", "take", "reverse":
			return totalLength(n.Arguments[0], ptr)
		}
	}
	return 0, false
}

// pointerBound returns the most characters # may stand for in the
// condition root: the most of the elements of the lists of its
// predicates, which do not nest.
func pointerBound(root ast.Node) int {
	most := 0
	ast.Find(root, func(n ast.Node) bool {
		if b, ok := n.(*ast.BuiltinNode); ok && len(b.Arguments) > 1 {
			if _, ok := b.Arguments[len(b.Arguments)-1].(*ast.PredicateNode); ok {
				most = max(most, elementBound(b.Arguments[0], 0))
			}
		}
		return false
	})
	return most
}

// addCost and mulCost add and multiply costs, stopping at maxCost.
func addCost(a, b int) int { return min(a+b, maxCost) }

func mulCost(a, b int) int {
	if a != 0 && b > maxCost/a {
		return maxCost
	}
	return min(a*b, maxCost)
}
