package main

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// California: the CDTFA table of combined rates effective 2026-01-01.
const cdtfaFile = "rates/us-ca-cdtfa-2026-01-01.csv"

var cdtfaDate = civil.New(2026, 1, 1)

// caDistrictsKey is the source key of California's named district taxes,
// data/src/us-local/ca-districts.csv.
const caDistrictsKey = "us-local-ca-districts"

// caRow is a row of the CDTFA table that has a rate: a city, or a
// county's unincorporated area.
type caRow struct {
	row    srcRow
	county string   // FIPS
	place  *usPlace // nil for the unincorporated area
}

// buildCA models California as CDTFA administers it: the statewide 7.25%
// (the state's 6% and the uniform local 1.25%) is the state's rate, and
// every tax above it is a district tax (transactions and use tax) of a
// county, a city or a special district. The districts that
// data/src/us-local/ca-districts.csv names are jurisdictions of their own;
// what the CDTFA table's combined rates hold beyond them becomes, per
// county, a countywide remainder (the least rate in the county less the
// named countywide taxes), and per city and unincorporated area the rest
// of its row. Every row of the table is checked to sum exactly. See
// data/states/ca.md.
func buildCA(s *localState, in *localInputs) error {
	state, ok := s.L.rateOn("US-CA", cdtfaDate)
	if !ok {
		return fmt.Errorf("no California state rate on %s", cdtfaDate)
	}
	rows, err := readCDTFA(s, state)
	if err != nil {
		return err
	}
	if err := readCADistricts(s); err != nil {
		return err
	}
	if err := caRemainders(s, rows, state); err != nil {
		return err
	}
	for _, r := range rows {
		s.Represent(r.row, append([]string{"US-CA", "US-" + r.county}, s.membersOf(r.county, r.place)...)...)
	}
	s.L.g.addSource(source{
		Key:   "us-ca-cdtfa",
		Files: cdtfaFile,
		What: "California city and county combined sales and use tax rates effective 2026-01-01 (column Rate): state 7.25% plus the district taxes of " +
			"each location, read as the named districts of data/src/us-local/ca-districts.csv, a countywide remainder (the least rate in the county less the state rate and the named countywide taxes) " +
			"and the rest of each city's or unincorporated area's row; every row is checked to sum exactly",
		From:    "California Department of Tax and Fee Administration, California City & County Sales & Use Tax Rates, effective January 1, 2026",
		Licence: "public government data",
	})
	if err := caTaxlocus(s, in, rows); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates["CA"]; ok {
		s.compareStateRate(r)
	}
	return caOST(s, in, state)
}

// readCDTFA reads the CDTFA table: its city rows and its county rows (the
// rate of the county's unincorporated area), refusing the pointer rows.
func readCDTFA(s *localState, state decimal.Decimal) ([]caRow, error) {
	t, err := readRatesTable(s.L.g.path(cdtfaFile), "Location", "Rate", "County", "Type")
	if err != nil {
		return nil, err
	}
	var rows []caRow
	for i, rec := range t.rows {
		line := i + 2
		loc, typ, county := t.get(rec, "Location"), t.get(rec, "Type"), t.get(rec, "County")
		rate, err := rateFraction(t.get(rec, "Rate"))
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", cdtfaFile, line, err)
		}
		row := srcRow{source: "us-ca-cdtfa", ref: fmt.Sprintf("line %d", line), state: "CA", label: loc, kind: typ, rate: rate, when: cdtfaDate}
		s.L.rowsOf[row.source]++
		if typ != "City" && typ != "County" {
			// Pointer rows ("Please refer to ... within X County") have
			// their columns shifted and no rate of their own.
			if !rate.IsZero() {
				return nil, fmt.Errorf("%s line %d: unknown type %q with rate %s", cdtfaFile, line, typ, rate)
			}
			s.Refuse(row, "a pointer to the rows of the county's unincorporated area and cities, with no rate of its own")
			continue
		}
		fips, ok := s.County(county)
		if !ok {
			return nil, fmt.Errorf("%s line %d: county %q is not a California county", cdtfaFile, line, county)
		}
		if rate.LessThan(state) {
			return nil, fmt.Errorf("%s line %d: %s rate %s is below the state rate %s", cdtfaFile, line, loc, rate, state)
		}
		r := caRow{row: row, county: fips}
		if typ == "County" {
			if loc != county+" County" && loc != county+" County Unincorporated Area" {
				return nil, fmt.Errorf("%s line %d: county row %q does not name county %q", cdtfaFile, line, loc, county)
			}
		} else {
			p, ok := s.Place(loc, fips)
			if !ok {
				p, ok = s.Place(loc, "")
			}
			if !ok || !p.incorporated {
				return nil, fmt.Errorf("%s line %d: city %q is not an incorporated Census place of California", cdtfaFile, line, loc)
			}
			r.place = p
			s.City(p)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// readCADistricts reads data/src/us-local/ca-districts.csv: the district
// taxes named, each row a rate of a district over a period, with the
// scopes where it applies and its source. The first row of a district
// defines it.
func readCADistricts(s *localState) error {
	rel := "data/src/us-local/ca-districts.csv"
	path := filepath.Join(s.L.g.out, "src", "us-local", "ca-districts.csv")
	t, err := readRatesTable(path, "id", "type", "name", "where", "rate", "from", "to", "source")
	if err != nil {
		return err
	}
	spans := map[string]bool{} // districts whose period has been set
	for i, rec := range t.rows {
		line := i + 2
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s line %d: %s", rel, line, fmt.Sprintf(format, args...))
		}
		id, name, src := t.get(rec, "id"), t.get(rec, "name"), t.get(rec, "source")
		typ, err := jurisdiction.ParseType(t.get(rec, "type"))
		if err != nil {
			return fail("%v", err)
		}
		if name == "" || src == "" {
			return fail("a district needs its name and the source of its rate")
		}
		pct, err := decimal.NewFromString(t.get(rec, "rate"))
		if err != nil || !pct.IsPositive() {
			return fail("rate %q is not a percentage", t.get(rec, "rate"))
		}
		var p civil.Period
		if p.Effective, err = parseRateDate(t.get(rec, "from")); err != nil {
			return fail("from: %v", err)
		}
		if p.Expiration, err = parseRateDate(t.get(rec, "to")); err != nil {
			return fail("to: %v", err)
		}
		var where []scope
		for _, f := range strings.Fields(t.get(rec, "where")) {
			w, err := parseScope(f)
			if err != nil {
				return fail("%v", err)
			}
			where = append(where, w)
		}
		if len(where) == 0 {
			return fail("a district needs the scopes where it applies")
		}
		if j, ok := s.L.b.juris[id]; ok && spans[id] {
			if j.Type != typ || j.Name != name {
				return fail("district %s was defined as %s %q", id, j.Type, j.Name)
			}
		} else if _, err := s.District(id, typ, name, ""); err != nil {
			return fail("%v", err)
		}
		if err := s.addRate(id, "", pct.Shift(-2), p, caDistrictsKey); err != nil {
			return fail("%v", err)
		}
		caWiden(s, id, p, spans)
		for _, w := range where {
			s.Assign(id, w)
		}
		when := p.Effective
		if when.IsZero() {
			when = cdtfaDate
		}
		s.L.rowsOf[caDistrictsKey]++
		s.Represent(srcRow{source: caDistrictsKey, ref: fmt.Sprintf("line %d", line), state: "CA", label: name, kind: "district",
			rate: pct.Shift(-2), when: when}, id)
	}
	s.L.g.addSource(source{
		Key:   caDistrictsKey,
		Files: rel,
		What: "California district taxes (transactions and use taxes of counties, cities and special districts) named with their rates, operative and sunset dates and areas, " +
			"each row with its source: CDTFA's lists of district taxes (CDTFA-105, CDTFA-823), CDTFA's explanations of rate changes, the measures themselves; every rate is checked by the sums of the CDTFA table",
		From:    "the publications cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	return nil
}

// caWiden makes a named district exist over the periods of its rates,
// so that a lookup lists it only while it is in force: the first row sets
// the district's period, later rows widen it.
func caWiden(s *localState, id string, p civil.Period, spans map[string]bool) {
	j := s.L.b.juris[id]
	if !spans[id] {
		spans[id] = true
		j.Period = p
		s.L.b.juris[id] = j
		return
	}
	if !j.Effective.IsZero() && (p.Effective.IsZero() || p.Effective.Before(j.Effective)) {
		j.Effective = p.Effective
	}
	if !j.Expiration.IsZero() && (p.Expiration.IsZero() || p.Expiration.After(j.Expiration)) {
		j.Expiration = p.Expiration
	}
	s.L.b.juris[id] = j
}

// caSum sums the general rates of jurisdictions on d.
func caSum(s *localState, ids []string, d civil.Date) decimal.Decimal {
	sum := decimal.Zero
	for _, id := range ids {
		v, _ := s.L.rateOn(id, d)
		sum = sum.Add(v)
	}
	return sum
}

// caRemainders gives each county, city and unincorporated area the part
// of its CDTFA rate that the named districts do not account for. In a
// county, every row's base is its local rate less the named districts
// that apply only there (a city's own, the unincorporated area's own);
// the least base is the countywide rate, of which the named countywide
// districts are a part and a countywide remainder the rest; each row's
// base above the least is the remainder of that city or unincorporated
// area. Every remainder is a district of its own, in force from the
// table's date.
func caRemainders(s *localState, rows []caRow, state decimal.Decimal) error {
	byCounty := map[string][]caRow{}
	for _, r := range rows {
		byCounty[r.county] = append(byCounty[r.county], r)
	}
	period := civil.Period{Effective: cdtfaDate}
	made := map[scopeKind]int{}
	add := func(id string, name string, v decimal.Decimal, w scope) error {
		if !v.IsPositive() {
			return nil
		}
		made[w.kind]++
		if _, err := s.District(id, jurisdiction.District, name, ""); err != nil {
			return err
		}
		if err := s.addRate(id, "", v, period, "us-ca-cdtfa"); err != nil {
			return err
		}
		s.Assign(id, w)
		return nil
	}
	for _, fips := range slices.Sorted(maps.Keys(byCounty)) {
		countyName := s.L.b.juris["US-"+fips].Name + " County"
		countywide := caSum(s, s.scopes[scope{kind: scopeCounty, county: fips}], cdtfaDate)
		base := map[string]decimal.Decimal{}
		var least decimal.Decimal
		for i, r := range byCounty[fips] {
			local := r.row.rate.Sub(state)
			own := caSum(s, s.membersOf(fips, r.place), cdtfaDate).Sub(countywide)
			b := local.Sub(own)
			if b.IsNegative() {
				return fmt.Errorf("%s (%s): the named districts of the area sum to more than its CDTFA rate %s", r.row.ref, r.row.label, r.row.rate)
			}
			base[r.row.ref] = b
			if i == 0 || b.LessThan(least) {
				least = b
			}
		}
		if least.LessThan(countywide) {
			return fmt.Errorf("county %s (%s): the named countywide districts sum to %s, more than the least rate in the county less the state's, %s",
				fips, countyName, countywide, least)
		}
		if err := add("US-"+fips+"-COUNTYWIDE", countyName+" countywide transactions and use taxes", least.Sub(countywide),
			scope{kind: scopeCounty, county: fips}); err != nil {
			return err
		}
		for _, r := range byCounty[fips] {
			rest := base[r.row.ref].Sub(least)
			if r.place == nil {
				if err := add("US-"+fips+"-UNINC", countyName+" unincorporated area transactions and use taxes", rest,
					scope{kind: scopeUninc, county: fips}); err != nil {
					return err
				}
				continue
			}
			if err := add(caCityDistrictID(r.place), "City of "+r.place.name+" transactions and use taxes", rest,
				scope{kind: scopePlace, place: r.place.code}); err != nil {
				return err
			}
		}
	}
	s.L.g.log.Info("California district taxes not named one by one", "countywide", made[scopeCounty],
		"unincorporated areas", made[scopeUninc], "cities", made[scopePlace])
	return nil
}

// caCityDistrictID is the ID of the district that holds a city's
// transactions and use taxes that are not named one by one.
func caCityDistrictID(p *usPlace) string {
	return "US-CA-D-CITY_OF_" + jurisdiction.Slug(foldName(p.name))
}

// caTaxlocus accounts for TaxLocus's California rows. Each is a CDTFA tax
// area's local rate (its combined rate less 7.25%) as of the refresh:
// a city's row is represented by the city's districts, an
// "Unincorporated" row, which does not name its county, by the
// unincorporated area of a county with that rate (the rows and the
// counties are matched rate by rate, in county order).
func caTaxlocus(s *localState, in *localInputs, rows []caRow) error {
	cityCounty := map[*usPlace]string{} // the county of a city's CDTFA row
	for _, r := range rows {
		if r.place != nil {
			cityCounty[r.place] = r.county
		}
	}
	var uninc []srcRow
	for _, row := range in.taxlocus["CA"] {
		name, ok := strings.CutSuffix(row.label, " (CDTFA tax area)")
		if !ok || row.kind != "special_district" {
			s.Refuse(row, "not a CDTFA tax area row, which are the only California rows TaxLocus has")
			continue
		}
		if name == "Unincorporated" {
			uninc = append(uninc, row)
			continue
		}
		p, ok := s.Place(name, "")
		if !ok || !p.incorporated {
			s.Refuse(row, "no incorporated Census place of California is named %q", name)
			continue
		}
		county := cityCounty[p]
		if county == "" {
			s.Refuse(row, "%s has no row in the CDTFA table", name)
			continue
		}
		s.caRepresentArea(row, county, p, "the city's districts")
	}
	// The unincorporated areas, matched to the rows by rate.
	byRate := map[string][]string{} // rate -> counties, in FIPS order
	for _, fips := range s.counties() {
		if fips == "06075" {
			continue // San Francisco, a city and county, has none
		}
		k := caSum(s, s.membersOf(fips, nil), taxlocusDate).StringFixed(6)
		byRate[k] = append(byRate[k], fips)
	}
	for _, row := range uninc {
		k := row.rate.StringFixed(6)
		if len(byRate[k]) == 0 {
			s.Refuse(row, "no county's unincorporated area left with the local rate %s%%", row.rate.Shift(2))
			continue
		}
		fips := byRate[k][0]
		byRate[k] = byRate[k][1:]
		s.caRepresentArea(row, fips, nil, "the unincorporated area's districts")
	}
	return nil
}

// caRepresentArea represents a row whose rate is the local rate of an
// area (a city of a county, or the county's unincorporated area) by the
// area's local jurisdictions, or refuses it with both numbers.
func (s *localState) caRepresentArea(row srcRow, county string, p *usPlace, what string) {
	ids := s.membersOf(county, p)
	if len(ids) == 0 {
		ids = []string{"US-" + county}
	}
	if got := caSum(s, ids, row.when); !got.Equal(row.rate) {
		s.Refuse(row, "%s%% disagrees with %s, %s%% on %s from the CDTFA table and the named districts, which win", row.rate.Shift(2), what, got.Shift(2), row.when)
		return
	}
	s.Represent(row, ids...)
}

// caOST accounts for OpenSalesTax's California tables: its state rate;
// its county rates (the rate of each county's unincorporated area above
// the state's) against the unincorporated areas built; its city rates
// (each city's rate above its county's) against the cities' own
// districts, noting where only the split between county and city
// differs. Its city ZIP lists become ZIP hints.
func caOST(s *localState, in *localInputs, state decimal.Decimal) error {
	o := in.ost["CA"]
	if o == nil {
		return nil
	}
	cs, err := o.cities("CA_CITIES", ostCityLayout("CA_CITIES")...)
	if err != nil {
		return err
	}
	cities := map[string]ostCity{}
	for _, c := range cs {
		cities[c.Name] = c
		county, _ := s.County(c.County)
		if p, ok := s.Place(c.Name, county); ok {
			for _, z := range c.ZIPs {
				if zr := s.L.zips[z]; zr != nil && zr.state == "CA" {
					s.HintZIP(z, p)
				}
			}
		}
	}
	counties, err := o.percents("CA_COUNTY_RATE_PCT")
	if err != nil {
		return err
	}
	countyOf := func(name string) (string, bool) {
		return s.County(strings.TrimSuffix(name, " (City and County)"))
	}
	for _, row := range in.ostRows["CA"] {
		table, key, _ := strings.Cut(row.ref, "/")
		switch table {
		case "CA_STATE_RATE_PCT":
			s.compareStateRate(row)
		case "CA_COUNTY_RATE_PCT":
			fips, ok := countyOf(key)
			if !ok {
				s.Refuse(row, "no county of California is named %q", key)
				continue
			}
			s.caRepresentArea(row, fips, nil, "the county's unincorporated area (OpenSalesTax took the least city rate for many counties)")
		case "CA_CITIES":
			c := cities[key]
			fips, ok := countyOf(c.County)
			if !ok {
				s.Refuse(row, "no county of California is named %q", c.County)
				continue
			}
			p, ok := s.Place(key, fips)
			if !ok {
				s.Refuse(row, "no Census place of %s is named %q", c.County, key)
				continue
			}
			if !p.incorporated {
				s.Refuse(row, "%s is an unincorporated community (a census-designated place) with no tax of its own: the unincorporated area's districts apply there", key)
				continue
			}
			countywide := s.scopes[scope{kind: scopeCounty, county: fips}]
			var own []string
			for _, id := range s.membersOf(fips, p) {
				if !slices.Contains(countywide, id) {
					own = append(own, id)
				}
			}
			got := caSum(s, own, row.when)
			if got.Equal(row.rate) {
				s.Represent(row, own...)
				continue
			}
			all := caSum(s, s.membersOf(fips, p), row.when)
			theirs := row.rate
			if v, ok := counties[c.County]; ok {
				theirs = theirs.Add(v.Shift(-2))
			}
			if theirs.Equal(all) {
				s.Refuse(row, "%s%% is the city's rate above OpenSalesTax's %s rate; the combined rate agrees (%s%%), but the city's own districts are %s%% "+
					"above the countywide districts %s%% that the CDTFA table gives, which wins", row.rate.Shift(2), c.County, all.Add(state).Shift(2),
					got.Shift(2), all.Sub(got).Shift(2))
				continue
			}
			s.Refuse(row, "%s%% above OpenSalesTax's %s rate makes a combined %s%%; the CDTFA table and the named districts give %s%% on %s, and win",
				row.rate.Shift(2), c.County, theirs.Add(state).Shift(2), all.Add(state).Shift(2), row.when)
		default:
			s.Refuse(row, "a table that California's builder does not read")
		}
	}
	return nil
}
