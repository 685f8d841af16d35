package main

// buildND builds the local content of ND: see data/states/nd.md.
func buildND(s *localState, in *localInputs) error { return buildGeneric(s, in) }
