package data

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/money"
)

func defaultCodes(tb testing.TB) *Codes {
	tb.Helper()
	c, err := Default().Codes()
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

func TestCountryLookup(t *testing.T) {
	codes := defaultCodes(t)
	tests := []struct{ in, want string }{
		{"US", "US"}, {"us", "US"}, {"USA", "US"}, {"usa", "US"}, {"840", "US"}, {"0840", "US"},
		{"United States", "US"}, {" united  states ", "US"}, {"United States of America", "US"},
		{"UNITED STATES OF AMERICA.", "US"}, {"U.S.A.", "US"}, {"u.s.a", "US"}, {"U.S.", "US"},
		{"United Kingdom", "GB"}, {"UK", "GB"}, {"Great Britain", "GB"}, {"GBR", "GB"}, {"826", "GB"},
		{"Germany", "DE"}, {"germany", "DE"}, {"DEU", "DE"}, {"276", "DE"}, {"de", "DE"},
		{"Holland", "NL"}, {"The Netherlands", "NL"}, {"Netherlands", "NL"},
		{"Côte d'Ivoire", "CI"}, {"Ivory Coast", "CI"}, {"Türkiye", "TR"}, {"Turkey", "TR"},
		{"South Korea", "KR"}, {"Korea, Republic of", "KR"}, {"Czechia", "CZ"},
		{"Republic of the Congo", "CG"}, {"Democratic Republic of the Congo", "CD"},
		{"Kosovo", "XK"}, {"XK", "XK"}, {"XKX", "XK"},
		{"4", "AF"}, {"004", "AF"}, {"Åland Islands", "AX"}, {"Aland Islands", "AX"},
		{"Viet Nam", "VN"}, {"Vietnam", "VN"},
	}
	for _, tt := range tests {
		got, ok := codes.Country(tt.in)
		if !ok || got.Alpha2 != tt.want {
			t.Errorf("Country(%q) = %+v, %v; want %s", tt.in, got, ok, tt.want)
		}
	}
	for _, in := range []string{
		"", " ", ".", "Atlantis", "Congo", "XX", "ZZZ", "0", "000", "999", "84O", "United", "States",
		"United States of", "U S A", "12345", "-840", "Germany..",
	} {
		if got, ok := codes.Country(in); ok {
			t.Errorf("Country(%q) = %+v, want no match", in, got)
		}
	}
}

func TestCountries(t *testing.T) {
	codes := defaultCodes(t)
	all := codes.Countries()
	if len(all) < 249 {
		t.Fatalf("only %d countries", len(all))
	}
	if !slices.IsSortedFunc(all, func(a, b Country) int { return strings.Compare(a.Alpha2, b.Alpha2) }) {
		t.Error("Countries is not sorted by Alpha2")
	}
	want := map[string]Country{
		"US": {Alpha2: "US", Alpha3: "USA", Numeric: 840, Name: "United States of America"},
		"DE": {Alpha2: "DE", Alpha3: "DEU", Numeric: 276, Name: "Germany"},
		"GB": {Alpha2: "GB", Alpha3: "GBR", Numeric: 826, Name: "United Kingdom"},
		"XK": {Alpha2: "XK", Alpha3: "XKX", Numeric: 0, Name: "Kosovo"},
	}
	for _, c := range all {
		if w, ok := want[c.Alpha2]; ok {
			if c != w {
				t.Errorf("country %s = %+v, want %+v", c.Alpha2, c, w)
			}
			delete(want, c.Alpha2)
		}
		if got, ok := codes.Country(c.Alpha2); !ok || got != c {
			t.Errorf("Country(%q) = %+v", c.Alpha2, got)
		}
		if got, ok := codes.Country(c.Alpha3); !ok || got != c {
			t.Errorf("Country(%q) = %+v", c.Alpha3, got)
		}
		if got, ok := codes.Country(c.Name); !ok || got != c {
			t.Errorf("Country(%q) = %+v", c.Name, got)
		}
		if c.Numeric != 0 {
			if got, ok := codes.CountryByNumeric(c.Numeric); !ok || got != c {
				t.Errorf("CountryByNumeric(%d) = %+v", c.Numeric, got)
			}
		}
	}
	if len(want) != 0 {
		t.Errorf("missing countries: %v", want)
	}
	if _, ok := codes.CountryByNumeric(0); ok {
		t.Error("CountryByNumeric(0) found a country")
	}
	if c, ok := codes.CountryByNumeric(392); !ok || c.Alpha2 != "JP" {
		t.Errorf("CountryByNumeric(392) = %+v, %v", c, ok)
	}
	all[0].Name = "changed"
	if codes.Countries()[0].Name == "changed" {
		t.Error("changing the result of Countries changed the table")
	}
}

func TestCurrencyCodes(t *testing.T) {
	cs := defaultCodes(t).Currencies()
	tests := []struct {
		code    string
		numeric int
		minor   int
	}{
		{"EUR", 978, 2}, {"USD", 840, 2}, {"GBP", 826, 2}, {"JPY", 392, 0}, {"KWD", 414, 3},
		{"BHD", 48, 3}, {"CLF", 990, 4}, {"CHF", 756, 2}, {"XOF", 952, 0},
		{"XAU", 959, money.NoMinorUnits}, {"XDR", 960, money.NoMinorUnits}, {"XXX", 999, money.NoMinorUnits},
	}
	for _, tt := range tests {
		c, ok := cs.ByAlpha(strings.ToLower(tt.code))
		if !ok || c.Alpha != tt.code || c.Numeric != tt.numeric || c.MinorUnits != tt.minor || c.Name == "" {
			t.Errorf("ByAlpha(%s) = %+v, %v; want numeric %d, %d minor units", tt.code, c, ok, tt.numeric, tt.minor)
		}
		if c2, ok := cs.ByNumeric(tt.numeric); !ok || c2 != c {
			t.Errorf("ByNumeric(%d) = %+v, %v", tt.numeric, c2, ok)
		}
	}
	if c, _ := cs.ByAlpha("EUR"); c.Name != "Euro" {
		t.Errorf("EUR is named %q", c.Name)
	}
	if _, ok := cs.ByAlpha("ABC"); ok {
		t.Error("ByAlpha(ABC) found a currency")
	}
	if n := cs.Len(); n < 170 {
		t.Errorf("only %d currencies", n)
	}
	a, _ := money.Parse("1234.5678")
	gold, _ := cs.ByAlpha("XAU")
	if got := a.RoundTo(gold, money.HalfUp); got.String() != "1234.5678" {
		t.Errorf("rounding to gold gave %s", got)
	}
}

func TestCodesConcurrent(t *testing.T) {
	d := Default()
	var wg sync.WaitGroup
	got := make([]*Codes, 8)
	for i := range got {
		wg.Go(func() {
			c, err := d.Codes()
			if err != nil {
				t.Error(err)
				return
			}
			if _, ok := c.Country("Germany"); !ok {
				t.Error("Germany not found")
			}
			got[i] = c
		})
	}
	wg.Wait()
	for _, c := range got[1:] {
		if c != got[0] {
			t.Error("Codes decoded more than once")
		}
	}
}

// writeCodes builds a codes file with the given header and body.
func writeCodes(t *testing.T, kind string, version int, body func(w *binfmt.Writer)) []byte {
	t.Helper()
	w := binfmt.NewWriter(kind, version)
	body(w)
	b, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDecodeCodesRejects(t *testing.T) {
	good := func(w *binfmt.Writer) {
		w.Uvarint(1)
		w.String("EUR")
		w.Int(978)
		w.String("Euro")
		w.Int(2)
		w.String("") // withdrawn
		w.String("") // successor
		w.String("") // introduced
		w.Uvarint(1)
		w.String("DE")
		w.String("DEU")
		w.Int(276)
		w.String("Germany")
		w.Uvarint(1)
		w.String("Deutschland")
	}
	c, err := decodeCodes(writeCodes(t, codesKind, codesVersion, good))
	if err != nil {
		t.Fatalf("a good file: %v", err)
	}
	if de, ok := c.Country("deutschland"); !ok || de.Alpha2 != "DE" {
		t.Errorf("Country(deutschland) = %+v, %v", de, ok)
	}

	tests := map[string][]byte{
		"wrong kind":    writeCodes(t, "geo", codesVersion, good),
		"wrong version": writeCodes(t, codesKind, codesVersion+1, good),
		"trailing bytes": writeCodes(t, codesKind, codesVersion, func(w *binfmt.Writer) {
			good(w)
			w.Uvarint(7)
		}),
		"truncated": writeCodes(t, codesKind, codesVersion, func(w *binfmt.Writer) {
			w.Uvarint(1)
			w.String("EUR")
		}),
		"huge count": writeCodes(t, codesKind, codesVersion, func(w *binfmt.Writer) {
			w.Uvarint(1 << 40)
		}),
		"bad currency": writeCodes(t, codesKind, codesVersion, func(w *binfmt.Writer) {
			w.Uvarint(1)
			w.String("eu")
			w.Int(978)
			w.String("Euro")
			w.Int(2)
			w.Uvarint(0)
		}),
		"bad withdrawal date": writeCodes(t, codesKind, codesVersion, func(w *binfmt.Writer) {
			w.Uvarint(1)
			w.String("HRK")
			w.Int(191)
			w.String("Kuna")
			w.Int(2)
			w.String("2023-02-30")
			w.String("EUR")
			w.Uvarint(0)
		}),
		"version 1 with dates": writeCodes(t, codesKind, codesVersionV1, good),
		"bad country": writeCodes(t, codesKind, codesVersion, func(w *binfmt.Writer) {
			w.Uvarint(0)
			w.Uvarint(1)
			w.String("D")
			w.String("DEU")
			w.Int(276)
			w.String("Germany")
			w.Uvarint(0)
		}),
		"duplicate numeric": writeCodes(t, codesKind, codesVersion, func(w *binfmt.Writer) {
			w.Uvarint(0)
			w.Uvarint(2)
			for _, c := range []string{"AA", "BB"} {
				w.String(c)
				w.String(c + "X")
				w.Int(1)
				w.String("Name " + c)
				w.Uvarint(0)
			}
		}),
		"unsorted": writeCodes(t, codesKind, codesVersion, func(w *binfmt.Writer) {
			w.Uvarint(0)
			w.Uvarint(2)
			for i, c := range []string{"BB", "AA"} {
				w.String(c)
				w.String(c + "X")
				w.Int(i + 1)
				w.String("Name " + c)
				w.Uvarint(0)
			}
		}),
		"not a data file": []byte("hello\n"),
	}
	for name, b := range tests {
		if _, err := decodeCodes(b); err == nil {
			t.Errorf("%s: decodeCodes succeeded", name)
		}
	}
	if _, err := decodeCodes(tests["trailing bytes"]); !errors.Is(err, binfmt.ErrCorrupt) {
		t.Errorf("trailing bytes: %v, want ErrCorrupt", err)
	}
}

// TestDecodeCodesDated reads a currency's withdrawal date and successor
// from a file of version 2, and a file of version 1, which has neither,
// as current currencies.
func TestDecodeCodesDated(t *testing.T) {
	v2 := writeCodes(t, codesKind, codesVersionV2, func(w *binfmt.Writer) {
		w.Uvarint(2)
		for _, c := range []struct {
			alpha, name, withdrawn, successor string
			numeric                           int
		}{{"EUR", "Euro", "", "", 978}, {"HRK", "Kuna", "2023-01-01", "EUR", 191}} {
			w.String(c.alpha)
			w.Int(c.numeric)
			w.String(c.name)
			w.Int(2)
			w.String(c.withdrawn)
			w.String(c.successor)
		}
		w.Uvarint(0)
	})
	c, err := decodeCodes(v2)
	if err != nil {
		t.Fatal(err)
	}
	hrk, ok := c.Currencies().ByNumeric(191)
	if !ok || hrk.Alpha != "HRK" || hrk.Withdrawn != civil.MustParse("2023-01-01") || hrk.Successor != "EUR" ||
		!hrk.InUseOn(civil.MustParse("2022-12-31")) || hrk.InUseOn(civil.MustParse("2023-01-01")) {
		t.Errorf("HRK = %+v, %v", hrk, ok)
	}
	if eur, _ := c.Currencies().ByAlpha("EUR"); !eur.Withdrawn.IsZero() || !eur.InUseOn(civil.MustParse("9999-12-31")) {
		t.Errorf("EUR = %+v", eur)
	}

	v1 := writeCodes(t, codesKind, codesVersionV1, func(w *binfmt.Writer) {
		w.Uvarint(1)
		w.String("EUR")
		w.Int(978)
		w.String("Euro")
		w.Int(2)
		w.Uvarint(0)
	})
	if c, err = decodeCodes(v1); err != nil {
		t.Fatalf("version 1: %v", err)
	}
	if eur, ok := c.Currencies().ByAlpha("EUR"); !ok || !eur.Withdrawn.IsZero() || eur.MinorUnits != 2 {
		t.Errorf("version 1: EUR = %+v, %v", eur, ok)
	}
}
