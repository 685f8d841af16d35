package main

// buildTN builds the local content of TN: see data/states/tn.md.
func buildTN(s *localState, in *localInputs) error { return buildGeneric(s, in) }
