package main

// buildWV builds West Virginia's local content: see data/states/wv.md.
// Its local taxes are the municipalities' 1% sales taxes (W. Va. Code
// 8-13C-4); TaxLocus gives each with its Census place code, which wins
// over the name.
func buildWV(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{PlaceCodes: true}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates["WV"]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
