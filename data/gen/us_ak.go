package main

// buildAK builds the local content of AK: see data/states/ak.md.
func buildAK(s *localState, in *localInputs) error { return buildGeneric(s, in) }
