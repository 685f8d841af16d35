// Package la is Louisiana's part of the generator of Levy's dataset:
// the builder of its local content, beside its note la.md and its
// curated tables.
package la

import (
	"embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed la.md *.csv
var files embed.FS

// New returns Louisiana's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "LA", Files: files, Build: build}
}

// build builds the local content of Louisiana (see la.md).
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
func build(s *datagen.State, in *datagen.Inputs) error {
	rows := in.Taxlocus[s.Sub.Code]
	mapped, err := s.MapTaxlocusRows(rows)
	if err != nil {
		return err
	}
	parishOf := func(row datagen.Row) (string, error) {
		n, err := strconv.Atoi(row.Code[:2])
		if len(row.Code) != 4 || err != nil || n < 1 || n > 64 {
			return "", fmt.Errorf("%s (%s): %q is not a Louisiana location code", row.Ref, row.Label, row.Code)
		}
		return fmt.Sprintf("%s%03d", s.Sub.FIPS, 2*n-1), nil
	}
	period := civil.Period{}
	for _, d := range laDistricts {
		if _, err := s.AddDistrict(d.id, d.typ, d.name, "", d.rate, period, datagen.SrcTaxlocus, datagen.Scope{Kind: datagen.ScopeCounty, County: d.parish}); err != nil {
			return err
		}
	}
	// Parishes first: their rows end in 00, or the mapping says so.
	parishWide := map[string]bool{}
	for _, row := range rows {
		m := mapped[row.Ref]
		if m != nil && m.Action != "county" || m == nil && !strings.HasSuffix(row.Code, "00") {
			continue
		}
		fips, err := parishOf(row)
		if err != nil {
			return err
		}
		where := datagen.Scope{Kind: datagen.ScopeCounty, County: fips}
		if m != nil && len(m.Where) > 0 {
			where = m.Where[0]
		} else if laOutside.MatchString(row.Label) {
			where = datagen.Scope{Kind: datagen.ScopeUninc, County: fips}
		}
		// A district of the whole parish is part of the parish's row.
		v, rep := row.Rate, []string{"US-" + fips}
		for _, d := range laDistricts {
			if d.parish == fips {
				v = v.Sub(d.rate)
				rep = append(rep, d.id)
			}
		}
		if v.IsNegative() {
			return fmt.Errorf("%s (%s): below the rates of the parish's districts", row.Ref, row.Label)
		}
		if err := s.SetCountyRate(fips, "", v, period, datagen.SrcTaxlocus, where); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		parishWide[fips] = where.Kind == datagen.ScopeCounty
		s.Represent(row, rep...)
	}
	first := map[string]datagen.Row{}
	for _, row := range rows {
		m := mapped[row.Ref]
		if m != nil && m.Action == "county" || m == nil && strings.HasSuffix(row.Code, "00") {
			continue
		}
		if m != nil && m.Action == "refuse" {
			s.Refuse(row, "%s", m.Note)
			continue
		}
		fips, err := parishOf(row)
		if err != nil {
			return err
		}
		var p *datagen.Place
		if m != nil && m.Action == "city" {
			var ok bool
			if p, ok = s.PlaceByCode(m.Target); !ok {
				return fmt.Errorf("%s: no place %s", row.Ref, m.Target)
			}
		} else if m != nil {
			return fmt.Errorf("la-taxlocus.csv: line %d: action %s is not read for Louisiana", m.Line, m.Action)
		} else {
			name := strings.Join(strings.Fields(laPrefix.ReplaceAllString(row.Label, "")), " ")
			var ok bool
			if p, ok = s.Place(name, fips); !ok || !p.Incorporated {
				s.Refuse(row, "no incorporated Census place (2015) of parish %s is named %q", fips, name)
				continue
			}
		}
		if !p.InCounty(fips) {
			return fmt.Errorf("%s (%s): %s is not in parish %s", row.Ref, row.Label, p.Name, fips)
		}
		v, rep := row.Rate, []string{}
		if parishWide[fips] {
			pv, _ := s.RateOn("US-"+fips, row.When)
			v = v.Sub(pv)
			rep = append(rep, "US-"+fips)
		}
		if v.IsNegative() {
			s.Refuse(row, "%s%% is below the parish-wide rate of parish %s", row.Rate.Shift(2), fips)
			continue
		}
		id := s.City(p)
		rep = append([]string{id}, rep...)
		if prev, ok := first[id]; ok {
			cur, _ := s.RateOn(id, row.When)
			if cur.Equal(v) {
				s.Represent(row, rep...)
			} else {
				s.Refuse(row, "%s already has %s%% from %s (%s)", p.Name, cur.Shift(2), prev.Ref, prev.Label)
			}
			continue
		}
		first[id] = row
		if err := s.AddRate(id, "", v, period, datagen.SrcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.Represent(row, rep...)
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
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
