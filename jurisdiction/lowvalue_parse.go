package jurisdiction

import (
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// ParseLowValue reads the columns of a low-value limit's row other than
// its period (effective, expiration), which each reader dates its own
// way: country, limit, currency, applies_to, within,
// business_reverse_charge, scheme and citation, each cell given by get.
// known reports whether a code is a country of the dataset. strict
// refuses empty applies_to and within cells (the curated table spells
// them out); without it they take their defaults, consignment and
// at-or-below, as a user's content may leave them. Every fault goes to
// fail with its column; the row is usable only when fail was not called.
// get, known and fail must not be nil: a nil one is a programming error
// and panics.
func ParseLowValue(get func(col string) string, known func(country string) bool, strict bool, fail func(col, format string, args ...any)) LowValue {
	v := LowValue{Country: get("country"), Scheme: get("scheme"), Currency: get("currency"), Source: get("citation")}
	v.EU = v.Country == LowValueEU
	if !v.EU && (!IsAlpha2Form(v.Country) || !known(v.Country)) {
		fail("country", "%q is neither a country of the dataset (ISO 3166-1 alpha-2) nor %s", clip(v.Country), LowValueEU)
	}
	if a, err := decimal.NewFromString(get("limit")); err != nil || !a.IsPositive() {
		fail("limit", "%q is not a positive amount", clip(get("limit")))
	} else {
		v.Amount = a
	}
	if !money.IsCodeForm(v.Currency) {
		fail("currency", "%q is not an ISO 4217 code (three capital letters)", clip(v.Currency))
	}
	switch a := get("applies_to"); {
	case a == "consignment" || a == "" && !strict:
	case a == "item":
		v.PerItem = true
	default:
		fail("applies_to", "%q is neither consignment nor item", clip(a))
	}
	switch w := get("within"); {
	case w == "at-or-below" || w == "" && !strict:
	case w == "below":
		v.Strict = true
	default:
		fail("within", "%q is neither at-or-below nor below", clip(w))
	}
	switch r := get("business_reverse_charge"); r {
	case "yes":
		v.BusinessReverseCharge = true
	case "":
	default:
		fail("business_reverse_charge", "%q is neither yes nor empty", clip(r))
	}
	if v.Scheme == "" {
		fail("scheme", "is empty: name the rules, for the reasons of the lines they decide")
	}
	if v.Source == "" {
		fail("citation", "is empty: say where the limit comes from")
	}
	return v
}

// clip shortens a cell quoted in an error to 60 bytes.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
