package money

import (
	"fmt"
	"sort"
	"strings"
)

// NoMinorUnits is the MinorUnits of a currency that ISO 4217 lists without
// minor units ("N.A."), such as gold (XAU) or the testing code XTS.
// Rounding an amount to such a currency leaves it unrounded.
const NoMinorUnits = -1

// maxMinorUnits bounds MinorUnits; ISO 4217 uses at most 4.
const maxMinorUnits = 18

// Currency is an ISO 4217 currency.
type Currency struct {
	Alpha      string // three upper-case letters, "EUR"
	Numeric    int    // 1 to 999, 978 for EUR; 0 when the currency has none
	Name       string // English name, "Euro"
	MinorUnits int    // decimal places of the minor unit, or NoMinorUnits
}

// String returns the alphabetic code.
func (c Currency) String() string { return c.Alpha }

// Currencies is an immutable table of currencies, safe for concurrent use.
type Currencies struct {
	list      []Currency // sorted by Alpha
	byAlpha   map[string]int
	byNumeric map[int]int
}

// NewCurrencies builds a table from list. It rejects an alphabetic code that
// is not three upper-case ASCII letters, a numeric code outside 0 to 999, a
// MinorUnits below NoMinorUnits or above 18, and duplicate alphabetic or
// (non-zero) numeric codes. The table keeps its own copy of list.
func NewCurrencies(list []Currency) (*Currencies, error) {
	t := &Currencies{
		list:      make([]Currency, len(list)),
		byAlpha:   make(map[string]int, len(list)),
		byNumeric: make(map[int]int, len(list)),
	}
	copy(t.list, list)
	sort.Slice(t.list, func(i, j int) bool { return t.list[i].Alpha < t.list[j].Alpha })
	for i, c := range t.list {
		if !isUpperCode(c.Alpha, 3) {
			return nil, fmt.Errorf("money: currency %q: code is not three upper-case letters", c.Alpha)
		}
		if c.Numeric < 0 || c.Numeric > 999 {
			return nil, fmt.Errorf("money: currency %s: numeric code %d is not within 0-999", c.Alpha, c.Numeric)
		}
		if c.MinorUnits < NoMinorUnits || c.MinorUnits > maxMinorUnits {
			return nil, fmt.Errorf("money: currency %s: %d minor units is not within %d-%d", c.Alpha, c.MinorUnits, NoMinorUnits, maxMinorUnits)
		}
		if _, dup := t.byAlpha[c.Alpha]; dup {
			return nil, fmt.Errorf("money: currency %s listed twice", c.Alpha)
		}
		t.byAlpha[c.Alpha] = i
		if c.Numeric == 0 {
			continue
		}
		if j, dup := t.byNumeric[c.Numeric]; dup {
			return nil, fmt.Errorf("money: currencies %s and %s share numeric code %03d", t.list[j].Alpha, c.Alpha, c.Numeric)
		}
		t.byNumeric[c.Numeric] = i
	}
	return t, nil
}

// ByAlpha returns the currency with the alphabetic code s, ignoring case and
// surrounding spaces: "eur", " EUR " and "EUR" all give the euro.
func (t *Currencies) ByAlpha(s string) (Currency, bool) {
	if t == nil {
		return Currency{}, false
	}
	i, ok := t.byAlpha[strings.ToUpper(strings.TrimSpace(s))]
	if !ok {
		return Currency{}, false
	}
	return t.list[i], true
}

// ByNumeric returns the currency with the ISO 4217 numeric code n.
func (t *Currencies) ByNumeric(n int) (Currency, bool) {
	if t == nil || n == 0 {
		return Currency{}, false
	}
	i, ok := t.byNumeric[n]
	if !ok {
		return Currency{}, false
	}
	return t.list[i], true
}

// All returns every currency, sorted by alphabetic code. The slice is a
// copy that the caller may keep or change.
func (t *Currencies) All() []Currency {
	if t == nil {
		return nil
	}
	out := make([]Currency, len(t.list))
	copy(out, t.list)
	return out
}

// Len returns the number of currencies in the table.
func (t *Currencies) Len() int {
	if t == nil {
		return 0
	}
	return len(t.list)
}

// IsCodeForm reports whether s has the form of an ISO 4217 alphabetic
// code: three upper-case ASCII letters ("USD"), whether or not a table
// of currencies holds it.
func IsCodeForm(s string) bool { return isUpperCode(s, 3) }

// isUpperCode reports whether s is n upper-case ASCII letters.
func isUpperCode(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
