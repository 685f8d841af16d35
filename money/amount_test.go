package money

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func mustParse(t testing.TB, s string) Amount {
	t.Helper()
	a, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return a
}

func TestParse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0", "0"},
		{"-0", "0"},
		{"-0.00", "0.00"},
		{"12.50", "12.50"},
		{"12.5", "12.5"},
		{"+3", "3"},
		{"007.10", "7.10"},
		{"1e-7", "0.0000001"},
		{"1E-7", "0.0000001"},
		{"-2.5e-3", "-0.0025"},
		{"1.2e3", "1200"},
		{"1.25e1", "12.5"},
		{"1e+2", "100"},
		{"0.000", "0.000"},
		{"123456789012345678901234567890.12", "123456789012345678901234567890.12"},
		{"-123456789012345678901234567890.12", "-123456789012345678901234567890.12"},
		{"1e0000000000000000000000000000001", "10"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got.String() != tt.want {
			t.Errorf("Parse(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	syntax := []string{
		"", " 1", "1 ", "-", "+", ".5", "5.", "1.2.3", "1e", "1e+", "--1", "+-1",
		"1,000", "$1", "NaN", "nan", "Inf", "-Infinity", "0x10", "1_000", "١", "1e5.5",
		"\u22121",
	}
	for _, s := range syntax {
		if _, err := Parse(s); !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q) = %v, want ErrSyntax", s, err)
		}
	}
	long := strings.Repeat("9", MaxDigits+1)
	ranges := []string{
		"1e1001", "1e-1001", "1e99999999999999", "1e-2147483649", long, "0." + long[1:] + "1",
	}
	for _, s := range ranges {
		if _, err := Parse(s); !errors.Is(err, ErrRange) {
			t.Errorf("Parse(%.20q) = %v, want ErrRange", s, err)
		}
	}
	// The limits themselves are accepted.
	for _, s := range []string{"1e1000", "1e-1000", strings.Repeat("9", MaxDigits), "0.5e1001"} {
		if _, err := Parse(s); err != nil {
			t.Errorf("Parse(%.20q): %v", s, err)
		}
	}
}

func TestArithmetic(t *testing.T) {
	a, b := mustParse(t, "10.25"), mustParse(t, "-3.1")
	check := func(name string, got Amount, want string) {
		t.Helper()
		if got.String() != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	check("Add", a.Add(b), "7.15")
	check("Sub", a.Sub(b), "13.35")
	check("Mul", a.Mul(b), "-31.775")
	check("MulRate", a.MulRate(decimal.RequireFromString("0.0825")), "0.845625")
	check("Neg", b.Neg(), "3.1")
	check("Abs", b.Abs(), "3.1")
	check("Abs positive", a.Abs(), "10.25")
	check("FromInt", FromInt(-42), "-42")
	check("New", New(decimal.New(125, -2)), "1.25")
	check("Zero", Zero(), "0")
	check("zero value", Amount{}, "0")
	check("zero value Add", Amount{}.Add(a), "10.25")
	check("0.1+0.2", mustParse(t, "0.1").Add(mustParse(t, "0.2")), "0.3")

	if a.Cmp(b) != 1 || b.Cmp(a) != -1 || a.Cmp(a) != 0 {
		t.Error("Cmp is wrong")
	}
	if !mustParse(t, "12.5").Equal(mustParse(t, "12.500")) {
		t.Error("12.5 and 12.500 should be Equal")
	}
	if mustParse(t, "12.5").Equal(mustParse(t, "12.51")) {
		t.Error("12.5 and 12.51 should not be Equal")
	}
	if !Zero().IsZero() || !mustParse(t, "0.00").IsZero() || a.IsZero() {
		t.Error("IsZero is wrong")
	}
	if a.Sign() != 1 || b.Sign() != -1 || Zero().Sign() != 0 {
		t.Error("Sign is wrong")
	}
	if !a.Decimal().Equal(decimal.RequireFromString("10.25")) {
		t.Error("Decimal is wrong")
	}
	// Operations do not change their operands.
	_ = a.Add(b).Neg().Round(0, Up)
	if a.String() != "10.25" || b.String() != "-3.1" {
		t.Errorf("operands changed: %s %s", a, b)
	}
}

func TestDiv(t *testing.T) {
	tests := []struct {
		a, b   string
		places int32
		mode   RoundingMode
		want   string
	}{
		{"10", "3", 2, HalfUp, "3.33"},
		{"2", "3", 2, HalfUp, "0.67"},
		{"-2", "3", 2, HalfUp, "-0.67"},
		{"2", "-3", 2, HalfUp, "-0.67"},
		{"-2", "-3", 2, HalfUp, "0.67"},
		{"1", "8", 2, HalfUp, "0.13"},
		{"1", "8", 2, HalfEven, "0.12"},
		{"3", "8", 2, HalfEven, "0.38"},
		{"-1", "8", 2, HalfUp, "-0.13"},
		{"-1", "8", 2, HalfEven, "-0.12"},
		{"2", "3", 2, Down, "0.66"},
		{"-2", "3", 2, Down, "-0.66"},
		{"1", "300", 2, Up, "0.01"},
		{"-1", "300", 2, Up, "-0.01"},
		{"100.00", "0.25", 0, HalfUp, "400"},
		{"1", "3", 20, HalfUp, "0.33333333333333333333"},
		{"12345", "1", -2, HalfUp, "12300"},
		{"6", "2", 2, HalfUp, "3.00"},
	}
	for _, tt := range tests {
		got, err := mustParse(t, tt.a).Div(mustParse(t, tt.b), tt.places, tt.mode)
		if err != nil {
			t.Errorf("%s / %s: %v", tt.a, tt.b, err)
			continue
		}
		if got.String() != tt.want {
			t.Errorf("%s / %s (%d, %v) = %s, want %s", tt.a, tt.b, tt.places, tt.mode, got, tt.want)
		}
	}
	if _, err := FromInt(1).Div(mustParse(t, "0.00"), 2, HalfUp); !errors.Is(err, ErrDivisionByZero) {
		t.Errorf("divide by zero: %v, want ErrDivisionByZero", err)
	}
}

// setDecimalGlobals sets the decimal package's settings to unusual values
// for the rest of the test. Tests that call it must not run in parallel.
func setDecimalGlobals(t *testing.T) {
	prec, quotes, trim, sci := decimal.DivisionPrecision, decimal.MarshalJSONWithoutQuotes, decimal.TrimTrailingZeros, decimal.UseScientificNotation
	maxExp := decimal.MaxDecodeExponent
	t.Cleanup(func() {
		decimal.DivisionPrecision, decimal.MarshalJSONWithoutQuotes = prec, quotes
		decimal.TrimTrailingZeros, decimal.UseScientificNotation = trim, sci
		decimal.MaxDecodeExponent = maxExp
	})
	decimal.DivisionPrecision = 1
	decimal.MarshalJSONWithoutQuotes = false
	decimal.TrimTrailingZeros = false
	decimal.UseScientificNotation = true
	decimal.MaxDecodeExponent = 1
}

func TestIndependentOfDecimalSettings(t *testing.T) {
	vals := []string{"12.50", "1200", "1.2e3", "0.0000001", "-7", "123456789012345678901234567890.12"}
	want := make([]string, len(vals))
	for i, v := range vals {
		b, err := json.Marshal(mustParse(t, v))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = string(b)
	}
	div, _ := FromInt(1).Div(FromInt(3), 10, HalfUp)

	for _, quotes := range []bool{false, true} {
		for _, trim := range []bool{false, true} {
			setDecimalGlobals(t)
			decimal.MarshalJSONWithoutQuotes, decimal.TrimTrailingZeros = quotes, trim
			for i, v := range vals {
				a := mustParse(t, v) // Parse must not depend on MaxDecodeExponent
				b, err := json.Marshal(a)
				if err != nil {
					t.Fatal(err)
				}
				if string(b) != want[i] {
					t.Errorf("quotes=%v trim=%v: Marshal(%s) = %s, want %s", quotes, trim, v, b, want[i])
				}
				var back Amount
				if err := json.Unmarshal(b, &back); err != nil || !back.Equal(a) {
					t.Errorf("quotes=%v trim=%v: Unmarshal(%s) = %v, %v", quotes, trim, b, back, err)
				}
			}
			got, _ := FromInt(1).Div(FromInt(3), 10, HalfUp)
			if got.String() != div.String() || got.String() != "0.3333333333" {
				t.Errorf("Div with DivisionPrecision=1: %s, want %s", got, div)
			}
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	tests := []struct{ in, wire string }{
		{"0.1", "0.1"},
		{"12.50", "12.50"},
		{"12.5", "12.5"},
		{"-0.50", "-0.50"},
		{"0", "0"},
		{"1e-7", "0.0000001"},
		{"-3e-10", "-0.0000000003"},
		{"1.2e3", "1200"},
		{"123456789012345678901234567890.12", "123456789012345678901234567890.12"},
		{"99999999999999999999999999999999999999.999999999999999999", "99999999999999999999999999999999999999.999999999999999999"},
	}
	for _, tt := range tests {
		a := mustParse(t, tt.in)
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("Marshal(%s): %v", tt.in, err)
		}
		if string(b) != tt.wire {
			t.Errorf("Marshal(%s) = %s, want %s", tt.in, b, tt.wire)
		}
		var back Amount
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", b, err)
		}
		if !back.Equal(a) || back.String() != a.String() {
			t.Errorf("round trip of %s gave %s", a, back)
		}
	}

	type line struct {
		Net   Amount  `json:"net"`
		Tax   Amount  `json:"tax"`
		Gross *Amount `json:"gross,omitempty"`
	}
	in := line{Net: mustParse(t, "100.00"), Tax: mustParse(t, "8.25")}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"net":100.00,"tax":8.25}` {
		t.Errorf("Marshal(struct) = %s", b)
	}
	var out line
	if err := json.Unmarshal([]byte(`{"net": 1e2, "tax": 0.0825e2, "gross": 108.25}`), &out); err != nil {
		t.Fatal(err)
	}
	if out.Net.String() != "100" || out.Tax.String() != "8.25" || out.Gross == nil || out.Gross.String() != "108.25" {
		t.Errorf("Unmarshal(struct) = %+v", out)
	}
}

func TestUnmarshalJSONNull(t *testing.T) {
	a := mustParse(t, "5")
	if err := a.UnmarshalJSON([]byte("null")); err != nil || a.String() != "5" {
		t.Errorf("null changed the amount to %s (%v)", a, err)
	}
	var v struct{ A Amount }
	if err := json.Unmarshal([]byte(`{"A":null}`), &v); err != nil || !v.A.IsZero() {
		t.Errorf("null gave %s, %v", v.A, err)
	}
}

func TestUnmarshalJSONRejects(t *testing.T) {
	bad := []string{
		`"12.50"`, `""`, `true`, `false`, `{}`, `[]`, `[1]`, `nul`, `NaN`, `Infinity`, `-Infinity`,
		`01`, `-01`, `+1`, `.5`, `1.`, `1e`, `--1`, `0x10`, `1 2`, ``, `   `,
		`1e1001`, `1e-1001`, `1e-99999999999999999999`, `1e2147483648`,
		strings.Repeat("1", MaxDigits+1),
		"0." + strings.Repeat("0", MaxDigits),
	}
	for _, s := range bad {
		var a Amount
		if err := a.UnmarshalJSON([]byte(s)); err == nil {
			t.Errorf("UnmarshalJSON(%.30q) = %s, want an error", s, a)
		}
		if err := json.Unmarshal([]byte(`{"A":`+s+`}`), &struct{ A Amount }{}); err == nil {
			t.Errorf("json.Unmarshal with %.30q succeeded", s)
		}
	}
	var a Amount
	err := a.UnmarshalJSON([]byte(`"1"`))
	if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "string") {
		t.Errorf("string error = %v", err)
	}
	if err := a.UnmarshalJSON([]byte("1e-999999999")); !errors.Is(err, ErrRange) {
		t.Errorf("huge exponent error = %v, want ErrRange", err)
	}
	// Surrounding JSON whitespace is fine when called directly.
	if err := a.UnmarshalJSON([]byte(" 1.5\n")); err != nil || a.String() != "1.5" {
		t.Errorf("UnmarshalJSON with spaces = %s, %v", a, err)
	}
}

func TestStringWithNoExponent(t *testing.T) {
	tests := []struct {
		d    decimal.Decimal
		want string
	}{
		{decimal.New(1, 5), "100000"},
		{decimal.New(-12, 3), "-12000"},
		{decimal.New(0, 5), "0"},
		{decimal.New(0, -3), "0.000"},
		{decimal.New(5, -1), "0.5"},
		{decimal.New(-5, -1), "-0.5"},
		{decimal.New(5, -3), "0.005"},
		{decimal.New(12345, -2), "123.45"},
		{decimal.New(-12345, -5), "-0.12345"},
		{decimal.New(-12345, -6), "-0.012345"},
	}
	for _, tt := range tests {
		if got := New(tt.d).String(); got != tt.want {
			t.Errorf("String(%d e%d) = %s, want %s", tt.d.Coefficient(), tt.d.Exponent(), got, tt.want)
		}
	}
}

func BenchmarkAdd(b *testing.B) {
	x, y := mustParse(b, "1234.56"), mustParse(b, "0.0825")
	b.ReportAllocs()
	for b.Loop() {
		_ = x.Add(y)
	}
}

func BenchmarkMarshalJSON(b *testing.B) {
	x := mustParse(b, "123456.78")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := x.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnmarshalJSON(b *testing.B) {
	in := []byte("123456.78")
	b.ReportAllocs()
	for b.Loop() {
		var a Amount
		if err := a.UnmarshalJSON(in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParseKeepsCoefficientAndExponent checks that Parse reads numbers of
// up to 18 digits (which take the int64 path) and longer ones to the
// coefficient and exponent that the decimal library reads from the same
// text: the scale as written, the sign, and the value.
func TestParseKeepsCoefficientAndExponent(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 1128))
	for range 100000 {
		digits := 1 + r.IntN(22)
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteByte('-')
		}
		point := r.IntN(digits + 1)
		for i := range digits {
			if i == point && i > 0 {
				b.WriteByte('.')
			}
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		if r.IntN(4) == 0 {
			b.WriteString("e" + strconv.Itoa(r.IntN(40)-20))
		}
		s := b.String()
		got, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		want, err := decimal.NewFromString(s)
		if err != nil {
			t.Fatalf("decimal.NewFromString(%q): %v", s, err)
		}
		if got.d.Exponent() != want.Exponent() || got.d.Coefficient().Cmp(want.Coefficient()) != 0 {
			t.Fatalf("Parse(%q) = %s×10^%d, the decimal library reads %s×10^%d",
				s, got.d.Coefficient(), got.d.Exponent(), want.Coefficient(), want.Exponent())
		}
	}
}

func TestAbsBelowPow10(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want bool
	}{
		{"0", 0, true}, {"0.000", 15, true}, {"-0", -3, true},
		{"999999999999999.99", 15, true}, {"-999999999999999.99", 15, true},
		{"1000000000000000", 15, false}, {"-1000000000000000", 15, false},
		{"1000000000000000.00", 15, false}, {"1e15", 15, false}, {"0.1e16", 15, false},
		{"9.99999e14", 15, true}, {"1e400", 15, false}, {"-1e400", 15, false},
		{"1e-400", 15, true}, {"0.5", 0, true}, {"1", 0, false}, {"0.01", -1, true}, {"0.1", -1, false},
		{"12345678901234567890123", 23, true}, {"12345678901234567890123", 22, false},
	} {
		if got := MustParse(c.s).AbsBelowPow10(c.n); got != c.want {
			t.Errorf("%s.AbsBelowPow10(%d) = %v, want %v", c.s, c.n, got, c.want)
		}
	}
	var zero Amount
	if !zero.AbsBelowPow10(0) {
		t.Error("the zero Amount is not below 10^0")
	}
}
