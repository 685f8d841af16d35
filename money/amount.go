package money

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strconv"

	"github.com/levytax/levy/internal/smalldec"
	"github.com/shopspring/decimal"
)

// MaxDigits is the largest number of mantissa digits that Parse and
// UnmarshalJSON accept.
const MaxDigits = 1000

// MaxExponent is the largest magnitude of the decimal exponent that Parse
// and UnmarshalJSON accept, after the digits of the fraction are taken into
// account: 1e-1000 and 0.5e1001 are accepted, 1e1001 and 1e-1001 are not.
const MaxExponent = 1000

// ErrSyntax reports text that is not a decimal number.
var ErrSyntax = errors.New("money: not a decimal number")

// ErrRange reports a number with too many digits or too large an exponent.
var ErrRange = errors.New("money: number out of range")

// ErrDivisionByZero reports a division by a zero amount.
var ErrDivisionByZero = errors.New("money: division by zero")

// Amount is an exact monetary amount. Its zero value is 0. It does not carry
// a currency: a caller keeps the currency next to it where it matters.
type Amount struct {
	d decimal.Decimal
}

// New returns the amount equal to d.
func New(d decimal.Decimal) Amount { return Amount{d: d} }

// FromInt returns the amount equal to the integer n.
func FromInt(n int64) Amount { return Amount{d: decimal.NewFromInt(n)} }

// Zero returns the amount 0, equal to the zero value of Amount.
func Zero() Amount { return Amount{} }

// Parse reads an amount written as an optional sign, decimal digits, an
// optional fraction and an optional exponent: "12.50", "-3", "+0.1",
// "1e-7", "2.5E3". It does not accept surrounding spaces, thousands
// separators, currency symbols, or NaN and infinities. The scale is kept:
// Parse("12.50").String() is "12.50". It rejects numbers of more than
// MaxDigits digits or with an exponent beyond MaxExponent.
func Parse(s string) (Amount, error) {
	d, err := parseNumber(s, false)
	if err != nil {
		return Amount{}, err
	}
	return Amount{d: d}, nil
}

// MustParse is Parse for an amount written into a program: it panics
// when s is not an amount. Read amounts from input with Parse.
func MustParse(s string) Amount {
	a, err := Parse(s)
	if err != nil {
		panic("money: " + err.Error())
	}
	return a
}

// Decimal returns the amount as a decimal.Decimal.
func (a Amount) Decimal() decimal.Decimal { return a.d }

// Add returns a + b.
func (a Amount) Add(b Amount) Amount { return Amount{d: a.d.Add(b.d)} }

// Sub returns a - b.
func (a Amount) Sub(b Amount) Amount { return Amount{d: a.d.Sub(b.d)} }

// Mul returns the exact product a × b. Its scale is the sum of the scales,
// so round the result where the number of places matters.
func (a Amount) Mul(b Amount) Amount { return Amount{d: a.d.Mul(b.d)} }

// MulRate returns the exact product of a and rate, for example a tax rate
// of 0.0825. Like Mul, it does not round.
func (a Amount) MulRate(rate decimal.Decimal) Amount { return Amount{d: a.d.Mul(rate)} }

// Div returns a ÷ divisor rounded to places decimal places with mode. The
// result is exact to the last place under the chosen mode; it does not
// depend on decimal.DivisionPrecision. Div fails with ErrDivisionByZero when
// divisor is zero, with ErrRange when places is beyond ±MaxExponent (a
// result of more digits than Parse accepts), and when mode is not a defined
// RoundingMode.
func (a Amount) Div(divisor Amount, places int32, mode RoundingMode) (Amount, error) {
	if !mode.Valid() {
		return Amount{}, fmt.Errorf("money: divide %s by %s: invalid %v", a, divisor, mode)
	}
	if err := checkPlaces(places); err != nil {
		return Amount{}, fmt.Errorf("money: divide %s by %s: %w", a, divisor, err)
	}
	if divisor.d.IsZero() {
		return Amount{}, fmt.Errorf("money: divide %s by zero: %w", a, ErrDivisionByZero)
	}
	// a / b = (ca × 10^ea) / (cb × 10^eb); at places decimals the result's
	// coefficient is ca × 10^(ea-eb+places) / cb.
	num := a.d.Coefficient()
	den := divisor.d.Coefficient()
	k := int64(a.d.Exponent()) - int64(divisor.d.Exponent()) + int64(places)
	if k >= 0 {
		num.Mul(num, pow10(k))
	} else {
		den.Mul(den, pow10(-k))
	}
	if den.Sign() < 0 {
		den.Neg(den)
		num.Neg(num)
	}
	q := roundQuo(num, den, mode)
	return Amount{d: decimal.NewFromBigInt(q, -places)}, nil
}

// Neg returns -a.
func (a Amount) Neg() Amount { return Amount{d: a.d.Neg()} }

// Abs returns the absolute value of a.
func (a Amount) Abs() Amount {
	if a.d.Sign() >= 0 {
		return a
	}
	return Amount{d: a.d.Neg()}
}

// Cmp compares a and b by value and returns -1, 0 or +1 as a is less than,
// equal to or greater than b. 12.5 and 12.50 compare equal.
func (a Amount) Cmp(b Amount) int { return a.d.Cmp(b.d) }

// Equal reports whether a and b have the same value, whatever their scale.
func (a Amount) Equal(b Amount) bool { return a.d.Cmp(b.d) == 0 }

// IsZero reports whether a is 0.
func (a Amount) IsZero() bool { return a.d.IsZero() }

// Sign returns -1, 0 or +1 as a is negative, zero or positive.
func (a Amount) Sign() int { return a.d.Sign() }

// AbsBelowPow10 reports whether |a| < 10^n: AbsBelowPow10(15) holds for
// 999999999999999.99 and not for 1000000000000000 or 1e400. It compares
// the number of digits, not the values, and so allocates nothing for an
// amount whose coefficient fits an int64.
func (a Amount) AbsBelowPow10(n int) bool {
	if a.d.Sign() == 0 {
		return true
	}
	// a = c × 10^e with c of k digits lies in [10^(k-1+e), 10^(k+e)).
	return int64(a.d.NumDigits())+int64(a.d.Exponent()) <= int64(n)
}

// String returns a in plain decimal notation, with its scale and without
// an exponent: "12.50", "-0.0000001", "1200".
func (a Amount) String() string { return string(a.appendText(nil)) }

// MarshalJSON writes a as a JSON number in plain decimal notation, exactly
// as String does. It does not depend on decimal.MarshalJSONWithoutQuotes or
// on any other setting of the decimal package.
func (a Amount) MarshalJSON() ([]byte, error) { return a.appendText(nil), nil }

// UnmarshalJSON reads a JSON number into a. It reads the number's text
// exactly, never through float64. It rejects JSON strings, booleans,
// objects and arrays, numbers of more than MaxDigits digits and exponents
// beyond MaxExponent. By the convention of encoding/json, null leaves a
// unchanged, so a field that is null or absent stays 0.
func (a *Amount) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && (isJSONSpace(b[0]) || isJSONSpace(b[len(b)-1])) {
		b = bytes.Trim(b, " \t\r\n")
	}
	if len(b) == 0 {
		return fmt.Errorf("money: decode amount: empty JSON value: %w", ErrSyntax)
	}
	switch b[0] {
	case 'n':
		if string(b) == "null" {
			return nil
		}
	case '"':
		return fmt.Errorf("money: decode amount: got a JSON string %s, want a number: %w", clip(string(b)), ErrSyntax)
	case 't', 'f':
		return fmt.Errorf("money: decode amount: got %s, want a number: %w", clip(string(b)), ErrSyntax)
	case '{', '[':
		return fmt.Errorf("money: decode amount: got a JSON object or array, want a number: %w", ErrSyntax)
	}
	d, err := parseNumber(string(b), true)
	if err != nil {
		return fmt.Errorf("money: decode amount: %w", err)
	}
	a.d = d
	return nil
}

// appendText appends a in plain decimal notation to b.
func (a Amount) appendText(b []byte) []byte {
	exp := a.d.Exponent()
	var start int
	var zero bool
	if a.d.NumDigits() <= 18 {
		// The coefficient fits an int64: format it without the copy of a
		// big.Int that Coefficient makes, as most amounts are.
		c := a.d.CoefficientInt64()
		if c < 0 {
			b = append(b, '-')
			c = -c
		}
		start = len(b)
		b = strconv.AppendInt(b, c, 10)
		zero = c == 0
	} else {
		c := a.d.Coefficient()
		if c.Sign() < 0 {
			b = append(b, '-')
			c.Neg(c)
		}
		start = len(b)
		b = c.Append(b, 10)
		zero = c.Sign() == 0
	}
	if exp >= 0 {
		if zero {
			return b
		}
		for range exp {
			b = append(b, '0')
		}
		return b
	}
	frac := int(-int64(exp))
	if n := len(b) - start; n <= frac {
		// Not enough digits for an integer part: pad with leading zeros so
		// that exactly one digit (0) stands before the point.
		pad := frac - n + 1
		b = append(b, make([]byte, pad)...)
		copy(b[start+pad:], b[start:start+n])
		for i := start; i < start+pad; i++ {
			b[i] = '0'
		}
	}
	at := len(b) - frac
	b = append(b, 0)
	copy(b[at+1:], b[at:len(b)-1])
	b[at] = '.'
	return b
}

// parseNumber reads a decimal number. With strict set it follows the JSON
// grammar exactly (no '+', no leading zeros, no bare point); otherwise it
// also accepts a leading '+' and leading zeros. It checks the digit count
// and the exponent before building any big number, and never consults the
// decimal package's settings.
func parseNumber(s string, strict bool) (decimal.Decimal, error) {
	bad := func() (decimal.Decimal, error) {
		return decimal.Decimal{}, fmt.Errorf("%w: %s", ErrSyntax, clip(strconv.QuoteToASCII(s)))
	}
	i := 0
	neg := false
	if i < len(s) && (s[i] == '-' || (!strict && s[i] == '+')) {
		neg = s[i] == '-'
		i++
	}
	intStart := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intPart := s[intStart:i]
	if intPart == "" || (strict && len(intPart) > 1 && intPart[0] == '0') {
		return bad()
	}
	fracPart := ""
	if i < len(s) && s[i] == '.' {
		i++
		fracStart := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		fracPart = s[fracStart:i]
		if fracPart == "" {
			return bad()
		}
	}
	var exp int64
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		expNeg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			expNeg = s[i] == '-'
			i++
		}
		expStart := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		digits := s[expStart:i]
		if digits == "" {
			return bad()
		}
		for len(digits) > 1 && digits[0] == '0' {
			digits = digits[1:]
		}
		// Refuse a long exponent before converting it, so that it can not
		// overflow and no later step sees it.
		if len(digits) > 9 {
			return decimal.Decimal{}, fmt.Errorf("%w: exponent of %s is too large", ErrRange, clip(strconv.QuoteToASCII(s)))
		}
		for _, ch := range []byte(digits) {
			exp = exp*10 + int64(ch-'0')
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(s) {
		return bad()
	}
	if n := len(intPart) + len(fracPart); n > MaxDigits {
		return decimal.Decimal{}, fmt.Errorf("%w: %d digits, at most %d are accepted", ErrRange, n, MaxDigits)
	}
	exp -= int64(len(fracPart))
	if exp > MaxExponent || exp < -MaxExponent {
		return decimal.Decimal{}, fmt.Errorf("%w: exponent %d of %s is beyond ±%d", ErrRange, exp, clip(strconv.QuoteToASCII(s)), MaxExponent)
	}
	if len(intPart)+len(fracPart) <= 18 {
		// The coefficient fits an int64: smalldec.New allocates its
		// big.Int and its word together, where building one here and
		// copying it into the decimal allocated three times.
		var v int64
		for _, ch := range []byte(intPart) {
			v = v*10 + int64(ch-'0')
		}
		for _, ch := range []byte(fracPart) {
			v = v*10 + int64(ch-'0')
		}
		if neg {
			v = -v
		}
		return smalldec.New(v, int32(exp)), nil
	}
	var c big.Int
	if _, ok := c.SetString(intPart+fracPart, 10); !ok {
		return bad()
	}
	if neg {
		c.Neg(&c)
	}
	return decimal.NewFromBigInt(&c, int32(exp)), nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isJSONSpace reports whether c is white space between JSON tokens.
func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// clip shortens text quoted in an error message, so that a hostile input
// does not end up whole in logs.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}

// checkPlaces reports places beyond ±MaxExponent with ErrRange: 10^places
// of such a number of places is larger than any amount Parse accepts, and
// computing it would take minutes and gigabytes.
func checkPlaces(places int32) error {
	if places > MaxExponent || places < -MaxExponent {
		return fmt.Errorf("%w: %d places is beyond ±%d", ErrRange, places, MaxExponent)
	}
	return nil
}

// pow10 returns 10^k for k >= 0.
func pow10(k int64) *big.Int {
	if k <= 18 {
		v := int64(1)
		for range k {
			v *= 10
		}
		return big.NewInt(v)
	}
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(k), nil)
}
