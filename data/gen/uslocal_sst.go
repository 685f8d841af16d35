package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// sstDistrictMap is a state's reading of a special district code of its SST
// rate file (data/src/us-local/<st>-sst.csv): its type, name and where
// it applies, or why it is left out.
type sstDistrictMap struct {
	typ   jurisdiction.Type
	name  string
	where []scope
	note  string // the citation, or the reason for leaving it out
}

// readSSTDistricts reads a state's reading of its SST district codes.
func (s *localState) readSSTDistrictMap() (map[string]*sstDistrictMap, error) {
	path := filepath.Join(s.L.g.out, "src", "us-local", strings.ToLower(s.Sub.Code)+"-sst.csv")
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	t, err := readRatesTable(path, "code", "type", "name", "where", "note")
	if err != nil {
		return nil, err
	}
	out := map[string]*sstDistrictMap{}
	for i, rec := range t.rows {
		fail := func(col, format string, args ...any) error {
			return fmt.Errorf("%s line %d, column %s: %s", path, i+2, col, fmt.Sprintf(format, args...))
		}
		d := &sstDistrictMap{name: t.get(rec, "name"), note: t.get(rec, "note")}
		if d.note == "" {
			return nil, fail("note", "every district needs its citation or the reason it is left out")
		}
		if ty := t.get(rec, "type"); ty != "" {
			if d.typ, err = jurisdiction.ParseType(ty); err != nil {
				return nil, fail("type", "%v", err)
			}
			if d.name == "" {
				return nil, fail("name", "a district needs a name")
			}
		}
		for _, f := range strings.Fields(t.get(rec, "where")) {
			w, err := parseScope(f)
			if err != nil {
				return nil, fail("where", "%v", err)
			}
			d.where = append(d.where, w)
		}
		if d.typ != 0 && len(d.where) == 0 {
			return nil, fail("where", "a district needs its scopes")
		}
		code := t.get(rec, "code")
		if out[code] != nil {
			return nil, fail("code", "%s twice", code)
		}
		out[code] = d
	}
	return out, nil
}

// applySST reads the state's SST rate file: the state row gives the
// state's food rate and checks its general rate; county rows give the
// counties' rates, countywide; city rows the rates of the places whose
// FIPS code they carry; district rows the districts that the state's
// district map reads, the others being refused.
func (s *localState) applySST(in *localInputs) error {
	dmap, err := s.readSSTDistrictMap()
	if err != nil {
		return err
	}
	key := sstKey(s.Sub.Code)
	for _, r := range in.sst[s.Sub.Code] {
		row := sstLedgerRow(s.Sub.Code, r)
		var id string
		switch r.typ {
		case sstState:
			if err := checkSSTState(s.L.b, s.Sub.ID(), r); err != nil {
				return fmt.Errorf("%s: %w", row.ref, err)
			}
			if err := s.L.b.addRate(jurisdiction.Rate{Jurisdiction: s.Sub.ID(), Tax: jurisdiction.SalesTax, Category: jurisdiction.Food,
				Value: r.food, Period: r.period, Source: key}); err != nil {
				return fmt.Errorf("%s: %w", row.ref, err)
			}
			s.Represent(row, s.Sub.ID())
			continue
		case sstCounty:
			id = "US-" + s.Sub.FIPS + r.code
			if _, ok := s.L.b.juris[id]; !ok {
				s.Refuse(row, "county %s is not in the county list", id)
				continue
			}
			s.juris[id] = true
			s.Assign(id, scope{kind: scopeCounty, county: s.Sub.FIPS + r.code})
		case sstCity:
			p, ok := s.PlaceByCode(r.code)
			if !ok {
				s.Refuse(row, "no Census place of %s has the FIPS code %s", s.Sub.Name, r.code)
				continue
			}
			id = s.City(p)
		case sstDistrictKind:
			d := dmap[r.code]
			if d == nil {
				s.Refuse(row, "special district %s: its area is not in the data (no boundary file)", r.code)
				continue
			}
			if d.typ == 0 {
				s.Refuse(row, "special district %s: %s", r.code, d.note)
				continue
			}
			if id, err = s.District(s.DistrictID(r.code, ""), d.typ, d.name, r.code); err != nil {
				return err
			}
			for _, w := range d.where {
				s.Assign(id, w)
			}
		}
		for _, rt := range []struct {
			cat string
			v   decimal.Decimal
		}{{jurisdiction.General, r.general}, {jurisdiction.Food, r.food}} {
			if err := s.addRate(id, rt.cat, rt.v, r.period, key); err != nil {
				return fmt.Errorf("%s: %w", row.ref, err)
			}
		}
		s.Represent(row, id)
	}
	sub := s.Sub
	s.L.g.addSource(source{
		Key:   key,
		Files: sstFileOf(sub.Code),
		What: sub.Name + " local sales tax rates with effective dates: counties (type 00), cities and other places (type 01, place FIPS), " +
			"special districts (type 63, where the state's note says where they apply); general intrastate rate as category general, food intrastate as food; the state row (type 45) gives the state food rate and checks the state rate",
		From:    "Streamlined Sales Tax Governing Board rate file " + strings.TrimSuffix(filepath.Base(sstFileOf(sub.Code)), ".csv") + " (via the open-sales-tax test fixtures)",
		Licence: "public government data (fixtures Apache-2.0)",
	})
	return nil
}

// sstFileOf returns the SST rate file of a state.
func sstFileOf(state string) string {
	for _, f := range sstFiles {
		if f.state == state {
			return f.file
		}
	}
	return ""
}

// reconcileTaxlocus accounts for the state's TaxLocus rows against what
// the state's primary source built: represented where the jurisdiction
// of the row (a county by name, a place by code or name, a district by
// code) has the same rate, refused with both numbers where it does not
// or where no jurisdiction matches.
func (s *localState) reconcileTaxlocus(in *localInputs, primary string) {
	for _, row := range in.taxlocus[s.Sub.Code] {
		var id string
		switch row.kind {
		case "county", "parish", "borough":
			if f, ok := s.County(row.label); ok {
				id = "US-" + f
			}
		case "city":
			if p, ok := s.PlaceByCode(row.code); ok && len(row.code) == 5 {
				id = "US-" + p.code
			} else if p, ok := s.Place(row.label, ""); ok {
				id = "US-" + p.code
			}
		default:
			if row.code != "" {
				id = s.DistrictID(row.code, "")
			}
		}
		if id == "" || !s.juris[id] {
			s.Refuse(row, "%s has no jurisdiction of this row in %s, which wins", s.Sub.Name, primary)
			continue
		}
		s.representIfSum(row, []string{id})
	}
}
