// Package rules holds Levy's rule tables: data-driven, effective-dated
// rules whose conditions are expr-lang/expr expressions, compiled once when
// a table is loaded and evaluated many times.
//
// A Table is built from Rule records with Compile, which type-checks every
// condition against the Env struct and fails on the first bad rule, naming
// it. Evaluation never compiles, has no side effects and is bounded: a
// condition may hold at most MaxNodes syntax nodes and MaxConditionLength
// bytes, may not declare variables, nest predicates, map what map made,
// match a pattern it makes while it runs or call the functions that
// build large values, accumulate or read the clock, may cost at most
// MaxConditionCost steps (ConditionCost: a regular expression costs its
// instructions for each character of its text), and runs with a fixed
// memory budget, so a user-written rule cannot make a calculation hang. Compile also runs every condition once over a line without facts
// and over an ordinary sale, and refuses one that fails there; a
// condition that fails on a particular line's facts is a ConditionError,
// which the engine answers naming the line.
//
// A rule file (File, ReadFile) is one JSON object; ReadFile and
// File.Check name the line of every fault.
//
// Rules are ordered by specificity (how many of their selectors are set:
// jurisdiction, product class, customer class, usage, transaction type,
// and within, a jurisdiction that the taxed place must lie in) and then by
// priority; the first rule in that order whose selectors match,
// whose period contains the date and whose condition holds is the one that
// applies. Every rule has an ID, which results carry so that every number
// can be traced to the rule that produced it.
//
// Withholdings (Withholding, CompileWithholdings) are impositions that
// the buyer withholds: rule files define them beside their rules and
// structures (File.Withholdings), with the same selectors and
// conditions, and a rate; the engine charges each on the lines it
// reaches as a tax marked withheld.
//
// A compiled Table is immutable and safe for concurrent use.
package rules
