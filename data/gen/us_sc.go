package main

// buildSC builds the local content of SC: see data/states/sc.md.
func buildSC(s *localState, in *localInputs) error { return buildGeneric(s, in) }
