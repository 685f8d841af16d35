package datagen

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// sstDistrictMap is a state's reading of a special district code of its SST
// rate file (internal/datagen/states/<st>/<st>-sst.csv): its type, name and
// where it applies, or why it is left out.
type sstDistrictMap struct {
	typ   jurisdiction.Type
	name  string
	where []Scope
	note  string // the citation, or the reason for leaving it out
}

// readSSTDistrictMap reads a state's reading of its SST district codes.
func (s *State) readSSTDistrictMap() (map[string]*sstDistrictMap, error) {
	name := strings.ToLower(s.Sub.Code) + "-sst.csv"
	path := s.FileRef(name)
	if !s.has(name) {
		return nil, nil
	}
	t, err := s.ReadTable(name, "code", "type", "name", "where", "note")
	if err != nil {
		return nil, err
	}
	out := map[string]*sstDistrictMap{}
	for i, rec := range t.Rows {
		fail := func(col, format string, args ...any) error {
			return fmt.Errorf("%s line %d, column %s: %s", path, i+2, col, fmt.Sprintf(format, args...))
		}
		d := &sstDistrictMap{name: t.Get(rec, "name"), note: t.Get(rec, "note")}
		if d.note == "" {
			return nil, fail("note", "every district needs its citation or the reason it is left out")
		}
		if ty := t.Get(rec, "type"); ty != "" {
			if d.typ, err = jurisdiction.ParseType(ty); err != nil {
				return nil, fail("type", "%v", err)
			}
			if d.name == "" {
				return nil, fail("name", "a district needs a name")
			}
		}
		if d.where, err = ParseScopes(strings.Fields(t.Get(rec, "where"))); err != nil {
			return nil, fail("where", "%v", err)
		}
		if d.typ != 0 && len(d.where) == 0 {
			return nil, fail("where", "a district needs its scopes")
		}
		code := t.Get(rec, "code")
		if out[code] != nil {
			return nil, fail("code", "%s twice", code)
		}
		out[code] = d
	}
	return out, nil
}

// ApplySST reads the state's SST rate file: the state row gives the
// state's food rate and checks its general rate; county rows give the
// counties' rates, countywide; city rows the rates of the places whose
// FIPS code they carry; district rows the districts that the state's
// district map reads, the others being refused.
func (s *State) ApplySST(in *Inputs) error {
	dmap, err := s.readSSTDistrictMap()
	if err != nil {
		return err
	}
	key := sstKey(s.Sub.Code)
	for _, r := range in.SST[s.Sub.Code] {
		row := SSTLedgerRow(s.Sub.Code, r)
		var id string
		switch r.Type {
		case sstState:
			if err := checkSSTState(s.L.b, s.Sub.ID(), r); err != nil {
				return fmt.Errorf("%s: %w", row.Ref, err)
			}
			if err := s.L.b.addRate(jurisdiction.Rate{Jurisdiction: s.Sub.ID(), Tax: jurisdiction.SalesTax, Category: jurisdiction.Food,
				Value: r.Food, Period: r.Period, Source: key}); err != nil {
				return fmt.Errorf("%s: %w", row.Ref, err)
			}
			s.Represent(row, s.Sub.ID())
			continue
		case sstCounty:
			id = "US-" + s.Sub.FIPS + r.Code
			if _, ok := s.L.b.juris[id]; !ok {
				s.Refuse(row, "county %s is not in the county list", id)
				continue
			}
			s.juris[id] = true
			s.Assign(id, Scope{Kind: ScopeCounty, County: s.Sub.FIPS + r.Code})
		case SSTCity:
			p, ok := s.PlaceByCode(r.Code)
			if !ok {
				s.Refuse(row, "no Census place of %s has the FIPS code %s", s.Sub.Name, r.Code)
				continue
			}
			id = s.City(p)
		case sstDistrictKind:
			d := dmap[r.Code]
			if d == nil {
				s.Refuse(row, "special district %s: its area is not in the data (no boundary file)", r.Code)
				continue
			}
			if d.typ == 0 {
				s.Refuse(row, "special district %s: %s", r.Code, d.note)
				continue
			}
			if id, err = s.District(s.DistrictID(r.Code, ""), d.typ, d.name, r.Code); err != nil {
				return err
			}
			for _, w := range d.where {
				s.Assign(id, w)
			}
		}
		for _, rt := range []struct {
			cat string
			v   decimal.Decimal
		}{{jurisdiction.General, r.General}, {jurisdiction.Food, r.Food}} {
			if err := s.AddRate(id, rt.cat, rt.v, r.Period, key); err != nil {
				return fmt.Errorf("%s: %w", row.Ref, err)
			}
		}
		s.Represent(row, id)
	}
	sub := s.Sub
	s.L.g.addSource(Source{
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

// ReconcileTaxlocus accounts for the state's TaxLocus rows against what
// the state's primary source built: represented where the jurisdiction
// of the row (a county by name, a place by code or name, a district by
// code) has the same rate, refused with both numbers where it does not
// or where no jurisdiction matches.
func (s *State) ReconcileTaxlocus(in *Inputs, primary string) {
	for _, row := range in.Taxlocus[s.Sub.Code] {
		var id string
		switch row.Kind {
		case "county", "parish", "borough":
			if f, ok := s.County(row.Label); ok {
				id = "US-" + f
			}
		case "city":
			if p, ok := s.PlaceByCode(row.Code); ok && len(row.Code) == 5 {
				id = "US-" + p.Code
			} else if p, ok := s.Place(row.Label, ""); ok {
				id = "US-" + p.Code
			}
		default:
			if row.Code != "" {
				id = s.DistrictID(row.Code, "")
			}
		}
		if id == "" || !s.juris[id] {
			s.Refuse(row, "%s has no jurisdiction of this row in %s, which wins", s.Sub.Name, primary)
			continue
		}
		s.RepresentIfSum(row, []string{id})
	}
}
