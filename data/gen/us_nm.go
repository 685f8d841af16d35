package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// buildNM builds the local content of New Mexico: see data/states/nm.md.
//
// New Mexico's local gross receipts taxes (the counties' and the
// municipalities' increments) are rated and reported by location code
// ("01-123 Santa Fe (City)"): one rate per municipality in a county, one
// for the remainder of each county, and a few for special locations
// (tax increment development districts, airports, water and sanitation
// districts). TaxLocus lists each location as a special_district row
// whose rate is the location's local rate (its combined rate less the
// state's 4.875%), rounded to 0.001%. The sources give no split into the
// county's and the municipality's increments, so each location code is
// one jurisdiction, "US-NM-D" and the code:
//
//   - "Remainder Of County - X" (code CC-0CC): a DISTRICT in the county
//     outside its municipalities;
//   - a row naming an incorporated Census place in the county of its code:
//     a CITY in that place's part of the county;
//   - any other location: represented by the location of the same county
//     whose rate it has (the municipality its name gives, else the
//     remainder), refused when there is none.
//
// Where OpenSalesTax gives the same location to 0.0001% and it rounds to
// TaxLocus's 0.001%, its unrounded rate is used.
func buildNM(s *localState, in *localInputs) error {
	rows := in.taxlocus[s.Sub.Code]
	// The counties of the location codes, from the remainder rows.
	countyOf := map[string]string{}
	for _, row := range rows {
		m := nmRemainderRe.FindStringSubmatch(row.label)
		if m == nil && strings.HasPrefix(row.label, "Los Alamos City And County") {
			m = []string{row.label, "Los Alamos"}
		}
		if m != nil {
			fips, ok := s.County(m[1])
			if !ok {
				return fmt.Errorf("%s: no county %q", row.ref, m[1])
			}
			countyOf[nmPrefix(row.code)] = fips
		}
	}
	ost, err := s.nmOSTRates(in)
	if err != nil {
		return err
	}
	period := civil.Period{}
	define := func(row srcRow, t jurisdiction.Type, name string, v decimal.Decimal, where scope) error {
		id := s.DistrictID(row.code, "")
		if _, err := s.District(id, t, name, row.code); err != nil {
			return err
		}
		if err := s.addRate(id, jurisdiction.General, v, period, srcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.ref, err)
		}
		s.Assign(id, where)
		return nil
	}
	var special []srcRow
	for _, row := range rows {
		fips := countyOf[nmPrefix(row.code)]
		if fips == "" {
			s.Refuse(row, "location code %s names no county of New Mexico that the remainder rows give", row.code)
			continue
		}
		county := s.L.b.juris["US-"+fips].Name
		switch {
		case nmRemainderRe.MatchString(row.label):
			if err := define(row, jurisdiction.District, county+" County outside municipalities (location "+row.code+")", row.rate, scope{kind: scopeUninc, county: fips}); err != nil {
				return err
			}
			s.Represent(row, s.DistrictID(row.code, ""))
		case strings.HasPrefix(row.label, "Los Alamos City And County"):
			// A consolidated city and county without incorporated places.
			if err := define(row, jurisdiction.District, "Los Alamos County (location "+row.code+")", row.rate, scope{kind: scopeCounty, county: fips}); err != nil {
				return err
			}
			s.Represent(row, s.DistrictID(row.code, ""))
		default:
			name := nmPlaceName(row.label)
			if strings.Contains(name, "(") && !strings.Contains(name, "Municipality") {
				// "Springer (Water & Sanitation Facility)": a special
				// location named after a municipality, not the
				// municipality's (whose name the Census matches).
				special = append(special, row)
				continue
			}
			p, ok := s.Place(name, fips)
			if !ok || !p.incorporated {
				if q, ok := s.Place(name, ""); ok && q.incorporated && strings.Contains(row.label, "(") {
					s.Refuse(row, "%s's part in %s County: the Census's 2015 boundary of %s does not reach into that county, so the part has no place", q.name, county, q.name)
					continue
				}
				special = append(special, row)
				continue
			}
			v := row.rate
			key := p.code + "@" + fips
			if o, has := ost[key]; has && o.rate.Round(5).Equal(row.rate) && !o.rate.Equal(row.rate) {
				v = o.rate
			}
			if ids := s.scopes[scope{kind: scopePlace, place: p.code, county: fips}]; len(ids) > 0 {
				return fmt.Errorf("%s: a second location for %s in %s County (%s has one)", row.ref, p.name, county, ids[0])
			}
			label := p.name
			if len(p.counties) > 1 {
				label += " (" + county + " County part)"
			}
			if err := define(row, jurisdiction.City, label+" (location "+row.code+")", v, scope{kind: scopePlace, place: p.code, county: fips}); err != nil {
				return err
			}
			if v.Equal(row.rate) {
				s.Represent(row, s.DistrictID(row.code, ""))
			} else {
				s.Refuse(row, "%s%% is the location's rate rounded to 0.001%%: OpenSalesTax's %s%% for the same location (%s) rounds to it and is used", row.rate.Shift(2), v.Shift(2), ost[key].ref)
			}
		}
	}
	// The special locations, by the rate of the location they lie in.
	for _, row := range special {
		fips := countyOf[nmPrefix(row.code)]
		var same []string
		for _, id := range slices.Sorted(func(yield func(string) bool) {
			for id := range s.juris {
				if !yield(id) {
					return
				}
			}
		}) {
			j := s.L.b.juris[id]
			if !strings.HasPrefix(j.ExternalCode, nmPrefix(row.code)+"-") {
				continue
			}
			if v, _ := s.L.rateOn(id, row.when); v.Equal(row.rate) {
				same = append(same, id)
			}
		}
		var by string
		if within := nmWithin[nmTIDDName(row.label)]; within != "" {
			for _, id := range same {
				if strings.HasPrefix(s.L.b.juris[id].Name, within+" (") {
					by = id
				}
			}
		}
		for _, id := range same {
			name := s.L.b.juris[id].Name
			name = name[:strings.Index(name, " (")]
			if strings.Contains(strings.ToUpper(row.label), strings.ToUpper(name)) {
				by = id
			}
		}
		rem := s.DistrictID(nmPrefix(row.code)+"-0"+nmPrefix(row.code), "")
		if by == "" && slices.Contains(same, rem) {
			by = rem
		}
		county := s.L.b.juris["US-"+fips].Name
		switch {
		case by != "":
			// Same rate as the location it lies in: it changes nothing.
			s.Represent(row, by)
			s.L.g.log.Debug("New Mexico: special location", "row", row.label, "in", s.L.b.juris[by].Name)
		case len(same) > 0:
			var names []string
			for _, id := range same {
				names = append(names, s.L.b.juris[id].Name)
			}
			s.Refuse(row, "a special location of %s County (%s) whose extent the data does not give; its %s%% equals the rate of %s, but the data does not say it lies there", county, nmKind(row.label), row.rate.Shift(2), strings.Join(names, " and "))
		default:
			s.Refuse(row, "a special location of %s County (%s) whose extent the data does not give, with a rate (%s%%) of its own", county, nmKind(row.label), row.rate.Shift(2))
		}
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.nmReconcileOST(in, ost)
}

// nmRemainderRe reads the name of a county's remainder row.
var nmRemainderRe = regexp.MustCompile(`^Remainder Of County - (.+)$`)

// nmPrefix returns the county part of a location code ("01" of "01-123").
func nmPrefix(code string) string {
	p, _, _ := strings.Cut(code, "-")
	return p
}

// nmSuffixRe strips what a location's name adds to the municipality's:
// the county of a municipality with parts in several, "(City)", and the
// source's asterisk.
var nmSuffixRe = regexp.MustCompile(`(?i)\s*\((city|bernalillo|sandoval|santa fe|rio arriba|harding|san miguel)\)\s*$`)

// nmPlaceName returns the municipality a location's name names.
func nmPlaceName(label string) string {
	return nmSuffixRe.ReplaceAllString(strings.TrimSpace(strings.ReplaceAll(label, "*", "")), "")
}

// nmKind says what kind of special location a row names.
func nmKind(label string) string {
	l := " " + strings.ToUpper(label) + " "
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(l, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has(" TID ", " TIDD", " TIF ", " TID DISTRICT"):
		return "a tax increment development district"
	case has(" AIRPORT"):
		return "a municipal airport outside the city"
	case has(" WATER ", "SANITATION"):
		return "a water and sanitation district"
	case has("(D)", " LAND ", " PARK ", " CANYON ", "FAIRGROUNDS"):
		return "land of a municipality or of the state outside city limits"
	}
	return "a location the Census's 2015 places do not hold"
}

// nmTIDDName returns the name of a tax increment development district
// without its number ("Mesa Del Sol Tid District 2" -> "MESA DEL SOL").
func nmTIDDName(label string) string {
	l := strings.ToUpper(label)
	for _, cut := range []string{" TID", " -"} {
		if i := strings.Index(l, cut); i > 0 {
			l = l[:i]
		}
	}
	return strings.TrimSpace(l)
}

// nmWithin names the municipality that formed a tax increment
// development district whose name does not say it: the City of
// Albuquerque formed the Mesa del Sol, Winrock Town Center, UNM South
// Campus and Lower Petroglyphs districts. Their rate is Albuquerque's.
var nmWithin = map[string]string{
	"MESA DEL SOL":        "Albuquerque",
	"WINROCK TOWN CENTER": "Albuquerque",
	"SOUTH CAMPUS":        "Albuquerque",
	"LOWER PETROGLYPHS":   "Albuquerque",
}

// nmOSTLocation is a location of OpenSalesTax's NM_LOCATION_RATES.
type nmOSTLocation struct {
	ref  string
	rate decimal.Decimal // a fraction
}

// nmOSTRates returns OpenSalesTax's local rates of New Mexico by place
// code and county ("3502000@35001").
func (s *localState) nmOSTRates(in *localInputs) (map[string]nmOSTLocation, error) {
	out := map[string]nmOSTLocation{}
	o := in.ost[s.Sub.Code]
	if o == nil {
		return out, nil
	}
	cs, err := o.cities("NM_LOCATION_RATES", ostCityLayout("NM_LOCATION_RATES")...)
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		fips, ok := s.County(c.County)
		if !ok || c.Rate == nil {
			continue
		}
		if p, ok := s.Place(c.Name, fips); ok {
			out[p.code+"@"+fips] = nmOSTLocation{ref: "NM_LOCATION_RATES/" + c.Name, rate: c.Rate.Shift(-2)}
		}
	}
	return out, nil
}

// nmReconcileOST accounts for OpenSalesTax's New Mexico rows: the state
// rate, and each location by the municipality's location in its county.
func (s *localState) nmReconcileOST(in *localInputs, ost map[string]nmOSTLocation) error {
	hintsOnly := *in
	hintsOnly.ostRows = map[string][]srcRow{}
	if err := s.reconcileOST(&hintsOnly); err != nil {
		return err
	}
	byRef := map[string]string{}
	for key, o := range ost {
		byRef[o.ref] = key
	}
	for _, row := range in.ostRows[s.Sub.Code] {
		if row.ref == "NM_STATE_RATE_PCT/NM_STATE_RATE_PCT" {
			s.compareStateRate(row)
			continue
		}
		key, ok := byRef[row.ref]
		if !ok {
			s.Refuse(row, "no single Census place of New Mexico is named %q in the county OpenSalesTax gives", row.label)
			continue
		}
		code, county, _ := strings.Cut(key, "@")
		var id string
		for _, j := range s.scopes[scope{kind: scopePlace, place: code, county: county}] {
			if s.L.b.juris[j].Type == jurisdiction.City {
				id = j
			}
		}
		if id == "" {
			s.Refuse(row, "TaxLocus has no location of %s in that county", row.label)
			continue
		}
		v, _ := s.L.rateOn(id, row.when)
		switch {
		case v.Equal(row.rate):
			s.Represent(row, id)
		default:
			s.Refuse(row, "%s%% disagrees with TaxLocus's %s%% for the same location (%s), which wins: TaxLocus lists every location of the Taxation and Revenue Department's schedule, while OpenSalesTax's module says its rates came through SalesTaxHandbook, a commercial compilation",
				row.rate.Shift(2), v.Shift(2), s.L.b.juris[id].ExternalCode)
		}
	}
	return nil
}
