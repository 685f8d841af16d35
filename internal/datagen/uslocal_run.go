package datagen

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/golang/geo/s2"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// Inputs are the sources a state's builder reads, parsed once.
type Inputs struct {
	Taxlocus       map[string][]Row // by state
	TaxlocusStates map[string]Row
	OST            map[string]OSTState // by state
	OSTCommit      string
	OSTRows        map[string][]Row    // every rate row of the export, by state
	SST            map[string][]SSTRow // by state
}

// genUSLocal builds the local content of every state: it reads the
// sources, runs each state's builder, checks that every source row is
// accounted for, composes the tax areas and checks them against the
// published combined rates of the states' notes.
func genUSLocal(g *gen, b *ratesBuilder) error {
	places, err := g.loadUSPlaces()
	if err != nil {
		return err
	}
	zips, err := g.loadZIPs()
	if err != nil {
		return err
	}
	L := &usLocal{g: g, b: b, places: places, zips: zips, states: map[string]*State{}, rowsOf: map[string]int{}}
	in := &Inputs{}
	var n int
	if in.Taxlocus, n, err = readTaxlocus(g); err != nil {
		return err
	}
	L.rowsOf[SrcTaxlocus] = n
	if in.TaxlocusStates, err = readTaxlocusStates(g); err != nil {
		return err
	}
	L.rowsOf[SrcTaxlocus] += len(in.TaxlocusStates)
	if in.OST, in.OSTCommit, err = readOST(g); err != nil {
		return err
	}
	if in.OSTRows, err = ostRateRows(in.OST); err != nil {
		return err
	}
	for _, rows := range in.OSTRows {
		L.rowsOf[SrcOpenSalesTax] += len(rows)
	}
	in.SST = map[string][]SSTRow{}
	for _, f := range sstFiles {
		sub, _ := jurisdiction.SubdivisionOf("US", f.state)
		rows, err := readSSTFile(g.log, g.path(f.file), sub.FIPS)
		if err != nil {
			return err
		}
		in.SST[f.state] = rows
		L.rowsOf[sstKey(f.state)] = len(rows)
	}
	if g.alone {
		in.keep(g.states)
	}

	for _, sub := range jurisdiction.Subdivisions() {
		if sub.Country != "US" {
			continue
		}
		def, ok := g.states[sub.Code]
		if !ok {
			continue // the territories without a sales tax of the dataset
		}
		note, err := def.ReadNote()
		if err != nil {
			return err
		}
		s := L.newLocalState(sub, note, def)
		L.states[sub.Code] = s
		if err := s.readAliases(); err != nil {
			return err
		}
		if err := def.Build(s, in); err != nil {
			return fmt.Errorf("%s: %w", sub.Code, err)
		}
		if err := s.readCurated(); err != nil {
			return fmt.Errorf("%s: %w", sub.Code, err)
		}
		if err := s.checkStarts(); err != nil {
			return err
		}
	}
	for st := range g.states {
		if L.states[st] == nil {
			return fmt.Errorf("state builder for %s, which is not a US state or territory", st)
		}
	}
	taxes, err := readLocalTaxes(g)
	if err != nil {
		return err
	}
	if g.alone {
		taxes = slices.DeleteFunc(taxes, func(r localTaxRow) bool { _, ok := g.states[r.state]; return !ok })
	}
	if err := L.addLocalTaxes(taxes); err != nil {
		return err
	}
	g.log.Info("local taxes outside the sales tax", "rows", len(taxes), "taxes", localTaxNames(taxes))
	if err := L.checkLedger(in); err != nil {
		return err
	}
	if err := L.compose(); err != nil {
		return err
	}
	if err := L.verify(); err != nil {
		return err
	}
	L.hints = L.zipHints()
	g.local = L
	g.addSource(Source{
		Key:         SrcTaxlocus,
		Files:       "rates/us-local/taxlocus/jurisdiction_rates.csv, rates/us-local/taxlocus/state_rates.csv",
		What:        "local sales tax rates of counties, cities and special districts in every state with local tax, and state rates to compare with; what a row means differs by state (see internal/datagen/states/<st>/<st>.md). The rows carry no start dates: their rates are recorded as in force as of the refresh and before it",
		From:        "TaxLocus open sales-tax dataset (taxlocus.com, Ringzero787/taxlocus-data), refresh of 2026-08-18, compiled from state revenue departments",
		Licence:     "CC BY 4.0",
		Attribution: "Sales-tax data by TaxLocus (https://taxlocus.com), licensed under CC BY 4.0.",
	})
	g.addSource(Source{
		Key:         SrcOpenSalesTax,
		Files:       OSTFile,
		What:        "curated county, city and district tables of AK, AL, AZ, CA, FL, HI, ID, IL, MO, MS, NM, NY, PA, SC, TX and VA, with the ZIP codes each city mainly serves (as ZIP hints)",
		From:        "OpenSalesTax (github.com/ejosterberg/open-sales-tax) state data modules at commit " + in.OSTCommit + ", compiled from each state's revenue department",
		Licence:     "Apache-2.0",
		Attribution: "OpenSalesTax, Copyright 2026 Eric Osterberg and OpenSalesTax contributors, Apache License 2.0.",
	})
	g.addSource(Source{
		Key:     "census-places",
		Files:   "geo/census-places-2015/cb_2015_SS_place_500k.zip (56 files), places/faraday_places.csv (county subdivisions)",
		What:    "names, GEOIDs, kinds (incorporated or census-designated) and boundaries of the US Census places, simplified to about 20 m (less where a place's rings would then cross or overlap); the counties each lies in, from its boundary; the incorporated place holding the point of a ZIP code whose postal name is no place of its state (as that ZIP's hint); the county subdivisions (towns) where local taxes follow them",
		From:    "US Census Bureau cartographic boundary files, places, 2015, 1:500,000; county subdivisions from faradayio/places (Census gazetteer)",
		Licence: "public domain (US government work); places table MIT",
	})
	return nil
}

// sstKey is the source key of a state's SST rate file.
func sstKey(state string) string { return "us-sst-" + strings.ToLower(state) }

// ostRateRows lists every rate of the OpenSalesTax export as ledger
// rows: the tables of percentages (counties, boroughs, districts), the
// city tables that carry a rate, and the rate constants.
func ostRateRows(states map[string]OSTState) (map[string][]Row, error) {
	out := map[string][]Row{}
	for _, st := range slices.Sorted(maps.Keys(states)) {
		o := states[st]
		when := ostDate
		for _, name := range slices.Sorted(maps.Keys(o)) {
			switch {
			case strings.HasSuffix(name, "_PCT") && name != st+"_STATE_RATE_PCT",
				name == "AK_BOROUGHS", name == "IL_RTA_DISTRICTS", name == "TX_TRANSIT_DISTRICTS":
				m, err := o.Percents(name)
				if err != nil {
					return nil, err
				}
				for _, k := range slices.Sorted(maps.Keys(m)) {
					out[st] = append(out[st], ostRow(st, name, k, m[k], when))
				}
			case name == st+"_STATE_RATE_PCT" || name == "NY_MCTD_RATE":
				d, err := decimal.NewFromString(o.Str(name))
				if err != nil {
					return nil, fmt.Errorf("%s: %s: %w", OSTFile, name, err)
				}
				out[st] = append(out[st], ostRow(st, name, name, d, when))
			case strings.HasSuffix(name, "_CITIES") || name == "NM_LOCATION_RATES":
				cs, err := o.Cities(name)
				if err != nil {
					return nil, err
				}
				for _, c := range cs {
					if c.Rate != nil {
						out[st] = append(out[st], ostRow(st, name, c.Name, *c.Rate, when))
					}
				}
			}
		}
	}
	return out, nil
}

// ostCityLayout gives the members of the entries of a city table, nil
// for a table that is not one.
func ostCityLayout(table string) []string {
	switch table {
	case "TX_CITIES", "IL_CITIES":
		return []string{"county", "district", "rate", "zips"}
	case "FL_CITIES":
		return []string{"county", "zips"}
	case "VA_CITIES":
		return []string{"district", "zips"}
	case "ID_RESORT_CITIES":
		return []string{"rate", "zips"}
	case "AK_CITIES", "AL_CITIES", "AZ_CITIES", "CA_CITIES", "MO_CITIES", "MS_CITIES", "NY_CITIES", "PA_CITIES", "SC_CITIES", "NM_LOCATION_RATES":
		return []string{"county", "rate", "zips"}
	}
	return nil
}

// checkLedger verifies that every rate row read from a source has an
// entry in the ledger, and that every entry is for a row that was read.
func (L *usLocal) checkLedger(in *Inputs) error {
	seen := map[string]int{}
	for _, e := range L.ledger {
		seen[e.Row.Source+"\x00"+e.Row.Ref]++
	}
	var missing []string
	expect := func(r Row) {
		if seen[r.Source+"\x00"+r.Ref] == 0 {
			missing = append(missing, r.State+" "+r.Source+" "+r.Ref+" ("+r.Label+")")
		}
	}
	for _, rows := range in.Taxlocus {
		for _, r := range rows {
			if L.states[r.State] == nil {
				return fmt.Errorf("%s %s: state %s has no builder", SrcTaxlocus, r.Ref, r.State)
			}
			expect(r)
		}
	}
	for _, r := range in.TaxlocusStates {
		expect(r)
	}
	for _, rows := range in.OSTRows {
		for _, r := range rows {
			expect(r)
		}
	}
	for st, rows := range in.SST {
		for _, r := range rows {
			expect(SSTLedgerRow(st, r))
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		if len(missing) > 20 {
			missing = append(missing[:20], fmt.Sprintf("and %d more", len(missing)-20))
		}
		return fmt.Errorf("source rows that no state builder represented or refused:\n  %s", strings.Join(missing, "\n  "))
	}
	return nil
}

// SSTLedgerRow is the ledger's row for a row of an SST rate file.
// A row still in force speaks for the file's quarter; a row that ended,
// for its first day.
func SSTLedgerRow(state string, r SSTRow) Row {
	when := r.Period.Effective
	if r.Period.Expiration.IsZero() && when.Before(sstQuarter) {
		when = sstQuarter
	}
	return Row{Source: sstKey(state), Ref: fmt.Sprintf("line %d", r.Line), State: state, Kind: r.Type, Code: r.Code,
		Label: r.Type + "/" + r.Code, Rate: r.General, When: when}
}

// sstQuarter is the first day of the quarter of the SST rate files read
// (2026 Q2).
var sstQuarter = civil.New(2026, 4, 1)

// rateOn returns the general sales tax rate of a jurisdiction on d.
func (L *usLocal) rateOn(id string, d civil.Date) (decimal.Decimal, bool) {
	return L.rateOfOn(id, jurisdiction.General, d)
}

// rateOfOn returns the sales tax rate of a category of a jurisdiction on
// d. A jurisdiction without a rate of the category has its general rate.
func (L *usLocal) rateOfOn(id, cat string, d civil.Date) (decimal.Decimal, bool) {
	general, found := decimal.Zero, false
	for _, r := range L.b.ratesOf(id) {
		if r.Tax == jurisdiction.SalesTax && r.Contains(d) {
			if r.Category == cat {
				return r.Value, true
			}
			if r.Category == jurisdiction.General {
				general, found = r.Value, true
			}
		}
	}
	return general, found
}

// verify checks the ledger's represented rows (their jurisdictions'
// rates sum to the row's rate on the row's date) and the published
// combined rates of the states' notes.
func (L *usLocal) verify() error {
	var errs []string
	for _, e := range L.ledger {
		if e.Reason != "" {
			continue
		}
		if len(e.Juris) == 0 {
			errs = append(errs, fmt.Sprintf("%s %s %s (%s): represented by no jurisdiction", e.Row.State, e.Row.Source, e.Row.Ref, e.Row.Label))
			continue
		}
		sum := decimal.Zero
		for _, id := range e.Juris {
			if _, ok := L.b.juris[id]; !ok {
				errs = append(errs, fmt.Sprintf("%s %s %s (%s): represented by %s, which does not exist", e.Row.State, e.Row.Source, e.Row.Ref, e.Row.Label, id))
			}
			v, _ := L.rateOfOn(id, cmp.Or(e.Row.Cat, jurisdiction.General), e.Row.When)
			sum = sum.Add(v)
		}
		if !sum.Equal(e.Row.Rate) {
			errs = append(errs, fmt.Sprintf("%s %s %s (%s): rate %s, but %v sum to %s on %s", e.Row.State, e.Row.Source, e.Row.Ref, e.Row.Label, e.Row.Rate, e.Juris, sum, e.Row.When))
		}
	}
	for _, st := range slices.Sorted(maps.Keys(L.states)) {
		s := L.states[st]
		for _, c := range s.Note.checks {
			got, members, err := L.combined(s, c.where, c.asOf)
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s:%d: %v", s.Note.path, c.line, err))
				continue
			}
			if !got.Equal(c.combined) {
				errs = append(errs, fmt.Sprintf("%s:%d: %s on %s: combined rate %s%% (%v), %s says %s%%", s.Note.path, c.line, c.where, c.asOf,
					got.Shift(2), members, c.publication, c.combined.Shift(2)))
			}
		}
	}
	if len(errs) > 0 {
		if len(errs) > 40 {
			errs = append(errs[:40], fmt.Sprintf("and %d more", len(errs)-40))
		}
		return fmt.Errorf("US local content does not add up:\n  %s", strings.Join(errs, "\n  "))
	}
	return nil
}

// combined returns the combined general rate (state and local) of the
// area of a scope on d, and the jurisdictions it sums. A county scope
// means the county outside incorporated places.
func (L *usLocal) combined(s *State, w Scope, d civil.Date) (decimal.Decimal, []string, error) {
	var members []string
	switch w.Kind {
	case ScopeCounty, ScopeUninc:
		members = append([]string{"US-" + w.County}, s.MembersOf(w.County, nil)...)
	case ScopePlace:
		p := L.places.byCode[w.Place]
		if p == nil {
			return decimal.Zero, nil, fmt.Errorf("no place %s", w.Place)
		}
		c := w.County
		if c == "" {
			c = p.MainCounty()
		}
		members = append([]string{"US-" + c}, s.MembersOf(c, p)...)
	}
	ids := append([]string{s.Sub.ID()}, members...)
	sum := decimal.Zero
	for _, id := range ids {
		v, _ := L.rateOn(id, d)
		sum = sum.Add(v)
	}
	return sum, ids, nil
}

// zipHints gives each ZIP code of a state with local content the place
// it mainly serves: a source's city ZIP list first, else the place of
// the ZIP's postal name in one of its counties, else, for a postal name
// that names no place of the state (a neighbourhood of a city, such as
// Cordova in Memphis), the incorporated place whose boundary holds the
// ZIP's representative point.
func (L *usLocal) zipHints() map[string]string {
	out := map[string]string{}
	for _, st := range slices.Sorted(maps.Keys(L.states)) {
		s := L.states[st]
		maps.Copy(out, s.zipPlace)
	}
	for _, code := range slices.Sorted(maps.Keys(L.zips)) {
		z := L.zips[code]
		s := L.states[z.State]
		if s == nil || out[code] != "" || z.Place == "" {
			continue
		}
		for _, c := range z.Counties {
			if p, ok := s.Place(z.Place, c.FIPS); ok {
				out[code] = p.Code
				break
			}
		}
	}
	located := map[string]*placeLocator{}
	for _, code := range slices.Sorted(maps.Keys(L.zips)) {
		z := L.zips[code]
		s := L.states[z.State]
		if s == nil || out[code] != "" || z.Place == "" || !z.hasPoint {
			continue
		}
		if _, ok := s.Place(z.Place, ""); ok {
			continue // a place of the state by that name, in none of the ZIP's counties
		}
		pl := located[z.State]
		if pl == nil {
			pl = newPlaceLocator(L.places.byState[z.State])
			located[z.State] = pl
		}
		if p := pl.incorporatedAt(z.lat, z.lng, z.Counties); p != nil {
			out[code] = p.Code
		}
	}
	return out
}

// placeLocator finds the incorporated places of a state that a point
// lies in, with their boundaries in an S2 index.
type placeLocator struct {
	index *s2.ShapeIndex
	place map[s2.Shape]*Place
}

func newPlaceLocator(places []*Place) *placeLocator {
	pl := &placeLocator{index: s2.NewShapeIndex(), place: map[s2.Shape]*Place{}}
	for _, p := range places {
		if !p.Incorporated || len(p.loops) == 0 {
			continue
		}
		sh := s2.LaxPolygonFromPoints(s2Loops(p.loops))
		pl.index.Add(sh)
		pl.place[sh] = p
	}
	pl.index.Build()
	return pl
}

// incorporatedAt returns the incorporated place, lying in one of the
// counties, that holds the point (in millionths of a degree); nil when
// the point lies in none or in more than one (the simplified boundaries
// of neighbouring places may overlap by a few metres, which leaves the
// choice unclear). The counties keep the answer to the places of the
// ZIP code's own counties, as the hints by postal name are: GeoNames
// only estimates some ZIP points (accuracy 1), which may fall in a city of
// another county, as those of 08640 and 08641 (Joint Base McGuire-Dix-
// Lakehurst, Burlington County) fall in Trenton and that of 32745 (Mid
// Florida, Volusia County) in Lake Mary.
func (pl *placeLocator) incorporatedAt(lat, lng int32, counties []ZIPCounty) *Place {
	q := s2.NewContainsPointQuery(pl.index, s2.VertexModelSemiOpen)
	var found *Place
	for _, sh := range q.ContainingShapes(s2.PointFromLatLng(s2.LatLngFromDegrees(float64(lat)/1e6, float64(lng)/1e6))) {
		p := pl.place[sh]
		if !slices.ContainsFunc(counties, func(c ZIPCounty) bool { return p.InCounty(c.FIPS) }) {
			continue
		}
		if found != nil {
			return nil
		}
		found = p
	}
	return found
}

// s2Loops converts boundary loops in millionths of a degree to S2
// points.
func s2Loops(loops [][]microDegree) [][]s2.Point {
	out := make([][]s2.Point, len(loops))
	for i, l := range loops {
		out[i] = make([]s2.Point, len(l))
		for k, v := range l {
			out[i][k] = s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
		}
	}
	return out
}

// readCurated reads the state's curated additions,
// internal/datagen/states/<st>/<st>.csv, when there is one (Levy's content CSV
// format; see package data/content).
func (s *State) readCurated() error {
	name := strings.ToLower(s.Sub.Code) + ".csv"
	if !s.has(name) {
		return nil
	}
	return readCuratedCSV(s, name)
}

// sortedLedger returns the ledger in source, state and row order.
func (L *usLocal) sortedLedger() []LedgerEntry {
	out := slices.Clone(L.ledger)
	slices.SortStableFunc(out, func(a, b LedgerEntry) int {
		return cmp.Or(strings.Compare(a.Row.Source, b.Row.Source), strings.Compare(a.Row.State, b.Row.State), compareRefs(a.Row.Ref, b.Row.Ref))
	})
	return out
}

// compareRefs orders row references with their numbers as numbers.
func compareRefs(a, b string) int {
	na, nb := trailingNumber(a), trailingNumber(b)
	if na >= 0 && nb >= 0 && strings.TrimRight(a, "0123456789") == strings.TrimRight(b, "0123456789") {
		return cmp.Compare(na, nb)
	}
	return strings.Compare(a, b)
}

func trailingNumber(s string) int {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || len(s)-i > 9 {
		return -1
	}
	n := 0
	for _, c := range s[i:] {
		n = 10*n + int(c-'0')
	}
	return n
}

// readAliases reads the state's place aliases,
// internal/datagen/states/<st>/<st>-aliases.csv: names by which the sources
// call a place that its Census name does not match ("Angels Camp" for the
// Census's "Angels"), with the place's code and the reason.
func (s *State) readAliases() error {
	name := strings.ToLower(s.Sub.Code) + "-aliases.csv"
	if !s.has(name) {
		return nil
	}
	path := s.FileRef(name)
	t, err := s.ReadTable(name, "name", "place", "note")
	if err != nil {
		return err
	}
	for i, rec := range t.Rows {
		name, code := t.Get(rec, "name"), t.Get(rec, "place")
		p, ok := s.PlaceByCode(code)
		if !ok || t.Get(rec, "note") == "" {
			return fmt.Errorf("%s line %d: place %q of %s unknown, or no note", path, i+2, code, s.Sub.Code)
		}
		if _, has := t.cols["incorporated"]; has {
			switch v := t.Get(rec, "incorporated"); v {
			case "":
			case "yes":
				// Incorporated since the Census's 2015 boundaries.
				p.Incorporated = true
			default:
				return fmt.Errorf("%s line %d: incorporated %q is not yes or empty", path, i+2, v)
			}
		}
		if name == "" {
			continue
		}
		k := PlaceKey(name)
		if prev, dup := s.aliases[k]; dup && prev != p.Code {
			return fmt.Errorf("%s line %d: %q is already an alias of %s", path, i+2, name, prev)
		}
		s.aliases[k] = p.Code
	}
	return nil
}
