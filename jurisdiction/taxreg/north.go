package taxreg

// Northern Europe: Denmark, Estonia, Finland, Latvia, Lithuania, Norway,
// Sweden.

func init() {
	register("DK", "DK", same(validDK))
	register("EE", "EE", same(validEE))
	register("FI", "FI", same(validFI))
	register("LT", "LT", same(validLT))
	register("LV", "LV", same(validLV))
	register("NO", "NO", same(validNO))
	register("SE", "SE", same(validSE))
}

// validDK: the CVR-nummer, 8 digits not starting with 0, whose sum weighted
// 2,7,6,5,4,3,2,1 is a multiple of 11.
func validDK(body string) bool {
	return isDigitsN(body, 8) && body[0] != '0' && weighted(body, 2, 7, 6, 5, 4, 3, 2, 1)%11 == 0
}

// validEE: the KMKR number, 9 digits starting with 10; the last is 10
// minus the sum weighted 3,7,1,... modulo 10.
func validEE(body string) bool {
	return isDigitsN(body, 9) && body[:2] == "10" &&
		(10-weighted(body, 3, 7, 1, 3, 7, 1, 3, 7)%10)%10 == dig(body, 8)
}

// validFI: the ALV-numero (the Y-tunnus without its dash), 8 digits; the
// last is 11 minus the sum weighted 7,9,10,5,8,4,2 modulo 11 (0 for a
// remainder of 0; a remainder of 1 is never issued).
func validFI(body string) bool {
	if !isDigitsN(body, 8) {
		return false
	}
	r := weighted(body, 7, 9, 10, 5, 8, 4, 2) % 11
	switch r {
	case 0:
		return dig(body, 7) == 0
	case 1:
		return false
	}
	return 11-r == dig(body, 7)
}

// validLT: the PVM mokėtojo kodas, 9 digits for legal persons (the 8th is
// 1) or 12 for temporary and natural persons (the 11th is 1). The last
// digit is the sum weighted 1,2,...,9,1,2 modulo 11; when that is 10, the
// sum weighted 3,4,...,9,1,2,3,4 modulo 11, and 0 when that is 10 again.
func validLT(body string) bool {
	n := len(body)
	if (n != 9 && n != 12) || !isDigits(body) || body[n-2] != '1' {
		return false
	}
	d := body[:n-1]
	r := weighted(d, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2) % 11
	if r == 10 {
		r = weighted(d, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4) % 11
		if r == 10 {
			r = 0
		}
	}
	return r == dig(body, n-1)
}

// validLV: the PVN reģistrācijas numurs, 11 digits. Legal persons' numbers
// start with 4 to 9 and their sum weighted 9,1,4,8,3,10,2,5,7,6,1 is 3
// modulo 11. Natural persons' numbers are the personas kods: the old ones
// are the birth date DDMMYY, a century digit (0 for 1800, 1 for 1900, 2 for
// 2000), 3 digits and a check digit, (1 + the sum weighted
// 10,5,8,4,2,1,6,3,7,9) mod 11 mod 10; the ones issued since July 2017
// start with 32 and carry no date, and have no published check digit, so
// only their format is checked.
func validLV(body string) bool {
	if !isDigitsN(body, 11) {
		return false
	}
	if body[0] > '3' {
		return weighted(body, 9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1)%11 == 3
	}
	if body[:2] == "32" {
		return true
	}
	century := dig(body, 6)
	if century > 2 {
		return false
	}
	year := 1800 + 100*century + atoi(body[4:6])
	if !validDate(year, atoi(body[2:4]), atoi(body[:2])) {
		return false
	}
	return (1+weighted(body, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9))%11%10 == dig(body, 10)
}

// validNO: the organisasjonsnummer, 9 digits; the last is 11 minus the sum
// weighted 3,2,7,6,5,4,3,2 modulo 11 (0 for 11; 10 is never issued). As a
// VAT number it is followed by "MVA", which is optional here and kept in
// the canonical form when given.
func validNO(body string) bool {
	if len(body) == 12 && body[9:] == "MVA" {
		body = body[:9]
	}
	if !isDigitsN(body, 9) {
		return false
	}
	c := mod11(body, 3, 2, 7, 6, 5, 4, 3, 2)
	if c == 11 {
		c = 0
	}
	return c == dig(body, 8)
}

// validSE: the momsregistreringsnummer, the 10-digit organisationsnummer
// or personnummer, which passes the Luhn check, followed by "01".
func validSE(body string) bool {
	return isDigitsN(body, 12) && body[10:] == "01" && luhn(body[:10])
}
