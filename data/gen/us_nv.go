package main

// buildNV builds the local content of NV: see data/states/nv.md.
func buildNV(s *localState, in *localInputs) error { return buildGeneric(s, in) }
