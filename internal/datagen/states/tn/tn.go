// Package tn is Tennessee's part of the generator of Levy's dataset:
// the builder of its local content, beside its note tn.md and its
// curated tables.
package tn

import (
	"embed"
	"fmt"
	"strconv"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed tn.md *.csv
var files embed.FS

// New returns Tennessee's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "TN", Files: files, Build: build}
}

// tnDavidsonTransit is the Davidson County transit surcharge on the local
// option sales tax (IMPROVE Act), defined with its start date in
// tn.csv.
const tnDavidsonTransit = "US-TN-D-DAVIDSON_TRANSIT"

// build builds Tennessee's local content from the TaxLocus rows (see
// tn.md): a county row is the county's local option rate,
// countywide; a city row (its code the Census place's) is the whole
// local rate inside the city, so the city's own rate is the row less
// the rate of the county the city mainly lies in; a special district
// row coded 9CCxx is a location of the Department of Revenue's county
// CC (the counties numbered alphabetically), whose whole local rate is
// the county's, or, in Davidson County, the transit surcharge.
func build(s *datagen.State, in *datagen.Inputs) error {
	rows := in.Taxlocus["TN"]
	for _, row := range rows {
		if row.Kind != "county" {
			continue
		}
		fips := s.Sub.FIPS + row.Code
		if !s.Known("US-"+fips) || len(row.Code) != 3 {
			s.Refuse(row, "no county of Tennessee has the FIPS code %q", row.Code)
			continue
		}
		if err := s.SetCountyRate(fips, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.Represent(row, "US-"+fips)
	}
	for _, row := range rows {
		switch row.Kind {
		case "county":
		case "city":
			p, ok := s.PlaceByCode(row.Code)
			if !ok || len(row.Code) != 5 {
				s.Refuse(row, "no Census place of Tennessee has the FIPS code %q", row.Code)
				continue
			}
			county := "US-" + p.MainCounty()
			cv, ok := s.RateOn(county, row.When)
			if !ok {
				s.Refuse(row, "%s (%s) lies mainly in %s, which has no rate to take from the city's whole local rate", p.Name, p.Code, county)
				continue
			}
			own := row.Rate.Sub(cv)
			switch {
			case own.IsNegative():
				s.Refuse(row, "the whole local rate %s%% of %s is below the %s%% of %s, the county it mainly lies in", row.Rate.Shift(2), p.Name, cv.Shift(2), county)
			case own.IsZero():
				// The city adds nothing to its county's rate.
				s.Represent(row, county)
			default:
				id := s.City(p)
				if err := s.SetRate(id, "", own, civil.Period{}, datagen.SrcTaxlocus); err != nil {
					return fmt.Errorf("%s: %w", row.Ref, err)
				}
				s.Represent(row, county, id)
			}
		case "special_district":
			fips, ok := tnLocationCounty(s, row.Code)
			if !ok {
				s.Refuse(row, "a special district code %q that is no Department of Revenue location code (9, the county's number, the locality's)", row.Code)
				continue
			}
			county := "US-" + fips
			cv, _ := s.RateOn(county, row.When)
			switch {
			case fips == "47037" && row.Code[3] == '5':
				// 91950 to 91958: the surcharge in each location of
				// Davidson County.
				s.Represent(row, tnDavidsonTransit)
			case row.Rate.Equal(cv):
				s.Represent(row, county)
			default:
				s.Refuse(row, "location %s of %s: its whole local rate %s%% is above the county's %s%%, and the data does not say which city the location is (the part of a city in a second county, most likely)",
					row.Code, s.Juris(county).Name, row.Rate.Shift(2), cv.Shift(2))
			}
		default:
			s.Refuse(row, "a %s row, which Tennessee's content does not read", row.Kind)
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}

// tnLocationCounty returns the county of a Department of Revenue
// location code 9CCxx: CC numbers Tennessee's counties alphabetically,
// which is the order of their FIPS codes (county n has FIPS 2n-1).
func tnLocationCounty(s *datagen.State, code string) (string, bool) {
	if len(code) != 5 || code[0] != '9' {
		return "", false
	}
	n, err := strconv.Atoi(code[1:3])
	if err != nil || n < 1 {
		return "", false
	}
	fips := fmt.Sprintf("%s%03d", s.Sub.FIPS, 2*n-1)
	if !s.Known("US-" + fips) {
		return "", false
	}
	return fips, true
}
