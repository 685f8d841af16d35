package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// California: the CDTFA table of combined rates effective 2026-01-01.
const cdtfaFile = "rates/us-ca-cdtfa-2026-01-01.csv"

var cdtfaDate = civil.New(2026, 1, 1)

// buildCA models the CDTFA combined rates as state + county + (city or
// unincorporated area), all non-negative: the county's part is the least
// combined rate in the county less the state rate, countywide; a city's
// part is the rest of its combined rate; the unincorporated area's part
// the rest of the county's row. See data/states/ca.md.
func buildCA(s *localState, in *localInputs) error {
	state, ok := s.L.rateOn("US-CA", cdtfaDate)
	if !ok {
		return fmt.Errorf("no California state rate on %s", cdtfaDate)
	}
	t, err := readRatesTable(s.L.g.path(cdtfaFile), "Location", "Rate", "County", "Type")
	if err != nil {
		return err
	}
	type cdtfaRow struct {
		row    srcRow
		county string // FIPS
		place  *usPlace
		uninc  bool
	}
	var rows []cdtfaRow
	least := map[string]decimal.Decimal{}
	for i, rec := range t.rows {
		line := i + 2
		loc, typ, county := t.get(rec, "Location"), t.get(rec, "Type"), t.get(rec, "County")
		rate, err := rateFraction(t.get(rec, "Rate"))
		if err != nil {
			return fmt.Errorf("%s line %d: %w", cdtfaFile, line, err)
		}
		row := srcRow{source: "us-ca-cdtfa", ref: fmt.Sprintf("line %d", line), state: "CA", label: loc, kind: typ, rate: rate, when: cdtfaDate}
		s.L.rowsOf[row.source]++
		if typ != "City" && typ != "County" {
			// Pointer rows ("Please refer to ... within X County") have
			// their columns shifted and no rate of their own.
			if !rate.IsZero() {
				return fmt.Errorf("%s line %d: unknown type %q with rate %s", cdtfaFile, line, typ, rate)
			}
			s.Refuse(row, "a pointer to the rows of another county, with no rate of its own")
			continue
		}
		fips, ok := s.County(county)
		if !ok {
			return fmt.Errorf("%s line %d: county %q is not a California county", cdtfaFile, line, county)
		}
		if rate.LessThan(state) {
			return fmt.Errorf("%s line %d: %s rate %s is below the state rate %s", cdtfaFile, line, loc, rate, state)
		}
		r := cdtfaRow{row: row, county: fips}
		if typ == "County" {
			if loc != county+" County" && loc != county+" County Unincorporated Area" {
				return fmt.Errorf("%s line %d: county row %q does not name county %q", cdtfaFile, line, loc, county)
			}
			r.uninc = true
		} else {
			p, ok := s.Place(loc, fips)
			if !ok {
				p, ok = s.Place(loc, "")
			}
			if !ok || !p.incorporated {
				return fmt.Errorf("%s line %d: city %q is not an incorporated Census place of California", cdtfaFile, line, loc)
			}
			r.place = p
		}
		if m, ok := least[fips]; !ok || rate.LessThan(m) {
			least[fips] = rate
		}
		rows = append(rows, r)
	}
	period := civil.Period{Effective: cdtfaDate}
	for _, fips := range slices.Sorted(maps.Keys(least)) {
		if err := s.SetCountyRate(fips, "", least[fips].Sub(state), period, "us-ca-cdtfa"); err != nil {
			return err
		}
	}
	cities, uninc := 0, 0
	for _, r := range rows {
		county := "US-" + r.county
		local := r.row.rate.Sub(least[r.county])
		switch {
		case r.uninc && local.IsPositive():
			id, err := s.District(county+"-UNINC", jurisdiction.SpecialPurposeDistrict, s.L.b.juris[county].Name+" County unincorporated area", "")
			if err != nil {
				return err
			}
			// Area-only districts keep the county ID they were given.
			if err := s.addRate(id, "", local, period, "us-ca-cdtfa"); err != nil {
				return err
			}
			s.Assign(id, scope{kind: scopeUninc, county: r.county})
			s.Represent(r.row, "US-CA", county, id)
			uninc++
		case r.uninc:
			s.Represent(r.row, "US-CA", county)
		default:
			id := s.City(r.place)
			if local.IsPositive() {
				if err := s.addRate(id, "", local, period, "us-ca-cdtfa"); err != nil {
					return fmt.Errorf("%s: %w", r.row.ref, err)
				}
			}
			s.Represent(r.row, "US-CA", county, id)
			cities++
		}
	}
	s.L.g.log.Info("California", "counties", len(least), "cities", cities, "unincorporated areas with a rate", uninc)
	s.L.g.addSource(source{
		Key:   "us-ca-cdtfa",
		Files: cdtfaFile,
		What: "California city and county combined sales and use tax rates effective 2026-01-01 (column Rate), split as state 7.25% + " +
			"countywide rate (the least rate in the county minus 7.25%) + city or unincorporated-area rate; every row is checked to sum exactly",
		From:    "California Department of Tax and Fee Administration, California City & County Sales & Use Tax Rates, effective January 1, 2026",
		Licence: "public government data",
	})
	for _, row := range in.taxlocus["CA"] {
		s.Refuse(row, "a California district tax: the CDTFA combined rates, which include the district taxes, are used instead")
	}
	if r, ok := in.taxlocusStates["CA"]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
