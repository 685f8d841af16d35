package main

// buildWY builds Wyoming's local content: see data/states/wy.md.
//
// Wyoming's local sales taxes are county taxes (the general purpose
// and specific purpose options), each applying in the whole county:
// TaxLocus's county rows are read countywide. Its two special district
// rows carry codes whose areas the data does not give and are refused
// (data/src/us-local/wy-taxlocus.csv).
func buildWY(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
