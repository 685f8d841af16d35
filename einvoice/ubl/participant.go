package ubl

import "fmt"

// KnownScheme reports whether scheme is in the Electronic Address Scheme
// (EAS) code list of EN 16931 (BR-CL-25), the schemes an electronic
// address (cbc:EndpointID) may have.
func KnownScheme(scheme string) bool { return inList("BR-CL-25", scheme) }

// ParticipantError says why an electronic address is not valid.
type ParticipantError struct {
	// Code is the official rule: "BR-CL-25" (unknown scheme) or one of
	// PEPPOL-COMMON-R040 to R050 (the form of the identifier in its
	// scheme).
	Code   string
	Scheme string
	ID     string
	Reason string
	// Flag is Warning for the rules Peppol flags so (the Italian
	// schemes), Fatal otherwise.
	Flag Flag
}

// Error names the rule, the electronic address and the reason.
func (e *ParticipantError) Error() string {
	return fmt.Sprintf("ubl: %s: electronic address %s:%s: %s", e.Code, e.Scheme, e.ID, e.Reason)
}

// ValidateParticipant checks an electronic address as EN 16931 and Peppol
// BIS Billing 3.0 do: the scheme must be in the EAS code list (BR-CL-25)
// and, for the schemes Peppol checks, the identifier must have their form
// and check digits: 0088 GLN (digits, GS1 mod 10: PEPPOL-COMMON-R040),
// 0192 Norwegian organisation number (9 digits, mod 11: R041), 0184
// Danish CVR (8 digits, or DK and 8 digits: R042), 0208 Belgian
// enterprise number (10 digits, mod 97: R043), 0201 Italian IPA code
// (R044), 0210 and 9907 Italian fiscal code (R045, R046), 0211 and 9906
// Italian VAT number (R047, R048), 0007 Swedish organisation number (10
// digits, Luhn: R049) and 0151 Australian Business Number (R050). It
// returns nil or a *ParticipantError; Check reports the same rules with
// the rest.
func ValidateParticipant(scheme, id string) error {
	if !KnownScheme(scheme) {
		return &ParticipantError{Code: "BR-CL-25", Scheme: scheme, ID: id, Flag: Fatal,
			Reason: fmt.Sprintf("scheme %s is not in the Electronic Address Scheme (EAS) code list", quote(scheme))}
	}
	code, reason := participantRule(scheme, normalizeSpace(id), id, true)
	if code == "" {
		return nil
	}
	return &ParticipantError{Code: code, Scheme: scheme, ID: id, Reason: reason, Flag: flagOf(code)}
}

// participantRule applies the PEPPOL-COMMON rule of a scheme to an
// identifier (v normalized, raw as written) and returns the rule broken
// and why, or "" when the identifier passes. endpoint is true for an
// electronic address, where two Italian schemes are checked that are not
// checked elsewhere.
func participantRule(scheme, v, raw string, endpoint bool) (code, reason string) {
	switch scheme {
	case "0088":
		if !allDigits(v) || !glnOK(v) {
			return "PEPPOL-COMMON-R040", fmt.Sprintf("%s is not a GLN: digits whose last is the GS1 check digit", quote(v))
		}
	case "0192":
		if !isDigits(v, 9, 9) || !mod11OK(v) {
			return "PEPPOL-COMMON-R041", fmt.Sprintf("%s is not a Norwegian organisation number: 9 digits whose last is the mod 11 check digit", quote(v))
		}
	case "0184":
		if !(len(raw) == 10 && raw[:2] == "DK" && allDigits(raw[2:]) || len(raw) == 8 && allDigits(raw)) {
			space := ""
			if t := TrimXMLSpace(raw); t != raw && (len(t) == 10 && t[:2] == "DK" && allDigits(t[2:]) || len(t) == 8 && allDigits(t)) {
				space = " (the white space around it counts: write the number alone)"
			}
			return "PEPPOL-COMMON-R042", fmt.Sprintf("%s is not a Danish CVR number: 8 digits, or DK and 8 digits%s", quote(raw), space)
		}
	case "0208":
		if !isDigits(v, 10, 10) || !validBelgianEnterprise(v) {
			return "PEPPOL-COMMON-R043", fmt.Sprintf("%s is not a Belgian enterprise number: 10 digits whose last two are 97 minus the first eight modulo 97", quote(v))
		}
	case "0201":
		if len(v) != 6 || !alnum(v) {
			return "PEPPOL-COMMON-R044", fmt.Sprintf("%s is not an Italian IPA code of 6 letters and digits", quote(v))
		}
	case "0210":
		if !codiceFiscale(v) {
			return "PEPPOL-COMMON-R045", fmt.Sprintf("%s is not an Italian codice fiscale", quote(v))
		}
	case "9907":
		if endpoint && !codiceFiscale(v) {
			return "PEPPOL-COMMON-R046", fmt.Sprintf("%s is not an Italian codice fiscale", quote(v))
		}
	case "0211":
		if !partitaIVA(v) {
			return "PEPPOL-COMMON-R047", fmt.Sprintf("%s is not an Italian VAT number (partita IVA)", quote(v))
		}
	case "9906":
		if endpoint && !partitaIVA(v) {
			return "PEPPOL-COMMON-R048", fmt.Sprintf("%s is not an Italian VAT number (partita IVA)", quote(v))
		}
	case "0007":
		if len(v) != 10 || !allDigits(v) || !swedishOK(v) {
			return "PEPPOL-COMMON-R049", fmt.Sprintf("%s is not a Swedish organisation number: 10 digits whose last is the Luhn check digit", quote(v))
		}
	case "0151":
		if !isDigits(v, 11, 11) || !abnOK(v) {
			return "PEPPOL-COMMON-R050", fmt.Sprintf("%s is not an Australian Business Number: 11 digits passing the ABN check", quote(v))
		}
	}
	return "", ""
}

// belgianCheck returns the two check digits of the first 8 digits of s.
func belgianCheck(s string) string {
	n := 0
	for i := range 8 {
		n = n*10 + int(s[i]-'0')
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
		d := int(s[i] - '0')
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
