package ubl

import (
	"fmt"
	"slices"
	"unicode"
	"unicode/utf8"
)

// easCodes lists the Electronic Address Scheme (EAS) codes that Levy
// accepts as the schemeID of an electronic address (cbc:EndpointID).
var easCodes = []string{
	"0002", "0007", "0009", "0037", "0060", "0088", "0096", "0097",
	"0106", "0130", "0135", "0142", "0147", "0151", "0154", "0158",
	"0170", "0183", "0184", "0188", "0190", "0191", "0192", "0193",
	"0194", "0195", "0196", "0198", "0199", "0200", "0201", "0202",
	"0203", "0204", "0205", "0208", "0209", "0210", "0211", "0212",
	"0213", "0215", "0216", "0217", "0218", "0221", "0225", "0230",
	"0235",
	"9901", "9910", "9913", "9914", "9915", "9918", "9919", "9920",
	"9922", "9923", "9924", "9925", "9926", "9927", "9928", "9929",
	"9930", "9931", "9932", "9933", "9934", "9935", "9936", "9937",
	"9938", "9939", "9940", "9941", "9942", "9943", "9944", "9945",
	"9946", "9947", "9948", "9949", "9950", "9951", "9952", "9953",
	"9957", "9959",
}

// KnownScheme reports whether scheme is an EAS code Levy accepts as the
// scheme of an electronic address.
func KnownScheme(scheme string) bool {
	_, ok := slices.BinarySearch(easCodes, scheme)
	return ok
}

// MaxParticipantLength is the longest identifier value Levy accepts in an
// electronic address.
const MaxParticipantLength = 50

// ParticipantError says why an electronic address is not valid.
type ParticipantError struct {
	Code   string // "BR-CL-25", "PEPPOL-COMMON-R040", "PEPPOL-COMMON-R041", "PEPPOL-COMMON-R043" or "PARTICIPANT"
	Scheme string
	ID     string
	Reason string
}

func (e *ParticipantError) Error() string {
	return fmt.Sprintf("ubl: %s: electronic address %s:%s: %s", e.Code, e.Scheme, e.ID, e.Reason)
}

// ValidateParticipant checks an electronic address: the scheme must be a
// known EAS code and the identifier must have the form its scheme defines,
// check digit included. It returns nil or a *ParticipantError.
//
// The schemes checked in depth are 0088 (GS1 GLN: 13 digits, GS1 mod 10),
// 0060 (DUNS: 9 digits), 0192 (Norwegian organisation number: 9 digits,
// mod 11), 0208 (Belgian enterprise number: 10 digits, mod 97), 0007
// (Swedish organisation number: 10 digits, Luhn) and 0184 (Danish CVR: 8
// digits, mod 11). For the others, the identifier must be printable, without
// spaces, and at most MaxParticipantLength characters long.
func ValidateParticipant(scheme, id string) error {
	fail := func(code, format string, args ...any) error {
		return &ParticipantError{Code: code, Scheme: scheme, ID: id, Reason: fmt.Sprintf(format, args...)}
	}
	if !KnownScheme(scheme) {
		return fail("BR-CL-25", "scheme %s is not a known Electronic Address Scheme (EAS) code", quote(scheme))
	}
	if id == "" {
		return fail("PARTICIPANT", "the identifier is empty")
	}
	if n := utf8.RuneCountInString(id); n > MaxParticipantLength {
		return fail("PARTICIPANT", "the identifier has %d characters, more than the %d allowed", n, MaxParticipantLength)
	}
	for _, r := range id {
		if unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return fail("PARTICIPANT", "the identifier contains a space or a control character")
		}
	}
	switch scheme {
	case "0088":
		if !validGLN(id) {
			return fail("PEPPOL-COMMON-R040", "%s is not a GLN: 13 digits whose last is the GS1 check digit%s", id, expected(id, 13, glnCheck))
		}
	case "0060":
		if !isDigits(id, 9, 9) {
			return fail("PARTICIPANT", "%s is not a DUNS number of 9 digits", id)
		}
	case "0192":
		if !validNorwegianOrg(id) {
			return fail("PEPPOL-COMMON-R041", "%s is not a Norwegian organisation number: 9 digits whose last is the mod 11 check digit%s", id, expected(id, 9, norwegianCheck))
		}
	case "0208":
		if !validBelgianEnterprise(id) {
			return fail("PEPPOL-COMMON-R043", "%s is not a Belgian enterprise number: 10 digits whose last two are 97 minus the first eight modulo 97%s", id, expected(id, 10, belgianCheck))
		}
	case "0007":
		if !validSwedishOrg(id) {
			return fail("PARTICIPANT", "%s is not a Swedish organisation number: 10 digits whose last is the Luhn check digit%s", id, expected(id, 10, luhnCheck))
		}
	case "0184":
		if !validDanishCVR(id) {
			return fail("PARTICIPANT", "%s is not a Danish CVR number: 8 digits whose weighted sum (2 7 6 5 4 3 2 1) is a multiple of 11", id)
		}
	}
	return nil
}

// expected tells which check digits would make id valid, when id has the
// right length and only digits; check computes them from the digits
// before them and returns "" when none fits.
func expected(id string, length int, check func(string) string) string {
	if !isDigits(id, length, length) {
		return ""
	}
	want := check(id)
	if want == "" {
		return "; no check digit makes it valid"
	}
	return fmt.Sprintf(" (%s expected, %s found)", want, id[length-len(want):])
}

// digit returns the value of the ASCII digit s[i].
func digit(s string, i int) int { return int(s[i] - '0') }

// glnCheck returns the GS1 check digit of the first 12 digits of s.
func glnCheck(s string) string {
	sum := 0
	for i := range 12 {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += w * digit(s, i)
	}
	return fmt.Sprint((10 - sum%10) % 10)
}

// validGLN reports whether s is a GS1 Global Location Number: 13 digits,
// the last a mod 10 check digit over the others weighted 3 and 1 from the
// right.
func validGLN(s string) bool {
	return isDigits(s, 13, 13) && glnCheck(s) == s[12:]
}

// norwegianCheck returns the mod 11 check digit of the first 8 digits of
// s, or "" when the remainder leaves none.
func norwegianCheck(s string) string {
	weights := [8]int{3, 2, 7, 6, 5, 4, 3, 2}
	sum := 0
	for i, w := range weights {
		sum += w * digit(s, i)
	}
	c := 11 - sum%11
	switch c {
	case 11:
		return "0"
	case 10:
		return ""
	}
	return fmt.Sprint(c)
}

// validNorwegianOrg reports whether s is a Norwegian organisation number:
// 9 digits, the last a mod 11 check digit with weights 3 2 7 6 5 4 3 2.
func validNorwegianOrg(s string) bool {
	return isDigits(s, 9, 9) && norwegianCheck(s) != "" && norwegianCheck(s) == s[8:]
}

// belgianCheck returns the two check digits of the first 8 digits of s.
func belgianCheck(s string) string {
	n := 0
	for i := range 8 {
		n = n*10 + digit(s, i)
	}
	return fmt.Sprintf("%02d", 97-n%97)
}

// validBelgianEnterprise reports whether s is a Belgian enterprise number:
// 10 digits, the last two equal to 97 minus the first eight modulo 97.
func validBelgianEnterprise(s string) bool {
	return isDigits(s, 10, 10) && belgianCheck(s) == s[8:]
}

// luhnCheck returns the Luhn check digit of the first 9 digits of s.
func luhnCheck(s string) string {
	sum := 0
	for i := range 9 {
		d := digit(s, i)
		if i%2 == 0 { // doubled: the digits at odd distance from the check digit
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return fmt.Sprint((10 - sum%10) % 10)
}

// validSwedishOrg reports whether s is a Swedish organisation number: 10
// digits, the last a Luhn check digit.
func validSwedishOrg(s string) bool {
	return isDigits(s, 10, 10) && luhnCheck(s) == s[9:]
}

// validDanishCVR reports whether s is a Danish CVR number: 8 digits whose
// sum weighted 2 7 6 5 4 3 2 1 is a multiple of 11.
func validDanishCVR(s string) bool {
	if !isDigits(s, 8, 8) {
		return false
	}
	weights := [8]int{2, 7, 6, 5, 4, 3, 2, 1}
	sum := 0
	for i, w := range weights {
		sum += w * digit(s, i)
	}
	return sum%11 == 0
}
