package engine

import (
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// LocationEvidenceRule is the ruleName of the assisted parameter of a
// line whose customer sent location evidence and no destination: paramName
// is the evidence's path (customer.locationEvidence, or the line's own
// customer's); originalValue is the country (and main division) that
// the evidence gave and the line was taxed at, as "FR" or "CA QC", and
// value a sentence naming the members of the evidence that gave it; or,
// when no member gave a country (an IP address or card number that maps
// to none), originalValue is empty and value says that the line has no
// destination.
const LocationEvidenceRule = "location-evidence"

// evidenceUse is what location evidence gave a line that sent no
// destination (resolver.evidencePlace).
type evidenceUse struct {
	path string // the evidence's JSON path
	// from names the members that gave loc ("forced", or those that
	// agree), or, with loc nil, the members sent.
	from string
	// loc is the destination the evidence gave: nil when no member named
	// a country.
	loc *wire.Location
	// address is the member, relative to path, whose address gave loc's
	// main division ("forced.address", "selfDeclaration.address"), which
	// errors about the destination name; "" when loc has none.
	address string
}

// parameter returns the line's LocationEvidenceRule parameter.
func (e *evidenceUse) parameter() wire.AssistedParameter {
	if e.loc == nil {
		return wire.AssistedParameter{ParamName: e.path, Phase: wire.PhasePre, RuleName: LocationEvidenceRule,
			Value: "no destination was sent, and the location evidence (" + e.from + ") gave no country: the line has no destination"}
	}
	where := e.loc.Country
	if e.loc.MainDivision != "" {
		where += " " + e.loc.MainDivision
	}
	return wire.AssistedParameter{ParamName: e.path, Phase: wire.PhasePre, RuleName: LocationEvidenceRule, OriginalValue: where,
		Value: "no destination was sent: the location evidence (" + e.from + ") gave the destination " + where}
}

// blame moves the errors about the destination the evidence gave, which
// the resolver names as the members of dest (customer.destination), a
// member the request did not send, to the evidence member that gave
// them: the address of forced or selfDeclaration, or the evidence
// itself.
func (e *evidenceUse) blame(err error, dest string) error {
	if err == nil {
		return nil
	}
	return levy.MapErrors(err, func(x *levy.Error) *levy.Error {
		rest, ok := strings.CutPrefix(x.Field, dest)
		if !ok || rest != "" && rest[0] != '.' {
			return x
		}
		y := *x
		switch {
		case e.address == "":
			y.Field = e.path
		case strings.HasSuffix(e.address, ".country"):
			y.Field = e.path + "." + e.address
		default:
			y.Field = e.path + "." + e.address + rest
		}
		return &y
	})
}
