package main

// Iowa: see data/states/ia.md. TaxLocus gives each county's local
// option sales tax (1%), read as applying countywide; the row of a
// county code that does not exist is refused
// (data/src/us-local/ia-taxlocus.csv).
func buildIA(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
