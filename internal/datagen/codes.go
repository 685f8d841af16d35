package datagen

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
)

// The codes file: kind "codes", format version 1. Its body is
//
//	count of currencies, then for each, sorted by code:
//	  alpha (string), numeric (int, 0 for none), name (string),
//	  minor units (int, -1 for none),
//	  withdrawn (string, YYYY-MM-DD: the first day the currency is no
//	  longer in use, "" for a current one), successor (string, the
//	  code that replaced it, "" for none), introduced (string,
//	  YYYY-MM-DD: the first day the currency is in use, "" for one in
//	  use before the content's first dates)
//	count of countries, then for each, sorted by alpha-2:
//	  alpha-2, alpha-3 (strings), numeric (int, 0 for none), name (string),
//	  count of other English names, then each (string), sorted
//
// data/codes.go reads it back in the same order. Version 1 had neither
// withdrawn nor successor, version 2 no introduced.
const (
	codesKind    = "codes"
	codesVersion = 3
)

// Source files of the codes step, relative to --src.
const (
	codesCurrenciesFile   = "codes/iso4217-currencies.json"
	codesCountryCodesFile = "codes/iso3166-codes.json"
	codesCountryNamesFile = "codes/iso3166-names-en.json"
)

// codesDatedFile is the curated table of currencies with a date: those
// withdrawn since the content's first dates (the kuna, the litas, the
// redenominated ouguiya, dobra, bolívar, leone, Belarusian and Zimbabwe
// dollar's predecessors), which the ISO list one of the currency-codes
// package no longer holds or holds as current, and those it does not hold
// yet (the Caribbean guilder), and the currencies introduced since then
// (the successors of those, dated from their first day in use). Each
// row cites its decision.
const codesDatedFile = "iso4217-dated.csv"

// codesNoMinorUnits marks a currency whose minor unit ISO 4217 gives as "N.A.";
// it matches money.NoMinorUnits.
const codesNoMinorUnits = -1

// codesISONoMinorUnits lists the codes that ISO 4217 publishes with minor unit
// "N.A." (precious metals, bond market units, SDR, Sucre, ADB unit, testing
// and no-currency codes). The currency-codes package writes 0 for them,
// which would make an amount in gold round to whole units.
func codesISONoMinorUnits() map[string]bool {
	return map[string]bool{
		"XAG": true, "XAU": true, "XBA": true, "XBB": true, "XBC": true, "XBD": true,
		"XDR": true, "XPD": true, "XPT": true, "XSU": true, "XTS": true, "XUA": true,
		"XXX": true,
	}
}

type codesCurrency struct {
	alpha      string
	numeric    int
	name       string
	minorUnits int
	introduced string // YYYY-MM-DD, "" when in use before the content's dates
	withdrawn  string // YYYY-MM-DD, "" while current
	successor  string
}

type codesCountry struct {
	alpha2, alpha3 string
	numeric        int
	name           string
	others         []string
}

func genCodes(g *gen) error {
	currencies, err := codesReadCurrencies(g.path(codesCurrenciesFile))
	if err != nil {
		return err
	}
	dated, err := readTableFile(g.curatedFile(codesDatedFile), curatedRef+codesDatedFile,
		"code", "numeric", "name", "minor_units", "introduced", "withdrawn", "successor", "citation")
	if err != nil {
		return err
	}
	if currencies, err = codesApplyDated(currencies, dated); err != nil {
		return err
	}
	countries, err := codesReadCountries(g.path(codesCountryCodesFile), g.path(codesCountryNamesFile))
	if err != nil {
		return err
	}

	w := binfmt.NewWriter(codesKind, codesVersion)
	w.Uvarint(uint64(len(currencies)))
	for _, c := range currencies {
		w.String(c.alpha)
		w.Int(c.numeric)
		w.String(c.name)
		w.Int(c.minorUnits)
		w.String(c.withdrawn)
		w.String(c.successor)
		w.String(c.introduced)
	}
	w.Uvarint(uint64(len(countries)))
	for _, c := range countries {
		w.String(c.alpha2)
		w.String(c.alpha3)
		w.Int(c.numeric)
		w.String(c.name)
		w.Uvarint(uint64(len(c.others)))
		for _, o := range c.others {
			w.String(o)
		}
	}
	b, err := w.Finish()
	if err != nil {
		return fmt.Errorf("encode codes.lvd: %w", err)
	}
	g.emit("codes.lvd", b)

	g.addSource(Source{
		Key:   "iso4217",
		Files: codesCurrenciesFile,
		What: fmt.Sprintf("ISO 4217 currencies (%d): alphabetic and numeric codes, English names and minor-unit digits. "+
			"Codes that ISO lists with minor unit \"N.A.\" (metals, bond market units, XDR, XSU, XUA, XTS, XXX), "+
			"which the package gives as 0, are recorded as having no minor unit", len(currencies)),
		From:        "npm currency-codes@2.2.0 (ISO 4217 list one published 2024-06-25)",
		Licence:     "MIT",
		Attribution: "currency-codes, Copyright (c) 2018-present Tobias Baunbæk Christensen, MIT License",
	})
	g.addSource(Source{
		Key:   "iso4217-dated",
		Files: curatedRef + codesDatedFile,
		What: fmt.Sprintf("ISO 4217 currencies with a date (%d rows): the currencies withdrawn since 2014 that a document of the content's dates "+
			"may be in (HRK, LTL, LVL, BYR, MRO, STD, VEF, SLL, ZWL, ANG), each with the first day it is no longer in use and its successor, "+
			"refused on a document dated from that day; the Caribbean guilder (XCG), added after the package's list; and the successors "+
			"introduced since 2014 (BYN, MRU, STN, VES, SLE, ZWG, XCG), each with its first day in use, refused on a document dated before it", len(dated.Rows)),
		From:    "the Council decisions and regulations, central bank notices and ISO 4217 amendments cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	g.addSource(Source{
		Key:   "iso3166",
		Files: codesCountryCodesFile + ", " + codesCountryNamesFile,
		What: fmt.Sprintf("ISO 3166-1 countries (%d): alpha-2, alpha-3 and numeric codes, English names and their common alternatives. "+
			"Kosovo (XK, user-assigned) is taken with alpha-3 XKX, as the EU and IMF use it, and no numeric code, "+
			"instead of the package's XKK/983", len(countries)),
		From:        "npm i18n-iso-countries@7.14.0",
		Licence:     "MIT",
		Attribution: "i18n-iso-countries, Copyright (c) 2016 widdix GmbH, MIT License",
	})
	return nil
}

// codesReadCurrencies reads the ISO 4217 list, sorted by code.
func codesReadCurrencies(path string) ([]codesCurrency, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read currencies: %w", err)
	}
	var rows []struct {
		Code     string `json:"code"`
		Number   string `json:"number"`
		Digits   *int   `json:"digits"`
		Currency string `json:"currency"`
	}
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, fmt.Errorf("parse %s: %w", codesCurrenciesFile, err)
	}
	na := codesISONoMinorUnits()
	seen := map[string]bool{}
	seenNum := map[int]string{}
	out := make([]codesCurrency, 0, len(rows))
	for i, r := range rows {
		if !codesUpperLetters(r.Code, 3) {
			return nil, fmt.Errorf("%s: entry %d: bad code %q", codesCurrenciesFile, i, r.Code)
		}
		if seen[r.Code] {
			return nil, fmt.Errorf("%s: %s listed twice", codesCurrenciesFile, r.Code)
		}
		seen[r.Code] = true
		num, err := codesThreeDigits(r.Number)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", codesCurrenciesFile, r.Code, err)
		}
		if prev, dup := seenNum[num]; dup {
			return nil, fmt.Errorf("%s: %s and %s share numeric code %03d", codesCurrenciesFile, prev, r.Code, num)
		}
		seenNum[num] = r.Code
		if r.Digits == nil || *r.Digits < 0 || *r.Digits > 4 {
			return nil, fmt.Errorf("%s: %s: missing or unexpected minor-unit digits", codesCurrenciesFile, r.Code)
		}
		minor := *r.Digits
		if na[r.Code] {
			minor = codesNoMinorUnits
		}
		name := codesCleanName(r.Currency)
		if name == "" {
			return nil, fmt.Errorf("%s: %s has no name", codesCurrenciesFile, r.Code)
		}
		out = append(out, codesCurrency{alpha: r.Code, numeric: num, name: name, minorUnits: minor})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].alpha < out[j].alpha })
	return out, nil
}

// codesApplyDated applies the curated table of dated currencies to the
// ISO list: a row of a code the list holds dates it (its numeric code and
// minor units must be the list's), a row of another code adds it. A
// successor must be in the table, and a numeric code may be shared only
// with a withdrawn currency (ANG's 532 passed on to XCG).
func codesApplyDated(list []codesCurrency, t *Table) ([]codesCurrency, error) {
	at := make(map[string]int, len(list))
	for i, c := range list {
		at[c.alpha] = i
	}
	ref := curatedRef + codesDatedFile
	for n, row := range t.Rows {
		code := t.Get(row, "code")
		c := codesCurrency{alpha: code, name: codesCleanName(t.Get(row, "name")), introduced: t.Get(row, "introduced"),
			withdrawn: t.Get(row, "withdrawn"), successor: t.Get(row, "successor")}
		var err error
		switch {
		case !codesUpperLetters(code, 3):
			err = fmt.Errorf("code %q is not three capital letters", code)
		case c.name == "" || t.Get(row, "citation") == "":
			err = fmt.Errorf("%s needs a name and a citation", code)
		case c.successor != "" && (c.withdrawn == "" || !codesUpperLetters(c.successor, 3) || c.successor == code):
			err = fmt.Errorf("%s: successor %q needs a withdrawal date and another code", code, c.successor)
		}
		if err == nil {
			c.numeric, err = codesThreeDigits(t.Get(row, "numeric"))
		}
		if err == nil {
			c.minorUnits, err = strconv.Atoi(t.Get(row, "minor_units"))
			if err == nil && (c.minorUnits < 0 || c.minorUnits > 4) {
				err = fmt.Errorf("%s: %d minor units", code, c.minorUnits)
			}
		}
		if err == nil {
			err = codesCheckDates(c)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: row %d: %w", ref, n+2, err)
		}
		i, listed := at[code]
		if !listed {
			at[code] = len(list)
			list = append(list, c)
			continue
		}
		if old := list[i]; old.numeric != c.numeric || old.minorUnits != c.minorUnits || old.withdrawn != "" || old.introduced != "" {
			return nil, fmt.Errorf("%s: row %d: %s is %03d with %d minor units in %s, not %03d with %d, or dated twice",
				ref, n+2, code, old.numeric, old.minorUnits, codesCurrenciesFile, c.numeric, c.minorUnits)
		}
		list[i].introduced, list[i].withdrawn, list[i].successor = c.introduced, c.withdrawn, c.successor
	}
	current := map[int]string{}
	for _, c := range list {
		if c.successor != "" {
			if _, ok := at[c.successor]; !ok {
				return nil, fmt.Errorf("%s: %s's successor %s is not a currency of the table", ref, c.alpha, c.successor)
			}
		}
		if c.withdrawn != "" {
			continue
		}
		if prev, dup := current[c.numeric]; dup {
			return nil, fmt.Errorf("%s: %s and %s are both current with numeric code %03d", ref, prev, c.alpha, c.numeric)
		}
		current[c.numeric] = c.alpha
	}
	sort.Slice(list, func(i, j int) bool { return list[i].alpha < list[j].alpha })
	return list, nil
}

// codesCheckDates checks the dates of a row of the dated currencies: each
// a date, and the introduction before the withdrawal.
func codesCheckDates(c codesCurrency) error {
	var in, out civil.Date
	var err error
	if c.introduced != "" {
		if in, err = civil.Parse(c.introduced); err != nil {
			return fmt.Errorf("%s: introduced: %w", c.alpha, err)
		}
	}
	if c.withdrawn != "" {
		if out, err = civil.Parse(c.withdrawn); err != nil {
			return fmt.Errorf("%s: withdrawn: %w", c.alpha, err)
		}
	}
	if !in.IsZero() && !out.IsZero() && !in.Before(out) {
		return fmt.Errorf("%s: introduced on %s, not before its withdrawal on %s", c.alpha, in, out)
	}
	return nil
}

// codesReadCountries joins the ISO 3166-1 code table with the English names,
// sorted by alpha-2.
func codesReadCountries(codesPath, namesPath string) ([]codesCountry, error) {
	raw, err := os.ReadFile(codesPath)
	if err != nil {
		return nil, fmt.Errorf("read country codes: %w", err)
	}
	var rows [][]string
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, fmt.Errorf("parse %s: %w", codesCountryCodesFile, err)
	}
	raw, err = os.ReadFile(namesPath)
	if err != nil {
		return nil, fmt.Errorf("read country names: %w", err)
	}
	var names struct {
		Locale    string                     `json:"locale"`
		Countries map[string]json.RawMessage `json:"countries"`
	}
	if err := json.Unmarshal(raw, &names); err != nil {
		return nil, fmt.Errorf("parse %s: %w", codesCountryNamesFile, err)
	}
	if names.Locale != "en" {
		return nil, fmt.Errorf("%s: locale is %q, want en", codesCountryNamesFile, names.Locale)
	}

	seen := map[string]bool{}
	out := make([]codesCountry, 0, len(rows))
	for i, r := range rows {
		if len(r) < 3 || !codesUpperLetters(r[0], 2) || !codesUpperLetters(r[1], 3) {
			return nil, fmt.Errorf("%s: entry %d: bad codes %q", codesCountryCodesFile, i, r)
		}
		c := codesCountry{alpha2: r[0], alpha3: r[1]}
		if c.alpha2 == "XK" {
			// Kosovo has no ISO code; XK is user-assigned. Use the alpha-3
			// that the EU and IMF use and no numeric code.
			c.alpha3, c.numeric = "XKX", 0
		} else if c.numeric, err = codesThreeDigits(r[2]); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", codesCountryCodesFile, c.alpha2, err)
		}
		list, err := codesNameList(names.Countries[c.alpha2])
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", codesCountryNamesFile, c.alpha2, err)
		}
		c.name = list[0]
		others := map[string]bool{}
		for _, n := range list[1:] {
			if n != c.name {
				others[n] = true
			}
		}
		for n := range others {
			c.others = append(c.others, n)
		}
		sort.Strings(c.others)
		for _, code := range []string{c.alpha2, c.alpha3} {
			if seen[code] {
				return nil, fmt.Errorf("%s: code %s listed twice", codesCountryCodesFile, code)
			}
			seen[code] = true
		}
		if c.numeric != 0 {
			key := strconv.Itoa(c.numeric)
			if seen[key] {
				return nil, fmt.Errorf("%s: numeric code %03d listed twice", codesCountryCodesFile, c.numeric)
			}
			seen[key] = true
		}
		out = append(out, c)
	}
	if len(out) != len(names.Countries) {
		return nil, fmt.Errorf("%s has %d countries, %s has %d", codesCountryCodesFile, len(out), codesCountryNamesFile, len(names.Countries))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].alpha2 < out[j].alpha2 })
	return out, nil
}

// codesNameList reads a country's names, a string or an array of strings with
// the main name first, and cleans them.
func codesNameList(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 {
		return nil, fmt.Errorf("no English name")
	}
	var list []string
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		list = []string{one}
	} else if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("names are neither a string nor a list of strings: %w", err)
	}
	out := make([]string, 0, len(list))
	for _, n := range list {
		if n = codesCleanName(n); n != "" {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no English name")
	}
	return out, nil
}

// codesCleanName trims a name and collapses runs of white space (including
// no-break spaces) to one space.
func codesCleanName(s string) string { return strings.Join(strings.Fields(s), " ") }

// codesThreeDigits reads an ISO numeric code written with three digits, "008".
func codesThreeDigits(s string) (int, error) {
	if len(s) != 3 {
		return 0, fmt.Errorf("numeric code %q is not three digits", s)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("numeric code %q is not within 001-999", s)
	}
	return n, nil
}

// codesUpperLetters reports whether s is n upper-case ASCII letters.
func codesUpperLetters(s string, n int) bool {
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
