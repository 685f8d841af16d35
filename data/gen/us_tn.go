package main

import (
	"fmt"
	"strconv"

	"github.com/levytax/levy/civil"
)

// tnDavidsonTransit is the Davidson County transit surcharge on the local
// option sales tax (IMPROVE Act), defined with its start date in
// data/src/us-local/tn.csv.
const tnDavidsonTransit = "US-TN-D-DAVIDSON_TRANSIT"

// buildTN builds Tennessee's local content from the TaxLocus rows (see
// data/states/tn.md): a county row is the county's local option rate,
// countywide; a city row (its code the Census place's) is the whole
// local rate inside the city, so the city's own rate is the row less
// the rate of the county the city mainly lies in; a special district
// row coded 9CCxx is a location of the Department of Revenue's county
// CC (the counties numbered alphabetically), whose whole local rate is
// the county's, or, in Davidson County, the transit surcharge.
func buildTN(s *localState, in *localInputs) error {
	rows := in.taxlocus["TN"]
	for _, row := range rows {
		if row.kind != "county" {
			continue
		}
		fips := s.Sub.FIPS + row.code
		if _, ok := s.L.b.juris["US-"+fips]; !ok || len(row.code) != 3 {
			s.Refuse(row, "no county of Tennessee has the FIPS code %q", row.code)
			continue
		}
		if err := s.SetCountyRate(fips, "", row.rate, civil.Period{}, srcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.ref, err)
		}
		s.Represent(row, "US-"+fips)
	}
	for _, row := range rows {
		switch row.kind {
		case "county":
		case "city":
			p, ok := s.PlaceByCode(row.code)
			if !ok || len(row.code) != 5 {
				s.Refuse(row, "no Census place of Tennessee has the FIPS code %q", row.code)
				continue
			}
			county := "US-" + p.mainCounty()
			cv, ok := s.L.rateOn(county, row.when)
			if !ok {
				s.Refuse(row, "%s (%s) lies mainly in %s, which has no rate to take from the city's whole local rate", p.name, p.code, county)
				continue
			}
			own := row.rate.Sub(cv)
			switch {
			case own.IsNegative():
				s.Refuse(row, "the whole local rate %s%% of %s is below the %s%% of %s, the county it mainly lies in", row.rate.Shift(2), p.name, cv.Shift(2), county)
			case own.IsZero():
				// The city adds nothing to its county's rate.
				s.Represent(row, county)
			default:
				id := s.City(p)
				if err := s.SetRate(id, "", own, civil.Period{}, srcTaxlocus); err != nil {
					return fmt.Errorf("%s: %w", row.ref, err)
				}
				s.Represent(row, county, id)
			}
		case "special_district":
			fips, ok := tnLocationCounty(s, row.code)
			if !ok {
				s.Refuse(row, "a special district code %q that is no Department of Revenue location code (9, the county's number, the locality's)", row.code)
				continue
			}
			county := "US-" + fips
			cv, _ := s.L.rateOn(county, row.when)
			switch {
			case fips == "47037" && row.code[3] == '5':
				// 91950 to 91958: the surcharge in each location of
				// Davidson County.
				s.Represent(row, tnDavidsonTransit)
			case row.rate.Equal(cv):
				s.Represent(row, county)
			default:
				s.Refuse(row, "location %s of %s: its whole local rate %s%% is above the county's %s%%, and the data does not say which city the location is (the part of a city in a second county, most likely)",
					row.code, s.L.b.juris[county].Name, row.rate.Shift(2), cv.Shift(2))
			}
		default:
			s.Refuse(row, "a %s row, which Tennessee's content does not read", row.kind)
		}
	}
	if r, ok := in.taxlocusStates["TN"]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}

// tnLocationCounty returns the county of a Department of Revenue
// location code 9CCxx: CC numbers Tennessee's counties alphabetically,
// which is the order of their FIPS codes (county n has FIPS 2n-1).
func tnLocationCounty(s *localState, code string) (string, bool) {
	if len(code) != 5 || code[0] != '9' {
		return "", false
	}
	n, err := strconv.Atoi(code[1:3])
	if err != nil || n < 1 {
		return "", false
	}
	fips := fmt.Sprintf("%s%03d", s.Sub.FIPS, 2*n-1)
	if _, ok := s.L.b.juris["US-"+fips]; !ok {
		return "", false
	}
	return fips, true
}
