package main

// buildIL builds the local content of IL: see data/states/il.md.
func buildIL(s *localState, in *localInputs) error { return buildGeneric(s, in) }
