package main

import "strings"

// stateBuilders build the local content of each US state, DC and Puerto
// Rico (see uslocal.go). A state's builder reads its sources as its note,
// data/states/<st>.md, says; the builders of most states are in
// us_<st>.go.
var stateBuilders = map[string]func(*State, *Inputs) error{
	"AL": buildAL, "AK": buildAK, "AZ": buildAZ, "AR": buildAR, "CA": buildCA, "CO": buildCO,
	"CT": buildNoLocal, "DE": buildNoLocal, "DC": buildNoLocal, "FL": buildFL, "GA": buildGA, "HI": buildHI,
	"ID": buildID, "IL": buildIL, "IN": buildNoLocal, "IA": buildIA, "KS": buildKS, "KY": buildNoLocal,
	"LA": buildLA, "ME": buildNoLocal, "MD": buildNoLocal, "MA": buildNoLocal, "MI": buildNoLocal, "MN": buildMN,
	"MS": buildMS, "MO": buildMO, "MT": buildNoLocal, "NE": buildNE, "NV": buildNV, "NH": buildNoLocal,
	"NJ": buildNoLocal, "NM": buildNM, "NY": buildNY, "NC": buildNC, "ND": buildND, "OH": buildOH,
	"OK": buildOK, "OR": buildNoLocal, "PA": buildPA, "RI": buildNoLocal, "SC": buildSC, "SD": buildSD,
	"TN": buildTN, "TX": buildTX, "UT": buildUT, "VT": buildVT, "VA": buildVA, "WA": buildWA,
	"WV": buildWV, "WI": buildWI, "WY": buildWY, "PR": buildPR,
}

// buildNoLocal is the builder of a state without local sales taxes: it
// accounts for the source rows of the state (the state rate, any local
// row) against the state table.
func buildNoLocal(s *State, in *Inputs) error {
	for _, row := range in.Taxlocus[s.Sub.Code] {
		s.Refuse(row, "%s has no local sales tax (see data/states/%s.md)", s.Sub.Name, lower(s.Sub.Code))
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}

// lower returns s in lower case.
func lower(s string) string { return strings.ToLower(s) }
