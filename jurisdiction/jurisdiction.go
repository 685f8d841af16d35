package jurisdiction

import (
	"strings"

	"github.com/levytax/levy/civil"
)

// Jurisdiction is a government that may impose tax.
type Jurisdiction struct {
	// ID is the stable identifier described in the package documentation.
	ID string
	// Type is the kind of jurisdiction.
	Type Type
	// Name is the jurisdiction's English name, as the wire's value field.
	Name string
	// Parent is the ID of the enclosing jurisdiction ("" for a country).
	Parent string
	// Country is the ISO 3166-1 alpha-2 code of the country it belongs to.
	Country string
	// ExternalCode is the government's own code (externalJurisdictionCode).
	ExternalCode string
	// Period is when the jurisdiction exists.
	civil.Period
}

// Slug turns a name into the upper-case form used inside IDs: letters and
// digits are kept (accents are not folded), every other run of characters
// becomes a single underscore, and leading or trailing underscores are
// dropped. "St. Louis Park" becomes "ST_LOUIS_PARK".
func Slug(name string) string {
	var b strings.Builder
	pending := false
	for _, r := range strings.ToUpper(name) {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r > 127 {
			if pending && b.Len() > 0 {
				b.WriteByte('_')
			}
			pending = false
			b.WriteRune(r)
			continue
		}
		pending = true
	}
	return b.String()
}
