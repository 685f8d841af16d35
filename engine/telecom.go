package engine

import (
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// LineTypeClassRule is the ruleName of the assisted parameter of a line
// that sends a communications line type (lineType or lineTypes) and
// SERVICES, the class of services that no class names: it is taxed as
// TELECOMMUNICATIONS, the class of communications services. Its
// paramName is the class's member, its originalValue SERVICES and its
// value TELECOMMUNICATIONS. A line that sends a line type and no class
// (nor a code the tenant's profile maps) is taxed as TELECOMMUNICATIONS
// too, which its response line's class shows; any other class sent,
// GENERAL included, is kept.
const LineTypeClassRule = "line-type-class"

// UnconfirmedTaxabilityRule is the ruleName of the assisted parameter of
// a communications line in a US state for which Levy's content records
// no treatment of TELECOMMUNICATIONS on the line's date: a line of the
// class is taxed there as GENERAL is, and a line that sent SERVICES with
// its line type is taxed as SERVICES, the class it sent, either of which
// the state's own law may not do. Its paramName is the class's member,
// its originalValue the class the line was taxed as and its value a
// sentence naming the state.
const UnconfirmedTaxabilityRule = "taxability-unconfirmed"

// telecomPeriods returns, by state postal code, the periods over which
// the US matrix records how the state's sales tax treats
// TELECOMMUNICATIONS.
func telecomPeriods(tx *data.Taxability) map[string][]civil.Period {
	out := map[string][]civil.Period{}
	for _, r := range tx.States() {
		if r.Class == rules.Telecommunications {
			out[r.State] = append(out[r.State], r.Period)
		}
	}
	return out
}

// sendsLineType reports whether a line sends a communications line type.
func sendsLineType(li *lineIn) bool {
	d := li.src.details
	return d != nil && (d.LineType != nil || len(d.LineTypes) > 0)
}

// telecomFallback keeps SERVICES on a line that sent it with a line
// type, when the state of its customer has no recorded treatment of
// TELECOMMUNICATIONS on its date: it is taxed as it was sent, and says
// that the state's treatment is not confirmed.
func (c *calc) telecomFallback(l *line) {
	if !l.classFromLineType || l.lineTypeSent != rules.Services {
		return
	}
	p := firstPlace(l.dest, l.adminDest)
	if p == nil || p.country != "US" || p.subdivision == "" || c.telecomDecided(p.subdivision, l.date) {
		return
	}
	l.productClass, l.classFromLineType, l.telecomUnconfirmed = rules.Services, false, p.subdivision
}

// telecomDecided reports whether the US matrix records the treatment of
// TELECOMMUNICATIONS in the state (its jurisdiction ID, "US-TX") on d.
func (c *calc) telecomDecided(state string, d civil.Date) bool {
	st, ok := strings.CutPrefix(state, "US-")
	if !ok {
		return false
	}
	for _, p := range c.s.telecom[st] {
		if p.Contains(d) {
			return true
		}
	}
	return false
}

// unconfirmedNote is the value of the assisted parameter
// UnconfirmedTaxabilityRule.
func unconfirmedNote(state, class string) string {
	return state + ": Levy's content does not record how this state's sales tax treats communications services on the line's date, " +
		"so the line is taxed as " + class + " is there; confirm the treatment with the state and correct it with a rule of the class if it differs"
}

// telecomParameters adds to out the assisted parameters of a
// communications line: that SERVICES became TELECOMMUNICATIONS, and that
// the treatment of the class in the state whose sales tax reaches it is
// not confirmed.
func (c *calc) telecomParameters(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	if l.productClass == rules.Telecommunications && l.classFromLineType && l.lineTypeSent != "" {
		out = append(out, wire.AssistedParameter{ParamName: classParam(l), Phase: wire.PhasePre, RuleName: LineTypeClassRule,
			OriginalValue: l.lineTypeSent, Value: rules.Telecommunications})
	}
	if l.productClass != rules.Telecommunications && l.telecomUnconfirmed == "" {
		return out
	}
	// The state whose sales tax the line meets: a state without a sales
	// tax has nothing to confirm.
	for i := range l.taxes {
		t := &l.taxes[i]
		if t.imposition != jurisdiction.SalesTax || t.j == nil {
			continue
		}
		id := t.j.JurisdictionID
		if st, ok := strings.CutPrefix(id, "US-"); !ok || len(st) != 2 {
			continue // a local jurisdiction: the state's record decides
		}
		taxedAs := l.productClass
		if l.telecomUnconfirmed == "" {
			if c.telecomDecided(id, l.date) {
				return out
			}
			taxedAs = rules.General
		}
		return append(out, wire.AssistedParameter{ParamName: classParam(l), Phase: wire.PhasePost, RuleName: UnconfirmedTaxabilityRule,
			OriginalValue: l.productClass, Value: unconfirmedNote(id, taxedAs)})
	}
	return out
}
