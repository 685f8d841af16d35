package taxreg

// Central and Eastern Europe: Bulgaria, Croatia, the Czech Republic,
// Hungary, Poland, Romania, Slovakia, Slovenia.

func init() {
	register("BG", "BG", same(validBG))
	register("CZ", "CZ", same(validCZ))
	register("HR", "HR", same(validHR))
	register("HU", "HU", same(validHU))
	register("PL", "PL", same(validPL))
	register("RO", "RO", same(validRO))
	register("SI", "SI", same(validSI))
	register("SK", "SK", same(validSK))
}

// validBG: the ИН по ДДС, 9 or 10 digits. A 9-digit number is the ЕИК
// (BULSTAT) of a legal person: the last digit is the sum weighted 1 to 8
// modulo 11, or if that is 10 the sum weighted 3 to 10 modulo 11, and 0 if
// that is 10 again. A 10-digit number is one of
//   - an ЕГН (personal number): the birth date YYMMDD, with 20 added to the
//     month for 1800-1899 and 40 for 2000-2099, 3 digits and the sum
//     weighted 2,4,8,5,10,9,7,3,6 modulo 11 (0 for 10);
//   - an ЛНЧ (personal number of a foreigner): the last digit is the sum
//     weighted 21,19,17,13,11,9,7,3,1 modulo 10;
//   - the number of another taxpayer: the last digit is 11 minus the sum
//     weighted 4,3,2,7,6,5,4,3,2 modulo 11 (0 for 11; 10 is never issued).
func validBG(body string) bool {
	if !isDigits(body) {
		return false
	}
	switch len(body) {
	case 9:
		r := weighted(body, 1, 2, 3, 4, 5, 6, 7, 8) % 11
		if r == 10 {
			r = weighted(body, 3, 4, 5, 6, 7, 8, 9, 10) % 11
			if r == 10 {
				r = 0
			}
		}
		return r == dig(body, 8)
	case 10:
		last := dig(body, 9)
		if validEGN(body) {
			return true
		}
		if weighted(body, 21, 19, 17, 13, 11, 9, 7, 3, 1)%10 == last {
			return true
		}
		c := mod11(body, 4, 3, 2, 7, 6, 5, 4, 3, 2)
		if c == 11 {
			c = 0
		}
		return c == last
	}
	return false
}

// validEGN reports whether the 10 digits of s are a Bulgarian ЕГН.
func validEGN(s string) bool {
	year, month, day := 1900+atoi(s[:2]), atoi(s[2:4]), atoi(s[4:6])
	switch {
	case month > 40:
		year, month = year+100, month-40
	case month > 20:
		year, month = year-100, month-20
	}
	if !validDate(year, month, day) {
		return false
	}
	r := weighted(s, 2, 4, 8, 5, 10, 9, 7, 3, 6) % 11
	if r == 10 {
		r = 0
	}
	return r == dig(s, 9)
}

// validCZ: the DIČ, 8, 9 or 10 digits.
//   - 8 digits: the IČO of a legal person, not starting with 9; the last
//     digit is 11 minus the sum weighted 8 to 2 modulo 11, modulo 10.
//   - 9 digits starting with 6: a special number of a natural person; with
//     r the sum of digits 2 to 8 weighted 8 to 2 modulo 11, the last digit
//     is 8 - (10 - r) mod 11, modulo 10.
//   - otherwise 9 or 10 digits: the rodné číslo (birth number) of a natural
//     person, see validRodneCislo.
func validCZ(body string) bool {
	if !isDigits(body) {
		return false
	}
	switch {
	case len(body) == 8:
		return body[0] != '9' && mod11(body, 8, 7, 6, 5, 4, 3, 2)%10 == dig(body, 7)
	case len(body) == 9 && body[0] == '6':
		r := weighted(body[1:], 8, 7, 6, 5, 4, 3, 2) % 11
		c := (8 - (10-r)%11 + 20) % 10
		return c == dig(body, 8)
	case len(body) == 9 || len(body) == 10:
		return validRodneCislo(body)
	}
	return false
}

// validRodneCislo reports whether s is a Czech or Slovak birth number:
// the birth date YYMMDD, with 50 added to the month for women and, for
// numbers issued since 2004 when a day's serials ran out, another 20; then
// a 3-digit serial. Numbers issued until 1953 stop there (9 digits); later
// ones have a tenth digit that makes the whole number a multiple of 11,
// except that until 1985 it was 0 when the first 9 digits left 10 modulo 11.
func validRodneCislo(s string) bool {
	year, month, day := 1900+atoi(s[:2]), atoi(s[2:4]), atoi(s[4:6])
	if month > 50 {
		month -= 50
	}
	if month > 20 {
		month -= 20
	}
	if len(s) == 9 {
		if year > 1953 {
			return false
		}
	} else if year < 1954 {
		year += 100
	}
	if !validDate(year, month, day) {
		return false
	}
	if len(s) == 9 {
		return true
	}
	r := modDigits(s[:9], 11)
	if r == 10 && year < 1985 {
		r = 0
	}
	return r == dig(s, 9)
}

// validHR: the OIB, 11 digits with an ISO 7064 MOD 11,10 check digit.
func validHR(body string) bool {
	return isDigitsN(body, 11) && mod11x10(body)
}

// validHU: the közösségi adószám, 8 digits (the first eight of the
// adószám); the last is 10 minus the sum weighted 9,7,3,1,9,7,3 modulo 10.
func validHU(body string) bool {
	return isDigitsN(body, 8) && (10-weighted(body, 9, 7, 3, 1, 9, 7, 3)%10)%10 == dig(body, 7)
}

// validPL: the NIP, 10 digits; the last is the sum weighted
// 6,5,7,2,3,4,5,6,7 modulo 11 (10 is never issued).
func validPL(body string) bool {
	return isDigitsN(body, 10) && weighted(body, 6, 5, 7, 2, 3, 4, 5, 6, 7)%11 == dig(body, 9)
}

// validRO: the cod de înregistrare în scopuri de TVA, the CUI/CIF of 2 to
// 10 digits without leading zeros; the last is 10 times the sum of the
// others weighted 7,5,3,2,1,7,5,3,2 (aligned on the right) modulo 11,
// modulo 10.
func validRO(body string) bool {
	n := len(body)
	if n < 2 || n > 10 || !isDigits(body) || body[0] == '0' {
		return false
	}
	w := []int{7, 5, 3, 2, 1, 7, 5, 3, 2}
	return weighted(body[:n-1], w[10-n:]...)*10%11%10 == dig(body, n-1)
}

// validSI: the identifikacijska številka za DDV, 8 digits not starting with
// 0; the last is 11 minus the sum weighted 8 to 2 modulo 11, 0 when that is
// 10 (a remainder of 0 is never issued).
func validSI(body string) bool {
	if !isDigitsN(body, 8) || body[0] == '0' {
		return false
	}
	c := mod11(body, 8, 7, 6, 5, 4, 3, 2)
	if c == 11 {
		return false
	}
	return c%10 == dig(body, 7)
}

// validSK: the IČ DPH, 10 digits not starting with 0, whose third digit is
// 2, 3, 4, 7, 8 or 9, and which is a multiple of 11.
func validSK(body string) bool {
	if !isDigitsN(body, 10) || body[0] == '0' {
		return false
	}
	switch body[2] {
	case '2', '3', '4', '7', '8', '9':
	default:
		return false
	}
	return modDigits(body, 11) == 0
}
