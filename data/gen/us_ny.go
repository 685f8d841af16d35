package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// buildNY builds New York's local content: see data/states/ny.md.
//
// TaxLocus gives one row per county whose rate is the whole local rate
// of the county: the county's own tax, the Metropolitan Commuter
// Transportation District's 0.375% in the twelve counties of the MCTD,
// and in the five counties of New York City the city's 4.5% instead of
// a county tax. OpenSalesTax gives the parts: the county rates without
// the MCTD, the MCTD's rate and counties, and the city rates of New
// York City and Yonkers. The MCTD is its own transit district; New
// York City and Yonkers are cities; the TaxLocus county rows are
// represented by the parts they sum.
func buildNY(s *localState, in *localInputs) error {
	done := map[string]bool{}
	// The MCTD: its rate and its counties, from OpenSalesTax.
	mctdRow, ok := ostRowByRef(in, "NY", "NY_MCTD_RATE/NY_MCTD_RATE")
	if !ok {
		return fmt.Errorf("OpenSalesTax has no NY_MCTD_RATE")
	}
	mctd, err := s.District("US-NY-D-MCTD", jurisdiction.TransitDistrict, "Metropolitan Commuter Transportation District", "")
	if err != nil {
		return err
	}
	if err := s.addRate(mctd, "", mctdRow.rate, civil.Period{}, srcOpenSalesTax); err != nil {
		return err
	}
	mctdCounties := map[string]bool{}
	for _, name := range in.ost["NY"].strings("NY_MCTD_COUNTIES") {
		fips, ok := s.County(name)
		if !ok {
			return fmt.Errorf("NY_MCTD_COUNTIES: no county %q", name)
		}
		mctdCounties[fips] = true
		s.Assign(mctd, scope{kind: scopeCounty, county: fips})
	}
	if len(mctdCounties) != 12 {
		return fmt.Errorf("NY_MCTD_COUNTIES: %d counties, want the 12 of the MCTD", len(mctdCounties))
	}
	s.Represent(mctdRow, mctd)
	done[mctdRow.ref] = true

	// New York City and Yonkers, the two cities whose tax adds to (or
	// stands for) the county's; OpenSalesTax gives their rates.
	nycCounties := map[string]bool{"36005": true, "36047": true, "36061": true, "36081": true, "36085": true}
	var nyc string
	for _, c := range []struct{ key, place string }{{"New York City", "3651000"}, {"Yonkers", "3684000"}} {
		row, ok := ostRowByRef(in, "NY", "NY_CITIES/"+c.key)
		if !ok {
			return fmt.Errorf("OpenSalesTax has no NY_CITIES entry %s", c.key)
		}
		p, ok := s.PlaceByCode(c.place)
		if !ok {
			return fmt.Errorf("no place %s (%s)", c.place, c.key)
		}
		id := s.City(p)
		if err := s.addRate(id, "", row.rate, civil.Period{}, srcOpenSalesTax); err != nil {
			return err
		}
		s.Represent(row, id)
		done[row.ref] = true
		if c.place == "3651000" {
			// The city is its five counties, whole: its tax applies in
			// each of them (not where the place's generalised boundary
			// grazes a neighbour, Nassau, nor only within that boundary).
			nyc = id
			s.unassign(id, scope{kind: scopePlace, place: p.code})
			for _, fips := range slices.Sorted(maps.Keys(nycCounties)) {
				s.Assign(id, scope{kind: scopeCounty, county: fips})
			}
		}
	}

	// The TaxLocus county rows: the county's rate is the row's less the
	// MCTD's where the county is in the MCTD; in New York City the row
	// is the city's tax and the MCTD's, and the county has no tax.
	for _, row := range in.taxlocus["NY"] {
		fips, ok := s.County(row.label)
		if row.kind != "county" || !ok {
			s.Refuse(row, "not a county of New York")
			continue
		}
		id := "US-" + fips
		switch {
		case nycCounties[fips]:
			s.Represent(row, nyc, mctd)
		default:
			v := row.rate
			parts := []string{id}
			if mctdCounties[fips] {
				v = v.Sub(mctdRow.rate)
				parts = append(parts, mctd)
			}
			if err := s.SetCountyRate(fips, "", v, civil.Period{}, srcTaxlocus); err != nil {
				return err
			}
			s.Represent(row, parts...)
		}
	}
	if r, ok := in.taxlocusStates["NY"]; ok {
		s.compareStateRate(r)
	}
	// The other OpenSalesTax rows agree with these parts: its county
	// rates leave out the MCTD and are 0 in New York City, and its
	// other cities have no tax of their own (0).
	return s.reconcileOST(ostRowsExcept(in, "NY", done))
}

// unassign takes jurisdiction id out of scope w.
func (s *localState) unassign(id string, w scope) {
	s.scopes[w] = slices.DeleteFunc(s.scopes[w], func(x string) bool { return x == id })
	if len(s.scopes[w]) == 0 {
		delete(s.scopes, w)
	}
}

// ostRowByRef returns the OpenSalesTax row of a state with the given
// reference ("TABLE/key").
func ostRowByRef(in *localInputs, st, ref string) (srcRow, bool) {
	for _, r := range in.ostRows[st] {
		if r.ref == ref {
			return r, true
		}
	}
	return srcRow{}, false
}

// ostRowsExcept returns inputs whose OpenSalesTax rows of state st leave
// out those a builder has already accounted for (by reference), for the
// common reconciliation of the rest.
func ostRowsExcept(in *localInputs, st string, done map[string]bool) *localInputs {
	out := *in
	out.ostRows = map[string][]srcRow{}
	for k, rows := range in.ostRows {
		if k != st {
			out.ostRows[k] = rows
			continue
		}
		out.ostRows[k] = slices.DeleteFunc(slices.Clone(rows), func(r srcRow) bool { return done[r.ref] })
	}
	return &out
}

// cutRef splits an OpenSalesTax row reference into its table and key.
func cutRef(ref string) (table, key string, ok bool) {
	for i := 0; i < len(ref); i++ {
		if ref[i] == '/' {
			return ref[:i], ref[i+1:], true
		}
	}
	return ref, "", false
}

// pct parses a percentage constant ("0.5") as a fraction.
func pct(s string) decimal.Decimal { return decimal.RequireFromString(s).Shift(-2) }
