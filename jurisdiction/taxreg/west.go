package taxreg

import "strings"

// Western Europe: Austria, Belgium, France, Germany, Luxembourg, the
// Netherlands.

func init() {
	register("AT", "AT", checkAT)
	register("BE", "BE", checkBE)
	register("DE", "DE", same(validDE))
	register("FR", "FR", same(validFR))
	register("LU", "LU", same(validLU))
	register("NL", "NL", checkNL)
}

// checkAT: the UID-Nummer, "U" and 8 digits; the last is a check digit over
// the 7 before it, weighted 1,2,1,2,... with the digits of the products
// added (as in Luhn), plus 4.
func checkAT(body string) (string, bool) {
	if len(body) != 9 || body[0] != 'U' || !isDigits(body[1:]) {
		return body, false
	}
	d := body[1:]
	sum := 4
	for i := 0; i < 7; i++ {
		v := dig(d, i)
		if i%2 == 1 {
			v *= 2
			v = v/10 + v%10
		}
		sum += v
	}
	return body, (10-sum%10)%10 == dig(d, 7)
}

// checkBE: the numéro d'entreprise / ondernemingsnummer, 10 digits starting
// with 0 or 1 (older 9-digit numbers take a leading 0); the last two are 97
// minus the first eight modulo 97.
func checkBE(body string) (string, bool) {
	if len(body) == 9 {
		body = "0" + body
	}
	if !isDigitsN(body, 10) || body[0] > '1' {
		return body, false
	}
	return body, 97-atoi(body[:8])%97 == atoi(body[8:])
}

// validDE: the Umsatzsteuer-Identifikationsnummer, 9 digits not starting
// with 0; the last is the ISO 7064 MOD 11,10 check digit.
func validDE(body string) bool {
	return isDigitsN(body, 9) && body[0] != '0' && mod11x10(body)
}

// frAlphabet is the alphabet of the French key: digits, then the letters
// without I and O.
const frAlphabet = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// validFR: the numéro de TVA intracommunautaire, a 2-character key and the
// 9-digit SIREN. The SIREN passes the Luhn check, except that of La Poste
// (356000000) and the numbers of Monaco, which start with 000. A numeric key
// is (12 + 3 × SIREN) mod 97. An alphanumeric key (keys of the "new"
// system) is read as a number c in base 24 or 34 as below, and then
// c mod 11 equals (SIREN + 1 + c div 11) mod 11.
func validFR(body string) bool {
	if len(body) != 11 || !isDigits(body[2:]) {
		return false
	}
	siren := body[2:]
	if siren[:3] != "000" && siren != "356000000" && !luhn(siren) {
		return false
	}
	k0, k1 := indexByte(frAlphabet, body[0]), indexByte(frAlphabet, body[1])
	if k0 < 0 || k1 < 0 {
		return false
	}
	n := atoi(siren)
	if k0 < 10 && k1 < 10 {
		return (12+3*(n%97))%97 == atoi(body[:2])
	}
	var c int
	if k0 < 10 {
		c = k0*24 + k1 - 10
	} else {
		c = k0*34 + k1 - 100
	}
	return (n+1+c/11)%11 == c%11
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// validLU: the numéro d'identification à la TVA, 8 digits; the last two are
// the first six modulo 89.
func validLU(body string) bool {
	return isDigitsN(body, 8) && atoi(body[:6])%89 == atoi(body[6:])
}

// checkNL: a Dutch number; one with fewer than 9 digits before the "B"
// is the number whose leading zeros were dropped (an RSIN 004495445
// written 4495445B01, as a numeric field keeps it), and is checked and
// kept with them, as an old 9-digit Belgian number is.
func checkNL(body string) (string, bool) {
	if i := strings.IndexByte(body, 'B'); i > 0 && i < 9 && isDigits(body[:i]) {
		body = strings.Repeat("0", 9-i) + body
	}
	return body, validNL(body)
}

// validNL: the btw-nummer, 9 digits, "B" and 2 digits. The 9 digits pass
// the eleven test (weights 9 to 2 and -1), or, for the btw-identificatienummer
// of sole traders issued since 2020, the whole number with its "NL" prefix
// passes ISO 7064 MOD 97-10 (letters counting 10 to 35).
func validNL(body string) bool {
	if len(body) != 12 || !isDigits(body[:9]) || body[9] != 'B' || !isDigits(body[10:]) {
		return false
	}
	d := body[:9]
	if atoi(d) != 0 && (weighted(d, 9, 8, 7, 6, 5, 4, 3, 2)-dig(d, 8))%11 == 0 {
		return true
	}
	r := 0
	for _, c := range []byte("NL" + body) {
		if c >= 'A' {
			v := int(c-'A') + 10
			r = (r*100 + v) % 97
		} else {
			r = (r*10 + int(c-'0')) % 97
		}
	}
	return r == 1
}
