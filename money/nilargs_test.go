package money

import (
	"errors"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// TestOddArguments passes the money functions zero values, out-of-range
// places and undefined rounding modes: each returns an error naming what is
// wrong, or panics with a message where the doc calls it a programming
// error, and none of them computes 10^places for a billion places.
func TestOddArguments(t *testing.T) {
	one := decimal.NewFromInt(1)
	errCases := []struct {
		name string
		run  func() error
		is   error
		want string
	}{
		{"div by zero value", func() error { _, err := FromInt(1).Div(Amount{}, 2, HalfUp); return err }, ErrDivisionByZero, "by zero"},
		{"div zero by zero", func() error { _, err := Amount{}.Div(Amount{}, 2, HalfUp); return err }, ErrDivisionByZero, "by zero"},
		{"div undefined mode", func() error { _, err := FromInt(1).Div(FromInt(3), 2, RoundingMode(99)); return err }, nil, "invalid RoundingMode(99)"},
		{"div huge places", func() error { _, err := FromInt(1).Div(FromInt(3), 1<<30, HalfUp); return err }, ErrRange, "1073741824 places"},
		{"div very negative places", func() error { _, err := FromInt(1).Div(FromInt(3), -1<<30, HalfUp); return err }, ErrRange, "-1073741824 places"},
		{"allocate nil weights", func() error { _, err := Allocate(FromInt(1), nil, 2); return err }, ErrAllocation, "no weights"},
		{"allocate huge places", func() error { _, err := Allocate(FromInt(1), []decimal.Decimal{one}, 1<<30); return err }, ErrRange, "1073741824 places"},
		{"allocate very negative places", func() error { _, err := Allocate(FromInt(1), []decimal.Decimal{one}, -1<<30); return err }, ErrRange, "places"},
		{"allocate zero weight", func() error { _, err := Allocate(FromInt(1), []decimal.Decimal{{}}, 2); return err }, ErrAllocation, ""},
		{"parse huge exponent", func() error { _, err := Parse("1e999999999"); return err }, ErrRange, "exponent"},
		{"parse empty", func() error { _, err := Parse(""); return err }, nil, ""},
		{"currency zero value", func() error { _, err := NewCurrencies([]Currency{{}}); return err }, nil, "currency"},
	}
	for _, tc := range errCases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if err == nil {
				t.Fatal("no error")
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q is not %v", err, tc.is)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}

	panicCases := []struct {
		name string
		run  func()
		want string
	}{
		{"round undefined mode", func() { FromInt(1).Round(2, RoundingMode(99)) }, "invalid RoundingMode(99)"},
		{"round huge places", func() { FromInt(1).Round(1<<30, HalfUp) }, "1073741824 places"},
		{"round very negative places", func() { FromInt(1).Round(-1<<30, HalfUp) }, "places"},
		{"round to a currency of huge minor units", func() { FromInt(1).RoundTo(Currency{MinorUnits: 5000}, HalfUp) }, "5000 places"},
		{"settle table of negative rows", func() { SettleRoundedTable(-1, []SettleColumn{{}}, 2) }, "-1 rows"},
	}
	for _, tc := range panicCases {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if r == nil {
					t.Fatal("no panic")
				}
				if s, _ := r.(string); !strings.Contains(s, tc.want) {
					t.Errorf("panic %v does not say %q", r, tc.want)
				}
			}()
			tc.run()
		})
	}

	// Zero values that are usable as they are.
	var z Amount
	if z.String() != "0" || !z.IsZero() || z.Sign() != 0 {
		t.Errorf("zero Amount reads %q, IsZero %v, Sign %d", z.String(), z.IsZero(), z.Sign())
	}
	for _, c := range []*Currencies{nil, {}} {
		if c.Len() != 0 || len(c.All()) != 0 {
			t.Errorf("empty Currencies %v has %d currencies", c, c.Len())
		}
		if _, ok := c.ByAlpha("EUR"); ok {
			t.Error("empty Currencies finds EUR")
		}
		if _, ok := c.ByNumeric(978); ok {
			t.Error("empty Currencies finds 978")
		}
	}
	// Settling nothing leaves nothing to settle.
	SettleRounded(nil, nil, decimal.Zero, 2)
	SettleRoundedTable(0, nil, 2)
}
