package main

// buildSD builds the local content of SD: see data/states/sd.md.
func buildSD(s *localState, in *localInputs) error { return buildGeneric(s, in) }
