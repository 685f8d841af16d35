package main

// buildWI builds Wisconsin's local content from its SST rate file (see
// data/states/wi.md): the county taxes, the cities' (Milwaukee's), and
// the stadium districts that data/src/us-local/wi-sst.csv places.
func buildWI(s *State, in *Inputs) error {
	return BuildFromSST(s, in)
}
