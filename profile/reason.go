package profile

import "strings"

// Reason is a reason for an exemption that a certificate may give.
type Reason struct {
	Code        string
	Description string
}

// Reasons are the reasons for exemption of the Streamlined Sales Tax
// Certificate of Exemption (SSTGB Form F0003, as revised 2021-12-21), the
// multistate form that the member states accept, by the letter the form
// gives each. A certificate's reason code is one of these letters or a
// code of the wire (see NormalizeReason).
var Reasons = []Reason{
	{"A", "Federal government"},
	{"B", "State or local government"},
	{"C", "Tribal government"},
	{"D", "Foreign diplomat"},
	{"E", "Charitable organization"},
	{"F", "Religious organization"},
	{"G", "Resale"},
	{"H", "Agricultural production"},
	{"I", "Industrial production or manufacturing"},
	{"J", "Direct pay permit"},
	{"K", "Direct mail"},
	{"L", "Other"},
	{"M", "Educational organization"},
}

// ResaleReason is the SST reason letter of a sale for resale (Reasons).
const ResaleReason = "G"

// NormalizeReason returns the stored form of a certificate's reason code
// and whether s is one:
//
//   - an SST reason, a letter A to M (Reasons), in either case: stored
//     upper-case;
//   - a code of the v2 wire's exemptionReasonCode, whose documentation
//     (the OpenAPI description of CustomerType.exemptionReasonCode and of
//     the reasonCode of overrides) lists no values but says that codes
//     are four digits, a standard single-digit code padded to four: four
//     ASCII digits, stored as they are, or one digit, stored padded
//     ("3" becomes "0003").
//
// Surrounding spaces are ignored.
func NormalizeReason(s string) (string, bool) {
	s = strings.TrimSpace(s)
	switch {
	case len(s) == 1 && (s[0] >= 'A' && s[0] <= 'M' || s[0] >= 'a' && s[0] <= 'm'):
		return strings.ToUpper(s), true
	case len(s) == 1 && isDigits(s):
		return "000" + s, true
	case len(s) == 4 && isDigits(s):
		return s, true
	}
	return "", false
}

// ReasonText returns the description of an SST reason letter, or "" for
// any other code.
func ReasonText(code string) string {
	for _, r := range Reasons {
		if r.Code == code {
			return r.Description
		}
	}
	return ""
}

// isDigits reports whether s is made of ASCII digits only (and is not
// empty).
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
