package main

import (
	"fmt"

	"github.com/levytax/levy/civil"
)

// buildHI builds Hawaii's local content: see data/states/hi.md.
//
// Hawaii's general excise tax is the state's 4% and a county surcharge
// of 0.5% in the counties that adopted one (HRS 46-16.8). TaxLocus gives
// each county's surcharge; OpenSalesTax the same with the date each
// began, which Levy keeps. Kalawao, which has no county government,
// levies none: OpenSalesTax's 0 wins over TaxLocus's 0.5%.
func buildHI(s *localState, in *localInputs) error {
	var since map[string]*string
	if err := jsonInto(in.ost["HI"]["HI_COUNTY_SURCHARGE_EFFECTIVE"], &since); err != nil {
		return err
	}
	for _, row := range in.taxlocus["HI"] {
		fips, ok := s.County(row.label)
		if row.kind != "county" || !ok {
			return fmt.Errorf("%s: no county %q", row.ref, row.label)
		}
		start := since[row.label+" County"]
		if start == nil {
			s.Refuse(row, "%s County has no county government and levies no surcharge (HRS 46-16.8 lets the counties with a council adopt one); OpenSalesTax's 0%% (from the Department of Taxation's county surcharge schedule) wins", row.label)
			continue
		}
		d, err := civil.Parse(*start)
		if err != nil {
			return fmt.Errorf("HI_COUNTY_SURCHARGE_EFFECTIVE[%s]: %w", row.label, err)
		}
		if err := s.SetCountyRate(fips, "", row.rate, civil.Period{Effective: d}, srcTaxlocus); err != nil {
			return err
		}
		s.Represent(row, "US-"+fips)
	}
	if r, ok := in.taxlocusStates["HI"]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
