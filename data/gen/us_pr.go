package main

// buildPR builds the local content of PR: see data/states/pr.md.
func buildPR(s *localState, in *localInputs) error { return buildGeneric(s, in) }
