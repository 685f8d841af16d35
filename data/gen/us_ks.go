package main

// buildKS builds the local content of KS: see data/states/ks.md.
func buildKS(s *localState, in *localInputs) error { return buildGeneric(s, in) }
