package main

// buildAR builds the local content of AR: see data/states/ar.md.
func buildAR(s *localState, in *localInputs) error { return buildGeneric(s, in) }
