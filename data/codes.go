package data

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/money"
)

// codesFile is the generated file of ISO codes; internal/datagen/codes.go
// writes it. Version 3 gives each currency its introduction date, after
// the withdrawal date and successor that version 2 gave; a file of
// version 2 is read too, its currencies all in use from the start, and
// one of version 1, which has no dates, its currencies all current.
const (
	codesFile      = "codes.lvd"
	codesKind      = "codes"
	codesVersion   = 3
	codesVersionV2 = 2
	codesVersionV1 = 1
)

// Country is an ISO 3166-1 country or territory.
//
// Kosovo, which has no ISO code, is included under the user-assigned codes
// XK and XKX that the EU and IMF use, with Numeric 0.
type Country struct {
	Alpha2  string // "DE"
	Alpha3  string // "DEU"
	Numeric int    // 276; 0 when there is none (Kosovo)
	Name    string // English short name, "Germany"
}

// Codes holds the ISO 4217 currencies and ISO 3166-1 countries of a
// dataset. It is immutable and safe for concurrent use.
type Codes struct {
	currencies *money.Currencies
	countries  []Country      // sorted by Alpha2
	byCode     map[string]int // lower-case alpha-2 and alpha-3 -> index
	byName     map[string]int // codesKey of a name -> index, or -1 when ambiguous
	byNumeric  map[int]int    // numeric code -> index
}

// Codes returns the dataset's currency and country codes, decoding them the
// first time it is called.
func (d *Dataset) Codes() (*Codes, error) {
	return part(d, &d.codes, codesFile, decodeCodes)
}

// Currencies returns the ISO 4217 currency table. Currencies that ISO lists
// without minor units (gold, XDR, XXX, ...) have money.NoMinorUnits.
func (c *Codes) Currencies() *money.Currencies { return c.currencies }

// Countries returns every country, sorted by Alpha2. The slice is a copy
// that the caller may keep or change.
func (c *Codes) Countries() []Country {
	out := make([]Country, len(c.countries))
	copy(out, c.countries)
	return out
}

// Country finds a country by its ISO alpha-2 code ("US"), alpha-3 code
// ("USA"), numeric code ("840" or "0840"), English name ("United States of
// America"), one of the common alternative names of the source ("United
// States", "U.S.A.") or a few aliases kept in code ("Holland", "Great
// Britain"). It ignores case, surrounding and repeated inner spaces and a
// trailing period. A name that fits several countries, such as "Congo",
// resolves to none.
func (c *Codes) Country(s string) (Country, bool) {
	key := codesKey(s)
	if key == "" {
		return Country{}, false
	}
	if i, ok := c.byCode[key]; ok {
		return c.countries[i], true
	}
	if codesIsDigits(key) {
		if len(key) > 4 {
			return Country{}, false
		}
		n, err := strconv.Atoi(key)
		if err != nil {
			return Country{}, false
		}
		return c.CountryByNumeric(n)
	}
	if i, ok := c.byName[key]; ok && i >= 0 {
		return c.countries[i], true
	}
	return Country{}, false
}

// CountryByNumeric finds a country by its ISO 3166-1 numeric code.
func (c *Codes) CountryByNumeric(n int) (Country, bool) {
	if n == 0 {
		return Country{}, false
	}
	i, ok := c.byNumeric[n]
	if !ok {
		return Country{}, false
	}
	return c.countries[i], true
}

// codesCountryAliases returns common names of countries that the source's
// English names do not hold, as (alias, alpha-2) pairs. Keep it short: the
// names file is the main source.
func codesCountryAliases() [][2]string {
	return [][2]string{
		{"USA", "US"},
		{"United States", "US"},
		{"UK", "GB"},
		{"U.K.", "GB"},
		{"Great Britain", "GB"},
		{"Britain", "GB"},
		{"Holland", "NL"},
		{"Vatican", "VA"},
		{"Vatican City", "VA"},
		{"Viet Nam", "VN"},
		{"Laos", "LA"},
		{"Syria", "SY"},
		{"Moldova", "MD"},
		{"Brunei", "BN"},
		{"Macau", "MO"},
		{"Cabo Verde", "CV"},
	}
}

// codesKey normalises a code or name for lookup: lower case, single
// spaces, no surrounding spaces and no trailing period.
func codesKey(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.TrimSuffix(s, ".")
	s = strings.TrimSpace(s)
	return strings.ToLower(s)
}

func codesIsDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// decodeCodes reads the body written by internal/datagen/codes.go.
func decodeCodes(b []byte) (*Codes, error) {
	version := codesVersion
	r, err := binfmt.Open(b, codesKind, codesVersion)
	for _, older := range []int{codesVersionV2, codesVersionV1} {
		if err == nil {
			break
		}
		if ro, erro := binfmt.Open(b, codesKind, older); erro == nil {
			r, err, version = ro, nil, older
		}
	}
	if err != nil {
		return nil, err
	}
	curs := make([]money.Currency, r.Count(4))
	for i := range curs {
		curs[i] = money.Currency{
			Alpha:      r.String(),
			Numeric:    r.Int(),
			Name:       r.String(),
			MinorUnits: r.Int(),
		}
		if version == codesVersionV1 {
			continue
		}
		if w := r.String(); w != "" {
			d, err := civil.Parse(w)
			if err != nil {
				return nil, fmt.Errorf("%w: currency %s: withdrawn %q", binfmt.ErrCorrupt, curs[i].Alpha, w)
			}
			curs[i].Withdrawn = d
		}
		curs[i].Successor = r.String()
		if version == codesVersionV2 {
			continue
		}
		if in := r.String(); in != "" {
			d, err := civil.Parse(in)
			if err != nil {
				return nil, fmt.Errorf("%w: currency %s: introduced %q", binfmt.ErrCorrupt, curs[i].Alpha, in)
			}
			curs[i].Introduced = d
		}
	}
	countries := make([]Country, r.Count(7))
	others := make([][]string, len(countries))
	for i := range countries {
		countries[i] = Country{
			Alpha2:  r.String(),
			Alpha3:  r.String(),
			Numeric: r.Int(),
			Name:    r.String(),
		}
		names := make([]string, r.Count(1))
		for j := range names {
			names[j] = r.String()
		}
		others[i] = names
	}
	if err := r.Done(); err != nil {
		return nil, err
	}

	table, err := money.NewCurrencies(curs)
	if err != nil {
		return nil, err
	}
	c := &Codes{
		currencies: table,
		countries:  countries,
		byCode:     make(map[string]int, 2*len(countries)),
		byName:     make(map[string]int, 2*len(countries)),
		byNumeric:  make(map[int]int, len(countries)),
	}
	if !sort.SliceIsSorted(countries, func(i, j int) bool { return countries[i].Alpha2 < countries[j].Alpha2 }) {
		return nil, fmt.Errorf("%w: countries are not sorted", binfmt.ErrCorrupt)
	}
	for i, ct := range countries {
		if !codesUpperASCII(ct.Alpha2, 2) || !codesUpperASCII(ct.Alpha3, 3) {
			return nil, fmt.Errorf("%w: country codes %q/%q", binfmt.ErrCorrupt, ct.Alpha2, ct.Alpha3)
		}
		if ct.Numeric < 0 || ct.Numeric > 999 || ct.Name == "" {
			return nil, fmt.Errorf("%w: country %s: numeric %d, name %q", binfmt.ErrCorrupt, ct.Alpha2, ct.Numeric, ct.Name)
		}
		for _, code := range []string{ct.Alpha2, ct.Alpha3} {
			k := strings.ToLower(code)
			if j, dup := c.byCode[k]; dup {
				return nil, fmt.Errorf("%w: code %s of %s is also %s's", binfmt.ErrCorrupt, code, ct.Alpha2, countries[j].Alpha2)
			}
			c.byCode[k] = i
		}
		if ct.Numeric != 0 {
			if j, dup := c.byNumeric[ct.Numeric]; dup {
				return nil, fmt.Errorf("%w: numeric code %03d of %s is also %s's", binfmt.ErrCorrupt, ct.Numeric, ct.Alpha2, countries[j].Alpha2)
			}
			c.byNumeric[ct.Numeric] = i
		}
	}
	// Names come after codes and never hide one; a name shared by two
	// countries is marked ambiguous (-1) and resolves to neither.
	for i, ct := range countries {
		for _, name := range append([]string{ct.Name}, others[i]...) {
			k := codesKey(name)
			if _, isCode := c.byCode[k]; isCode || k == "" {
				continue
			}
			if j, seen := c.byName[k]; seen && j != i {
				c.byName[k] = -1
				continue
			}
			c.byName[k] = i
		}
	}
	for _, a := range codesCountryAliases() {
		k := codesKey(a[0])
		i, ok := c.byCode[strings.ToLower(a[1])]
		if _, taken := c.byName[k]; taken || !ok {
			continue
		}
		if _, isCode := c.byCode[k]; isCode {
			continue
		}
		c.byName[k] = i
	}
	return c, nil
}

// codesUpperASCII reports whether s is n upper-case ASCII letters.
func codesUpperASCII(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < n; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
