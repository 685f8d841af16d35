// Package ca is California's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ca.md and its
// curated tables.
package ca

import (
	"embed"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed ca.md *.csv
var files embed.FS

// New returns California's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "CA", Files: files, Build: build}
}

// CDTFAFile is the CDTFA's table of California's combined rates effective
// 2026-01-01, under the source folder.
const CDTFAFile = "rates/us-ca-cdtfa-2026-01-01.csv"

var cdtfaDate = civil.New(2026, 1, 1)

// caDistrictsKey is the source key of California's named district taxes,
// ca-districts.csv.
const caDistrictsKey = "us-local-ca-districts"

// caRow is a row of the CDTFA table that has a rate: a city, or a
// county's unincorporated area.
type caRow struct {
	row    datagen.Row
	county string         // FIPS
	place  *datagen.Place // nil for the unincorporated area
}

// build models California as CDTFA administers it: the statewide 7.25%
// (the state's 6% and the uniform local 1.25%) is the state's rate, and
// every tax above it is a district tax (transactions and use tax) of a
// county, a city or a special district. The districts that
// ca-districts.csv names are jurisdictions of their own;
// what the CDTFA table's combined rates hold beyond them becomes, per
// county, a countywide remainder (the least rate in the county less the
// named countywide taxes), and per city and unincorporated area the rest
// of its row. Every row of the table is checked to sum exactly. See
// ca.md.
func build(s *datagen.State, in *datagen.Inputs) error {
	state, ok := s.RateOn("US-CA", cdtfaDate)
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
		s.Represent(r.row, append([]string{"US-CA", "US-" + r.county}, s.MembersOf(r.county, r.place)...)...)
	}
	s.AddSource(datagen.Source{
		Key:   "us-ca-cdtfa",
		Files: CDTFAFile,
		What: "California city and county combined sales and use tax rates effective 2026-01-01 (column Rate): state 7.25% plus the district taxes of " +
			"each location, read as the named districts of internal/datagen/states/ca/ca-districts.csv, a countywide remainder (the least rate in the county less the state rate and the named countywide taxes) " +
			"and the rest of each city's or unincorporated area's row; every row is checked to sum exactly",
		From:    "California Department of Tax and Fee Administration, California City & County Sales & Use Tax Rates, effective January 1, 2026",
		Licence: "public government data",
	})
	if err := caTaxlocus(s, in, rows); err != nil {
		return err
	}
	s.CompareTaxlocusStateRate(in)
	return caOST(s, in, state)
}

// readCDTFA reads the CDTFA table: its city rows and its county rows (the
// rate of the county's unincorporated area), refusing the pointer rows.
func readCDTFA(s *datagen.State, state decimal.Decimal) ([]caRow, error) {
	t, err := s.SourceTable(CDTFAFile, "Location", "Rate", "County", "Type")
	if err != nil {
		return nil, err
	}
	var rows []caRow
	for i, rec := range t.Rows {
		line := i + 2
		loc, typ, county := t.Get(rec, "Location"), t.Get(rec, "Type"), t.Get(rec, "County")
		rate, err := datagen.RateFraction(t.Get(rec, "Rate"))
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", CDTFAFile, line, err)
		}
		row := datagen.Row{Source: "us-ca-cdtfa", Ref: fmt.Sprintf("line %d", line), State: "CA", Label: loc, Kind: typ, Rate: rate, When: cdtfaDate}
		s.CountRow(row.Source)
		if typ != "City" && typ != "County" {
			// Pointer rows ("Please refer to ... within X County") have
			// their columns shifted and no rate of their own.
			if !rate.IsZero() {
				return nil, fmt.Errorf("%s line %d: unknown type %q with rate %s", CDTFAFile, line, typ, rate)
			}
			s.Refuse(row, "a pointer to the rows of the county's unincorporated area and cities, with no rate of its own")
			continue
		}
		fips, ok := s.County(county)
		if !ok {
			return nil, fmt.Errorf("%s line %d: county %q is not a California county", CDTFAFile, line, county)
		}
		if rate.LessThan(state) {
			return nil, fmt.Errorf("%s line %d: %s rate %s is below the state rate %s", CDTFAFile, line, loc, rate, state)
		}
		r := caRow{row: row, county: fips}
		if typ == "County" {
			if loc != county+" County" && loc != county+" County Unincorporated Area" {
				return nil, fmt.Errorf("%s line %d: county row %q does not name county %q", CDTFAFile, line, loc, county)
			}
		} else {
			p, ok := s.Place(loc, fips)
			if !ok {
				p, ok = s.Place(loc, "")
			}
			if !ok || !p.Incorporated {
				return nil, fmt.Errorf("%s line %d: city %q is not an incorporated Census place of California", CDTFAFile, line, loc)
			}
			r.place = p
			s.City(p)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// readCADistricts reads ca-districts.csv: the district
// taxes named, each row a rate of a district over a period, with the
// scopes where it applies and its source. The first row of a district
// defines it.
func readCADistricts(s *datagen.State) error {
	rel := s.FileRef("ca-districts.csv")
	t, err := s.ReadTable("ca-districts.csv", "id", "type", "name", "where", "rate", "from", "to", "source")
	if err != nil {
		return err
	}
	spans := map[string]bool{} // districts whose period has been set
	for i, rec := range t.Rows {
		line := i + 2
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s line %d: %s", rel, line, fmt.Sprintf(format, args...))
		}
		id, name, src := t.Get(rec, "id"), t.Get(rec, "name"), t.Get(rec, "source")
		typ, err := jurisdiction.ParseType(t.Get(rec, "type"))
		if err != nil {
			return fail("%v", err)
		}
		if name == "" || src == "" {
			return fail("a district needs its name and the source of its rate")
		}
		pct, err := decimal.NewFromString(t.Get(rec, "rate"))
		if err != nil || !pct.IsPositive() {
			return fail("rate %q is not a percentage", t.Get(rec, "rate"))
		}
		var p civil.Period
		if p.Effective, err = datagen.ParseDate(t.Get(rec, "from")); err != nil {
			return fail("from: %v", err)
		}
		if p.Expiration, err = datagen.ParseDate(t.Get(rec, "to")); err != nil {
			return fail("to: %v", err)
		}
		where, err := datagen.ParseScopes(strings.Fields(t.Get(rec, "where")))
		if err != nil {
			return fail("%v", err)
		}
		if len(where) == 0 {
			return fail("a district needs the scopes where it applies")
		}
		if j := s.Juris(id); s.Known(id) && spans[id] {
			if j.Type != typ || j.Name != name {
				return fail("district %s was defined as %s %q", id, j.Type, j.Name)
			}
		} else if _, err := s.District(id, typ, name, ""); err != nil {
			return fail("%v", err)
		}
		if err := s.AddRate(id, "", pct.Shift(-2), p, caDistrictsKey); err != nil {
			return fail("%v", err)
		}
		if err := caWiden(s, id, p, spans); err != nil {
			return fail("%v", err)
		}
		for _, w := range where {
			s.Assign(id, w)
		}
		when := p.Effective
		if when.IsZero() {
			when = cdtfaDate
		}
		s.CountRow(caDistrictsKey)
		s.Represent(datagen.Row{Source: caDistrictsKey, Ref: fmt.Sprintf("line %d", line), State: "CA", Label: name, Kind: "district",
			Rate: pct.Shift(-2), When: when}, id)
	}
	s.AddSource(datagen.Source{
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
func caWiden(s *datagen.State, id string, p civil.Period, spans map[string]bool) error {
	j := s.Juris(id)
	if !spans[id] {
		spans[id] = true
		j.Period = p
		return s.UpdateJuris(j)
	}
	if !j.Effective.IsZero() && (p.Effective.IsZero() || p.Effective.Before(j.Effective)) {
		j.Effective = p.Effective
	}
	if !j.Expiration.IsZero() && (p.Expiration.IsZero() || p.Expiration.After(j.Expiration)) {
		j.Expiration = p.Expiration
	}
	return s.UpdateJuris(j)
}

// caSum sums the general rates of jurisdictions on d.
func caSum(s *datagen.State, ids []string, d civil.Date) decimal.Decimal {
	sum := decimal.Zero
	for _, id := range ids {
		v, _ := s.RateOn(id, d)
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
func caRemainders(s *datagen.State, rows []caRow, state decimal.Decimal) error {
	byCounty := map[string][]caRow{}
	for _, r := range rows {
		byCounty[r.county] = append(byCounty[r.county], r)
	}
	period := civil.Period{Effective: cdtfaDate}
	made := map[datagen.ScopeKind]int{}
	add := func(id string, name string, v decimal.Decimal, w datagen.Scope) error {
		if !v.IsPositive() {
			return nil
		}
		made[w.Kind]++
		_, err := s.AddDistrict(id, jurisdiction.District, name, "", v, period, "us-ca-cdtfa", w)
		return err
	}
	for _, fips := range slices.Sorted(maps.Keys(byCounty)) {
		countyName := s.Juris("US-"+fips).Name + " County"
		countywide := caSum(s, s.ScopeJuris(datagen.Scope{Kind: datagen.ScopeCounty, County: fips}), cdtfaDate)
		base := map[string]decimal.Decimal{}
		var least decimal.Decimal
		for i, r := range byCounty[fips] {
			local := r.row.Rate.Sub(state)
			own := caSum(s, s.MembersOf(fips, r.place), cdtfaDate).Sub(countywide)
			b := local.Sub(own)
			if b.IsNegative() {
				return fmt.Errorf("%s (%s): the named districts of the area sum to more than its CDTFA rate %s", r.row.Ref, r.row.Label, r.row.Rate)
			}
			base[r.row.Ref] = b
			if i == 0 || b.LessThan(least) {
				least = b
			}
		}
		if least.LessThan(countywide) {
			return fmt.Errorf("county %s (%s): the named countywide districts sum to %s, more than the least rate in the county less the state's, %s",
				fips, countyName, countywide, least)
		}
		if err := add("US-"+fips+"-COUNTYWIDE", countyName+" countywide transactions and use taxes", least.Sub(countywide),
			datagen.Scope{Kind: datagen.ScopeCounty, County: fips}); err != nil {
			return err
		}
		for _, r := range byCounty[fips] {
			rest := base[r.row.Ref].Sub(least)
			if r.place == nil {
				if err := add("US-"+fips+"-UNINC", countyName+" unincorporated area transactions and use taxes", rest,
					datagen.Scope{Kind: datagen.ScopeUninc, County: fips}); err != nil {
					return err
				}
				continue
			}
			if err := add(caCityDistrictID(r.place), "City of "+r.place.Name+" transactions and use taxes", rest,
				datagen.Scope{Kind: datagen.ScopePlace, Place: r.place.Code}); err != nil {
				return err
			}
		}
	}
	s.Log().Info("California district taxes not named one by one", "countywide", made[datagen.ScopeCounty],
		"unincorporated areas", made[datagen.ScopeUninc], "cities", made[datagen.ScopePlace])
	return nil
}

// caCityDistrictID is the ID of the district that holds a city's
// transactions and use taxes that are not named one by one.
func caCityDistrictID(p *datagen.Place) string {
	return "US-CA-D-CITY_OF_" + jurisdiction.Slug(datagen.FoldName(p.Name))
}

// caTaxlocus accounts for TaxLocus's California rows. Each is a CDTFA tax
// area's local rate (its combined rate less 7.25%) as of the refresh:
// a city's row is represented by the city's districts, an
// "Unincorporated" row, which does not name its county, by the
// unincorporated area of a county with that rate (the rows and the
// counties are matched rate by rate, in county order).
func caTaxlocus(s *datagen.State, in *datagen.Inputs, rows []caRow) error {
	cityCounty := map[*datagen.Place]string{} // the county of a city's CDTFA row
	for _, r := range rows {
		if r.place != nil {
			cityCounty[r.place] = r.county
		}
	}
	var uninc []datagen.Row
	for _, row := range in.Taxlocus["CA"] {
		name, ok := strings.CutSuffix(row.Label, " (CDTFA tax area)")
		if !ok || row.Kind != "special_district" {
			s.Refuse(row, "not a CDTFA tax area row, which are the only California rows TaxLocus has")
			continue
		}
		if name == "Unincorporated" {
			uninc = append(uninc, row)
			continue
		}
		p, ok := s.Place(name, "")
		if !ok || !p.Incorporated {
			s.Refuse(row, "no incorporated Census place of California is named %q", name)
			continue
		}
		county := cityCounty[p]
		if county == "" {
			s.Refuse(row, "%s has no row in the CDTFA table", name)
			continue
		}
		caRepresentArea(s, row, county, p, "the city's districts")
	}
	// The unincorporated areas, matched to the rows by rate.
	byRate := map[string][]string{} // rate -> counties, in FIPS order
	for _, fips := range s.Counties() {
		if fips == "06075" {
			continue // San Francisco, a city and county, has none
		}
		k := caSum(s, s.MembersOf(fips, nil), datagen.TaxlocusDate).StringFixed(6)
		byRate[k] = append(byRate[k], fips)
	}
	for _, row := range uninc {
		k := row.Rate.StringFixed(6)
		if len(byRate[k]) == 0 {
			s.Refuse(row, "no county's unincorporated area left with the local rate %s%%", row.Rate.Shift(2))
			continue
		}
		fips := byRate[k][0]
		byRate[k] = byRate[k][1:]
		caRepresentArea(s, row, fips, nil, "the unincorporated area's districts")
	}
	return nil
}

// caRepresentArea represents a row whose rate is the local rate of an
// area (a city of a county, or the county's unincorporated area) by the
// area's local jurisdictions, or refuses it with both numbers.
func caRepresentArea(s *datagen.State, row datagen.Row, county string, p *datagen.Place, what string) {
	ids := s.MembersOf(county, p)
	if len(ids) == 0 {
		ids = []string{"US-" + county}
	}
	if got := caSum(s, ids, row.When); !got.Equal(row.Rate) {
		s.Refuse(row, "%s%% disagrees with %s, %s%% on %s from the CDTFA table and the named districts, which win", row.Rate.Shift(2), what, got.Shift(2), row.When)
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
func caOST(s *datagen.State, in *datagen.Inputs, state decimal.Decimal) error {
	o := in.OST["CA"]
	if o == nil {
		return nil
	}
	cs, err := o.Cities("CA_CITIES")
	if err != nil {
		return err
	}
	cities := map[string]datagen.OSTCity{}
	for _, c := range cs {
		cities[c.Name] = c
		county, _ := s.County(c.County)
		if p, ok := s.Place(c.Name, county); ok {
			for _, z := range c.ZIPs {
				if zr := s.ZIPs()[z]; zr != nil && zr.State == "CA" {
					s.HintZIP(z, p)
				}
			}
		}
	}
	counties, err := o.Percents("CA_COUNTY_RATE_PCT")
	if err != nil {
		return err
	}
	countyOf := func(name string) (string, bool) {
		return s.County(strings.TrimSuffix(name, " (City and County)"))
	}
	for _, row := range in.OSTRows["CA"] {
		table, key, _ := strings.Cut(row.Ref, "/")
		switch table {
		case "CA_STATE_RATE_PCT":
			s.CompareStateRate(row)
		case "CA_COUNTY_RATE_PCT":
			fips, ok := countyOf(key)
			if !ok {
				s.Refuse(row, "no county of California is named %q", key)
				continue
			}
			caRepresentArea(s, row, fips, nil, "the county's unincorporated area (OpenSalesTax took the least city rate for many counties)")
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
			if !p.Incorporated {
				s.Refuse(row, "%s is an unincorporated community (a census-designated place) with no tax of its own: the unincorporated area's districts apply there", key)
				continue
			}
			countywide := s.ScopeJuris(datagen.Scope{Kind: datagen.ScopeCounty, County: fips})
			var own []string
			for _, id := range s.MembersOf(fips, p) {
				if !slices.Contains(countywide, id) {
					own = append(own, id)
				}
			}
			got := caSum(s, own, row.When)
			if got.Equal(row.Rate) {
				s.Represent(row, own...)
				continue
			}
			all := caSum(s, s.MembersOf(fips, p), row.When)
			theirs := row.Rate
			if v, ok := counties[c.County]; ok {
				theirs = theirs.Add(v.Shift(-2))
			}
			if theirs.Equal(all) {
				s.Refuse(row, "%s%% is the city's rate above OpenSalesTax's %s rate; the combined rate agrees (%s%%), but the city's own districts are %s%% "+
					"above the countywide districts %s%% that the CDTFA table gives, which wins", row.Rate.Shift(2), c.County, all.Add(state).Shift(2),
					got.Shift(2), all.Sub(got).Shift(2))
				continue
			}
			s.Refuse(row, "%s%% above OpenSalesTax's %s rate makes a combined %s%%; the CDTFA table and the named districts give %s%% on %s, and win",
				row.Rate.Shift(2), c.County, theirs.Add(state).Shift(2), all.Add(state).Shift(2), row.When)
		default:
			s.Refuse(row, "a table that California's builder does not read")
		}
	}
	return nil
}
