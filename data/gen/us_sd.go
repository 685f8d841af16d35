package main

// South Dakota: see data/states/sd.md. TaxLocus gives the municipal
// sales taxes by the cities' place FIPS codes; South Dakota's counties
// levy none. The five special jurisdictions of Indian country are
// refused (data/src/us-local/sd-taxlocus.csv).
func buildSD(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{PlaceCodes: true}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
