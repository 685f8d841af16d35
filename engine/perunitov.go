package engine

import (
	"strconv"

	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// A charge per unit (a 911 fee per line, a franchise fee per line, a
// jurisdiction's quantity structure: so much a unit) is charged on the
// units, whatever rate a rate override gives or whatever part of the
// amount an exempt or non-taxable override's amount takes: a rate
// override does not reach it, and a partial amount leaves the whole
// charge due (the whole amount, or an override without one, exempts
// it). The line says so: the override's rate or amount carries
// not-acted-on (paramName lineItems[0].rateOverrides[0].rate, or
// rateOverrides[0].rate for the document's), once however many charges
// it reached. The override still acts on the other taxes it matches.
//
// A TIERED or BRACKET structure whose tiers that the line's price
// reaches each carry a rate of their own (India's garment of Rs 1,000
// or less at 5%) charges those rates whatever rate an override gives:
// the rate override says not-acted-on alike. Its exempt and non-taxable
// overrides act, on the price the tiers weigh.
//
// A tax that a rate override left as it was keeps the calculationRuleId
// and reason of the rule that decided it, and its rate's source, as
// without the override, not "rate-override" (compute.go).

// A rate override of a tax whose structure caps the tax of each item
// (maxTaxPerItem) is charged up to that maximum: when the tax stands at
// the maximum whether or not the override gives its rate, the override
// changed nothing and says not-acted-on, as above; when the override's
// rate took the tax to the maximum and the tax's own rate would not,
// the override acted, capped, and its rate carries
// RateOverrideCappedRule. Either way the tax answers the rate it bore:
// the override's when it acted, its own when it did not.

// RateOverrideCappedRule is the ruleName of the assisted parameter of a
// rate override whose rate was charged up to the maximum tax per item of
// the tax's structure (maxTaxPerItem), which cut the tax: paramName is
// the override's rate (lineItems[0].rateOverrides[0].rate, or
// rateOverrides[0].rate for the document's), originalValue and value
// the rate sent.
const RateOverrideCappedRule = "rate-override-capped"

// The kinds of override of a unitOverride.
const (
	unitOvRate = iota
	unitOvExempt
	unitOvNonTaxable
	// unitOvRateCapped is a rate override that acted, up to the maximum
	// tax per item.
	unitOvRateCapped
)

// unitOverride is an override of a line, by kind and index in the wire
// list it came from, that reached a charge per unit and left it as it
// was, or (unitOvRateCapped) a rate override charged up to a maximum tax
// per item.
type unitOverride struct {
	kind, at int
}

// ignoreOverride remembers that the override kind, at reached a charge
// per unit of the line that it did not change.
func (l *line) ignoreOverride(kind, at int) {
	for _, u := range l.unitOv {
		if u.kind == kind && u.at == at {
			return
		}
	}
	l.unitOv = append(l.unitOv, unitOverride{kind: kind, at: at})
}

// unitOverrides notes, for a charge per unit of the line that is
// charged (part of its base still taxable) and matches match, the line's
// rate overrides that reach it and the exempt and non-taxable overrides
// whose amount left it taxed, as ignoreOverride.
func (l *line) unitOverrides(match func(impositionType, jurisdictionType, jurisdictionID string) bool) {
	l.unusedRateOverrides(match)
	for i, o := range l.exemptOv {
		if o.amount != nil && o.withholding == "" && match(o.impositionType, o.jurisdictionType, o.jurisdictionID) {
			l.ignoreOverride(unitOvExempt, i)
		}
	}
	for i, o := range l.nonTaxOv {
		if o.amount != nil && o.withholding == "" && match(o.impositionType, o.jurisdictionType, o.jurisdictionID) {
			l.ignoreOverride(unitOvNonTaxable, i)
		}
	}
}

// unusedRateOverrides notes, for a tax of the line whose charge no
// rate weighed in (a structure's own rates) and that matches match, the
// line's rate overrides that reach it, as ignoreOverride.
func (l *line) unusedRateOverrides(match func(impositionType, jurisdictionType, jurisdictionID string) bool) {
	for _, ro := range l.rateOv {
		if ro.withholding == "" && match(ro.impositionType, ro.jurisdictionType, ro.jurisdictionID) {
			l.ignoreOverride(unitOvRate, ro.at)
		}
	}
}

// cappedRateOverrides notes, for a tax of the line that matches match
// and that its rate override took to its structure's maximum tax per
// item, the line's rate overrides that reach it.
func (l *line) cappedRateOverrides(match func(impositionType, jurisdictionType, jurisdictionID string) bool) {
	for _, ro := range l.rateOv {
		if ro.withholding == "" && match(ro.impositionType, ro.jurisdictionType, ro.jurisdictionID) {
			l.ignoreOverride(unitOvRateCapped, ro.at)
		}
	}
}

// perUnitStructure reports whether a structure charges so much a unit,
// whatever the rate and the amount.
func perUnitStructure(s *rules.Structure) bool {
	return s != nil && s.Kind == rules.Quantity
}

// unitOverrideNotes appends the not-acted-on parameters of the line's
// overrides that a charge per unit left as it was, and the
// RateOverrideCappedRule parameters of its capped rate overrides.
func unitOverrideNotes(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	if len(l.unitOv) == 0 || l.in == nil {
		return out
	}
	for _, u := range l.unitOv {
		var member, field, value, at string
		switch u.kind {
		case unitOvRate, unitOvRateCapped:
			member, field, at = "rateOverrides", "rate", l.in.rateAt
			if u.at < len(l.in.rateOv) && l.in.rateOv[u.at].Rate != nil {
				value = l.in.rateOv[u.at].Rate.String()
			}
		case unitOvExempt:
			member, field, at = "exemptOverrides", "amount", l.in.exemptAt
			if u.at < len(l.in.exemptOv) && l.in.exemptOv[u.at].Amount != nil {
				value = l.in.exemptOv[u.at].Amount.String()
			}
		default:
			member, field, at = "nonTaxableOverrides", "amount", l.in.nonTaxAt
			if u.at < len(l.in.nonTaxOv) && l.in.nonTaxOv[u.at].Amount != nil {
				value = l.in.nonTaxOv[u.at].Amount.String()
			}
		}
		path := at + member + "[" + strconv.Itoa(u.at) + "]." + field
		if u.kind == unitOvRateCapped {
			out = append(out, wire.AssistedParameter{ParamName: path, Phase: wire.PhasePost, RuleName: RateOverrideCappedRule,
				OriginalValue: value, Value: value})
			continue
		}
		out = notActed(out, path, value)
	}
	return out
}
