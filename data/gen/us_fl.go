package main

// buildFL builds the local content of FL: see data/states/fl.md.
func buildFL(s *localState, in *localInputs) error { return buildGeneric(s, in) }
