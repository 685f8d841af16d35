package taxreg

// Kinds of numbers of identity that ValidateIdentity takes: the wire's
// taxRegistrationType of a number that identifies a person rather than
// registers it for a VAT.
const (
	// KindCommercialRegistration is the number of a register of
	// companies (Denmark's CVR, Germany's Handelsregister).
	KindCommercialRegistration = "Commercial Registration"
	// KindTIN is a general tax identification number.
	KindTIN = "Tax Identification Number (TIN)"
)

// tinCountries are the countries whose numbers Validate checks that are
// the country's tax identification number itself, which registers for
// its VAT too: Argentina's CUIT (Clave Única de Identificación
// Tributaria), Brazil's CNPJ and CPF, Kazakhstan's BIN and IIN, Peru's
// RUC (Registro Único de Contribuyentes), Serbia's PIB (poreski
// identifikacioni broj), Russia's INN and Turkey's vergi kimlik numarası.
var tinCountries = map[string]bool{"AR": true, "BR": true, "KZ": true, "PE": true, "RS": true, "RU": true, "TR": true}

// ValidateIdentity checks a number of identity of kind (a Commercial
// Registration, a FEIN, an SSN, a TIN: the wire's taxRegistrationType)
// in country as what it is, never as a VAT number it is not:
//
//   - Denmark's Commercial Registration, the CVR number: 8 digits whose
//     check is the Danish VAT number's (which is DK and the CVR number,
//     or an SE number of the same form), written with or without DK. Its
//     canonical form is the 8 digits, without DK: a CVR number is no VAT
//     number.
//   - Iceland's Commercial Registration, the kennitala: 10 digits, the
//     last of which is the century (8, 9 or 0), written with or without
//     the dash after the sixth (DDMMYY-NNNN). Its canonical form is the
//     10 digits. The ninth digit was a check digit (modulus 11 over the
//     first eight, weights 3, 2, 7, 6, 5, 4, 3, 2), which is not checked
//     (validIS says why).
//   - A Tax Identification Number of a country whose number Validate
//     checks is that tax identification number (tinCountries: Argentina's
//     CUIT, Brazil's CNPJ): checked and written as Validate does.
//
// Any other number of identity (a German trade register number, a United
// States FEIN, an Italian codice fiscale given as a TIN) is not checked:
// Info is InfoValidationNotAvailable and Normalized the cleaned input,
// with no VAT prefix added. ValidateIdentity never panics.
func ValidateIdentity(kind, country, number string) Result {
	cleaned := clean(number)
	switch {
	case kind == KindCommercialRegistration && country == "DK":
		body := cleaned
		if len(body) == 10 && body[:2] == "DK" {
			body = body[2:]
		}
		if len(cleaned) <= maxInput && isASCII(body) && validDK(body) {
			return Result{IsSyntaxValid: true, Normalized: body, Info: InfoSyntaxValid}
		}
		return Result{Normalized: body, Info: InfoSyntaxInvalid}
	case kind == KindCommercialRegistration && country == "IS":
		if len(cleaned) <= maxInput && validIS(cleaned) {
			return Result{IsSyntaxValid: true, Normalized: cleaned, Info: InfoSyntaxValid}
		}
		return Result{Normalized: cleaned, Info: InfoSyntaxInvalid}
	case kind == KindTIN && tinCountries[country]:
		return Validate(country, number)
	}
	return Result{Normalized: cleaned, Info: InfoValidationNotAvailable}
}

// validIS reports whether s is an Icelandic kennitala in its canonical
// form: 10 digits, the last the century of the birth or the founding (8
// for the 1800s, 9 for the 1900s, 0 for the 2000s).
//
// Registers Iceland (Þjóðskrá Íslands) describes the number at
// https://skra.is/folk/eg-i-thjodskra/um-kennitolur: six digits of the
// day of birth (DDMMYY; a legal entity's day of founding with 4 added to
// its first digit), two digits of sequence, a check digit computed by
// modulus 11 over the first eight with the weights 3, 2, 7, 6, 5, 4, 3,
// 2, and the century as the tenth. It also announced
// (https://www.skra.is/folk/eg-i-thjodskra/um-kennitolur/kennitolur-an-vartolu)
// that from 18 February 2026 every kennitala it issues, system numbers
// and those of persons in the national register alike, has no computed
// check digit and so fails the check, and asked that systems stop
// checking it so that they do not refuse new numbers. Levy therefore
// checks the form and the century alone: a kennitala issued since then
// is valid, as is every older one.
func validIS(s string) bool {
	if !isDigitsN(s, 10) {
		return false
	}
	switch s[9] {
	case '8', '9', '0':
		return true
	}
	return false
}
