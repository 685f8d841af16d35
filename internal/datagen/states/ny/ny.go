// Package ny is New York's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ny.md and its
// curated tables.
package ny

import (
	"embed"
	"fmt"
	"maps"
	"slices"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
)

// files are the files of the folder that the generator reads.
//
//go:embed ny.md *.csv
var files embed.FS

// New returns New York's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "NY", Files: files, Build: build}
}

// build builds New York's local content: see ny.md.
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
func build(s *datagen.State, in *datagen.Inputs) error {
	done := map[string]bool{}
	// The MCTD: its rate and its counties, from OpenSalesTax.
	mctdRow, ok := datagen.OSTRowByRef(in, "NY", "NY_MCTD_RATE/NY_MCTD_RATE")
	if !ok {
		return fmt.Errorf("OpenSalesTax has no NY_MCTD_RATE")
	}
	mctd, err := s.AddDistrict("US-NY-D-MCTD", jurisdiction.TransitDistrict, "Metropolitan Commuter Transportation District", "", mctdRow.Rate, civil.Period{}, datagen.SrcOpenSalesTax)
	if err != nil {
		return err
	}
	mctdCounties := map[string]bool{}
	for _, name := range in.OST["NY"].Strings("NY_MCTD_COUNTIES") {
		fips, ok := s.County(name)
		if !ok {
			return fmt.Errorf("NY_MCTD_COUNTIES: no county %q", name)
		}
		mctdCounties[fips] = true
		s.Assign(mctd, datagen.Scope{Kind: datagen.ScopeCounty, County: fips})
	}
	if len(mctdCounties) != 12 {
		return fmt.Errorf("NY_MCTD_COUNTIES: %d counties, want the 12 of the MCTD", len(mctdCounties))
	}
	s.Represent(mctdRow, mctd)
	done[mctdRow.Ref] = true

	// New York City and Yonkers, the two cities whose tax adds to (or
	// stands for) the county's; OpenSalesTax gives their rates.
	nycCounties := map[string]bool{"36005": true, "36047": true, "36061": true, "36081": true, "36085": true}
	var nyc string
	for _, c := range []struct{ key, place string }{{"New York City", "3651000"}, {"Yonkers", "3684000"}} {
		row, ok := datagen.OSTRowByRef(in, "NY", "NY_CITIES/"+c.key)
		if !ok {
			return fmt.Errorf("OpenSalesTax has no NY_CITIES entry %s", c.key)
		}
		p, ok := s.PlaceByCode(c.place)
		if !ok {
			return fmt.Errorf("no place %s (%s)", c.place, c.key)
		}
		id := s.City(p)
		if err := s.AddRate(id, "", row.Rate, civil.Period{}, datagen.SrcOpenSalesTax); err != nil {
			return err
		}
		s.Represent(row, id)
		done[row.Ref] = true
		if c.place == "3651000" {
			// The city is its five counties, whole: its tax applies in
			// each of them (not where the place's generalised boundary
			// grazes a neighbour, Nassau, nor only within that boundary).
			nyc = id
			s.Unassign(id, datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code})
			for _, fips := range slices.Sorted(maps.Keys(nycCounties)) {
				s.Assign(id, datagen.Scope{Kind: datagen.ScopeCounty, County: fips})
			}
		}
	}

	// The TaxLocus county rows: the county's rate is the row's less the
	// MCTD's where the county is in the MCTD; in New York City the row
	// is the city's tax and the MCTD's, and the county has no tax.
	for _, row := range in.Taxlocus["NY"] {
		fips, ok := s.County(row.Label)
		if row.Kind != "county" || !ok {
			s.Refuse(row, "not a county of New York")
			continue
		}
		id := "US-" + fips
		switch {
		case nycCounties[fips]:
			s.Represent(row, nyc, mctd)
		default:
			v := row.Rate
			parts := []string{id}
			if mctdCounties[fips] {
				v = v.Sub(mctdRow.Rate)
				parts = append(parts, mctd)
			}
			if err := s.SetCountyRate(fips, "", v, civil.Period{}, datagen.SrcTaxlocus); err != nil {
				return err
			}
			s.Represent(row, parts...)
		}
	}
	s.CompareTaxlocusStateRate(in)
	// The other OpenSalesTax rows agree with these parts: its county
	// rates leave out the MCTD and are 0 in New York City, and its
	// other cities have no tax of their own (0).
	return s.ReconcileOST(datagen.OSTRowsExcept(in, "NY", done))
}
