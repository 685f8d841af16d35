// Package money provides exact monetary amounts, rounding modes, ISO 4217
// currencies and the allocation of a total over weights.
//
// An Amount is an exact decimal number built on
// github.com/shopspring/decimal. No arithmetic goes through float64: sums,
// differences and products are exact, and the operations that can not be
// exact (division, rounding, allocation) take the number of decimal places
// and, where it matters, the RoundingMode explicitly.
//
// Amount is an immutable value: every method returns a new Amount and none
// modifies its receiver, so an Amount is safe for concurrent use and may be
// copied freely. Its zero value is the amount 0. Compare amounts with Cmp or
// Equal, not with ==.
//
// The package never reads or changes the decimal library's package-level
// settings (decimal.DivisionPrecision, decimal.MarshalJSONWithoutQuotes,
// decimal.TrimTrailingZeros, decimal.UseScientificNotation,
// decimal.MaxDecodeExponent): a host application shares them, and an
// Amount behaves the same whatever they hold.
//
// # JSON
//
// On the wire an Amount is a JSON number written exactly in plain decimal
// notation, never in exponent form and never quoted. The scale is kept:
// 12.50 is written 12.50 and 12.5 is written 12.5, so an amount rounded to a
// currency's minor units shows all of them. Decoding reads the number's text
// directly (never through float64), refuses strings, booleans and anything
// that is not a JSON number, and bounds the size of what it accepts (see
// MaxDigits and MaxExponent) so that a hostile body cannot make it allocate
// without bound. A JSON null leaves the Amount unchanged.
//
// # Rounding
//
// RoundingMode selects how digits are dropped. HalfUp, the zero value and
// default, rounds a half away from zero: 2.5 becomes 3 and -2.5 becomes -3.
// HalfEven rounds a half to the even neighbour (banker's rounding), Up
// rounds away from zero and Down toward zero (truncation).
package money
