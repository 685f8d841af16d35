package engine

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/levytax/levy/wire"
)

// An exempt, non-taxable or rate override whose selectors (impositionType,
// jurisdictionType, jurisdictionId) accept none of the taxes a line bears
// changed nothing on the line: a rate override of CITY on a line in Los
// Angeles, where no city levies a sales tax, or an exemption of a
// jurisdiction ID the line's place is not in. The line says so with the
// not-acted-on parameter of the whole override (paramName
// lineItems[0].rateOverrides[0], or rateOverrides[0] for the document's,
// the override sent as JSON in originalValue and value), so that an
// answer that ignored it does not read as one that applied it. A
// withholding's override (impositionType.withholdingType) is the buyer's
// withholdings' to match, and a Brazilian line answers its overrides
// itself (brazil_calc.go): neither is weighed here.

// unmatchedOverrideNotes appends the not-acted-on parameters of the
// line's exempt, non-taxable and rate overrides that match none of its
// taxes.
func unmatchedOverrideNotes(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	in := l.in
	if l.br != nil || len(l.exemptOv)+len(l.nonTaxOv)+len(l.rateOv) == 0 {
		return out
	}
	for i, o := range l.exemptOv {
		if o.withholding == "" && i < len(in.exemptOv) && !l.anyTaxMatches(o.impositionType, o.jurisdictionType, o.jurisdictionID) {
			out = notActedOverride(out, in.exemptAt+"exemptOverrides["+strconv.Itoa(i)+"]", in.exemptOv[i])
		}
	}
	for i, o := range l.nonTaxOv {
		if o.withholding == "" && i < len(in.nonTaxOv) && !l.anyTaxMatches(o.impositionType, o.jurisdictionType, o.jurisdictionID) {
			out = notActedOverride(out, in.nonTaxAt+"nonTaxableOverrides["+strconv.Itoa(i)+"]", in.nonTaxOv[i])
		}
	}
	for _, ro := range l.rateOv {
		if ro.withholding == "" && ro.at < len(in.rateOv) && !l.anyTaxMatches(ro.impositionType, ro.jurisdictionType, ro.jurisdictionID) {
			out = notActedOverride(out, in.rateAt+"rateOverrides["+strconv.Itoa(ro.at)+"]", in.rateOv[ro.at])
		}
	}
	return out
}

// anyTaxMatches reports whether an override's selectors accept one of
// the line's taxes other than a withholding: by its imposition, or, for
// a tax outside the dataset's impositions (extras.go), by the name of its
// imposition type.
func (l *line) anyTaxMatches(impositionType, jurisdictionType, jurisdictionID string) bool {
	for i := range l.taxes {
		t := &l.taxes[i]
		if t.withholding != "" || t.j == nil {
			continue
		}
		if matchesSel(impositionType, jurisdictionType, jurisdictionID, t.j, t.imposition) {
			return true
		}
		if t.impType != "" && impositionType != "" && strings.EqualFold(impositionType, t.impType) &&
			matchesSel("", jurisdictionType, jurisdictionID, t.j, t.imposition) {
			return true
		}
	}
	return false
}

// notActedOverride appends the not-acted-on parameter of an override
// sent at path, with the override as JSON for its value.
func notActedOverride[T any](out []wire.AssistedParameter, path string, o T) []wire.AssistedParameter {
	b, err := json.Marshal(o)
	if err != nil {
		return notActed(out, path, "")
	}
	return notActed(out, path, string(b))
}
