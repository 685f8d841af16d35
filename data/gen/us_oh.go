package main

// buildOH builds the local content of OH: see data/states/oh.md.
func buildOH(s *localState, in *localInputs) error { return buildGeneric(s, in) }
