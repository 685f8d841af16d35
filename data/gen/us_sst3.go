package main

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
