package main

// buildUT builds the local content of UT: see data/states/ut.md.
func buildUT(s *localState, in *localInputs) error { return buildGeneric(s, in) }
