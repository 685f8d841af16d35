package main

// North Dakota: see data/states/nd.md. TaxLocus gives the cities' rates
// by their place FIPS codes and the counties' rates, which apply
// countywide, in the cities too.
func buildND(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{PlaceCodes: true}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
