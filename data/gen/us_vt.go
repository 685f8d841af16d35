package main

// buildVT builds the local content of VT: see data/states/vt.md.
func buildVT(s *localState, in *localInputs) error { return buildGeneric(s, in) }
