package main

// buildPA builds Pennsylvania's local content: see data/states/pa.md.
// Its two local taxes are county rows in both sources, read the common
// way: Allegheny County's 1% and Philadelphia's 2% (the city and the
// county of Philadelphia are one), countywide.
func buildPA(s *State, in *Inputs) error { return BuildGeneric(s, in) }
