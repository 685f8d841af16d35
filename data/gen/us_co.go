package main

// buildCO builds the local content of CO: see data/states/co.md.
func buildCO(s *localState, in *localInputs) error { return buildGeneric(s, in) }
