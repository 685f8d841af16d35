package taxreg

import "strings"

// Scheme is one of the EU's special VAT schemes whose own identification
// numbers ValidateScheme checks: the numbers the member state of
// identification gives a trader for the scheme, which are no member
// state's VAT numbers and fail Validate.
type Scheme string

const (
	// SchemeImport is the Import One Stop Shop (IOSS, VAT Directive
	// 2006/112/EC, articles 369l to 369x; article 369q(3) has the member
	// state of identification give the trader an individual number for
	// the scheme). Its numbers have the form IMxxxyyyyyyz: the prefix IM,
	// xxx the three-digit ISO 3166-1 numeric code of the member state of
	// identification, yyyyyy six digits that state gives, z a check digit.
	SchemeImport Scheme = "Import One Stop Shop"
	// SchemeNonUnion is the non-Union scheme (articles 358 to 369, for
	// traders not established in the EU; article 362 has the member state
	// of identification give the trader an individual number). Its
	// numbers have the form EUxxxyyyyyz: the prefix EU, xxx the
	// three-digit ISO 3166-1 numeric code of the member state of
	// identification, yyyyy five digits that state gives, z a check digit.
	SchemeNonUnion Scheme = "Non-Union Scheme"
)

// memberStateNumeric maps the member states of the EU, by the alpha-2
// codes Validate takes ("EL" for Greece too), to their ISO 3166-1
// numeric codes, which a scheme number carries for its member state of
// identification.
var memberStateNumeric = map[string]string{
	"AT": "040", "BE": "056", "BG": "100", "HR": "191", "CY": "196", "CZ": "203", "DK": "208",
	"EE": "233", "FI": "246", "FR": "250", "DE": "276", "GR": "300", "EL": "300", "HU": "348",
	"IE": "372", "IT": "380", "LV": "428", "LT": "440", "LU": "442", "MT": "470", "NL": "528",
	"PL": "616", "PT": "620", "RO": "642", "SK": "703", "SI": "705", "ES": "724", "SE": "752",
}

// ValidateScheme checks the syntax of a number that the member state of
// identification state (an ISO 3166-1 alpha-2 code; "EL" for Greece) gave
// a trader for scheme, as a user typed it: with or without its prefix,
// with the separators Validate drops, in any case. The number must
// have the scheme's form (SchemeImport, SchemeNonUnion) and, when state
// is a member state of the EU, carry its numeric code; for any other
// state (the United Kingdom's HMRC, "XI", identifies traders for the
// Import One Stop Shop in Northern Ireland under a code Levy does not
// know) or none, the form alone is checked. The check digit's algorithm
// is in the Commission's technical specifications for the schemes, which
// are not published, so it is not checked. Normalized is the prefix and
// the digits. An unknown scheme is InfoValidationNotAvailable.
// ValidateScheme never panics.
//
// Sources: VAT Directive 2006/112/EC, articles 362 and 369q(3), as
// amended by Council Directive (EU) 2017/2455,
// https://eur-lex.europa.eu/eli/dir/2017/2455/oj (the member state of
// identification gives the trader an individual VAT identification
// number for the scheme). The forms EUxxxyyyyyz and IMxxxyyyyyyz are
// those of the numbers issued under the schemes; Levy took them from
// secondary references (descriptions of the Commission's numbering),
// not from a published text of the Commission.
func ValidateScheme(scheme Scheme, state, number string) Result {
	var prefix string
	var digits int
	switch scheme {
	case SchemeImport:
		prefix, digits = "IM", 10
	case SchemeNonUnion:
		prefix, digits = "EU", 9
	default:
		return Result{Normalized: clean(number), Info: InfoValidationNotAvailable}
	}
	cleaned := clean(number)
	body := strings.TrimPrefix(cleaned, prefix)
	invalid := Result{Normalized: prefix + body, Info: InfoSyntaxInvalid}
	if len(cleaned) > maxInput || !isASCII(cleaned) || !isDigitsN(body, digits) {
		return invalid
	}
	if want, member := memberStateNumeric[strings.ToUpper(strings.TrimSpace(state))]; member && body[:3] != want {
		return invalid
	}
	return Result{IsSyntaxValid: true, Normalized: prefix + body, Info: InfoSyntaxValid}
}
