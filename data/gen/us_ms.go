package main

// buildMS builds the local content of MS: see data/states/ms.md.
func buildMS(s *localState, in *localInputs) error { return buildGeneric(s, in) }
