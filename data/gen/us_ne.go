package main

import "github.com/levytax/levy/civil"

// Nebraska: see data/states/ne.md. TaxLocus gives the cities' own rates
// by their place FIPS codes and one county rate, Dakota County's, which
// applies only outside the municipalities of the county that levy their
// own local sales tax; its good life district rows are refused
// (data/src/us-local/ne-taxlocus.csv).
func buildNE(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{PlaceCodes: true, CountyScope: ScopeUninc}); err != nil {
		return err
	}
	// A county's tax reaches the municipalities of the county without a
	// local sales tax of their own (Nebraska DOR, Sales and Use Tax
	// FAQs: Dakota County).
	for _, c := range s.Counties() {
		county := "US-" + c
		if _, ok := s.RateOn(county, civil.New(2026, 8, 1)); !ok {
			continue
		}
		for _, p := range s.Places() {
			if p.Incorporated && p.InCounty(c) && !s.Defines("US-"+p.Code) {
				s.Assign(county, Scope{Kind: ScopePlace, Place: p.Code, County: c})
			}
		}
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
