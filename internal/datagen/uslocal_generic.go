package datagen

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// TaxlocusOptions say how a state reads the TaxLocus rows where its
// mapping file says nothing of a row.
type TaxlocusOptions struct {
	// CountyScope is where a county row's rate applies: the whole
	// county (ScopeCounty, the default) or its unincorporated part
	// (ScopeUninc, where a city row holds the whole local rate).
	CountyScope ScopeKind
	// PlaceCodes: the rows' fips_code of a city is the Census place FIPS
	// (the SST states) and wins over the name.
	PlaceCodes bool
}

// TaxlocusMapping is a state's reading of particular TaxLocus rows,
// internal/datagen/states/<st>/<st>-taxlocus.csv, keyed by line number.
type TaxlocusMapping struct {
	Line   int
	Name   string // must equal the row's name, as a guard against a shifted line
	Action string // city, county, district, part, refuse
	Target string
	Where  []Scope
	Minus  []string
	Type   jurisdiction.Type
	Label  string
	Note   string
}

// readTaxlocusMapping reads a state's mapping file, if it has one, by
// line number.
func (s *State) readTaxlocusMapping() (map[int]*TaxlocusMapping, error) {
	name := strings.ToLower(s.Sub.Code) + "-taxlocus.csv"
	if !s.has(name) {
		return nil, nil
	}
	path := s.FileRef(name)
	t, err := s.ReadTable(name, "line", "name", "action", "target", "where", "minus", "type", "label", "note")
	if err != nil {
		return nil, err
	}
	out := map[int]*TaxlocusMapping{}
	for i, rec := range t.Rows {
		fail := func(col, format string, args ...any) error {
			return fmt.Errorf("%s line %d, column %s: %s", path, i+2, col, fmt.Sprintf(format, args...))
		}
		n, err := strconv.Atoi(t.Get(rec, "line"))
		if err != nil {
			return nil, fail("line", "not a line number")
		}
		m := &TaxlocusMapping{Line: n, Name: t.Get(rec, "name"), Action: t.Get(rec, "action"), Target: t.Get(rec, "target"),
			Label: t.Get(rec, "label"), Note: t.Get(rec, "note")}
		if m.Where, err = ParseScopes(strings.Fields(t.Get(rec, "where"))); err != nil {
			return nil, fail("where", "%v", err)
		}
		m.Minus = strings.Fields(t.Get(rec, "minus"))
		if ty := t.Get(rec, "type"); ty != "" {
			if m.Type, err = jurisdiction.ParseType(ty); err != nil {
				return nil, fail("type", "%v", err)
			}
		}
		switch m.Action {
		case "city", "county", "part":
		case "district":
			if m.Type == 0 || len(m.Where) == 0 {
				return nil, fail("type", "a district needs a type and a where")
			}
		case "refuse":
			if m.Note == "" {
				return nil, fail("note", "a refusal needs its reason")
			}
		default:
			return nil, fail("action", "%q is not city, county, district, part or refuse", m.Action)
		}
		if out[n] != nil {
			return nil, fail("line", "line %d mapped twice", n)
		}
		out[n] = m
	}
	return out, nil
}

// taxlocusRowNumber returns the line number of a TaxLocus row.
func taxlocusRowNumber(row Row) int {
	i := strings.LastIndexByte(row.Ref, ':')
	n := 0
	for _, c := range row.Ref[i+1:] {
		n = 10*n + int(c-'0')
	}
	return n
}

// ApplyTaxlocus reads the state's TaxLocus rows: each row its mapping
// file names as it says, the others as opts say (county rows give a
// county's rate, city rows the rate of the place of that name or code,
// other rows are refused as districts whose area the data does not
// give).
func (s *State) ApplyTaxlocus(in *Inputs, opts TaxlocusOptions) error {
	_, err := s.ApplyTaxlocusExcept(in, opts, nil)
	return err
}

// ApplyTaxlocusExcept is ApplyTaxlocus leaving to the state's builder
// the rows that its mapping file does not name and that own picks (nil:
// none): it returns those, in the source's order, for the builder to
// read or refuse.
func (s *State) ApplyTaxlocusExcept(in *Inputs, opts TaxlocusOptions, own func(Row) bool) ([]Row, error) {
	rows := in.Taxlocus[s.Sub.Code]
	mapped, err := s.MapTaxlocusRows(rows)
	if err != nil {
		return nil, err
	}
	if opts.CountyScope == 0 {
		opts.CountyScope = ScopeCounty
	}
	var period civil.Period   // TaxLocus's rates, as far back as the data goes
	first := map[string]Row{} // jurisdiction -> the row that gave its rate
	setRate := func(row Row, id string, v decimal.Decimal, where []Scope, rep []string) error {
		if prev, ok := first[id]; ok {
			cur, _ := s.L.rateOn(id, row.When)
			if cur.Equal(v) {
				s.Represent(row, rep...)
				return nil
			}
			s.Refuse(row, "%s already has %s%% from %s (%s); this row's %s%% is not used", id, cur.Shift(2), prev.Ref, prev.Label, v.Shift(2))
			return nil
		}
		first[id] = row
		if err := s.AddRate(id, jurisdiction.General, v, period, SrcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.juris[id] = true
		for _, w := range where {
			s.Assign(id, w)
		}
		s.Represent(row, rep...)
		return nil
	}
	minusOf := func(row Row, ids []string) (decimal.Decimal, error) {
		v := row.Rate
		for _, id := range ids {
			r, ok := s.L.rateOn(id, row.When)
			if !ok {
				return v, fmt.Errorf("%s: %s has no rate on %s to subtract", row.Ref, id, row.When)
			}
			v = v.Sub(r)
		}
		if v.IsNegative() {
			return v, fmt.Errorf("%s (%s): the rate is below the rates subtracted from it", row.Ref, row.Label)
		}
		return v, nil
	}
	var left []Row
	for _, row := range rows {
		if m := mapped[row.Ref]; m != nil {
			switch m.Action {
			case "refuse":
				s.Refuse(row, "%s", m.Note)
			case "part":
				s.Represent(row, strings.Fields(m.Target)...)
			case "county":
				fips := m.Target
				if len(fips) != 5 {
					var ok bool
					if fips, ok = s.County(cmp.Or(m.Target, row.Label)); !ok {
						return nil, fmt.Errorf("%s: no county %q", row.Ref, cmp.Or(m.Target, row.Label))
					}
				}
				v, err := minusOf(row, m.Minus)
				if err != nil {
					return nil, err
				}
				where := m.Where
				if len(where) == 0 {
					where = []Scope{{Kind: opts.CountyScope, County: fips}}
				}
				id := "US-" + fips
				if _, ok := s.L.b.juris[id]; !ok {
					return nil, fmt.Errorf("%s: county %s unknown", row.Ref, fips)
				}
				if err := setRate(row, id, v, where, append([]string{id}, m.Minus...)); err != nil {
					return nil, err
				}
			case "city":
				p, ok := s.PlaceByCode(m.Target)
				if !ok {
					return nil, fmt.Errorf("%s: no place %q in %s", row.Ref, m.Target, s.Sub.Code)
				}
				v, err := minusOf(row, m.Minus)
				if err != nil {
					return nil, err
				}
				id := s.City(p)
				for _, w := range m.Where {
					s.Assign(id, w)
				}
				if err := setRate(row, id, v, nil, append([]string{id}, m.Minus...)); err != nil {
					return nil, err
				}
			case "district":
				id := m.Target
				if id == "" {
					id = s.DistrictID(row.Code, row.Label)
				}
				if _, err := s.District(id, m.Type, cmp.Or(m.Label, row.Label), row.Code); err != nil {
					return nil, err
				}
				v, err := minusOf(row, m.Minus)
				if err != nil {
					return nil, err
				}
				if err := setRate(row, id, v, m.Where, append([]string{id}, m.Minus...)); err != nil {
					return nil, err
				}
			}
			continue
		}
		if own != nil && own(row) {
			left = append(left, row)
			continue
		}
		switch row.Kind {
		case "county", "parish", "borough":
			fips, ok := s.County(row.Label)
			if !ok {
				s.Refuse(row, "no county, parish or borough of %s is named %q", s.Sub.Name, row.Label)
				continue
			}
			id := "US-" + fips
			if err := setRate(row, id, row.Rate, []Scope{{Kind: opts.CountyScope, County: fips}}, []string{id}); err != nil {
				return nil, err
			}
		case "city":
			var p *Place
			ok := false
			if opts.PlaceCodes && len(row.Code) == 5 {
				p, ok = s.PlaceByCode(row.Code)
			}
			if !ok {
				p, ok = s.Place(row.Label, "")
			}
			if !ok {
				s.Refuse(row, "no single Census place of %s is named %q", s.Sub.Name, row.Label)
				continue
			}
			id := s.City(p)
			if err := setRate(row, id, row.Rate, nil, []string{id}); err != nil {
				return nil, err
			}
		default:
			s.Refuse(row, "a %s whose area the sources do not give (no boundary, no list of places or ZIP codes)", row.Kind)
		}
	}
	return left, nil
}

// MapTaxlocusRows matches the lines of the state's mapping file, if it
// has one, with rows, TaxLocus rows of the state: it returns each
// mapped row's line of the file by the row's reference, and fails on a
// line whose name is not its row's or that is not one of rows.
func (s *State) MapTaxlocusRows(rows []Row) (map[string]*TaxlocusMapping, error) {
	mapping, err := s.readTaxlocusMapping()
	if err != nil {
		return nil, err
	}
	file := strings.ToLower(s.Sub.Code) + "-taxlocus.csv"
	mapped := map[string]*TaxlocusMapping{}
	for _, row := range rows {
		m := mapping[taxlocusRowNumber(row)]
		if m == nil {
			continue
		}
		if m.Name != row.Label {
			return nil, fmt.Errorf("%s: line %d is %q in the source, the mapping says %q", file, m.Line, row.Label, m.Name)
		}
		mapped[row.Ref] = m
		delete(mapping, m.Line)
	}
	for line, m := range mapping {
		return nil, fmt.Errorf("%s: line %d (%s) is not a TaxLocus row of %s that its builder maps", file, line, m.Name, s.Sub.Name)
	}
	return mapped, nil
}

// CompareStateRate accounts for a source's state rate: represented by
// the state jurisdiction when it agrees with the dataset's state rate on
// the row's date, refused (the dataset's state table wins) otherwise.
func (s *State) CompareStateRate(row Row) {
	cur, ok := s.L.rateOn(s.Sub.ID(), row.When)
	switch {
	case ok && cur.Equal(row.Rate):
		s.Represent(row, s.Sub.ID())
	case ok:
		s.Refuse(row, "state rate %s%% disagrees with the state rate table's %s%% on %s; the state table, compiled from the state's publication, wins", row.Rate.Shift(2), cur.Shift(2), row.When)
	default:
		s.Refuse(row, "no state rate on %s to compare with", row.When)
	}
}

// CompareTaxlocusStateRate accounts for TaxLocus's state rate row of
// the state, if it has one, as CompareStateRate does.
func (s *State) CompareTaxlocusStateRate(in *Inputs) {
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
}

// ReconcileOST accounts for the state's rows of the OpenSalesTax
// export against what the state's primary source built: a county row
// is represented by the county when their rates agree; a city row by the
// city, or by the city and the county when it is their sum; any other
// row, or a row that disagrees, is refused with both numbers. The ZIP
// lists of the city tables become ZIP hints where the city is a place of
// the state.
func (s *State) ReconcileOST(in *Inputs) error {
	st := s.Sub.Code
	o := in.OST[st]
	if o == nil {
		return nil
	}
	// Where the city of each entry of every city table is, by row
	// reference: the county its entry names (FIPS, "" for none) and its
	// place (nil for none); the ZIP hints of those with a place.
	type cityAt struct {
		county string
		place  *Place
	}
	cities := map[string]cityAt{}
	// The tables in name order: of two that hint one ZIP, the first
	// in that order gives its place, run after run.
	for _, name := range slices.Sorted(maps.Keys(o)) {
		if ostCityLayout(name) == nil {
			continue
		}
		cs, err := o.Cities(name)
		if err != nil {
			return err
		}
		for _, c := range cs {
			var at cityAt
			if c.County != "" {
				at.county, _ = s.County(c.County)
			}
			if p, ok := s.Place(c.Name, at.county); ok {
				at.place = p
			}
			cities[name+"/"+c.Name] = at
			if at.place == nil {
				continue
			}
			for _, z := range c.ZIPs {
				if zr := s.L.zips[z]; zr != nil && zr.State == st {
					s.HintZIP(z, at.place)
				}
			}
		}
	}
	for _, row := range in.OSTRows[st] {
		table, key, _ := strings.Cut(row.Ref, "/")
		switch {
		case table == st+"_STATE_RATE_PCT":
			s.CompareStateRate(row)
		case strings.Contains(table, "COUNTY") || table == "AK_BOROUGHS":
			fips, ok := s.County(key)
			if !ok {
				s.Refuse(row, "no county of %s is named %q", s.Sub.Name, key)
				continue
			}
			s.RepresentIfSum(row, []string{"US-" + fips})
		case ostCityLayout(table) != nil:
			at := cities[row.Ref]
			if at.place == nil {
				s.Refuse(row, "no single Census place of %s is named %q", s.Sub.Name, key)
				continue
			}
			city := "US-" + at.place.Code
			tries := [][]string{{city}}
			if at.county != "" {
				tries = append(tries, []string{city, "US-" + at.county})
			}
			s.RepresentIfSum(row, tries...)
		default:
			s.Refuse(row, "a district table that %s's builder does not read", s.Sub.Name)
		}
	}
	return nil
}

// RepresentIfSum represents row by the first list of jurisdictions
// whose rates sum to its rate, or refuses it with what each list sums
// to: the state's primary source wins.
func (s *State) RepresentIfSum(row Row, tries ...[]string) {
	s.RepresentIfSumWhy(row, "", tries...)
}

// RepresentIfSumWhy is RepresentIfSum with the reason a refusal gives
// for the state's content winning ("" for the primary source's).
func (s *State) RepresentIfSumWhy(row Row, why string, tries ...[]string) {
	var got []string
	if row.Rate.IsZero() {
		for _, id := range tries[0] {
			if _, ok := s.L.b.juris[id]; !ok {
				s.Refuse(row, "a rate of 0%%: %s levies no tax of its own here, and the dataset defines no jurisdiction for it", row.Label)
				return
			}
		}
	}
	for _, try := range tries {
		// A jurisdiction the state does not define adds nothing: a list
		// is what is left of it.
		var ids []string
		for _, id := range try {
			if _, ok := s.L.b.juris[id]; ok {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			continue
		}
		sum := decimal.Zero
		for _, id := range ids {
			v, _ := s.L.rateOn(id, row.When)
			sum = sum.Add(v)
		}
		if sum.Equal(row.Rate) {
			s.Represent(row, ids...)
			return
		}
		if g := fmt.Sprintf("%s sum to %s%%", strings.Join(ids, "+"), sum.Shift(2)); !slices.Contains(got, g) {
			got = append(got, g)
		}
	}
	if why == "" {
		s.Refuse(row, "%s%% disagrees with the state's primary source (%s), which wins", row.Rate.Shift(2), strings.Join(got, "; "))
		return
	}
	s.Refuse(row, "%s%% disagrees with the %s content (%s): %s", row.Rate.Shift(2), s.Sub.Name, strings.Join(got, "; "), why)
}

// DefineDistrict is AddDistrict with the scopes written as the notes
// write them ("county:48201").
func (s *State) DefineDistrict(id string, t jurisdiction.Type, name, code string, v decimal.Decimal, p civil.Period, source string, where []string) error {
	scopes, err := ParseScopes(where)
	if err != nil {
		return err
	}
	_, err = s.AddDistrict(id, t, name, code, v, p, source, scopes...)
	return err
}

// AddDistrict defines a district (District) with one general rate, v
// over p from source, in the scopes where it applies, and returns its
// ID.
func (s *State) AddDistrict(id string, t jurisdiction.Type, name, code string, v decimal.Decimal, p civil.Period, source string, where ...Scope) (string, error) {
	id, err := s.District(id, t, name, code)
	if err != nil {
		return "", err
	}
	if err := s.AddRate(id, "", v, p, source); err != nil {
		return "", err
	}
	for _, w := range where {
		s.Assign(id, w)
	}
	return id, nil
}

// TaxlocusBuilder returns the builder of a state whose content is
// TaxLocus's rows read the common way as opts say (ApplyTaxlocus), with
// TaxLocus's state rate compared (CompareTaxlocusStateRate) and
// OpenSalesTax's rows reconciled against the result, those that over
// names as it says (ReconcileOSTWith; nil for none).
func TaxlocusBuilder(opts TaxlocusOptions, over map[string]OSTOverride) func(*State, *Inputs) error {
	return func(s *State, in *Inputs) error {
		if err := s.ApplyTaxlocus(in, opts); err != nil {
			return err
		}
		s.CompareTaxlocusStateRate(in)
		return s.ReconcileOSTWith(in, over)
	}
}
