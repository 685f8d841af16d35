package main

// buildAZ builds the local content of AZ: see data/states/az.md.
func buildAZ(s *localState, in *localInputs) error { return buildGeneric(s, in) }
