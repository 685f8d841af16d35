package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// buildLA builds the local content of Louisiana (see data/states/la.md).
//
// TaxLocus's Louisiana rows are the local rates of the state's tax
// locations, coded as the Department of Revenue codes them: two digits
// for the parish (its number in alphabetical order, so FIPS 2n-1), two
// for the location in it (00 the parish as a whole or its area outside
// the municipalities). A row's rate is the whole local rate of the
// location: parish (police jury), school board, sheriff, municipality
// and districts together. A parish row becomes the parish's rate, in the
// whole parish or outside its municipalities as the row says; a
// location row becomes its municipality's rate, less the parish's where
// the parish's applies there too. la-taxlocus.csv names the rows the
// rules cannot read.
func buildLA(s *localState, in *localInputs) error {
	mapping, err := s.readTaxlocusMapping()
	if err != nil {
		return err
	}
	rows := in.taxlocus["LA"]
	mapped := map[string]*taxlocusMapping{}
	for _, row := range rows {
		if m := mapping[taxlocusRowNumber(row)]; m != nil {
			if m.name != row.label {
				return fmt.Errorf("la-taxlocus.csv: line %d is %q in the source, the mapping says %q", m.line, row.label, m.name)
			}
			mapped[row.ref] = m
			delete(mapping, m.line)
		}
	}
	for line, m := range mapping {
		return fmt.Errorf("la-taxlocus.csv: line %d (%s) is not a Louisiana TaxLocus row", line, m.name)
	}
	parishOf := func(row srcRow) (string, error) {
		n, err := strconv.Atoi(row.code[:2])
		if len(row.code) != 4 || err != nil || n < 1 || n > 64 {
			return "", fmt.Errorf("%s (%s): %q is not a Louisiana location code", row.ref, row.label, row.code)
		}
		return fmt.Sprintf("%s%03d", s.Sub.FIPS, 2*n-1), nil
	}
	period := civil.Period{}
	for _, d := range laDistricts {
		id, err := s.District(d.id, d.typ, d.name, "")
		if err != nil {
			return err
		}
		if err := s.addRate(id, "", d.rate, period, srcTaxlocus); err != nil {
			return err
		}
		s.Assign(id, scope{kind: scopeCounty, county: d.parish})
	}
	// Parishes first: their rows end in 00, or the mapping says so.
	parishWide := map[string]bool{}
	for _, row := range rows {
		m := mapped[row.ref]
		if m != nil && m.action != "county" || m == nil && !strings.HasSuffix(row.code, "00") {
			continue
		}
		fips, err := parishOf(row)
		if err != nil {
			return err
		}
		where := scope{kind: scopeCounty, county: fips}
		if m != nil && len(m.where) > 0 {
			where = m.where[0]
		} else if laOutside.MatchString(row.label) {
			where = scope{kind: scopeUninc, county: fips}
		}
		// A district of the whole parish is part of the parish's row.
		v, rep := row.rate, []string{"US-" + fips}
		for _, d := range laDistricts {
			if d.parish == fips {
				v = v.Sub(d.rate)
				rep = append(rep, d.id)
			}
		}
		if v.IsNegative() {
			return fmt.Errorf("%s (%s): below the rates of the parish's districts", row.ref, row.label)
		}
		if err := s.SetCountyRate(fips, "", v, period, srcTaxlocus, where); err != nil {
			return fmt.Errorf("%s: %w", row.ref, err)
		}
		parishWide[fips] = where.kind == scopeCounty
		s.Represent(row, rep...)
	}
	first := map[string]srcRow{}
	for _, row := range rows {
		m := mapped[row.ref]
		if m != nil && m.action == "county" || m == nil && strings.HasSuffix(row.code, "00") {
			continue
		}
		if m != nil && m.action == "refuse" {
			s.Refuse(row, "%s", m.note)
			continue
		}
		fips, err := parishOf(row)
		if err != nil {
			return err
		}
		var p *usPlace
		if m != nil && m.action == "city" {
			var ok bool
			if p, ok = s.PlaceByCode(m.target); !ok {
				return fmt.Errorf("%s: no place %s", row.ref, m.target)
			}
		} else if m != nil {
			return fmt.Errorf("la-taxlocus.csv: line %d: action %s is not read for Louisiana", m.line, m.action)
		} else {
			name := strings.Join(strings.Fields(laPrefix.ReplaceAllString(row.label, "")), " ")
			var ok bool
			if p, ok = s.Place(name, fips); !ok || !p.incorporated {
				s.Refuse(row, "no incorporated Census place (2015) of parish %s is named %q", fips, name)
				continue
			}
		}
		if !p.inCounty(fips) {
			return fmt.Errorf("%s (%s): %s is not in parish %s", row.ref, row.label, p.name, fips)
		}
		v, rep := row.rate, []string{}
		if parishWide[fips] {
			pv, _ := s.L.rateOn("US-"+fips, row.when)
			v = v.Sub(pv)
			rep = append(rep, "US-"+fips)
		}
		if v.IsNegative() {
			s.Refuse(row, "%s%% is below the parish-wide rate of parish %s", row.rate.Shift(2), fips)
			continue
		}
		id := s.City(p)
		rep = append([]string{id}, rep...)
		if prev, ok := first[id]; ok {
			cur, _ := s.L.rateOn(id, row.when)
			if cur.Equal(v) {
				s.Represent(row, rep...)
			} else {
				s.Refuse(row, "%s already has %s%% from %s (%s)", p.name, cur.Shift(2), prev.ref, prev.label)
			}
			continue
		}
		first[id] = row
		if err := s.addRate(id, "", v, period, srcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.ref, err)
		}
		s.Represent(row, rep...)
	}
	if r, ok := in.taxlocusStates["LA"]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}

// laDistricts are Louisiana's districts of a whole parish whose rate the
// parish's row includes.
var laDistricts = []struct {
	id, name string
	typ      jurisdiction.Type
	rate     decimal.Decimal
	parish   string // FIPS
}{
	// The New Orleans Regional Transit Authority's permanent 1% sales
	// tax, approved by the voters of New Orleans on 1985-01-19 (NORTA,
	// "Regional Transit Funding"; NOLA.com, 2014-07-16): part of Orleans
	// Parish's 5%.
	{id: "US-LA-D-NORTA", name: "New Orleans Regional Transit Authority", typ: jurisdiction.TransitDistrict, rate: decimal.New(1, -2), parish: "22071"},
}

var (
	// laPrefix is what the location names put before a town's name.
	laPrefix = regexp.MustCompile(`^(?i)(city|town|village) of\s+`)
	// laOutside matches the parish rows that apply outside the
	// municipalities only.
	laOutside = regexp.MustCompile(`(?i)^(outside incorporated|balance of)`)
)
