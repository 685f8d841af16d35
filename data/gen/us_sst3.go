package main

// buildGA builds Georgia's local content from its SST rate file: see
// data/states/ga.md.
func buildGA(s *localState, in *localInputs) error { return buildFromSST(s, in) }

// buildMN builds Minnesota's local content from its SST rate file: see
// data/states/mn.md.
func buildMN(s *localState, in *localInputs) error { return buildFromSST(s, in) }

// buildWI builds Wisconsin's local content from its SST rate file: see
// data/states/wi.md.
func buildWI(s *localState, in *localInputs) error { return buildFromSST(s, in) }

// buildFromSST reads a state's SST rate file and accounts for the other
// sources' rows against it.
func buildFromSST(s *localState, in *localInputs) error {
	if err := s.applySST(in); err != nil {
		return err
	}
	s.reconcileTaxlocus(in, "the SST rate file")
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
