package main

// buildHI builds the local content of HI: see data/states/hi.md.
func buildHI(s *localState, in *localInputs) error { return buildGeneric(s, in) }
