package main

// buildMO builds the local content of MO: see data/states/mo.md.
func buildMO(s *localState, in *localInputs) error { return buildGeneric(s, in) }
