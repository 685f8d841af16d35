package datagen

import (
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
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
// Every state is reconciled on its own (see its folder,
// internal/datagen/states/<st>: its note <st>.md and its builder <st>.go): the
// sources mean different things by a rate, and a state's builder says how their
// rows become jurisdictions, rates and scopes. What all states share is here:
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

// ScopeKind is the kind of a scope.
type ScopeKind uint8

// The kinds of a scope.
const (
	ScopeCounty ScopeKind = iota + 1 // the whole county
	ScopeUninc                       // the county outside incorporated places
	ScopePlace                       // a place, in every county it lies in or in one
)

// Scope is where a jurisdiction's tax applies.
type Scope struct {
	Kind   ScopeKind
	County string // 5-digit county FIPS; for a place, "" for all its counties
	Place  string // place code
}

// String writes the scope as the notes and the content files write it.
func (s Scope) String() string {
	switch s.Kind {
	case ScopeCounty:
		return "county:" + s.County
	case ScopeUninc:
		return "uninc:" + s.County
	case ScopePlace:
		if s.County != "" {
			return "place:" + s.Place + "@" + s.County
		}
		return "place:" + s.Place
	}
	return "?"
}

// ParseScope reads a scope as String writes it.
func ParseScope(s string) (Scope, error) {
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
				k := ScopeCounty
				if kind == "uninc" {
					k = ScopeUninc
				}
				return Scope{Kind: k, County: rest}, nil
			}
		case "place":
			place, county, in := strings.Cut(rest, "@")
			if digits(place, 7, 10) && (!in || digits(county, 5)) {
				return Scope{Kind: ScopePlace, Place: place, County: county}, nil
			}
		}
	}
	return Scope{}, fmt.Errorf("%q is not a scope (county:FIPS5, uninc:FIPS5, place:GEOID or place:GEOID@FIPS5)", s)
}

// ParseScopes reads scopes, each as String writes it (strings.Fields
// of a table's cell).
func ParseScopes(fields []string) ([]Scope, error) {
	var out []Scope
	for _, f := range fields {
		w, err := ParseScope(f)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// Row is one rate row of a source, as the ledger names it.
type Row struct {
	Source string // source key ("taxlocus", "opensalestax", "us-sst-mn", ...)
	Ref    string // where in the source: "jurisdiction_rates.csv:1234" or "TX_CITIES/Abilene"
	State  string
	Label  string // the row's jurisdiction as the source names it
	Kind   string // the source's jurisdiction type
	Code   string // the source's code, if any
	Rate   decimal.Decimal
	Cat    string     // the rate's category; "" for general
	When   civil.Date // the date the row speaks for (its start, or the source's date)
}

// LedgerEntry is what became of a source row.
type LedgerEntry struct {
	Row Row
	// represented: the jurisdictions whose rates of the row's category
	// on row.when sum to the row's rate.
	Juris []string
	// refused: why not.
	Reason string
}

// State is the content of one state while its builder runs.
type State struct {
	L    *usLocal
	def  StateDef
	Sub  jurisdiction.Subdivision
	Note *Note

	scopes   map[Scope][]string // scope -> jurisdiction IDs, in the order added
	zipPlace map[string]string  // ZIP5 -> place code the ZIP mainly serves (from a source's city ZIP lists)
	sources  map[string]bool    // source keys used
	juris    map[string]bool    // the local jurisdictions the state defined
	aliases  map[string]string  // folded name (placeKey) -> place code, from internal/datagen/states/<st>/<st>-aliases.csv

	countyKeys map[string][]string // countyKey -> county FIPS codes, built on first use
	placeKeys  map[string][]*Place // placeKey -> places, built on first use

	// started are the rates StartRatesOn dated, which checkStarts
	// checks against the curated rates before them.
	started []jurisdiction.Rate
}

// usLocal is the US local content of every state.
type usLocal struct {
	g      *gen
	b      *ratesBuilder
	places *usPlaces
	zips   map[string]*ZIP // ZIP5 -> GeoNames place and Census counties
	states map[string]*State
	ledger []LedgerEntry
	rowsOf map[string]int // source key -> rows read (for the accounting)
	// areas are built by compose.
	areas []localArea
	hints map[string]string // ZIP5 -> place code, over all states
	// localTaxes are the rows of the local taxes outside the sales tax
	// (internal/datagen/curated/us-local-taxes.csv), whose rates are added.
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
func (L *usLocal) newLocalState(sub jurisdiction.Subdivision, note *Note, def StateDef) *State {
	return &State{L: L, Sub: sub, Note: note, def: def, scopes: map[Scope][]string{}, zipPlace: map[string]string{},
		sources: map[string]bool{}, juris: map[string]bool{}, aliases: map[string]string{}}
}

// Use records that the state's content comes (partly) from a source.
func (s *State) Use(source string) { s.sources[source] = true }

// Represent records that a source row is represented by jurisdictions
// whose general rates on the row's date sum to its rate.
func (s *State) Represent(row Row, juris ...string) {
	s.Use(row.Source)
	s.L.ledger = append(s.L.ledger, LedgerEntry{Row: row, Juris: slices.Clone(juris)})
}

// Refuse records that a source row is not used, and why.
func (s *State) Refuse(row Row, format string, args ...any) {
	s.L.ledger = append(s.L.ledger, LedgerEntry{Row: row, Reason: fmt.Sprintf(format, args...)})
}

// County returns the FIPS code of the county of the state named name
// ("Harris", "Harris County", "Parish of Orleans", "Juneau City and
// Borough", "Alexandria city").
func (s *State) County(name string) (string, bool) {
	if s.countyKeys == nil {
		s.countyKeys = map[string][]string{}
		for id, j := range s.L.b.juris {
			if j.Parent == s.Sub.ID() && IsCountyType(j.Type) {
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
func (s *State) countyKeysMap() map[string][]string {
	s.County("")
	return s.countyKeys
}

// IsCountyType reports whether t is a county or county equivalent.
func IsCountyType(t jurisdiction.Type) bool {
	return t == jurisdiction.County || t == jurisdiction.Parish || t == jurisdiction.Borough
}

// countyKey folds a county name for comparison: "DeKalb County",
// "De Kalb" and "DEKALB CO." agree.
func countyKey(name string) string {
	f := strings.Fields(FoldName(name))
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

// FoldName folds a name as the lookups do (data.FoldPlace), with
// accents removed.
func FoldName(s string) string { return data.FoldPlace(s) }

// Place returns the place of the state named name; county, when not "",
// narrows it to the places in that county. Incorporated places win over
// census-designated places of the same name. ok is false when no place
// or more than one has the name.
func (s *State) Place(name, county string) (*Place, bool) {
	want := PlaceKey(name)
	if code, ok := s.aliases[want]; ok {
		p := s.L.places.byCode[code]
		return p, p != nil && (county == "" || p.InCounty(county))
	}
	if s.placeKeys == nil {
		s.placeKeys = map[string][]*Place{}
		for _, p := range s.L.places.byState[s.Sub.Code] {
			for _, k := range placeKeys(p.Name) {
				s.placeKeys[k] = append(s.placeKeys[k], p)
			}
		}
	}
	var inc, other []*Place
	for _, p := range s.placeKeys[want] {
		if county != "" && !p.InCounty(county) {
			continue
		}
		if p.Incorporated {
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
func (s *State) PlaceByCode(code string) (*Place, bool) {
	if len(code) == 5 {
		code = s.Sub.FIPS + code
	}
	p := s.L.places.byCode[code]
	if p == nil || p.State != s.Sub.Code {
		return nil, false
	}
	return p, true
}

// PlaceKey folds a place name for comparison as the lookups do
// (data.PlaceKey).
func PlaceKey(name string) string { return data.PlaceKey(name) }

// placeKeys returns the keys a place is known by (data.PlaceKeys).
func placeKeys(name string) []string { return data.PlaceKeys(name) }

// SetCountyRate gives a county its rate (of category cat, general when
// "") over period p and says where it applies.
func (s *State) SetCountyRate(fips string, cat string, v decimal.Decimal, p civil.Period, source string, where ...Scope) error {
	id := "US-" + fips
	j, ok := s.L.b.juris[id]
	if !ok || j.Parent != s.Sub.ID() {
		return fmt.Errorf("%s: county %s is not a county of the state", s.Sub.Code, fips)
	}
	if err := s.AddRate(id, cat, v, p, source); err != nil {
		return err
	}
	if len(where) == 0 {
		where = []Scope{{Kind: ScopeCounty, County: fips}}
	}
	for _, w := range where {
		s.Assign(id, w)
	}
	s.juris[id] = true
	return nil
}

// City defines (once) the city jurisdiction of a place, "US-" + its code,
// in the place's scope, and returns its ID.
func (s *State) City(p *Place) string {
	id := "US-" + p.Code
	if _, ok := s.L.b.juris[id]; !ok {
		parent := s.Sub.ID()
		if c := p.MainCounty(); c != "" {
			if _, ok := s.L.b.juris["US-"+c]; ok {
				parent = "US-" + c
			}
		}
		name := p.Name
		s.L.b.juris[id] = jurisdiction.Jurisdiction{ID: id, Type: jurisdiction.City, Name: name, Parent: parent, Country: "US", ExternalCode: p.Code}
	}
	s.juris[id] = true
	s.Assign(id, Scope{Kind: ScopePlace, Place: p.Code})
	return id
}

// SetRate adds a rate of one of the state's local jurisdictions.
func (s *State) SetRate(id, cat string, v decimal.Decimal, p civil.Period, source string) error {
	if !s.juris[id] {
		return fmt.Errorf("%s: %s is not a local jurisdiction of the state", s.Sub.Code, id)
	}
	return s.AddRate(id, cat, v, p, source)
}

// AddRate adds a rate (of category cat, general when "") of any
// jurisdiction of the dataset over period p, from a source; SetRate is
// for the state's own local jurisdictions.
func (s *State) AddRate(id, cat string, v decimal.Decimal, p civil.Period, source string) error {
	if cat == "" {
		cat = jurisdiction.General
	}
	s.Use(source)
	return s.L.b.addRate(jurisdiction.Rate{Jurisdiction: id, Tax: jurisdiction.SalesTax, Category: cat, Value: v, Period: p, Source: source})
}

// StartRatesOn makes the rates of jurisdiction id that run from the
// beginning to no end (a source's current rate, given without a date)
// start on d: a builder calls it where a publication dates the change
// that brought the source's rate, and the state's curated table gives
// the rate before d, which must end the day before (checkStarts, once
// the table is read). A jurisdiction without such a rate is an error.
func (s *State) StartRatesOn(id string, d civil.Date) error {
	n := 0
	for _, i := range s.L.b.byJuris[id] {
		r := &s.L.b.rates[i]
		if r.Effective.IsZero() && r.Expiration.IsZero() {
			r.Effective = d
			s.started = append(s.started, *r)
			n++
		}
	}
	if n == 0 {
		return fmt.Errorf("%s: %s has no undated rate to start on %s", s.Sub.Code, id, d)
	}
	return nil
}

// checkStarts checks, once the state's curated table is read, that each
// rate StartRatesOn dated follows a rate of the same jurisdiction, tax
// and category that ends the day before it starts: a rate before that
// ends earlier would leave days without the jurisdiction's tax, and
// none at all would leave every day before the change without it.
func (s *State) checkStarts() error {
	for _, st := range s.started {
		before := st.Effective.AddDays(-1)
		var ends []string
		met := false
		for _, r := range s.L.b.ratesOf(st.Jurisdiction) {
			if r.Tax != st.Tax || r.Category != st.Category || r.Expiration.IsZero() {
				continue
			}
			if r.Expiration == before {
				met = true
				break
			}
			ends = append(ends, r.Expiration.String())
		}
		if !met {
			return fmt.Errorf("%s: %s's %s rate starts on %s, but no rate of it ends on %s (the curated rate before the change; rates of it end on %v)",
				s.Sub.Code, st.Jurisdiction, st.Category, st.Effective, before, ends)
		}
	}
	return nil
}

// District defines a special district (or any local jurisdiction that is
// not a county or a place) of the state, with its ID ("US-TX-D..."),
// type, name and government code, and returns its ID. Defining it again
// with the same fields is allowed; different fields are an error.
func (s *State) District(id string, t jurisdiction.Type, name, code string) (string, error) {
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
func (s *State) DistrictID(code, name string) string {
	if code != "" {
		return s.Sub.ID() + "-D" + jurisdiction.Slug(code)
	}
	return s.Sub.ID() + "-D-" + jurisdiction.Slug(name)
}

// Assign says that jurisdiction id applies in scope w.
func (s *State) Assign(id string, w Scope) {
	if !slices.Contains(s.scopes[w], id) {
		s.scopes[w] = append(s.scopes[w], id)
	}
}

// HintZIP records that a ZIP code mainly serves a place, as a source's
// city ZIP list says.
func (s *State) HintZIP(zip string, p *Place) {
	if _, ok := s.zipPlace[zip]; !ok {
		s.zipPlace[zip] = p.Code
	}
}

// Juris returns a jurisdiction of the dataset being built, or the zero
// Jurisdiction when there is none with the ID.
func (s *State) Juris(id string) jurisdiction.Jurisdiction { return s.L.b.juris[id] }

// Known reports whether the dataset being built has a jurisdiction.
func (s *State) Known(id string) bool {
	_, ok := s.L.b.juris[id]
	return ok
}

// AddJuris adds a local jurisdiction of the state whose ID is neither a
// place's nor a district's (Vermont's towns), and counts it as the
// state's own.
func (s *State) AddJuris(j jurisdiction.Jurisdiction) error {
	if err := s.L.b.addJuris(j); err != nil {
		return err
	}
	s.juris[j.ID] = true
	return nil
}

// UpdateJuris replaces a local jurisdiction that the state defined (a
// district whose period its rates set).
func (s *State) UpdateJuris(j jurisdiction.Jurisdiction) error {
	if !s.juris[j.ID] {
		return fmt.Errorf("%s: %s is not a local jurisdiction of the state", s.Sub.Code, j.ID)
	}
	s.L.b.juris[j.ID] = j
	return nil
}

// Defines reports whether the state defined (or gave a rate to) a local
// jurisdiction.
func (s *State) Defines(id string) bool { return s.juris[id] }

// LocalJuris returns the local jurisdictions the state defined, sorted.
func (s *State) LocalJuris() []string { return slices.Sorted(maps.Keys(s.juris)) }

// ScopeJuris returns the jurisdictions assigned to scope w itself, in
// the order assigned.
func (s *State) ScopeJuris(w Scope) []string { return slices.Clone(s.scopes[w]) }

// Unassign says that jurisdiction id no longer applies in scope w.
func (s *State) Unassign(id string, w Scope) {
	s.scopes[w] = slices.DeleteFunc(s.scopes[w], func(x string) bool { return x == id })
	if len(s.scopes[w]) == 0 {
		delete(s.scopes, w)
	}
}

// RateOn returns the general sales tax rate of a jurisdiction on d.
func (s *State) RateOn(id string, d civil.Date) (decimal.Decimal, bool) { return s.L.rateOn(id, d) }

// Places returns the places of the state.
func (s *State) Places() []*Place { return s.L.places.byState[s.Sub.Code] }

// ZIPs returns the ZIP codes of every state, by code, with the place and
// counties each serves.
func (s *State) ZIPs() map[string]*ZIP { return s.L.zips }

// Log returns the logger of the run.
func (s *State) Log() *slog.Logger { return s.L.g.log }

// AddSource records an input of the state for SOURCES.md.
func (s *State) AddSource(src Source) { s.L.g.addSource(src) }

// CountRow counts a row read from a source of the state, for the
// accounting of the ledger.
func (s *State) CountRow(source string) { s.L.rowsOf[source]++ }

// SourceTable reads a CSV file of the source folder (rel is relative to
// it) with a header row holding the columns want.
func (s *State) SourceTable(rel string, want ...string) (*Table, error) {
	return readRatesTable(s.L.g.path(rel), want...)
}

// FileRef returns the path of a file of the state's own, as documents
// and messages name it.
func (s *State) FileRef(name string) string { return s.def.Folder() + "/" + name }

// Open opens a file of the state's own: a curated table of its folder.
func (s *State) Open(name string) (io.ReadCloser, error) {
	if s.def.Files == nil {
		return nil, fmt.Errorf("%s: no file %s", s.Sub.Code, name)
	}
	return s.def.Files.Open(name)
}

// ReadTable reads a CSV file of the state's own with a header row
// holding the columns want.
func (s *State) ReadTable(name string, want ...string) (*Table, error) {
	if s.def.Files == nil {
		return nil, fmt.Errorf("%s: no file %s", s.Sub.Code, name)
	}
	return readTableFile(file{s.def.Files, name}, s.FileRef(name), want...)
}

// has reports whether the state's folder has a file.
func (s *State) has(name string) bool {
	if s.def.Files == nil {
		return false
	}
	_, err := fs.Stat(s.def.Files, name)
	return err == nil
}

// Counties returns the FIPS codes of the state's counties, sorted.
func (s *State) Counties() []string {
	var out []string
	for _, ids := range s.countyKeysMap() {
		out = append(out, ids...)
	}
	slices.Sort(out)
	return out
}

// MembersOf returns the jurisdictions of county c (with the places in it)
// at place p ("" for the unincorporated county), excluding the county
// itself, sorted.
func (s *State) MembersOf(c string, p *Place) []string {
	var out []string
	add := func(ids []string) {
		for _, id := range ids {
			if id != "US-"+c && !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	add(s.scopes[Scope{Kind: ScopeCounty, County: c}])
	if p == nil || !p.Incorporated {
		add(s.scopes[Scope{Kind: ScopeUninc, County: c}])
	}
	if p != nil {
		add(s.scopes[Scope{Kind: ScopePlace, Place: p.Code}])
		add(s.scopes[Scope{Kind: ScopePlace, Place: p.Code, County: c}])
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
		for _, c := range s.Counties() {
			uninc := s.MembersOf(c, nil)
			L.areas = append(L.areas, localArea{state: st, county: c, juris: append([]string{"US-" + c}, uninc...)})
			for _, p := range L.places.byState[st] {
				if !p.InCounty(c) {
					continue
				}
				m := s.MembersOf(c, p)
				if slices.Equal(m, uninc) {
					continue
				}
				L.areas = append(L.areas, localArea{state: st, county: c, place: p.Code, juris: append([]string{"US-" + c}, m...)})
			}
		}
	}
	return nil
}

// checkScopes verifies that every scope names a county of the state or a
// place of the state in that county, and every jurisdiction exists.
func (s *State) checkScopes() error {
	for w, ids := range s.scopes {
		if w.County != "" {
			j, ok := s.L.b.juris["US-"+w.County]
			if !ok || j.Parent != s.Sub.ID() {
				return fmt.Errorf("%s: scope %s: %s is not a county of the state", s.Sub.Code, w, w.County)
			}
		}
		if w.Kind == ScopePlace {
			p, ok := s.L.places.byCode[w.Place]
			if !ok || p.State != s.Sub.Code {
				return fmt.Errorf("%s: scope %s: no place %s in the state", s.Sub.Code, w, w.Place)
			}
			if w.County != "" && !p.InCounty(w.County) {
				return fmt.Errorf("%s: scope %s: place %s (%s) does not lie in county %s", s.Sub.Code, w, w.Place, p.Name, w.County)
			}
			if len(p.Counties) == 0 {
				return fmt.Errorf("%s: scope %s: place %s (%s) has no county", s.Sub.Code, w, w.Place, p.Name)
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
