package rules

import "github.com/expr-lang/expr/ast"

// Some nodes of a condition take time that grows with their texts or
// lists, where ConditionCost's step is some 25 ns: workCost counts it,
// as measured in BenchmarkConditionWork.
const (
	// splitPartCost is the steps of each text that split or splitAfter
	// makes (some 30 ns: a text, and its place in a list of any).
	splitPartCost = 2
	// inElementCost is the steps of each element of a list that in
	// compares a value with (some 60 ns: expr compares them by
	// reflection).
	inElementCost = 3
	// textCharsPerStep is the characters of a text that a join (+),
	// upper, lower or trim makes in a step (some 2 to 5 ns each).
	textCharsPerStep = 8
)

// workCost returns the steps the node n takes beyond its own, # standing
// for a text of at most ptr characters: a matches its pattern's
// instructions for each character of its text (matchCost), a split or
// splitAfter splitPartCost for each text it may make, an in over a list
// inElementCost for each of its elements, and a join or a text that
// upper, lower or trim make a step for each textCharsPerStep characters
// of it. The steps of a node inside a predicate's body count for each
// element of the predicate's list.
func workCost(n ast.Node, ptr int) int {
	switch n := n.(type) {
	case *ast.BinaryNode:
		switch n.Operator {
		case "matches":
			return matchCost(n, ptr)
		case "in":
			if r, ok := n.Right.(*ast.BinaryNode); ok && r.Operator == ".." {
				return 0 // a range: expr compares with its ends
			}
			return mulCost(inElementCost, elements(n.Right, ptr))
		case "+":
			return textBound(n, ptr) / textCharsPerStep
		}
	case *ast.BuiltinNode:
		switch n.Name {
		case "split", "splitAfter":
			return mulCost(splitPartCost, elements(n, ptr))
		case "upper", "lower", "trim", "trimPrefix", "trimSuffix":
			return textBound(n, ptr) / textCharsPerStep
		}
	}
	return 0
}

// splitParts returns the most texts that split or splitAfter of the
// text n may make, # standing for a text of at most ptr characters: one
// more than its characters, at most memoryBudget (boundedSplit).
func splitParts(n ast.Node, ptr int) int {
	return min(addCost(textBound(n, ptr), 1), memoryBudget)
}
