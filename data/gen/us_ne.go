package main

// buildNE builds the local content of NE: see data/states/ne.md.
func buildNE(s *localState, in *localInputs) error { return buildGeneric(s, in) }
