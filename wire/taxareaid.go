package wire

import (
	"strings"
	"unicode/utf8"

	"github.com/levytax/levy"
)

// MaxTaxAreaIDLength is the most digits a tax area ID has.
const MaxTaxAreaIDLength = 16

// ValidateTaxAreaID checks the form of a taxAreaId at JSON path field: 1
// to MaxTaxAreaIDLength of the digits 0 to 9, and nothing else. Its
// length is counted in characters, and an ID with whitespace around it
// is refused, not trimmed, wherever one is taken (a calculation's
// location, /taxareaid-lookup, /changed-taxareas/{taxareaid}).
func ValidateTaxAreaID(field, id string) error {
	if id == "" {
		return levy.Invalid(field, "is required")
	}
	digits := true
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			digits = false
			break
		}
	}
	n := utf8.RuneCountInString(id)
	switch {
	case digits && n > MaxTaxAreaIDLength:
		return levy.Invalid(field, "is %d digits long; a tax area ID has at most %d digits", n, MaxTaxAreaIDLength)
	case digits:
		return nil
	case n > 4*MaxTaxAreaIDLength:
		// Too long to be worth quoting back.
		return levy.Invalid(field, "is not a tax area ID: it is %d characters long, and a tax area ID has at most %d digits 0 to 9 and nothing else", n, MaxTaxAreaIDLength)
	case strings.TrimSpace(id) != id:
		return levy.Invalid(field, "%q is not a tax area ID: it must not begin or end with whitespace", id)
	}
	return levy.Invalid(field, "%q is not a tax area ID: only digits are allowed (0 to 9)", id)
}
