package main

// buildNY builds the local content of NY: see data/states/ny.md.
func buildNY(s *localState, in *localInputs) error { return buildGeneric(s, in) }
