package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// US local content: counties, cities and special districts with their
// rates, and where each applies.
//
// Every state is reconciled on its own (see data/states/<st>.md and the
// builder of the state in us_<st>.go): the sources mean different things
// by a rate, and a state's builder says how their rows become
// jurisdictions, rates and scopes. What all states share is here:
//
//   - a scope says where a jurisdiction's tax applies: a whole county
//     ("county:48201"), the part of a county outside every incorporated
//     place ("uninc:48201"), a place ("place:4835000"), or the part of a
//     place in one county ("place:4835000@48201");
//   - the tax area of an address is its state and county with the
//     jurisdictions whose scopes hold it: those of its county, those of
//     its place (in that county), and those of the unincorporated county
//     when it lies in no incorporated place;
//   - every rate row of every source is accounted for in the ledger:
//     represented (the jurisdictions whose rates sum to the row's rate)
//     or refused, with the reason;
//   - every published combined rate a state's note lists as a check is
//     compared with the areas built, and a difference fails the build.

// scopeKind is the kind of a scope.
type scopeKind uint8

const (
	scopeCounty scopeKind = iota + 1 // the whole county
	scopeUninc                       // the county outside incorporated places
	scopePlace                       // a place, in every county it lies in or in one
)

// scope is where a jurisdiction's tax applies.
type scope struct {
	kind   scopeKind
	county string // 5-digit county FIPS; for a place, "" for all its counties
	place  string // place code
}

// String writes the scope as the notes and the content files write it.
func (s scope) String() string {
	switch s.kind {
	case scopeCounty:
		return "county:" + s.county
	case scopeUninc:
		return "uninc:" + s.county
	case scopePlace:
		if s.county != "" {
			return "place:" + s.place + "@" + s.county
		}
		return "place:" + s.place
	}
	return "?"
}

// parseScope reads a scope as String writes it.
func parseScope(s string) (scope, error) {
	kind, rest, ok := strings.Cut(s, ":")
	digits := func(s string, n ...int) bool {
		if !slices.Contains(n, len(s)) {
			return false
		}
		for i := range len(s) {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return true
	}
	if ok {
		switch kind {
		case "county", "uninc":
			if digits(rest, 5) {
				k := scopeCounty
				if kind == "uninc" {
					k = scopeUninc
				}
				return scope{kind: k, county: rest}, nil
			}
		case "place":
			place, county, in := strings.Cut(rest, "@")
			if digits(place, 7, 10) && (!in || digits(county, 5)) {
				return scope{kind: scopePlace, place: place, county: county}, nil
			}
		}
	}
	return scope{}, fmt.Errorf("%q is not a scope (county:FIPS5, uninc:FIPS5, place:GEOID or place:GEOID@FIPS5)", s)
}

// srcRow is one rate row of a source, as the ledger names it.
type srcRow struct {
	source string // source key ("taxlocus", "opensalestax", "us-sst-mn", ...)
	ref    string // where in the source: "jurisdiction_rates.csv:1234" or "TX_CITIES/Abilene"
	state  string
	label  string // the row's jurisdiction as the source names it
	kind   string // the source's jurisdiction type
	code   string // the source's code, if any
	rate   decimal.Decimal
	cat    string     // the rate's category; "" for general
	when   civil.Date // the date the row speaks for (its start, or the source's date)
}

// ledgerEntry is what became of a source row.
type ledgerEntry struct {
	row srcRow
	// represented: the jurisdictions whose rates of the row's category
	// on row.when sum to the row's rate.
	juris []string
	// refused: why not.
	reason string
}

// localState is the content of one state while its builder runs.
type localState struct {
	L    *usLocal
	Sub  jurisdiction.Subdivision
	Note *stateNote

	scopes   map[scope][]string // scope -> jurisdiction IDs, in the order added
	zipPlace map[string]string  // ZIP5 -> place code the ZIP mainly serves (from a source's city ZIP lists)
	sources  map[string]bool    // source keys used
	juris    map[string]bool    // the local jurisdictions the state defined
	aliases  map[string]string  // folded name (placeKey) -> place code, from data/src/us-local/<st>-aliases.csv

	countyKeys map[string][]string   // countyKey -> county FIPS codes, built on first use
	placeKeys  map[string][]*usPlace // placeKey -> places, built on first use
}

// usLocal is the US local content of every state.
type usLocal struct {
	g       *gen
	b       *ratesBuilder
	places  *usPlaces
	zips    map[string]*zipRecord // ZIP5 -> GeoNames place and Census counties
	states  map[string]*localState
	ledger  []ledgerEntry
	rowsOf  map[string]int // source key -> rows read (for the accounting)
	country map[string][]string
	// areas are built by compose.
	areas []localArea
	hints map[string]string // ZIP5 -> place code, over all states
	// localTaxes are the rows of the local taxes outside the sales tax
	// (data/src/us-local-taxes.csv), whose rates are added.
	localTaxes []localTaxRow
}

// localArea is one tax area below the state: a county or a place part.
type localArea struct {
	state  string
	county string   // FIPS5
	place  string   // place code, "" for the unincorporated county
	juris  []string // the county first, then the other jurisdictions
}

// newLocalState starts the content of a state.
func (L *usLocal) newLocalState(sub jurisdiction.Subdivision, note *stateNote) *localState {
	return &localState{L: L, Sub: sub, Note: note, scopes: map[scope][]string{}, zipPlace: map[string]string{},
		sources: map[string]bool{}, juris: map[string]bool{}, aliases: map[string]string{}}
}

// Use records that the state's content comes (partly) from a source.
func (s *localState) Use(source string) { s.sources[source] = true }

// Represent records that a source row is represented by jurisdictions
// whose general rates on the row's date sum to its rate.
func (s *localState) Represent(row srcRow, juris ...string) {
	s.Use(row.source)
	s.L.ledger = append(s.L.ledger, ledgerEntry{row: row, juris: slices.Clone(juris)})
}

// Refuse records that a source row is not used, and why.
func (s *localState) Refuse(row srcRow, format string, args ...any) {
	s.L.ledger = append(s.L.ledger, ledgerEntry{row: row, reason: fmt.Sprintf(format, args...)})
}

// County returns the FIPS code of the county of the state named name
// ("Harris", "Harris County", "Parish of Orleans", "Juneau City and
// Borough", "Alexandria city").
func (s *localState) County(name string) (string, bool) {
	if s.countyKeys == nil {
		s.countyKeys = map[string][]string{}
		for id, j := range s.L.b.juris {
			if j.Parent == s.Sub.ID() && isCountyType(j.Type) {
				k := countyKey(j.Name)
				s.countyKeys[k] = append(s.countyKeys[k], id[3:])
			}
		}
	}
	found := s.countyKeys[countyKey(name)]
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}

// countyKeysMap returns the state's counties by key.
func (s *localState) countyKeysMap() map[string][]string {
	s.County("")
	return s.countyKeys
}

// isCountyType reports whether t is a county or county equivalent.
func isCountyType(t jurisdiction.Type) bool {
	return t == jurisdiction.County || t == jurisdiction.Parish || t == jurisdiction.Borough
}

// countyKey folds a county name for comparison: "DeKalb County",
// "De Kalb" and "DEKALB CO." agree.
func countyKey(name string) string {
	f := strings.Fields(foldName(name))
	for len(f) > 0 {
		switch f[0] {
		case "PARISH", "COUNTY", "OF", "THE":
			f = f[1:]
			continue
		}
		break
	}
	for n := len(f); n > 1; n = len(f) {
		switch f[n-1] {
		case "COUNTY", "CO", "PARISH", "BOROUGH", "AREA", "MUNICIPALITY", "CENSUS":
			f = f[:n-1]
			continue
		}
		break
	}
	return strings.ReplaceAll(strings.Join(f, ""), "SAINT", "ST")
}

// foldName folds a name as the lookups do (data.FoldPlace), with
// accents removed.
func foldName(s string) string { return data.FoldPlace(s) }

// Place returns the place of the state named name; county, when not "",
// narrows it to the places in that county. Incorporated places win over
// census-designated places of the same name. ok is false when no place
// or more than one has the name.
func (s *localState) Place(name, county string) (*usPlace, bool) {
	want := placeKey(name)
	if code, ok := s.aliases[want]; ok {
		p := s.L.places.byCode[code]
		return p, p != nil && (county == "" || p.inCounty(county))
	}
	if s.placeKeys == nil {
		s.placeKeys = map[string][]*usPlace{}
		for _, p := range s.L.places.byState[s.Sub.Code] {
			for _, k := range placeKeys(p.name) {
				s.placeKeys[k] = append(s.placeKeys[k], p)
			}
		}
	}
	var inc, other []*usPlace
	for _, p := range s.placeKeys[want] {
		if county != "" && !p.inCounty(county) {
			continue
		}
		if p.incorporated {
			inc = append(inc, p)
		} else {
			other = append(other, p)
		}
	}
	switch {
	case len(inc) == 1:
		return inc[0], true
	case len(inc) == 0 && len(other) == 1:
		return other[0], true
	}
	return nil, false
}

// PlaceByCode returns a place of the state by its code: the 7-digit
// GEOID, or its last five digits (the place FIPS code).
func (s *localState) PlaceByCode(code string) (*usPlace, bool) {
	if len(code) == 5 {
		code = s.Sub.FIPS + code
	}
	p := s.L.places.byCode[code]
	if p == nil || p.state != s.Sub.Code {
		return nil, false
	}
	return p, true
}

// placeKey folds a place name for comparison as the lookups do
// (data.PlaceKey).
func placeKey(name string) string { return data.PlaceKey(name) }

// placeKeys returns the keys a place is known by (data.PlaceKeys).
func placeKeys(name string) []string { return data.PlaceKeys(name) }

// SetCountyRate gives a county its rate (of category cat, general when
// "") over period p and says where it applies.
func (s *localState) SetCountyRate(fips string, cat string, v decimal.Decimal, p civil.Period, source string, where ...scope) error {
	id := "US-" + fips
	j, ok := s.L.b.juris[id]
	if !ok || j.Parent != s.Sub.ID() {
		return fmt.Errorf("%s: county %s is not a county of the state", s.Sub.Code, fips)
	}
	if err := s.addRate(id, cat, v, p, source); err != nil {
		return err
	}
	if len(where) == 0 {
		where = []scope{{kind: scopeCounty, county: fips}}
	}
	for _, w := range where {
		s.Assign(id, w)
	}
	s.juris[id] = true
	return nil
}

// City defines (once) the city jurisdiction of a place, "US-" + its code,
// in the place's scope, and returns its ID.
func (s *localState) City(p *usPlace) string {
	id := "US-" + p.code
	if _, ok := s.L.b.juris[id]; !ok {
		parent := s.Sub.ID()
		if c := p.mainCounty(); c != "" {
			if _, ok := s.L.b.juris["US-"+c]; ok {
				parent = "US-" + c
			}
		}
		name := p.name
		s.L.b.juris[id] = jurisdiction.Jurisdiction{ID: id, Type: jurisdiction.City, Name: name, Parent: parent, Country: "US", ExternalCode: p.code}
	}
	s.juris[id] = true
	s.Assign(id, scope{kind: scopePlace, place: p.code})
	return id
}

// SetRate adds a rate of one of the state's local jurisdictions.
func (s *localState) SetRate(id, cat string, v decimal.Decimal, p civil.Period, source string) error {
	if !s.juris[id] {
		return fmt.Errorf("%s: %s is not a local jurisdiction of the state", s.Sub.Code, id)
	}
	return s.addRate(id, cat, v, p, source)
}

func (s *localState) addRate(id, cat string, v decimal.Decimal, p civil.Period, source string) error {
	if cat == "" {
		cat = jurisdiction.General
	}
	s.Use(source)
	return s.L.b.addRate(jurisdiction.Rate{Jurisdiction: id, Tax: jurisdiction.SalesTax, Category: cat, Value: v, Period: p, Source: source})
}

// District defines a special district (or any local jurisdiction that is
// not a county or a place) of the state, with its ID ("US-TX-D..."),
// type, name and government code, and returns its ID. Defining it again
// with the same fields is allowed; different fields are an error.
func (s *localState) District(id string, t jurisdiction.Type, name, code string) (string, error) {
	if !strings.HasPrefix(id, s.Sub.ID()+"-") && !(strings.HasPrefix(id, "US-"+s.Sub.FIPS) && len(id) > 9 && id[8] == '-') {
		return "", fmt.Errorf("%s: district ID %q starts neither with %s- nor with a county's ID and -", s.Sub.Code, id, s.Sub.ID())
	}
	j := jurisdiction.Jurisdiction{ID: id, Type: t, Name: name, Parent: s.Sub.ID(), Country: "US", ExternalCode: code}
	if old, ok := s.L.b.juris[id]; ok {
		if old != j {
			return "", fmt.Errorf("%s: district %s defined twice differently (%+v, %+v)", s.Sub.Code, id, old, j)
		}
	} else if err := s.L.b.addJuris(j); err != nil {
		return "", err
	}
	s.juris[id] = true
	return id, nil
}

// DistrictID builds the ID of a district: the state's ID, "-D" and the
// government's code when there is one, else "-D-" and a slug of the name.
func (s *localState) DistrictID(code, name string) string {
	if code != "" {
		return s.Sub.ID() + "-D" + jurisdiction.Slug(code)
	}
	return s.Sub.ID() + "-D-" + jurisdiction.Slug(name)
}

// Assign says that jurisdiction id applies in scope w.
func (s *localState) Assign(id string, w scope) {
	if !slices.Contains(s.scopes[w], id) {
		s.scopes[w] = append(s.scopes[w], id)
	}
}

// HintZIP records that a ZIP code mainly serves a place, as a source's
// city ZIP list says.
func (s *localState) HintZIP(zip string, p *usPlace) {
	if _, ok := s.zipPlace[zip]; !ok {
		s.zipPlace[zip] = p.code
	}
}

// counties returns the FIPS codes of the state's counties, sorted.
func (s *localState) counties() []string {
	var out []string
	for _, ids := range s.countyKeysMap() {
		out = append(out, ids...)
	}
	slices.Sort(out)
	return out
}

// membersOf returns the jurisdictions of county c (with the places in it)
// at place p ("" for the unincorporated county), excluding the county
// itself, sorted.
func (s *localState) membersOf(c string, p *usPlace) []string {
	var out []string
	add := func(ids []string) {
		for _, id := range ids {
			if id != "US-"+c && !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	add(s.scopes[scope{kind: scopeCounty, county: c}])
	if p == nil || !p.incorporated {
		add(s.scopes[scope{kind: scopeUninc, county: c}])
	}
	if p != nil {
		add(s.scopes[scope{kind: scopePlace, place: p.code}])
		add(s.scopes[scope{kind: scopePlace, place: p.code, county: c}])
	}
	slices.SortFunc(out, func(a, b string) int { return s.L.compareMembers(a, b) })
	return out
}

// compareMembers orders the local jurisdictions of an area: cities
// before districts, then by ID.
func (L *usLocal) compareMembers(a, b string) int {
	rank := func(id string) int {
		switch L.b.juris[id].Type {
		case jurisdiction.County, jurisdiction.Parish, jurisdiction.Borough:
			return 0
		case jurisdiction.City, jurisdiction.Township:
			return 1
		}
		return 2
	}
	return cmp.Or(rank(a)-rank(b), strings.Compare(a, b))
}

// compose builds the areas of every state: for each county the
// unincorporated area, and for each place in the county whose
// jurisdictions differ from it, the place's area.
func (L *usLocal) compose() error {
	for _, st := range slices.Sorted(maps.Keys(L.states)) {
		s := L.states[st]
		if err := s.checkScopes(); err != nil {
			return err
		}
		for _, c := range s.counties() {
			uninc := s.membersOf(c, nil)
			L.areas = append(L.areas, localArea{state: st, county: c, juris: append([]string{"US-" + c}, uninc...)})
			for _, p := range L.places.byState[st] {
				if !p.inCounty(c) {
					continue
				}
				m := s.membersOf(c, p)
				if slices.Equal(m, uninc) {
					continue
				}
				L.areas = append(L.areas, localArea{state: st, county: c, place: p.code, juris: append([]string{"US-" + c}, m...)})
			}
		}
	}
	return nil
}

// checkScopes verifies that every scope names a county of the state or a
// place of the state in that county, and every jurisdiction exists.
func (s *localState) checkScopes() error {
	for w, ids := range s.scopes {
		if w.county != "" {
			j, ok := s.L.b.juris["US-"+w.county]
			if !ok || j.Parent != s.Sub.ID() {
				return fmt.Errorf("%s: scope %s: %s is not a county of the state", s.Sub.Code, w, w.county)
			}
		}
		if w.kind == scopePlace {
			p, ok := s.L.places.byCode[w.place]
			if !ok || p.state != s.Sub.Code {
				return fmt.Errorf("%s: scope %s: no place %s in the state", s.Sub.Code, w, w.place)
			}
			if w.county != "" && !p.inCounty(w.county) {
				return fmt.Errorf("%s: scope %s: place %s (%s) does not lie in county %s", s.Sub.Code, w, w.place, p.name, w.county)
			}
			if len(p.counties) == 0 {
				return fmt.Errorf("%s: scope %s: place %s (%s) has no county", s.Sub.Code, w, w.place, p.name)
			}
		}
		for _, id := range ids {
			if _, ok := s.L.b.juris[id]; !ok {
				return fmt.Errorf("%s: scope %s: unknown jurisdiction %s", s.Sub.Code, w, id)
			}
		}
	}
	return nil
}
