package money

import (
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
)

func testCurrencies(t *testing.T) *Currencies {
	t.Helper()
	cs, err := NewCurrencies([]Currency{
		{Alpha: "USD", Numeric: 840, Name: "US Dollar", MinorUnits: 2},
		{Alpha: "EUR", Numeric: 978, Name: "Euro", MinorUnits: 2},
		{Alpha: "JPY", Numeric: 392, Name: "Yen", MinorUnits: 0},
		{Alpha: "XAU", Numeric: 959, Name: "Gold", MinorUnits: NoMinorUnits},
		{Alpha: "KWD", Numeric: 414, Name: "Kuwaiti Dinar", MinorUnits: 3},
	})
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestCurrencies(t *testing.T) {
	cs := testCurrencies(t)
	for _, in := range []string{"EUR", "eur", " Eur ", "\tEUR\n"} {
		c, ok := cs.ByAlpha(in)
		if !ok || c.Alpha != "EUR" || c.Numeric != 978 || c.MinorUnits != 2 || c.Name != "Euro" {
			t.Errorf("ByAlpha(%q) = %+v, %v", in, c, ok)
		}
	}
	for _, in := range []string{"", "EU", "EURO", "GBP", "E UR"} {
		if c, ok := cs.ByAlpha(in); ok {
			t.Errorf("ByAlpha(%q) = %+v", in, c)
		}
	}
	if c, ok := cs.ByNumeric(392); !ok || c.Alpha != "JPY" {
		t.Errorf("ByNumeric(392) = %+v, %v", c, ok)
	}
	for _, n := range []int{0, -1, 1, 999} {
		if c, ok := cs.ByNumeric(n); ok {
			t.Errorf("ByNumeric(%d) = %+v", n, c)
		}
	}
	all := cs.All()
	var codes []string
	for _, c := range all {
		codes = append(codes, c.Alpha)
	}
	if want := []string{"EUR", "JPY", "KWD", "USD", "XAU"}; !slices.Equal(codes, want) {
		t.Errorf("All = %v, want %v", codes, want)
	}
	if cs.Len() != 5 {
		t.Errorf("Len = %d", cs.Len())
	}
	// All returns a copy.
	all[0].Alpha = "ZZZ"
	if cs.All()[0].Alpha != "EUR" {
		t.Error("changing the result of All changed the table")
	}
	if c, _ := cs.ByAlpha("XAU"); c.String() != "XAU" {
		t.Errorf("String = %q", c.String())
	}

	var none *Currencies
	if _, ok := none.ByAlpha("EUR"); ok || none.All() != nil || none.Len() != 0 {
		t.Error("a nil table is not empty")
	}
	if _, ok := none.ByNumeric(978); ok {
		t.Error("a nil table is not empty")
	}
}

func TestNewCurrenciesCopiesInput(t *testing.T) {
	in := []Currency{{Alpha: "EUR", Numeric: 978, MinorUnits: 2}}
	cs, err := NewCurrencies(in)
	if err != nil {
		t.Fatal(err)
	}
	in[0].MinorUnits = 5
	if c, _ := cs.ByAlpha("EUR"); c.MinorUnits != 2 {
		t.Error("changing the input changed the table")
	}
}

func TestNewCurrenciesRejects(t *testing.T) {
	eur := Currency{Alpha: "EUR", Numeric: 978, Name: "Euro", MinorUnits: 2}
	tests := map[string][]Currency{
		"lower case":      {{Alpha: "eur", Numeric: 978}},
		"two letters":     {{Alpha: "EU", Numeric: 978}},
		"four letters":    {{Alpha: "EURO", Numeric: 978}},
		"digit":           {{Alpha: "EU1", Numeric: 978}},
		"empty":           {{Alpha: ""}},
		"numeric > 999":   {{Alpha: "EUR", Numeric: 1000}},
		"numeric < 0":     {{Alpha: "EUR", Numeric: -978}},
		"minor units -2":  {{Alpha: "EUR", Numeric: 978, MinorUnits: -2}},
		"minor units 19":  {{Alpha: "EUR", Numeric: 978, MinorUnits: 19}},
		"duplicate alpha": {eur, {Alpha: "EUR", Numeric: 1, MinorUnits: 2}},
		"duplicate num":   {eur, {Alpha: "EUX", Numeric: 978, MinorUnits: 2}},
	}
	for name, list := range tests {
		if _, err := NewCurrencies(list); err == nil {
			t.Errorf("%s: NewCurrencies succeeded", name)
		}
	}
	// Several currencies without a numeric code are fine.
	if _, err := NewCurrencies([]Currency{{Alpha: "AAA"}, {Alpha: "BBB"}}); err != nil {
		t.Errorf("numeric 0 twice: %v", err)
	}
	if cs, err := NewCurrencies(nil); err != nil || cs.Len() != 0 {
		t.Errorf("empty table: %v", err)
	}
}

// TestWithdrawnCurrencies checks InUseOn and a numeric code passed on
// from a withdrawn currency to its successor (ANG's 532 to XCG), which
// ByNumeric gives whatever the order of the list; two current currencies
// may not share one, and a successor needs a withdrawal date.
func TestWithdrawnCurrencies(t *testing.T) {
	ang := Currency{Alpha: "ANG", Numeric: 532, Name: "Netherlands Antillean Guilder", MinorUnits: 2,
		Withdrawn: civil.MustParse("2025-07-01"), Successor: "XCG"}
	xcg := Currency{Alpha: "XCG", Numeric: 532, Name: "Caribbean Guilder", MinorUnits: 2}
	if !ang.InUseOn(civil.MustParse("2025-06-30")) || ang.InUseOn(civil.MustParse("2025-07-01")) || !xcg.InUseOn(civil.MustParse("9999-12-31")) {
		t.Error("InUseOn: ANG is in use until 2025-06-30, XCG always")
	}
	for _, list := range [][]Currency{{ang, xcg}, {xcg, ang}} {
		cs, err := NewCurrencies(list)
		if err != nil {
			t.Fatal(err)
		}
		if c, ok := cs.ByNumeric(532); !ok || c.Alpha != "XCG" {
			t.Errorf("ByNumeric(532) = %+v, %v; want XCG", c, ok)
		}
		if c, ok := cs.ByAlpha("ANG"); !ok || c != ang {
			t.Errorf("ByAlpha(ANG) = %+v, %v", c, ok)
		}
	}
	old := Currency{Alpha: "NAF", Numeric: 532, Name: "older", MinorUnits: 2, Withdrawn: civil.MustParse("2001-01-01")}
	if cs, err := NewCurrencies([]Currency{old, ang}); err != nil {
		t.Error(err)
	} else if c, _ := cs.ByNumeric(532); c.Alpha != "ANG" {
		t.Errorf("ByNumeric(532) among withdrawn currencies = %s, want the one withdrawn last", c.Alpha)
	}
	for name, list := range map[string][]Currency{
		"two current":                  {xcg, {Alpha: "XCD", Numeric: 532, Name: "other", MinorUnits: 2}},
		"successor without withdrawal": {{Alpha: "AAA", Numeric: 1, Name: "a", MinorUnits: 2, Successor: "EUR"}},
		"successor itself":             {{Alpha: "AAA", Numeric: 1, Name: "a", MinorUnits: 2, Successor: "AAA", Withdrawn: civil.MustParse("2020-01-01")}},
		"successor not a code":         {{Alpha: "AAA", Numeric: 1, Name: "a", MinorUnits: 2, Successor: "eu", Withdrawn: civil.MustParse("2020-01-01")}},
	} {
		if _, err := NewCurrencies(list); err == nil {
			t.Errorf("%s: NewCurrencies accepted %+v", name, list)
		}
	}
}
