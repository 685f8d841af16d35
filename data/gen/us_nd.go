package main

// North Dakota: see data/states/nd.md. TaxLocus gives the cities' rates
// by their place FIPS codes and the counties' rates, which apply
// countywide, in the cities too.
func buildND(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{placeCodes: true}); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
