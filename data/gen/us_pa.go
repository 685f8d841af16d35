package main

// buildPA builds the local content of PA: see data/states/pa.md.
func buildPA(s *localState, in *localInputs) error { return buildGeneric(s, in) }
