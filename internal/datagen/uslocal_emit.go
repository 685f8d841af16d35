package datagen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/internal/csvout"
)

// The US local file: its name, kind and format version. The reader in
// package data must agree.
const (
	localFile    = "local.lvd"
	localKind    = "us-local"
	localVersion = 1
)

// localPlaces returns the places the local file lists: every place of a
// state with local tax, and every place a ZIP hint names.
func (L *usLocal) localPlaces() []*Place {
	keep := map[string]*Place{}
	for st, s := range L.states {
		if s.Note.status == statusNoLocalTax {
			continue
		}
		for _, p := range L.places.byState[st] {
			if len(p.Counties) > 0 {
				keep[p.Code] = p
			}
		}
	}
	for _, code := range L.hints {
		if p := L.places.byCode[code]; p != nil && len(p.Counties) > 0 {
			keep[code] = p
		}
	}
	out := make([]*Place, 0, len(keep))
	for _, code := range slices.Sorted(maps.Keys(keep)) {
		out = append(out, keep[code])
	}
	return out
}

// withBoundary returns the places that some area names: only these need
// their boundaries, since a point in any other place has the tax of its
// unincorporated county.
func (L *usLocal) withBoundary() map[string]bool {
	out := map[string]bool{}
	for _, a := range L.areas {
		if a.place != "" {
			if p := L.places.byCode[a.place]; p != nil && len(p.loops) > 0 {
				out[a.place] = true
			}
		}
	}
	return out
}

// stateCoverage sums up what a state's content covers.
func (L *usLocal) stateCoverage(st string) data.LocalState {
	s := L.states[st]
	n := s.Note
	out := data.LocalState{Code: st, Title: n.title, Status: n.status, Origin: n.origin, LocalCap: n.LocalCap,
		Sourcing: n.sourcing, NotCovered: n.notCovered}
	for _, k := range slices.Sorted(maps.Keys(s.sources)) {
		out.Sources = append(out.Sources, k+sourceDate(k))
	}
	for id := range s.juris {
		if j := L.b.juris[id]; !IsCountyType(j.Type) || L.hasRate(id) {
			out.Jurisdictions++
		}
	}
	places := map[string]bool{}
	taxed := map[string]bool{} // counties with a local rate
	for _, a := range L.areas {
		if a.state != st {
			continue
		}
		out.Areas++
		if a.place != "" {
			places[a.place] = true
		}
		for _, id := range a.juris {
			if L.hasRate(id) {
				taxed[a.county] = true
			}
		}
	}
	out.Places = len(places)
	for code, z := range L.zips {
		if z.State != st || len(z.Counties) == 0 {
			continue
		}
		if taxed[z.Counties[0].FIPS] || places[L.hints[code]] {
			out.ZIPs++
		}
	}
	return out
}

// hasRate reports whether a jurisdiction has any rate above zero.
func (L *usLocal) hasRate(id string) bool {
	for _, r := range L.b.ratesOf(id) {
		if r.Value.IsPositive() {
			return true
		}
	}
	return false
}

// sourceDate gives the date of a source key for the coverage report.
func sourceDate(key string) string {
	switch {
	case key == SrcTaxlocus:
		return " 2026-08-18"
	case key == SrcOpenSalesTax:
		return " 2026-07-22"
	case key == "us-ca-cdtfa":
		return " 2026-01-01"
	case strings.HasPrefix(key, "us-sst-"):
		return " 2026Q2"
	}
	return ""
}

// emitLocal writes local.lvd. Layout (version 1):
//
//	states, sorted by code: count, then for each
//	    code, title, status, origin levels (count, strings),
//	    local cap (bool, then coefficient varint and exponent int),
//	    sourcing, sources (count, strings), not covered,
//	    jurisdictions, places, ZIP codes and areas covered (ints)
//	places, sorted by code: count, then for each
//	    code, state, name, the keys it is known by (data.PlaceKeys:
//	    count, strings), flags (1 incorporated, 2 boundary),
//	    counties (count, FIPS as uvarints)
//	jurisdiction IDs: count, strings
//	areas: count, then for each
//	    state, county FIPS (uvarint), place index+1 (0: none),
//	    members (count, jurisdiction ID indexes)
//	ZIP hints, by ZIP: count, then ZIP delta and place index
func (L *usLocal) emitLocal() ([]byte, error) {
	w := binfmt.NewWriter(localKind, localVersion)
	states := slices.Sorted(maps.Keys(L.states))
	w.Uvarint(uint64(len(states)))
	for _, st := range states {
		c := L.stateCoverage(st)
		w.String(c.Code)
		w.String(c.Title)
		w.String(c.Status)
		w.Uvarint(uint64(len(c.Origin)))
		for _, o := range c.Origin {
			w.String(o)
		}
		w.Bool(c.LocalCap != nil)
		if c.LocalCap != nil {
			w.Varint(c.LocalCap.Coefficient().Int64())
			w.Int(int(c.LocalCap.Exponent()))
		}
		w.String(c.Sourcing)
		w.Uvarint(uint64(len(c.Sources)))
		for _, s := range c.Sources {
			w.String(s)
		}
		w.String(c.NotCovered)
		w.Int(c.Jurisdictions)
		w.Int(c.Places)
		w.Int(c.ZIPs)
		w.Int(c.Areas)
	}
	places := L.localPlaces()
	bounds := L.withBoundary()
	index := map[string]int{}
	w.Uvarint(uint64(len(places)))
	for i, p := range places {
		index[p.Code] = i
		w.String(p.Code)
		w.String(p.State)
		w.String(p.Name)
		keys := data.PlaceKeys(p.Name)
		w.Uvarint(uint64(len(keys)))
		for _, k := range keys {
			w.String(k)
		}
		flags := uint64(0)
		if p.Incorporated {
			flags |= 1
		}
		if bounds[p.Code] {
			flags |= 2
		}
		w.Uvarint(flags)
		w.Uvarint(uint64(len(p.Counties)))
		for _, c := range p.Counties {
			n, _ := strconv.Atoi(c.FIPS)
			w.Uvarint(uint64(n))
		}
	}
	idSet := map[string]bool{}
	for _, a := range L.areas {
		for _, id := range a.juris {
			idSet[id] = true
		}
	}
	ids := slices.Sorted(maps.Keys(idSet))
	idIndex := map[string]int{}
	w.Uvarint(uint64(len(ids)))
	for i, id := range ids {
		idIndex[id] = i
		w.String(id)
	}
	w.Uvarint(uint64(len(L.areas)))
	for _, a := range L.areas {
		w.String(a.state)
		n, _ := strconv.Atoi(a.county)
		w.Uvarint(uint64(n))
		if a.place == "" {
			w.Uvarint(0)
		} else {
			i, ok := index[a.place]
			if !ok {
				return nil, fmt.Errorf("area of %s names place %s, which the place table leaves out", a.county, a.place)
			}
			w.Uvarint(uint64(i) + 1)
		}
		w.Uvarint(uint64(len(a.juris)))
		for _, id := range a.juris {
			w.Uvarint(uint64(idIndex[id]))
		}
	}
	zips := slices.Sorted(maps.Keys(L.hints))
	var kept []string
	for _, z := range zips {
		if _, ok := index[L.hints[z]]; ok {
			kept = append(kept, z)
		}
	}
	w.Uvarint(uint64(len(kept)))
	prev := 0
	for _, z := range kept {
		n, _ := strconv.Atoi(z)
		w.Uvarint(uint64(n - prev))
		prev = n
		w.Uvarint(uint64(index[L.hints[z]]))
	}
	return w.Finish()
}

// coverageMarkdown writes data/COVERAGE.md: the coverage table of every
// state, and what each leaves out.
func (L *usLocal) coverageMarkdown() (string, error) {
	var b strings.Builder
	b.WriteString("<!-- Code generated by go run ./cmd/levydata. DO NOT EDIT. -->\n")
	b.WriteString("# Coverage of US local sales tax\n\n")
	fmt.Fprintf(&b, "Dataset version %s. `levy data coverage` prints this table for the dataset in use, loaded content included. "+
		"Each state's note (internal/datagen/states/<st>/<st>.md; the states without local tax are rows of internal/datagen/states/nolocal/nolocal.csv) says how its content was reconciled and checked; data/refused.csv lists every source row that is not used, with its reason.\n\n", Version)
	var states []data.LocalState
	for _, st := range slices.Sorted(maps.Keys(L.states)) {
		states = append(states, L.stateCoverage(st))
	}
	b.WriteString(data.CoverageTable(states))
	refused := 0
	for _, e := range L.ledger {
		if e.Reason != "" {
			refused++
		}
	}
	fmt.Fprintf(&b, "\nSource rows: %d represented, %d refused.\n", len(L.ledger)-refused, refused)
	recs, err := localTaxRecords(L.localTaxes, func(id string) (string, bool) {
		j, ok := L.b.juris[id]
		return j.Name, ok
	})
	if err != nil {
		return "", err
	}
	var stateRecs, localRecs []data.LocalTax
	for _, x := range recs {
		if x.StateTax() {
			stateRecs = append(stateRecs, x)
		} else {
			localRecs = append(localRecs, x)
		}
	}
	b.WriteString("\n## State taxes outside the sales tax\n\n")
	b.WriteString("Taxes of a state on some product classes only, which Levy charges as taxes of the state's jurisdiction beside its sales tax or in its place, " +
		"where the line's class is taxed: at the property for ACCOMMODATION (internal/datagen/curated/us-local-taxes.csv, rows of the state's own " +
		"jurisdiction; `levy data coverage --taxability --state ST` prints those in force on a day with their decisions). " +
		"A row without a first day applies to every earlier day.\n\n")
	b.WriteString(data.LocalTaxesTable(stateRecs, civil.Date{}))
	b.WriteString("\n## Local taxes outside the sales tax\n\n")
	b.WriteString("Taxes of a city or county on some product classes only, which Levy charges beside the sales tax, each at the customer's address " +
		"(internal/datagen/curated/us-local-taxes.csv; `levy data coverage --taxability --state ST` prints those in force on a day with their decisions). " +
		"The taxes that Levy knows of and does not compute are listed below.\n\n")
	b.WriteString(data.LocalTaxesTable(localRecs, civil.Date{}))
	juris, err := emittedJurisdictions(L.g)
	if err != nil {
		return "", err
	}
	lacking, err := readLacking(L.g, juris)
	if err != nil {
		return "", err
	}
	b.WriteString("\n## Taxes that Levy knows of and does not compute\n\n")
	b.WriteString("Taxes of US jurisdictions that Levy does not compute and charges no guessed rate for (internal/datagen/curated/us-local-lacking.csv). " +
		"A calculation names the tax on each line of the classes listed whose customer is in the jurisdiction on the line's date: " +
		"an entry of the line's assistedParameters with ruleName tax-not-computed, paramName productClass, the class as originalValue " +
		"and the sentence as value. The rows that name no class are taxes owed by the seller or a platform, or on things Levy has no class for; " +
		"only this table names them. Each state's note (not covered) says more.\n\n")
	b.WriteString(data.LackingTaxesTable(lackingRecords(lacking), civil.Date{}))
	return b.String(), nil
}

// refusedCSV writes data/refused.csv: every source row that is not
// used, with its reason. The cells go through csvout, as every CSV
// file of Levy's does; the rate is the one number column.
func (L *usLocal) refusedCSV() string {
	var b strings.Builder
	w := csvout.NewWriter(&b, 5)
	w.Write([]string{"source", "ref", "state", "kind", "name", "rate", "reason"}) // into memory: it cannot fail
	for _, e := range L.sortedLedger() {
		if e.Reason == "" {
			continue
		}
		w.Write([]string{e.Row.Source, e.Row.Ref, e.Row.State, e.Row.Kind, e.Row.Label, e.Row.Rate.String(), e.Reason})
	}
	w.Flush()
	return b.String()
}
