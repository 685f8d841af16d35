package main

// buildAL builds the local content of AL: see data/states/al.md.
func buildAL(s *localState, in *localInputs) error { return buildGeneric(s, in) }
