package main

// buildNC builds the local content of NC: see data/states/nc.md.
func buildNC(s *localState, in *localInputs) error { return buildGeneric(s, in) }
