package main

// buildWV builds the local content of WV: see data/states/wv.md.
func buildWV(s *localState, in *localInputs) error { return buildGeneric(s, in) }
