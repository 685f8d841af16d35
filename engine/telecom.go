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
// that sends a communications line type (lineType or lineTypes) and no
// product class, nor a code that the tenant's profile maps, or that
// sends SERVICES (services that no class names): it is taxed as
// TELECOMMUNICATIONS, the class of communications services, rather than
// as the class of its enclosing line, GENERAL or SERVICES. Its paramName
// is the class's member, its originalValue the class sent ("" for none)
// and its value TELECOMMUNICATIONS. Any other class sent, GENERAL
// included, is kept.
const LineTypeClassRule = "line-type-class"

// UnconfirmedTaxabilityRule is the ruleName of the assisted parameter of
// a TELECOMMUNICATIONS line whose state sales tax applies in a US state
// for which Levy's content records no treatment of the class on the
// line's date: the line is taxed there as GENERAL is, which the state's
// own law may not do. Its paramName is productClass, its originalValue
// the class and its value a sentence naming the state.
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

// telecomParameters adds to out the assisted parameters of a line taxed
// as TELECOMMUNICATIONS: that its line type gave it the class, and that
// the treatment of the class in the state whose sales tax it bears is
// not confirmed.
func (c *calc) telecomParameters(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	if l.productClass != rules.Telecommunications {
		return out
	}
	if l.classFromLineType {
		out = append(out, wire.AssistedParameter{ParamName: classParam(l), Phase: wire.PhasePre, RuleName: LineTypeClassRule,
			OriginalValue: l.lineTypeSent, Value: rules.Telecommunications})
	}
	for i := range l.taxes {
		t := &l.taxes[i]
		if t.imposition != jurisdiction.SalesTax || t.j == nil {
			continue
		}
		id := t.j.JurisdictionID
		st, ok := strings.CutPrefix(id, "US-")
		if !ok || len(st) != 2 {
			continue // a local jurisdiction: the state's record decides
		}
		for _, p := range c.s.telecom[st] {
			if p.Contains(l.date) {
				return out
			}
		}
		return append(out, wire.AssistedParameter{ParamName: classParam(l), Phase: wire.PhasePost, RuleName: UnconfirmedTaxabilityRule,
			OriginalValue: rules.Telecommunications, Value: id + ": Levy's content does not record how this state's sales tax treats " +
				"communications services on the line's date, so the line is taxed as GENERAL is there; confirm the treatment " +
				"with the state and correct it with a rule of the class if it differs"})
	}
	return out
}
