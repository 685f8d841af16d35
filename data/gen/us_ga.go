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
func buildGA(s *localState, in *localInputs) error {
	var atl []sstRow
	only := *in
	only.sst = map[string][]sstRow{"GA": slices.DeleteFunc(slices.Clone(in.sst["GA"]), func(r sstRow) bool {
		if r.typ == sstCity && r.code == gaAtlantaDeKalb {
			atl = append(atl, r)
			return true
		}
		return false
	})}
	var tl []srcRow
	only.taxlocus = map[string][]srcRow{"GA": slices.DeleteFunc(slices.Clone(in.taxlocus["GA"]), func(r srcRow) bool {
		if r.kind == "city" && r.code == gaAtlantaDeKalb {
			tl = append(tl, r)
			return true
		}
		return false
	})}
	if err := buildFromSST(s, &only); err != nil {
		return err
	}
	atlanta := "US-" + s.Sub.FIPS + "04000"
	for _, r := range atl {
		s.representIfSum(sstLedgerRow("GA", r), []string{atlanta})
	}
	for _, r := range tl {
		s.representIfSum(r, []string{atlanta})
	}
	return nil
}
