package main

// buildWY builds Wyoming's local content: see data/states/wy.md.
//
// Wyoming's local sales taxes are county taxes (the general purpose
// and specific purpose options), each applying in the whole county:
// TaxLocus's county rows are read countywide. Its two special district
// rows carry codes whose areas the data does not give and are refused
// (data/src/us-local/wy-taxlocus.csv).
func buildWY(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
