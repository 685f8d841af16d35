package wire

import (
	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
)

// The walk methods of validate_gen.go are compiled from the check tags of
// the wire types by a test, which sees the package's unexported rules.
//go:generate go test -run ^TestValidationCode$ -update .

// Levy's own limits on a request and on what Validate reports. The wire
// format sets none.
const (
	// MaxLineDepth is how deep line items may nest: a top-level line is at
	// depth 1, its children at depth 2, and so on.
	MaxLineDepth = 8
	// MaxLines is the most line items a request may hold in all, child
	// lines included.
	MaxLines = 10000
	// MaxErrors is the most violations Validate lists; when there are
	// more, one last entry says the list was cut.
	MaxErrors = 1000
	// MaxAmountDigits bounds every number of a request, amounts,
	// quantities and percentages alike: its absolute value must be less
	// than 10^MaxAmountDigits, at most 15 digits before the decimal point
	// (the digits after it are not bounded here). An IEEE 754 double, the
	// OpenAPI's number format, holds every whole number of 15 digits
	// exactly, so an echoed or computed value stays one that a client's
	// JSON decoder reads with its whole part intact (1e400 or a 500-digit
	// integer it refuses), and sums over MaxLines lines stay far from a
	// double's range. Levy itself computes and writes them exactly.
	MaxAmountDigits = 15
	// MaxAmountPlaces bounds the digits after the decimal point of every
	// number of a request, as it is written out (a trailing zero counts,
	// as Levy echoes it): 1e-400 would be echoed, and journalled, as a
	// decimal of 402 characters. A client's double, written in its
	// shortest form, has at most 17 significant digits, so 30 places hold
	// every double from 1e-13 up exactly as it was sent, and a .NET
	// decimal has at most 28 places; no amount, quantity, rate or
	// percentage a client means comes near the bound.
	MaxAmountPlaces = 30
)

// Validate checks every constraint of the wire format and of Levy on a
// sale request and reports all violations together as a levy.Errors list
// of EInvalid errors, each naming its field by JSON path
// ("lineItems[0].customer.destination.postalCode"). It returns nil for a
// valid request and never panics.
func (r *SaleRequest) Validate() error {
	if r == nil {
		return missingRequest()
	}
	var v violations
	r.walk(&v, nil, 0)
	return validateLines(&v, r.LineItems, func(l *SaleLineItem) (string, []SaleLineItem) { return l.LineItemID, l.LineItems })
}

// Validate checks a purchase request as SaleRequest.Validate checks a
// sale request.
func (r *PurchaseRequest) Validate() error {
	if r == nil {
		return missingRequest()
	}
	var v violations
	r.walk(&v, nil, 0)
	return validateLines(&v, r.LineItems, func(l *PurchaseLineItem) (string, []PurchaseLineItem) { return l.LineItemID, l.LineItems })
}

// Validate checks an owner request as SaleRequest.Validate checks a sale
// request.
func (r *OwnerRequest) Validate() error {
	if r == nil {
		return missingRequest()
	}
	var v violations
	r.walk(&v, nil, 0)
	return validateLines(&v, r.LineItems, func(l *OwnerLineItem) (string, []OwnerLineItem) { return l.LineItemID, l.LineItems })
}

func missingRequest() error { return levy.Errors{levy.Invalid("", "the request is missing")} }

// validateLines checks the tree of a request's lines, whose IDs and
// children get returns, and returns the violations of the request, whose
// members v holds already. Validate walks the members itself, not
// through an interface, so that v stays on its stack.
func validateLines[L any](v *violations, lines []L, get func(*L) (string, []L)) error {
	checkLines(v, lines, get)
	return v.result()
}

// checkLines checks the tree of line items: at least one line, at most
// MaxLines in all, nested at most MaxLineDepth deep, and unique
// lineItemIds. get returns the ID and the children of a line.
func checkLines[L any](v *violations, lines []L, get func(*L) (string, []L)) {
	top := lineItemsPath
	if len(lines) == 0 {
		v.add(top, "is required: a request has at least one line item")
		return
	}
	// seen holds the first line of each lineItemId, as its list and
	// index: the paths are built only for a violation.
	type lineAt struct {
		list *fieldPath
		i    int
	}
	seen := make(map[string]lineAt)
	count := 0
	var visit func(lines []L, at *fieldPath, depth int)
	visit = func(lines []L, at *fieldPath, depth int) {
		if depth > MaxLineDepth {
			v.addLimit(at, "must not nest line items more than %d levels deep", MaxLineDepth)
			return
		}
		for i := range lines {
			if count++; count > MaxLines {
				return
			}
			id, children := get(&lines[i])
			if id != "" {
				if first, dup := seen[id]; dup {
					v.add(at.Index(i).Field("lineItemId"), "must be unique within the request; %s has the same value",
						first.list.Index(first.i).Field("lineItemId"))
				} else {
					seen[id] = lineAt{at, i}
				}
			}
			if len(children) > 0 {
				visit(children, at.Index(i).Field("lineItems"), depth+1)
			}
		}
	}
	visit(lines, top, 1)
	if count > MaxLines {
		v.addLimit(top, "must hold at most %d line items in all, child lines included", MaxLines)
	}
}

// lineItemsPath is the path of a request's lines. It is never changed.
var lineItemsPath = (*fieldPath)(nil).Field("lineItems")

// fieldPath is a JSON path, built from the root outwards as validation
// descends and written out only when a violation needs it. The nil path
// is the root.
type fieldPath = jsonbody.Path

// violations collects the violations of one request.
type violations struct {
	errs levy.Errors
	// limits are the violations of the limits of the request as a whole
	// (its number of lines, their depth), which the list names first,
	// even when the members' violations fill it: a client that corrected
	// those would otherwise learn only then that the request is refused
	// whole.
	limits    levy.Errors
	truncated bool // a violation was left out of a full list
	// lines counts the line items walked so far and lineDepth is the
	// nesting of the line being walked.
	lines, lineDepth int
}

// add records a violation of the field at p.
func (v *violations) add(p *fieldPath, format string, args ...any) {
	v.addError(levy.Invalid(p.String(), format, args...))
}

// addError records a violation found by another package.
func (v *violations) addError(e *levy.Error) {
	if v.full() {
		v.truncated = true
		return
	}
	v.errs = append(v.errs, e)
}

// addLimit records a violation of a limit of the request as a whole at
// p, which result lists first (see violations.limits).
func (v *violations) addLimit(p *fieldPath, format string, args ...any) {
	if len(v.limits) < MaxErrors {
		v.limits = append(v.limits, levy.Invalid(p.String(), format, args...))
	} else {
		v.truncated = true
	}
}

// full reports whether no more violations will be listed.
func (v *violations) full() bool { return len(v.errs) >= MaxErrors }

// result returns the violations as an error, or nil if there are none.
func (v *violations) result() error {
	if len(v.limits) > 0 {
		// The limits first, then as many of the members' violations as
		// the list has room for.
		room := MaxErrors - len(v.limits)
		if len(v.errs) > room {
			v.errs, v.truncated = v.errs[:room], true
		}
		v.errs = append(v.limits, v.errs...)
	}
	if len(v.errs) == 0 {
		return nil
	}
	if v.truncated {
		v.errs = append(v.errs, levy.Invalid("", "only the first %d violations are listed; the request may break more constraints", MaxErrors))
	}
	return v.errs
}

// classCode reports a class code sent by a party that also sends a tax
// registration number: the two ways of deciding its taxability exclude
// each other. member names the party's code member, such as
// "customerCode".
func (v *violations) classCode(p *fieldPath, member, classCode string, regs []TaxRegistration) {
	if classCode == "" {
		return
	}
	for _, r := range regs {
		if r.TaxRegistrationNumber != "" {
			v.add(p.Field(member).Field("classCode"), "must not be sent together with a taxRegistrationNumber on the same party")
			return
		}
	}
}
