package money

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"
)

func TestRound(t *testing.T) {
	// want holds the result for HalfUp, HalfEven, Up and Down in that order.
	tests := []struct {
		in     string
		places int32
		want   [4]string
	}{
		{"2.345", 2, [4]string{"2.35", "2.34", "2.35", "2.34"}},
		{"-2.345", 2, [4]string{"-2.35", "-2.34", "-2.35", "-2.34"}},
		{"2.355", 2, [4]string{"2.36", "2.36", "2.36", "2.35"}},
		{"-2.355", 2, [4]string{"-2.36", "-2.36", "-2.36", "-2.35"}},
		{"2.341", 2, [4]string{"2.34", "2.34", "2.35", "2.34"}},
		{"-2.341", 2, [4]string{"-2.34", "-2.34", "-2.35", "-2.34"}},
		{"2.349", 2, [4]string{"2.35", "2.35", "2.35", "2.34"}},
		{"-2.349", 2, [4]string{"-2.35", "-2.35", "-2.35", "-2.34"}},
		{"2.5", 0, [4]string{"3", "2", "3", "2"}},
		{"-2.5", 0, [4]string{"-3", "-2", "-3", "-2"}},
		{"3.5", 0, [4]string{"4", "4", "4", "3"}},
		{"-3.5", 0, [4]string{"-4", "-4", "-4", "-3"}},
		{"0.5", 0, [4]string{"1", "0", "1", "0"}},
		{"-0.5", 0, [4]string{"-1", "0", "-1", "0"}},
		{"0.005", 2, [4]string{"0.01", "0.00", "0.01", "0.00"}},
		{"-0.005", 2, [4]string{"-0.01", "0.00", "-0.01", "0.00"}},
		{"0.0049999", 2, [4]string{"0.00", "0.00", "0.01", "0.00"}},
		{"0.0050001", 2, [4]string{"0.01", "0.01", "0.01", "0.00"}},
		{"-0.0050001", 2, [4]string{"-0.01", "-0.01", "-0.01", "0.00"}},
		{"1.00", 2, [4]string{"1.00", "1.00", "1.00", "1.00"}},
		{"1.2", 2, [4]string{"1.20", "1.20", "1.20", "1.20"}},
		{"7", 2, [4]string{"7.00", "7.00", "7.00", "7.00"}},
		{"1.2e3", 1, [4]string{"1200.0", "1200.0", "1200.0", "1200.0"}},
		{"0", 2, [4]string{"0.00", "0.00", "0.00", "0.00"}},
		{"1225", -1, [4]string{"1230", "1220", "1230", "1220"}},
		{"1235", -1, [4]string{"1240", "1240", "1240", "1230"}},
		{"-1235", -1, [4]string{"-1240", "-1240", "-1240", "-1230"}},
		{"1234.5", -1, [4]string{"1230", "1230", "1240", "1230"}},
		{"0.125", 2, [4]string{"0.13", "0.12", "0.13", "0.12"}},
		{"0.135", 2, [4]string{"0.14", "0.14", "0.14", "0.13"}},
		{"123456789012345678901234567890.125", 2, [4]string{
			"123456789012345678901234567890.13", "123456789012345678901234567890.12",
			"123456789012345678901234567890.13", "123456789012345678901234567890.12"}},
		{"-9.9999", 3, [4]string{"-10.000", "-10.000", "-10.000", "-9.999"}},
	}
	modes := [4]RoundingMode{HalfUp, HalfEven, Up, Down}
	for _, tt := range tests {
		for i, m := range modes {
			got := mustParse(t, tt.in).Round(tt.places, m)
			if got.String() != tt.want[i] {
				t.Errorf("Round(%s, %d, %v) = %s, want %s", tt.in, tt.places, m, got, tt.want[i])
			}
		}
	}
}

// TestRoundMatchesDecimal checks Round against the decimal package's own
// rounding functions on random values.
func TestRoundMatchesDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lib := map[RoundingMode]func(decimal.Decimal, int32) decimal.Decimal{
		HalfUp:   decimal.Decimal.Round,
		HalfEven: decimal.Decimal.RoundBank,
		Up:       decimal.Decimal.RoundUp,
		Down:     decimal.Decimal.RoundDown,
	}
	for range 20000 {
		d := decimal.New(r.Int64N(2000001)-1000000, -r.Int32N(8))
		places := r.Int32N(7) - 1
		for mode, f := range lib {
			got := New(d).Round(places, mode).Decimal()
			want := f(d, places)
			if !got.Equal(want) {
				t.Fatalf("Round(%s, %d, %v) = %s, decimal gives %s", d, places, mode, got, want)
			}
			if got.Exponent() != -places {
				t.Fatalf("Round(%s, %d, %v) has exponent %d", d, places, mode, got.Exponent())
			}
		}
	}
}

func TestRoundInvalidModePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Round with an invalid mode did not panic")
		}
	}()
	FromInt(1).Round(2, RoundingMode(9))
}

func TestRoundTo(t *testing.T) {
	v := mustParse(t, "1234.56789")
	tests := []struct {
		c    Currency
		want string
	}{
		{Currency{Alpha: "EUR", MinorUnits: 2}, "1234.57"},
		{Currency{Alpha: "JPY", MinorUnits: 0}, "1235"},
		{Currency{Alpha: "KWD", MinorUnits: 3}, "1234.568"},
		{Currency{Alpha: "CLF", MinorUnits: 4}, "1234.5679"},
		{Currency{Alpha: "XAU", MinorUnits: NoMinorUnits}, "1234.56789"},
	}
	for _, tt := range tests {
		if got := v.RoundTo(tt.c, HalfUp); got.String() != tt.want {
			t.Errorf("RoundTo(%s) = %s, want %s", tt.c, got, tt.want)
		}
	}
	if got := mustParse(t, "0.125").RoundTo(Currency{Alpha: "EUR", MinorUnits: 2}, HalfEven); got.String() != "0.12" {
		t.Errorf("RoundTo(EUR, HalfEven) = %s", got)
	}
}

func TestRoundingModeNames(t *testing.T) {
	for _, m := range []RoundingMode{HalfUp, HalfEven, Up, Down} {
		got, err := ParseRoundingMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseRoundingMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	for in, want := range map[string]RoundingMode{
		"HALF_UP": HalfUp, "halfeven": HalfEven, " Half Even ": HalfEven, "UP": Up, "Down": Down,
	} {
		if got, err := ParseRoundingMode(in); err != nil || got != want {
			t.Errorf("ParseRoundingMode(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "half", "nearest", "ceiling", "half-down"} {
		if _, err := ParseRoundingMode(in); err == nil {
			t.Errorf("ParseRoundingMode(%q) succeeded", in)
		}
	}
	var zero RoundingMode
	if zero != HalfUp {
		t.Error("the zero RoundingMode is not HalfUp")
	}
	if s := RoundingMode(7).String(); s != "RoundingMode(7)" {
		t.Errorf("String of an invalid mode = %q", s)
	}

	type cfg struct{ Mode RoundingMode }
	b, err := json.Marshal(cfg{HalfEven})
	if err != nil || string(b) != `{"Mode":"half-even"}` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
	var c cfg
	if err := json.Unmarshal([]byte(`{"Mode":"down"}`), &c); err != nil || c.Mode != Down {
		t.Errorf("Unmarshal = %v, %v", c.Mode, err)
	}
	if err := json.Unmarshal([]byte(`{"Mode":"sideways"}`), &c); err == nil {
		t.Error("Unmarshal of an unknown mode succeeded")
	}
	if _, err := json.Marshal(cfg{RoundingMode(9)}); err == nil {
		t.Error("Marshal of an invalid mode succeeded")
	}
}

func TestRoundQuo(t *testing.T) {
	// 7/2 = 3.5, -7/2 = -3.5, 5/2 = 2.5: the halves of every mode.
	for _, tt := range []struct {
		num, den int64
		want     [4]int64
	}{
		{7, 2, [4]int64{4, 4, 4, 3}},
		{-7, 2, [4]int64{-4, -4, -4, -3}},
		{5, 2, [4]int64{3, 2, 3, 2}},
		{-5, 2, [4]int64{-3, -2, -3, -2}},
		{6, 3, [4]int64{2, 2, 2, 2}},
		{1, 3, [4]int64{0, 0, 1, 0}},
		{2, 3, [4]int64{1, 1, 1, 0}},
	} {
		for i, m := range []RoundingMode{HalfUp, HalfEven, Up, Down} {
			got := roundQuo(big.NewInt(tt.num), big.NewInt(tt.den), m)
			if got.Int64() != tt.want[i] {
				t.Errorf("roundQuo(%d, %d, %v) = %s, want %d", tt.num, tt.den, m, got, tt.want[i])
			}
		}
	}
}

func BenchmarkRound(b *testing.B) {
	for _, in := range []string{"1234.5678", "-0.125", "123456789012345678901234567890.125"} {
		x := mustParse(b, in)
		b.Run(fmt.Sprintf("%.12s", in), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = x.Round(2, HalfEven)
			}
		})
	}
}
