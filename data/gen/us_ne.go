package main

import "github.com/levytax/levy/civil"

// Nebraska: see data/states/ne.md. TaxLocus gives the cities' own rates
// by their place FIPS codes and one county rate, Dakota County's, which
// applies only outside the municipalities of the county that levy their
// own local sales tax; its good life district rows are refused
// (data/src/us-local/ne-taxlocus.csv).
func buildNE(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{placeCodes: true, countyScope: scopeUninc}); err != nil {
		return err
	}
	// A county's tax reaches the municipalities of the county without a
	// local sales tax of their own (Nebraska DOR, Sales and Use Tax
	// FAQs: Dakota County).
	for _, c := range s.counties() {
		county := "US-" + c
		if _, ok := s.L.rateOn(county, civil.New(2026, 8, 1)); !ok {
			continue
		}
		for _, p := range s.L.places.byState[s.Sub.Code] {
			if p.incorporated && p.inCounty(c) && !s.juris["US-"+p.code] {
				s.Assign(county, scope{kind: scopePlace, place: p.code, county: c})
			}
		}
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
