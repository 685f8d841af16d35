package money

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"
)

// RoundingMode says how Round drops digits. The zero value is HalfUp.
type RoundingMode uint8

// The rounding modes. Each is described by what it does to the digits it
// drops; "away from zero" means up in magnitude for negative amounts too.
const (
	// HalfUp rounds to the nearest value and a half away from zero:
	// 2.345 → 2.35, -2.345 → -2.35. It is the default.
	HalfUp RoundingMode = iota
	// HalfEven rounds to the nearest value and a half to the even
	// neighbour (banker's rounding): 2.345 → 2.34, 2.355 → 2.36.
	HalfEven
	// Up rounds away from zero: 2.341 → 2.35, -2.341 → -2.35.
	Up
	// Down rounds toward zero (truncates): 2.349 → 2.34, -2.349 → -2.34.
	Down
)

// String returns the mode's name: "half-up", "half-even", "up" or "down".
func (m RoundingMode) String() string {
	switch m {
	case HalfUp:
		return "half-up"
	case HalfEven:
		return "half-even"
	case Up:
		return "up"
	case Down:
		return "down"
	}
	return fmt.Sprintf("RoundingMode(%d)", uint8(m))
}

// Valid reports whether m is one of the defined modes.
func (m RoundingMode) Valid() bool { return m <= Down }

// ParseRoundingMode reads a mode name as String writes it. It ignores case
// and accepts '_' or a space for '-' and no separator at all, so "HALF_EVEN"
// and "halfeven" both give HalfEven.
func ParseRoundingMode(s string) (RoundingMode, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	key = strings.NewReplacer("-", "", "_", "", " ", "").Replace(key)
	switch key {
	case "halfup":
		return HalfUp, nil
	case "halfeven":
		return HalfEven, nil
	case "up":
		return Up, nil
	case "down":
		return Down, nil
	}
	return HalfUp, fmt.Errorf("money: unknown rounding mode %s (want half-up, half-even, up or down)", clip(fmt.Sprintf("%q", s)))
}

// MarshalText writes the mode's name, so that a mode reads and writes as a
// string in JSON and other text formats.
func (m RoundingMode) MarshalText() ([]byte, error) {
	if !m.Valid() {
		return nil, fmt.Errorf("money: marshal rounding mode: invalid value %d", uint8(m))
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads a mode name as ParseRoundingMode does.
func (m *RoundingMode) UnmarshalText(b []byte) error {
	v, err := ParseRoundingMode(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// Round returns a rounded to places decimal places with mode. The result
// has exactly places decimals (Round(2) of 5 is 5.00); a negative places
// rounds to tens, hundreds and so on. It panics if mode is not a defined
// RoundingMode or places is beyond ±MaxExponent, as either is a programming
// error (a currency has at most a few minor units).
func (a Amount) Round(places int32, mode RoundingMode) Amount {
	if !mode.Valid() {
		panic(fmt.Sprintf("money: Round with invalid %v", mode))
	}
	if err := checkPlaces(places); err != nil {
		panic(fmt.Sprintf("money: Round: %v", err))
	}
	exp := a.d.Exponent()
	if exp == -places {
		return a
	}
	c := a.d.Coefficient()
	if k := int64(exp) + int64(places); k > 0 {
		// No digit is dropped: only the scale grows.
		c.Mul(c, pow10(k))
		return Amount{d: decimal.NewFromBigInt(c, -places)}
	}
	q := roundQuo(c, pow10(int64(-places)-int64(exp)), mode)
	return Amount{d: decimal.NewFromBigInt(q, -places)}
}

// RoundTo rounds a to the minor units of c with mode (two places for EUR,
// none for JPY, three for KWD). A currency without minor units
// (MinorUnits < 0, such as gold) leaves a unrounded.
func (a Amount) RoundTo(c Currency, mode RoundingMode) Amount {
	if c.MinorUnits < 0 {
		return a
	}
	return a.Round(int32(c.MinorUnits), mode)
}

// roundQuo returns num / den rounded to an integer with mode. den must be
// positive; num may be negative. num is reused for the result.
func roundQuo(num, den *big.Int, mode RoundingMode) *big.Int {
	var r big.Int
	q, _ := num.QuoRem(num, den, &r) // truncated: r has the sign of num
	if r.Sign() == 0 {
		return q
	}
	away := false
	switch mode {
	case Up:
		away = true
	case Down:
		away = false
	case HalfUp, HalfEven:
		var twice big.Int
		twice.Abs(&r)
		twice.Lsh(&twice, 1)
		switch twice.Cmp(den) {
		case 1:
			away = true
		case 0:
			away = mode == HalfUp || q.Bit(0) == 1
		}
	}
	if away {
		if r.Sign() > 0 {
			q.Add(q, big.NewInt(1))
		} else {
			q.Sub(q, big.NewInt(1))
		}
	}
	return q
}
