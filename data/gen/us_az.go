package main

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
)

// buildAZ builds Arizona's local content: see data/states/az.md.
//
// Arizona's transaction privilege tax has three levels on a retail
// sale: the state's 5.6%, the county's excise tax (countywide, in the
// cities too) and the city's or town's own rate. TaxLocus's county rows
// are the counties' rates and its city rows the cities' own rates; its
// rows named for special districts are ADOR reporting codes whose rate
// is the combined state and county rate, or a city's own rate, and are
// represented by those (data/src/us-local/az-taxlocus.csv). Where
// OpenSalesTax, read from the ADOR's May 2026 rate table, disagrees
// with TaxLocus, the ADOR's own city profile settles it (azOST).
func buildAZ(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOSTWith(in, azOST)
}

// azOST says what becomes of the OpenSalesTax rows of Arizona that
// disagree with TaxLocus or name no city: keyed by the row's table and
// name.
var azOST = map[string]ostOverride{
	"AZ_COUNTY_RATE_PCT/Cochise County": {win: "the Cochise County Jail District's 0.5% ended on 2025-08-01 (Jail District Resolution 25-02, " +
		"relayed by the City of Douglas), leaving the county's 0.5%: the ADOR May 2026 rate table as OpenSalesTax read it"},
	"AZ_CITIES/Florence":      {win: "ADOR city profile of Florence (code FL): retail sales 2.00%"},
	"AZ_CITIES/Huachuca City": {win: "ADOR city profile of Huachuca City (code HC): 1.90% since 2018-12-01 (Ordinance 2018-18)"},
	"AZ_CITIES/Sun City": {refuse: "Sun City is an unincorporated community (a census-designated place of Maricopa County) with no city " +
		"transaction privilege tax; OpenSalesTax took the 3% from a commercial rate site; the county's area rate applies (6.3% combined)"},
	"AZ_CITIES/Vail": {refuse: "Vail is an unincorporated community (a census-designated place of Pima County) with no town " +
		"transaction privilege tax; OpenSalesTax took the 2.6% from a commercial rate site; the county's area rate applies (6.1% combined)"},
	"AZ_CITIES/Sahuarita": {refuse: "Sahuarita's retail rate (business code 017) is 2.00% (ADOR city profile of Sahuarita, code SA; " +
		"4% is its construction contracting and utilities rate); TaxLocus's 2% wins over OpenSalesTax's 5%, taken from a commercial rate site"},
	"AZ_CITIES/Paradise Valley": {refuse: "Paradise Valley's retail rate is 2.50% since 2011-07-31 (ADOR city profile of Paradise Valley, " +
		"code PV); TaxLocus's 2.5% wins over OpenSalesTax's 2.8%, taken from a commercial rate site"},
	"AZ_CITIES/Tolleson": {refuse: "Tolleson's retail rate is 2.50% since 2007-10-01, 2.00% on the part of a single item over $5,000 " +
		"(ADOR city profile of Tolleson, code TN); TaxLocus's 2.5% wins over OpenSalesTax's 2.8%, taken from a commercial rate site"},
	"AZ_CITIES/Litchfield Park": {refuse: "Litchfield Park's retail rate is 2.80% since 2008-10-01 (ADOR city profile of Litchfield Park, " +
		"code LP; the city's own tax page: 9.1% combined); TaxLocus's 2.8% wins over OpenSalesTax's 3%, taken from a commercial rate site"},
	"AZ_CITIES/Parker": {refuse: "the Town of Parker's own tax is 2% (the town's letter to its businesses of 2020-09-22, as the " +
		"Parker Pioneer printed it); TaxLocus's 2% wins over OpenSalesTax's 4%, taken from a commercial rate site; no ADOR publication " +
		"of a later increase was found"},
}

// ostOverride says what becomes of one OpenSalesTax row instead of the
// common comparison: its rate wins over the primary source's (win: the
// publication that settles it), or it is refused (refuse: the reason).
type ostOverride struct {
	win    string
	refuse string
}

// reconcileOSTWith accounts for the state's OpenSalesTax rows: those
// that over names as it says (a winning row gives its county or city
// the row's rate, from OpenSalesTax), the others the common way
// (reconcileOST). Every name in over must be a row of the export.
func (s *localState) reconcileOSTWith(in *localInputs, over map[string]ostOverride) error {
	st := s.Sub.Code
	var rest []srcRow
	used := map[string]bool{}
	for _, row := range in.ostRows[st] {
		o, ok := over[row.ref]
		if !ok {
			rest = append(rest, row)
			continue
		}
		used[row.ref] = true
		if o.refuse != "" {
			s.Refuse(row, "%s", o.refuse)
			continue
		}
		table, key, _ := strings.Cut(row.ref, "/")
		var id string
		if strings.Contains(table, "COUNTY") {
			fips, ok := s.County(key)
			if !ok {
				return fmt.Errorf("%s: no county %q", row.ref, key)
			}
			if err := s.SetCountyRate(fips, "", row.rate, civil.Period{}, srcOpenSalesTax); err != nil {
				return err
			}
			id = "US-" + fips
		} else {
			p, ok := s.Place(key, "")
			if !ok {
				return fmt.Errorf("%s: no single place %q", row.ref, key)
			}
			id = s.City(p)
			if err := s.SetRate(id, "", row.rate, civil.Period{}, srcOpenSalesTax); err != nil {
				return fmt.Errorf("%s: %w", row.ref, err)
			}
		}
		s.Represent(row, id)
	}
	for ref := range over {
		if !used[ref] {
			return fmt.Errorf("%s: OpenSalesTax has no row %s", st, ref)
		}
	}
	filtered := *in
	filtered.ostRows = map[string][]srcRow{st: rest}
	return s.reconcileOST(&filtered)
}
