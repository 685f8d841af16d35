package engine

import "github.com/levytax/levy/wire"

// LocationEvidenceRule is the ruleName of the assisted parameter of a
// line whose customer sent location evidence and no destination, so
// that the evidence gave the destination it was taxed at: paramName is
// the evidence's path (customer.locationEvidence, or the line's own
// customer's), originalValue the country (and main division) it gave,
// as "FR" or "CA QC", and value a sentence naming the members of the
// evidence that gave it.
const LocationEvidenceRule = "location-evidence"

// evidenceUse is the destination that location evidence gave a line.
type evidenceUse struct {
	path              string // the evidence's JSON path
	from              string // the members that gave it (evidencePlace)
	country, division string
}

// parameter returns the line's LocationEvidenceRule parameter.
func (e *evidenceUse) parameter() wire.AssistedParameter {
	where := e.country
	if e.division != "" {
		where += " " + e.division
	}
	return wire.AssistedParameter{ParamName: e.path, Phase: wire.PhasePre, RuleName: LocationEvidenceRule, OriginalValue: where,
		Value: "no destination was sent: the location evidence (" + e.from + ") gave the destination " + where}
}
