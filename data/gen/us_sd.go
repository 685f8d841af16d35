package main

// South Dakota: see data/states/sd.md. TaxLocus gives the municipal
// sales taxes by the cities' place FIPS codes; South Dakota's counties
// levy none. The five special jurisdictions of Indian country are
// refused (data/src/us-local/sd-taxlocus.csv).
func buildSD(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{placeCodes: true}); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
