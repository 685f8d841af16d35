package main

// buildNV builds Nevada's local content: see data/states/nv.md.
//
// Nevada's local sales taxes are all county taxes, each applying in the
// whole county (Carson City is a county of its own): TaxLocus's county
// rows are read countywide. Its "Special District 326xx" rows are codes
// of Nevada's SST rate file whose areas the data does not give; each
// repeats the whole rate of Washoe or Clark County and is refused.
func buildNV(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
