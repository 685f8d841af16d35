package engine

import "github.com/levytax/levy/rules"

// RuleDefinitions returns the taxability rules whose ID is id, as the
// calculationRuleId of a tax names them: the host's (WithRules,
// WithRuleFiles) first, then Levy's defaults, each table in its order of
// evaluation. It returns none for an ID that no rule table holds, such
// as that of a rate structure or of a step of the engine itself. The
// rules are copies; it reads the current snapshot and is safe for
// concurrent use.
func (e *Engine) RuleDefinitions(id string) []rules.Rule {
	s := e.current()
	if s == nil {
		return nil
	}
	var out []rules.Rule
	for _, t := range []*rules.Table{s.hostTable, s.table} {
		if t == nil {
			continue
		}
		for _, r := range t.Rules() {
			if r.ID == id {
				out = append(out, r)
			}
		}
	}
	return out
}
