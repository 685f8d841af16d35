package main

// buildNV builds Nevada's local content: see data/states/nv.md.
//
// Nevada's local sales taxes are all county taxes, each applying in the
// whole county (Carson City is a county of its own): TaxLocus's county
// rows are read countywide. Its "Special District 326xx" rows are codes
// of Nevada's SST rate file whose areas the data does not give; each
// repeats the whole rate of Washoe or Clark County and is refused.
func buildNV(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
