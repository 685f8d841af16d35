package main

import "slices"

// gaAtlantaDeKalb is the Georgia Department of Revenue's city code of the
// City of Atlanta's part in DeKalb County, whose rates are Atlanta's
// (04000) throughout.
const gaAtlantaDeKalb = "05000"

// buildGA builds Georgia's local content from its SST rate file (see
// data/states/ga.md): counties (each county's LOST, SPLOST, ESPLOST,
// HOST, TSPLOST and MARTA taxes as one rate), the cities with a tax of
// their own, and the special districts that data/src/us-local/ga-sst.csv
// places. The rows of code 05000 (Atlanta in DeKalb County) are
// represented by the City of Atlanta.
func buildGA(s *State, in *Inputs) error {
	var atl []SSTRow
	only := *in
	only.SST = map[string][]SSTRow{"GA": slices.DeleteFunc(slices.Clone(in.SST["GA"]), func(r SSTRow) bool {
		if r.Type == SSTCity && r.Code == gaAtlantaDeKalb {
			atl = append(atl, r)
			return true
		}
		return false
	})}
	var tl []Row
	only.Taxlocus = map[string][]Row{"GA": slices.DeleteFunc(slices.Clone(in.Taxlocus["GA"]), func(r Row) bool {
		if r.Kind == "city" && r.Code == gaAtlantaDeKalb {
			tl = append(tl, r)
			return true
		}
		return false
	})}
	if err := BuildFromSST(s, &only); err != nil {
		return err
	}
	atlanta := "US-" + s.Sub.FIPS + "04000"
	for _, r := range atl {
		s.RepresentIfSum(SSTLedgerRow("GA", r), []string{atlanta})
	}
	for _, r := range tl {
		s.RepresentIfSum(r, []string{atlanta})
	}
	return nil
}
