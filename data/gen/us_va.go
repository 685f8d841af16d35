package main

// buildVA builds the local content of VA: see data/states/va.md.
func buildVA(s *localState, in *localInputs) error { return buildGeneric(s, in) }
