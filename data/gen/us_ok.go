package main

// buildOK builds the local content of OK: see data/states/ok.md.
func buildOK(s *localState, in *localInputs) error { return buildGeneric(s, in) }
