package main

// buildWA builds the local content of WA: see data/states/wa.md.
func buildWA(s *localState, in *localInputs) error { return buildGeneric(s, in) }
