package main

// buildWY builds the local content of WY: see data/states/wy.md.
func buildWY(s *localState, in *localInputs) error { return buildGeneric(s, in) }
