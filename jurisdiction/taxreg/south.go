package taxreg

// Southern Europe: Cyprus, Greece, Italy, Malta, Portugal, Spain.

func init() {
	register("CY", "CY", same(validCY))
	register("ES", "ES", same(validES))
	register("GR", "EL", checkGR, "EL", "GR")
	register("EL", "EL", checkGR, "EL", "GR")
	register("IT", "IT", same(validIT))
	register("MT", "MT", same(validMT))
	register("PT", "PT", same(validPT))
}

// validCY: the Αριθμός Εγγραφής ΦΠΑ, the Tax Identification Number (TIN)
// of the registrant: 8 digits and a check letter. The first digit is 0,
// 1, 3, 4, 5 or 9, or 6 for every TIN the Tax Department has given since
// 27 March 2023 (Cyprus Tax Department, "New format of the Tax
// Identification Number", announcement of 4 May 2023,
// https://www.mof.gov.cy/mof/TAX/taxdep.nsf/All/A030E6F71B1D5F9AC22589A500453380?OpenDocument:
// nine characters, eight digits and a Latin control letter, all new ones
// starting with 6); the number does not start with 12. The digits in odd
// positions (1st, 3rd, ...) count 1,0,5,7,9,13,15,17,19,21 for 0 to 9,
// those in even positions their value; the letter is the sum modulo 26
// (A for 0), in both formats.
func validCY(body string) bool {
	if len(body) != 9 || !isDigits(body[:8]) || !isUpper(body[8]) {
		return false
	}
	switch body[0] {
	case '0', '1', '3', '4', '5', '6', '9':
	default:
		return false
	}
	if body[:2] == "12" {
		return false
	}
	odd := [10]int{1, 0, 5, 7, 9, 13, 15, 17, 19, 21}
	sum := 0
	for i := 0; i < 8; i++ {
		if i%2 == 0 {
			sum += odd[dig(body, i)]
		} else {
			sum += dig(body, i)
		}
	}
	return body[8] == byte('A'+sum%26)
}

// dniLetters are the check letters of the Spanish DNI, by the number
// modulo 23.
const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE"

// validES: the NIF-IVA, 9 characters, one of
//   - a DNI: 8 digits and the letter of the number modulo 23;
//   - a NIE: X, Y or Z (standing for 0, 1, 2), 7 digits and the DNI letter
//     of the 8 digits;
//   - a NIF of a person without DNI or NIE: K, L or M, 7 digits and the DNI
//     letter of the 7 digits;
//   - a NIF of an entity (the former CIF): a letter of ABCDEFGHJNPQRSUVW for
//     the kind of entity, 7 digits and a check character. Of the 7 digits,
//     those in even positions are added, those in odd positions doubled
//     with the digits of the product added; the check digit is 10 minus the
//     sum modulo 10, and the check letter the one of JABCDEFGHI at that
//     index. Entities P, Q and S, and non-resident entities (whose 7
//     digits start with 00), have a check letter; other entities A, B, E
//     and H a check digit; the rest either.
func validES(body string) bool {
	if len(body) != 9 {
		return false
	}
	first, last := body[0], body[8]
	switch {
	case isDigits(body[:8]):
		return last == dniLetters[atoi(body[:8])%23]
	case first == 'X' || first == 'Y' || first == 'Z':
		if !isDigits(body[1:8]) {
			return false
		}
		n := int(first-'X')*10000000 + atoi(body[1:8])
		return last == dniLetters[n%23]
	case first == 'K' || first == 'L' || first == 'M':
		return isDigits(body[1:8]) && last == dniLetters[atoi(body[1:8])%23]
	}
	if indexByte("ABCDEFGHJNPQRSUVW", first) < 0 || !isDigits(body[1:8]) {
		return false
	}
	sum := 0
	for i := 1; i <= 7; i++ {
		v := dig(body, i)
		if i%2 == 1 {
			v *= 2
			v = v/10 + v%10
		}
		sum += v
	}
	c := (10 - sum%10) % 10
	digit, letter := last == byte('0'+c), last == "JABCDEFGHI"[c]
	switch {
	case first == 'P' || first == 'Q' || first == 'S' || body[1:3] == "00":
		return letter
	case first == 'A' || first == 'B' || first == 'E' || first == 'H':
		return digit
	}
	return digit || letter
}

// checkGR: the ΑΦΜ, 9 digits (older 8-digit numbers take a leading 0); the
// last is the sum of the first eight weighted 256,128,...,2 modulo 11,
// modulo 10. The VAT prefix is EL.
func checkGR(body string) (string, bool) {
	if len(body) == 8 {
		body = "0" + body
	}
	if !isDigitsN(body, 9) {
		return body, false
	}
	return body, weighted(body, 256, 128, 64, 32, 16, 8, 4, 2)%11%10 == dig(body, 8)
}

// validIT: the partita IVA, 11 digits: 7 for the taxpayer (not all zero),
// 3 for the tax office (001 to 100, 120, 121, 888 or 999) and a Luhn check
// digit over all of them.
func validIT(body string) bool {
	if !isDigitsN(body, 11) || atoi(body[:7]) == 0 {
		return false
	}
	office := atoi(body[7:10])
	if (office < 1 || office > 100) && office != 120 && office != 121 && office != 888 && office != 999 {
		return false
	}
	return luhn(body)
}

// validMT: the VAT number, 8 digits not starting with 0 whose sum weighted
// 3,4,6,7,8,9,10,1 is a multiple of 37.
func validMT(body string) bool {
	return isDigitsN(body, 8) && body[0] != '0' && weighted(body, 3, 4, 6, 7, 8, 9, 10, 1)%37 == 0
}

// validPT: the NIF, 9 digits not starting with 0; the last is 11 minus the
// sum weighted 9,8,...,2 modulo 11, or 0 when that is 10 or 11.
func validPT(body string) bool {
	if !isDigitsN(body, 9) || body[0] == '0' {
		return false
	}
	c := mod11(body, 9, 8, 7, 6, 5, 4, 3, 2)
	if c >= 10 {
		c = 0
	}
	return c == dig(body, 8)
}
