package taxreg

// Countries outside the European Union and the United Kingdom whose
// numbers have public check digits.

func init() {
	register("AR", "AR", same(validAR))
	register("AU", "AU", same(validAU))
	register("BR", "BR", same(validBR))
	register("CH", "CHE", same(validCH), "CHE", "CH")
	register("KZ", "KZ", same(validKZ))
	register("PE", "PE", same(validPE))
	register("RS", "RS", same(validRS))
	register("RU", "RU", same(validRU))
	register("TR", "TR", same(validTR))
}

// validAR: the CUIT, 11 digits; the last is 11 minus the sum weighted
// 5,4,3,2,7,6,5,4,3,2 modulo 11, 0 for 11. A result of 10 is never issued:
// AFIP changes the type prefix instead (20 or 27 to 23, 30 to 33).
func validAR(body string) bool {
	if !isDigitsN(body, 11) {
		return false
	}
	c := mod11(body, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2)
	if c == 11 {
		c = 0
	}
	return c == dig(body, 10)
}

// validAU: the ABN, 11 digits; with 1 taken from the first digit, the sum
// weighted 10,1,3,5,...,19 is a multiple of 89. A GST branch (a part of
// an entity the ATO registered for GST on its own) is the entity's ABN
// followed by its 3-digit branch number, which carries no check digit:
// the ATO says an entity may quote such a 14-digit number, "their ABN
// plus a GST Branch Registration number" (GST issues register, primary
// production, 1.1.1, https://www.ato.gov.au/law/view/view.htm?PiT=99991231235958&docid=GIR%2Fprimary-production-payg-ch1).
// The branch number is kept in the canonical form, as a United Kingdom
// branch trader's is.
func validAU(body string) bool {
	if len(body) == 14 && isDigits(body[11:]) {
		body = body[:11]
	}
	if !isDigitsN(body, 11) || body[0] == '0' {
		return false
	}
	return (weighted(body, 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19)-10)%89 == 0
}

// validBR: the CNPJ of a company (14 characters) or the CPF of a person
// (11 digits).
//
// The CNPJ has 12 characters and 2 check digits, each 11 minus the sum of
// the characters before it weighted 2 to 9 from the right (cycling) modulo
// 11, or 0 when the remainder is below 2. In the alphanumeric CNPJ issued
// from July 2026 (IN RFB 2.229/2024) the 12 characters may be upper-case
// letters, which count their ASCII code minus 48.
//
// The CPF has 9 digits and 2 check digits computed the same way with
// weights 2, 3, 4, ... from the right. Numbers of one repeated digit are
// not issued.
func validBR(body string) bool {
	switch len(body) {
	case 14:
		for i := 0; i < 12; i++ {
			if !isUpper(body[i]) && !isDigits(body[i:i+1]) {
				return false
			}
		}
		if !isDigits(body[12:]) || body == "00000000000000" {
			return false
		}
		return brCheck(body[:12], 9) == dig(body, 12) && brCheck(body[:13], 9) == dig(body, 13)
	case 11:
		if !isDigits(body) || body == repeat(body[0], 11) {
			return false
		}
		return brCheck(body[:9], 11) == dig(body, 9) && brCheck(body[:10], 11) == dig(body, 10)
	}
	return false
}

// brCheck returns the Brazilian check digit of s: weights 2 to max from the
// right, cycling; characters count their ASCII code minus 48.
func brCheck(s string, max int) int {
	sum, w := 0, 2
	for i := len(s) - 1; i >= 0; i-- {
		sum += int(s[i]-'0') * w
		if w++; w > max {
			w = 2
		}
	}
	if r := sum % 11; r >= 2 {
		return 11 - r
	}
	return 0
}

func repeat(c byte, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return string(b)
}

// validCH: the UID (CHE and 9 digits) as a MWST/TVA/IVA number; the last
// digit is 11 minus the sum weighted 5,4,3,2,7,6,5,4 modulo 11, 0 for 11
// (10 is never issued). The VAT suffix MWST, TVA or IVA (German, French,
// Italian) is optional and kept in the canonical form when given.
func validCH(body string) bool {
	if len(body) > 9 {
		switch body[9:] {
		case "MWST", "TVA", "IVA":
			body = body[:9]
		default:
			return false
		}
	}
	if !isDigitsN(body, 9) {
		return false
	}
	c := mod11(body, 5, 4, 3, 2, 7, 6, 5, 4)
	if c == 11 {
		c = 0
	}
	return c == dig(body, 8)
}

// validKZ: the БИН of an organisation or ИИН of a person, 12 digits; the
// last is the sum weighted 1 to 11 modulo 11, or if that is 10 the sum
// weighted 3,4,...,11,1,2 modulo 11 (10 again is never issued).
func validKZ(body string) bool {
	if !isDigitsN(body, 12) {
		return false
	}
	r := weighted(body, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11) % 11
	if r == 10 {
		r = weighted(body, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2) % 11
	}
	return r == dig(body, 11)
}

// validPE: the RUC, 11 digits starting with the taxpayer type (10 for a
// person with a DNI, 15, 16 and 17 for other persons, 20 for a company);
// the last is 11 minus the sum weighted 5,4,3,2,7,6,5,4,3,2 modulo 11,
// modulo 10.
func validPE(body string) bool {
	if !isDigitsN(body, 11) {
		return false
	}
	switch body[:2] {
	case "10", "15", "16", "17", "20":
	default:
		return false
	}
	return mod11(body, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2)%10 == dig(body, 10)
}

// validRS: the PIB, 9 digits with an ISO 7064 MOD 11,10 check digit.
func validRS(body string) bool {
	return isDigitsN(body, 9) && mod11x10(body)
}

// validRU: the ИНН, 10 digits for an organisation, whose last is the sum
// weighted 2,4,10,3,5,9,4,6,8 modulo 11, modulo 10; or 12 digits for a
// person, whose 11th is the sum of the first 10 weighted
// 7,2,4,10,3,5,9,4,6,8 and 12th the sum of the first 11 weighted
// 3,7,2,4,10,3,5,9,4,6,8, each modulo 11, modulo 10.
func validRU(body string) bool {
	switch len(body) {
	case 10:
		return isDigits(body) && weighted(body, 2, 4, 10, 3, 5, 9, 4, 6, 8)%11%10 == dig(body, 9)
	case 12:
		return isDigits(body) &&
			weighted(body, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8)%11%10 == dig(body, 10) &&
			weighted(body, 3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8)%11%10 == dig(body, 11)
	}
	return false
}

// validTR: the vergi kimlik numarası of an organisation (10 digits) or the
// T.C. kimlik numarası of a citizen (11 digits, not starting with 0).
//
// For the VKN, each of the first nine digits d at position i (1 to 9) gives
// t = (d + 10 - i) mod 10 and then t × 2^(10-i) mod 9, or 9 when that is 0
// and t is not; the last digit is 10 minus the sum modulo 10.
//
// For the TCKN, the 10th digit is 7 times the sum of the odd-placed digits
// of the first nine minus the sum of the even-placed ones, modulo 10, and
// the 11th the sum of the first ten modulo 10.
func validTR(body string) bool {
	if !isDigits(body) {
		return false
	}
	switch len(body) {
	case 10:
		sum := 0
		for i := 1; i <= 9; i++ {
			t := (dig(body, i-1) + 10 - i) % 10
			v := t * (1 << (10 - i)) % 9
			if t != 0 && v == 0 {
				v = 9
			}
			sum += v
		}
		return (10-sum%10)%10 == dig(body, 9)
	case 11:
		if body[0] == '0' {
			return false
		}
		odd := dig(body, 0) + dig(body, 2) + dig(body, 4) + dig(body, 6) + dig(body, 8)
		even := dig(body, 1) + dig(body, 3) + dig(body, 5) + dig(body, 7)
		if ((7*odd-even)%10+10)%10 != dig(body, 9) {
			return false
		}
		return (odd+even+dig(body, 9))%10 == dig(body, 10)
	}
	return false
}
