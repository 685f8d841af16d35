package main

// buildLA builds the local content of LA: see data/states/la.md.
func buildLA(s *localState, in *localInputs) error { return buildGeneric(s, in) }
