package main

// buildID builds the local content of ID: see data/states/id.md.
func buildID(s *localState, in *localInputs) error { return buildGeneric(s, in) }
