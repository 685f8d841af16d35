package main

// buildAR builds the local content of Arkansas (see data/states/ar.md):
// TaxLocus's Arkansas rows are the rows of the state's Streamlined Sales
// Tax rate file, a county's or a city's own rate, with the Census FIPS
// code of the county or place, which wins over the name.
func buildAR(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{PlaceCodes: true}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
