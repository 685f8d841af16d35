package main

// buildTX builds the local content of TX: see data/states/tx.md.
func buildTX(s *localState, in *localInputs) error { return buildGeneric(s, in) }
