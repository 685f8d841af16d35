package main

// buildIA builds the local content of IA: see data/states/ia.md.
func buildIA(s *localState, in *localInputs) error { return buildGeneric(s, in) }
