package money

import (
	"fmt"
	"sort"
	"strings"

	"github.com/levytax/levy/civil"
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

	// Introduced is the first day on which the currency is in use (the
	// Caribbean guilder's is 2025-03-31); it is zero for a currency in
	// use since before the dates Levy's content reaches.
	Introduced civil.Date
	// Withdrawn is the first day on which the currency is no longer in
	// use (the kuna's is 2023-01-01, when the euro replaced it); it is
	// zero for a currency in use today.
	Withdrawn civil.Date
	// Successor is the alphabetic code of the currency that replaced a
	// withdrawn one ("EUR" for the kuna), "" when none did.
	Successor string
}

// String returns the alphabetic code.
func (c Currency) String() string { return c.Alpha }

// InUseOn reports whether the currency is in use on d: from Introduced
// (always, when zero) and before Withdrawn (always, when zero).
func (c Currency) InUseOn(d civil.Date) bool {
	return (c.Introduced.IsZero() || !d.Before(c.Introduced)) && (c.Withdrawn.IsZero() || d.Before(c.Withdrawn))
}

// Currencies is an immutable table of currencies, safe for concurrent use.
type Currencies struct {
	list      []Currency // sorted by Alpha
	byAlpha   map[string]int
	byNumeric map[int]int
}

// NewCurrencies builds a table from list. It rejects an alphabetic code that
// is not three upper-case ASCII letters, a numeric code outside 0 to 999, a
// MinorUnits below NoMinorUnits or above 18, a Successor that is not an
// alphabetic code or on a current currency, an Introduced date not before
// the Withdrawn one, and duplicate alphabetic codes.
// A (non-zero) numeric code may be shared only by currencies of which at
// most one is current, as ISO 4217 passes a withdrawn currency's number on
// to its successor (ANG's 532 to XCG): ByNumeric gives the current one, or
// the one withdrawn last. The table keeps its own copy of list.
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
		if c.Successor != "" && (!isUpperCode(c.Successor, 3) || c.Withdrawn.IsZero() || c.Successor == c.Alpha) {
			return nil, fmt.Errorf("money: currency %s: successor %q needs a withdrawal date and another three-letter code", c.Alpha, c.Successor)
		}
		if !c.Introduced.IsZero() && !c.Withdrawn.IsZero() && !c.Introduced.Before(c.Withdrawn) {
			return nil, fmt.Errorf("money: currency %s: introduced on %s, not before its withdrawal on %s", c.Alpha, c.Introduced, c.Withdrawn)
		}
		if _, dup := t.byAlpha[c.Alpha]; dup {
			return nil, fmt.Errorf("money: currency %s listed twice", c.Alpha)
		}
		t.byAlpha[c.Alpha] = i
		if c.Numeric == 0 {
			continue
		}
		j, dup := t.byNumeric[c.Numeric]
		if !dup {
			t.byNumeric[c.Numeric] = i
			continue
		}
		prev := t.list[j]
		if prev.Withdrawn.IsZero() && c.Withdrawn.IsZero() {
			return nil, fmt.Errorf("money: currencies %s and %s share numeric code %03d", prev.Alpha, c.Alpha, c.Numeric)
		}
		if c.Withdrawn.IsZero() || !prev.Withdrawn.IsZero() && c.Withdrawn.After(prev.Withdrawn) {
			t.byNumeric[c.Numeric] = i
		}
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

// ByNumeric returns the currency with the ISO 4217 numeric code n; of
// currencies that share it, the current one (NewCurrencies).
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
