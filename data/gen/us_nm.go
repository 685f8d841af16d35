package main

// buildNM builds the local content of NM: see data/states/nm.md.
func buildNM(s *localState, in *localInputs) error { return buildGeneric(s, in) }
