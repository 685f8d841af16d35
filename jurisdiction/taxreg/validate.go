package taxreg

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The values of Result.Info, as the wire's TaxRegistrationValidationResult
// carries them.
const (
	// InfoSyntaxValid: the number has the country's format and its check
	// digits are right.
	InfoSyntaxValid = "TAX_NUMBER_SYNTAX_VALID"
	// InfoSyntaxInvalid: the number breaks the country's format or its
	// check digits are wrong.
	InfoSyntaxInvalid = "TAX_NUMBER_SYNTAX_INVALID"
	// InfoValidationNotAvailable: the package does not validate numbers of
	// the country.
	InfoValidationNotAvailable = "TAX_NUMBER_VALIDATION_NOT_AVAILABLE"
)

// Result is the outcome of Validate.
type Result struct {
	// IsSyntaxValid is true if and only if Info is InfoSyntaxValid.
	IsSyntaxValid bool
	// Normalized is the number in its canonical form: the country's VAT
	// prefix followed by the number in upper case without separators
	// ("DE136695976", "EL094012834", "CHE432825998MWST"). When the number
	// is invalid it is the cleaned input, prefixed the same way; when the
	// country is not covered it is the cleaned input as it is.
	Normalized string
	// Info is one of InfoSyntaxValid, InfoSyntaxInvalid and
	// InfoValidationNotAvailable.
	Info string
}

// maxInput bounds the length of the number Validate looks at; no tax
// registration number comes near it, and longer input is invalid.
const maxInput = 64

// rule is how one country's numbers are validated.
type rule struct {
	// canon is the prefix of Result.Normalized: the country's VAT prefix.
	canon string
	// prefixes are the prefixes a number may carry in the input, longest
	// first; they are stripped before check sees the number.
	prefixes []string
	// check validates the number without its prefix (upper case, no
	// separators) and returns its canonical form without the prefix.
	check func(body string) (string, bool)
}

// rules holds the covered countries by the codes Validate accepts. It is
// filled by the init functions of the country files and never written
// afterwards.
var rules = map[string]rule{}

// register adds the rule for code; prefixes default to the canonical one.
func register(code, canon string, check func(string) (string, bool), prefixes ...string) {
	if len(prefixes) == 0 {
		prefixes = []string{canon}
	}
	rules[code] = rule{canon: canon, prefixes: prefixes, check: check}
}

// Validate checks the syntax and the check digits of the tax registration
// number of country, an ISO 3166-1 alpha-2 code ("EL" is accepted for
// Greece and "XI" for Northern Ireland). The number may carry the country
// prefix and contain spaces, dots, dashes, slashes, colons and
// parentheses, in any case.
//
// For a country the package does not cover, Info is
// InfoValidationNotAvailable. Validate never panics.
func Validate(country, number string) Result {
	cleaned := clean(number)
	r, ok := rules[strings.ToUpper(strings.TrimSpace(country))]
	if !ok {
		return Result{Normalized: cleaned, Info: InfoValidationNotAvailable}
	}
	body, prefixed := cleaned, false
	for _, p := range r.prefixes {
		if strings.HasPrefix(cleaned, p) {
			body, prefixed = cleaned[len(p):], true
			break
		}
	}
	invalid := Result{Normalized: r.canon + body, Info: InfoSyntaxInvalid}
	if len(cleaned) > maxInput || !isASCII(cleaned) {
		return invalid
	}
	norm, valid := r.check(body)
	if !valid && prefixed {
		// What looked like a prefix may be the start of the number (a
		// French key "FR", a Brazilian alphanumeric CNPJ).
		norm, valid = r.check(cleaned)
	}
	if !valid {
		return invalid
	}
	return Result{IsSyntaxValid: true, Normalized: r.canon + norm, Info: InfoSyntaxValid}
}

// PrefixCountry returns the code of the country whose VAT prefix number
// is written with, when number is a valid number of that country under
// it ("DE" for "de 136.695.976", "EL" for "EL094012834", "XI" for
// "XI000472631", "CH" for "CHE-432.825.998 MWST"): the code Validate
// takes for it, which names the registration's country when the
// registration names none. It returns "" for a number without such a
// prefix, or one that is not valid under it.
func PrefixCountry(number string) string {
	cleaned := clean(number)
	if len(cleaned) < 2 {
		return ""
	}
	code := cleaned[:2]
	if _, ok := rules[code]; !ok || !Validate(code, number).IsSyntaxValid {
		return ""
	}
	return code
}

// Covered returns the ISO 3166-1 alpha-2 codes of the countries whose
// numbers Validate checks, sorted. The aliases "EL" (Greece) and "XI"
// (Northern Ireland) are accepted by Validate but not listed.
func Covered() []string {
	codes := make([]string, 0, len(rules))
	for code := range rules {
		if code == "EL" || code == "XI" {
			continue
		}
		codes = append(codes, code)
	}
	slices.Sort(codes)
	return codes
}

// clean upper-cases the ASCII letters of s and drops white space, dots,
// dashes, slashes, colons and parentheses: the separators numbers are
// printed with, a colon after the prefix ("DK: 21599336") and the
// parentheses around a Belgian number's optional leading 0 ("BE
// (0)468.561.072") among them. No number has any of them in its
// canonical form.
func clean(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case unicode.IsSpace(r), r == '.', r == '-', r == '/', r == ':', r == '(', r == ')',
			r == '\u2010', r == '\u2011', r == '\u2012', r == '\u2013', r == '\u2014':
			continue
		case r >= 'a' && r <= 'z':
			// ASCII only: unicode.ToUpper would turn 'ſ' into 'S'.
			b.WriteByte(byte(r - 'a' + 'A'))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Helpers shared by the country files. They take ASCII strings.

// isDigits reports whether s is non-empty and all ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isDigitsN reports whether s is n ASCII digits.
func isDigitsN(s string, n int) bool { return len(s) == n && isDigits(s) }

// isUpper reports whether c is an ASCII upper-case letter.
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// dig returns the value of the digit s[i].
func dig(s string, i int) int { return int(s[i] - '0') }

// atoi returns the value of the digit string s (short enough not to
// overflow).
func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + dig(s, i)
	}
	return n
}

// weighted returns the sum of the digits of s times weights, pairwise, over
// the shorter of the two.
func weighted(s string, weights ...int) int {
	sum := 0
	for i := 0; i < len(s) && i < len(weights); i++ {
		sum += dig(s, i) * weights[i]
	}
	return sum
}

// modDigits returns the value of the digit string s modulo m, for any length.
func modDigits(s string, m int) int {
	r := 0
	for i := 0; i < len(s); i++ {
		r = (r*10 + dig(s, i)) % m
	}
	return r
}

// luhn reports whether the digit string s passes the Luhn check.
func luhn(s string) bool {
	sum := 0
	for i := len(s) - 1; i >= 0; i-- {
		d := dig(s, i)
		if (len(s)-1-i)%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// mod11x10 reports whether the digit string s ends with the check digit of
// ISO 7064 MOD 11,10 over the digits before it.
func mod11x10(s string) bool {
	p := 10
	for i := 0; i < len(s)-1; i++ {
		t := (dig(s, i) + p) % 10
		if t == 0 {
			t = 10
		}
		p = 2 * t % 11
	}
	return (11-p)%10 == dig(s, len(s)-1)
}

// mod11 returns 11 minus the weighted sum of s modulo 11: the usual
// "modulus 11" check value, between 1 and 11.
func mod11(s string, weights ...int) int {
	return 11 - weighted(s, weights...)%11
}

// validDate reports whether y-m-d is a date of the Gregorian calendar.
func validDate(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days
}

// same returns a check function that accepts body when ok does and keeps it
// as it is.
func same(ok func(string) bool) func(string) (string, bool) {
	return func(body string) (string, bool) { return body, ok(body) }
}
