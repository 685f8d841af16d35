package taxreg

// The British Isles: Ireland, the United Kingdom and Northern Ireland.

func init() {
	register("GB", "GB", same(validGB), "GB", "XI")
	register("XI", "XI", same(validGB), "XI", "GB")
	register("IE", "IE", same(validIE))
}

// validGB: the VAT registration number, one of
//   - 9 digits (a standard number) or 12 (a branch of a group: the
//     standard number and 3 digits). With s the sum of the first seven
//     weighted 8 to 2 plus the last two of the nine as a number, s is a
//     multiple of 97 for numbers of the original scheme, or s + 55 is for
//     those of the "9755" scheme, used since 2010 for numbers from 100 0001
//     00 on. The original scheme never issued numbers whose first seven digits
//     are 0100000 to 0999999, 9490001 to 9700000, or 9990001 and above.
//     An all-zero number is not a VAT number.
//   - GD and 3 digits below 500 (a government department) or HA and 3
//     digits from 500 (a health authority).
func validGB(body string) bool {
	switch len(body) {
	case 5:
		if !isDigits(body[2:]) {
			return false
		}
		n := atoi(body[2:])
		switch body[:2] {
		case "GD":
			return n < 500
		case "HA":
			return n >= 500
		}
		return false
	case 9, 12:
	default:
		return false
	}
	if !isDigits(body) {
		return false
	}
	d := body[:9]
	if atoi(d) == 0 {
		return false
	}
	s := weighted(d, 8, 7, 6, 5, 4, 3, 2) + atoi(d[7:9])
	first7 := atoi(d[:7])
	if s%97 == 0 && first7 < 9990001 && (first7 < 100000 || first7 > 999999) && (first7 < 9490001 || first7 > 9700000) {
		return true
	}
	return (s+55)%97 == 0 && first7 > 1000000
}

// validIE: the VAT number, in one of two formats:
//   - 7 digits, a check letter and optionally a second letter (A for
//     individuals, H for others, in numbers issued since 2013). The check
//     letter is the one of WABCDEFGHIJKLMNOPQRSTUV at the sum of the digits
//     weighted 8 to 2, plus 9 times the value of the second letter (A=1 ...
//     I=9, W=0), modulo 23;
//   - the old format: a digit, a letter or "+" or "*", 5 digits and the
//     check letter; it is checked as the 7 digits "0", the 5 digits and the
//     first digit.
func validIE(body string) bool {
	var digits string
	var second byte
	switch {
	case len(body) == 8 && isDigits(body[:1]) && !isDigits(body[1:2]) && isDigits(body[2:7]):
		if !isUpper(body[1]) && body[1] != '+' && body[1] != '*' {
			return false
		}
		digits = "0" + body[2:7] + body[:1]
	case (len(body) == 8 || len(body) == 9) && isDigits(body[:7]):
		digits = body[:7]
		if len(body) == 9 {
			second = body[8]
		}
	default:
		return false
	}
	check := body[7]
	sum := weighted(digits, 8, 7, 6, 5, 4, 3, 2)
	switch {
	case second == 0, second == 'W':
	case second >= 'A' && second <= 'I':
		sum += 9 * int(second-'A'+1)
	default:
		return false
	}
	return check == "WABCDEFGHIJKLMNOPQRSTUV"[sum%23]
}
