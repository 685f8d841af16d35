package main

// buildPR builds Puerto Rico's local content: see data/states/pr.md.
// The sources read for the states have no Puerto Rico rows; the
// municipal IVU of 1% in each of the 78 municipalities (the Census's
// county equivalents) is curated in data/src/us-local/pr.csv, which the
// generator reads after this builder. What is left here is the
// accounting of any source row for Puerto Rico against the state table.
func buildPR(s *State, in *Inputs) error { return BuildGeneric(s, in) }
