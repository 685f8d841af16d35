package main

// Iowa: see data/states/ia.md. TaxLocus gives each county's local
// option sales tax (1%), read as applying countywide; the row of a
// county code that does not exist is refused
// (data/src/us-local/ia-taxlocus.csv).
func buildIA(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
