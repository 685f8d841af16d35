package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// taxlocusOptions say how a state reads the TaxLocus rows where its
// mapping file says nothing of a row.
type taxlocusOptions struct {
	// countyScope is where a county row's rate applies: the whole
	// county (scopeCounty, the default) or its unincorporated part
	// (scopeUninc, where a city row holds the whole local rate).
	countyScope scopeKind
	// placeCodes: the rows' fips_code of a city is the Census place FIPS
	// (the SST states) and wins over the name.
	placeCodes bool
	// since is the start of the rates, when the state's note knows it;
	// zero for "as far back as the data goes".
	since civil.Date
}

// taxlocusMapping is a state's reading of particular TaxLocus rows,
// data/src/us-local/<st>-taxlocus.csv, keyed by line number.
type taxlocusMapping struct {
	line   int
	name   string // must equal the row's name, as a guard against a shifted line
	action string // city, county, district, part, refuse
	target string
	where  []scope
	minus  []string
	typ    jurisdiction.Type
	label  string
	note   string
}

// readTaxlocusMapping reads a state's mapping file, if it has one.
func (s *localState) readTaxlocusMapping() (map[int]*taxlocusMapping, error) {
	path := filepath.Join(s.L.g.out, "src", "us-local", strings.ToLower(s.Sub.Code)+"-taxlocus.csv")
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	t, err := readRatesTable(path, "line", "name", "action", "target", "where", "minus", "type", "label", "note")
	if err != nil {
		return nil, err
	}
	out := map[int]*taxlocusMapping{}
	for i, rec := range t.rows {
		fail := func(col, format string, args ...any) error {
			return fmt.Errorf("%s line %d, column %s: %s", path, i+2, col, fmt.Sprintf(format, args...))
		}
		n, err := strconv.Atoi(t.get(rec, "line"))
		if err != nil {
			return nil, fail("line", "not a line number")
		}
		m := &taxlocusMapping{line: n, name: t.get(rec, "name"), action: t.get(rec, "action"), target: t.get(rec, "target"),
			label: t.get(rec, "label"), note: t.get(rec, "note")}
		for _, f := range strings.Fields(t.get(rec, "where")) {
			w, err := parseScope(f)
			if err != nil {
				return nil, fail("where", "%v", err)
			}
			m.where = append(m.where, w)
		}
		m.minus = strings.Fields(t.get(rec, "minus"))
		if ty := t.get(rec, "type"); ty != "" {
			if m.typ, err = jurisdiction.ParseType(ty); err != nil {
				return nil, fail("type", "%v", err)
			}
		}
		switch m.action {
		case "city", "county", "part":
		case "district":
			if m.typ == 0 || len(m.where) == 0 {
				return nil, fail("type", "a district needs a type and a where")
			}
		case "refuse":
			if m.note == "" {
				return nil, fail("note", "a refusal needs its reason")
			}
		default:
			return nil, fail("action", "%q is not city, county, district, part or refuse", m.action)
		}
		if out[n] != nil {
			return nil, fail("line", "line %d mapped twice", n)
		}
		out[n] = m
	}
	return out, nil
}

// applyTaxlocus reads the state's TaxLocus rows: each row its mapping
// file names as it says, the others as opts say (county rows give a
// county's rate, city rows the rate of the place of that name or code,
// other rows are refused as districts whose area the data does not
// give).
func (s *localState) applyTaxlocus(in *localInputs, opts taxlocusOptions) error {
	mapping, err := s.readTaxlocusMapping()
	if err != nil {
		return err
	}
	if opts.countyScope == 0 {
		opts.countyScope = scopeCounty
	}
	period := civil.Period{Effective: opts.since}
	first := map[string]srcRow{} // jurisdiction -> the row that gave its rate
	setRate := func(row srcRow, id string, v decimal.Decimal, where []scope, rep []string) error {
		if prev, ok := first[id]; ok {
			cur, _ := s.L.rateOn(id, row.when)
			if cur.Equal(v) {
				s.Represent(row, rep...)
				return nil
			}
			s.Refuse(row, "%s already has %s%% from %s (%s); this row's %s%% is not used", id, cur.Shift(2), prev.ref, prev.label, v.Shift(2))
			return nil
		}
		first[id] = row
		if err := s.addRate(id, jurisdiction.General, v, period, srcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.ref, err)
		}
		s.juris[id] = true
		for _, w := range where {
			s.Assign(id, w)
		}
		s.Represent(row, rep...)
		return nil
	}
	minusOf := func(row srcRow, ids []string) (decimal.Decimal, error) {
		v := row.rate
		for _, id := range ids {
			r, ok := s.L.rateOn(id, row.when)
			if !ok {
				return v, fmt.Errorf("%s: %s has no rate on %s to subtract", row.ref, id, row.when)
			}
			v = v.Sub(r)
		}
		if v.IsNegative() {
			return v, fmt.Errorf("%s (%s): the rate is below the rates subtracted from it", row.ref, row.label)
		}
		return v, nil
	}
	for _, row := range in.taxlocus[s.Sub.Code] {
		line, _ := strconv.Atoi(row.ref[strings.LastIndexByte(row.ref, ':')+1:])
		if m := mapping[line]; m != nil {
			if m.name != row.label {
				return fmt.Errorf("%s-taxlocus.csv: line %d is %q in the source, the mapping says %q", strings.ToLower(s.Sub.Code), line, row.label, m.name)
			}
			delete(mapping, line)
			switch m.action {
			case "refuse":
				s.Refuse(row, "%s", m.note)
			case "part":
				s.Represent(row, strings.Fields(m.target)...)
			case "county":
				fips := m.target
				if len(fips) != 5 {
					var ok bool
					if fips, ok = s.County(cmpOr(m.target, row.label)); !ok {
						return fmt.Errorf("%s: no county %q", row.ref, cmpOr(m.target, row.label))
					}
				}
				v, err := minusOf(row, m.minus)
				if err != nil {
					return err
				}
				where := m.where
				if len(where) == 0 {
					where = []scope{{kind: opts.countyScope, county: fips}}
				}
				id := "US-" + fips
				if _, ok := s.L.b.juris[id]; !ok {
					return fmt.Errorf("%s: county %s unknown", row.ref, fips)
				}
				if err := setRate(row, id, v, where, append([]string{id}, m.minus...)); err != nil {
					return err
				}
			case "city":
				p, ok := s.PlaceByCode(m.target)
				if !ok {
					return fmt.Errorf("%s: no place %q in %s", row.ref, m.target, s.Sub.Code)
				}
				v, err := minusOf(row, m.minus)
				if err != nil {
					return err
				}
				id := s.City(p)
				for _, w := range m.where {
					s.Assign(id, w)
				}
				if err := setRate(row, id, v, nil, append([]string{id}, m.minus...)); err != nil {
					return err
				}
			case "district":
				id := m.target
				if id == "" {
					id = s.DistrictID(row.code, row.label)
				}
				if _, err := s.District(id, m.typ, cmpOr(m.label, row.label), row.code); err != nil {
					return err
				}
				v, err := minusOf(row, m.minus)
				if err != nil {
					return err
				}
				if err := setRate(row, id, v, m.where, append([]string{id}, m.minus...)); err != nil {
					return err
				}
			}
			continue
		}
		switch row.kind {
		case "county", "parish", "borough":
			fips, ok := s.County(row.label)
			if !ok {
				s.Refuse(row, "no county, parish or borough of %s is named %q", s.Sub.Name, row.label)
				continue
			}
			id := "US-" + fips
			if err := setRate(row, id, row.rate, []scope{{kind: opts.countyScope, county: fips}}, []string{id}); err != nil {
				return err
			}
		case "city":
			var p *usPlace
			ok := false
			if opts.placeCodes && len(row.code) == 5 {
				p, ok = s.PlaceByCode(row.code)
			}
			if !ok {
				p, ok = s.Place(row.label, "")
			}
			if !ok {
				s.Refuse(row, "no single Census place of %s is named %q", s.Sub.Name, row.label)
				continue
			}
			id := s.City(p)
			if err := setRate(row, id, row.rate, nil, []string{id}); err != nil {
				return err
			}
		default:
			s.Refuse(row, "a %s whose area the sources do not give (no boundary, no list of places or ZIP codes)", row.kind)
		}
	}
	for line, m := range mapping {
		return fmt.Errorf("%s-taxlocus.csv: line %d (%s) is not a TaxLocus row of %s", strings.ToLower(s.Sub.Code), line, m.name, s.Sub.Code)
	}
	return nil
}

// cmpOr returns the first of its arguments that is not "".
func cmpOr(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// compareStateRate accounts for a source's state rate: represented by
// the state jurisdiction when it agrees with the dataset's state rate on
// the row's date, refused (the dataset's state table wins) otherwise.
func (s *localState) compareStateRate(row srcRow) {
	cur, ok := s.L.rateOn(s.Sub.ID(), row.when)
	switch {
	case ok && cur.Equal(row.rate):
		s.Represent(row, s.Sub.ID())
	case ok:
		s.Refuse(row, "state rate %s%% disagrees with the state rate table's %s%% on %s; the state table, compiled from the state's publication, wins", row.rate.Shift(2), cur.Shift(2), row.when)
	default:
		s.Refuse(row, "no state rate on %s to compare with", row.when)
	}
}

// reconcileOST accounts for the state's rows of the OpenSalesTax
// export against what the state's primary source built: a county row
// is represented by the county when their rates agree; a city row by the
// city, or by the city and the county when it is their sum; any other
// row, or a row that disagrees, is refused with both numbers. The ZIP
// lists of the city tables become ZIP hints where the city is a place of
// the state.
func (s *localState) reconcileOST(in *localInputs) error {
	st := s.Sub.Code
	o := in.ost[st]
	if o == nil {
		return nil
	}
	// ZIP hints from every city table.
	for name := range o {
		layout := ostCityLayout(name)
		if layout == nil {
			continue
		}
		cs, err := o.cities(name, layout...)
		if err != nil {
			return err
		}
		for _, c := range cs {
			county := ""
			if c.County != "" {
				county, _ = s.County(c.County)
			}
			p, ok := s.Place(c.Name, county)
			if !ok {
				continue
			}
			for _, z := range c.ZIPs {
				if zr := s.L.zips[z]; zr != nil && zr.state == st {
					s.HintZIP(z, p)
				}
			}
		}
	}
	cities := map[string]ostCity{}
	for name := range o {
		if layout := ostCityLayout(name); layout != nil {
			cs, err := o.cities(name, layout...)
			if err != nil {
				return err
			}
			for _, c := range cs {
				cities[name+"/"+c.Name] = c
			}
		}
	}
	for _, row := range in.ostRows[st] {
		table, key, _ := strings.Cut(row.ref, "/")
		switch {
		case table == st+"_STATE_RATE_PCT":
			s.compareStateRate(row)
		case strings.Contains(table, "COUNTY") || table == "AK_BOROUGHS":
			fips, ok := s.County(key)
			if !ok {
				s.Refuse(row, "no county of %s is named %q", s.Sub.Name, key)
				continue
			}
			s.representIfSum(row, []string{"US-" + fips})
		case ostCityLayout(table) != nil:
			c := cities[row.ref]
			county := ""
			if c.County != "" {
				county, _ = s.County(c.County)
			}
			p, ok := s.Place(key, county)
			if !ok {
				s.Refuse(row, "no single Census place of %s is named %q", s.Sub.Name, key)
				continue
			}
			city := "US-" + p.code
			tries := [][]string{{city}}
			if county != "" {
				tries = append(tries, []string{city, "US-" + county})
			}
			s.representIfSum(row, tries...)
		default:
			s.Refuse(row, "a district table that %s's builder does not read", s.Sub.Name)
		}
	}
	return nil
}

// representIfSum represents row by the first list of jurisdictions
// whose rates sum to its rate, or refuses it with what each list sums
// to: the state's primary source wins.
func (s *localState) representIfSum(row srcRow, tries ...[]string) {
	s.representIfSumWhy(row, "", tries...)
}

// representIfSumWhy is representIfSum with the reason a refusal gives
// for the state's content winning ("" for the primary source's).
func (s *localState) representIfSumWhy(row srcRow, why string, tries ...[]string) {
	var got []string
	if row.rate.IsZero() {
		for _, id := range tries[0] {
			if _, ok := s.L.b.juris[id]; !ok {
				s.Refuse(row, "a rate of 0%%: %s levies no tax of its own here, and the dataset defines no jurisdiction for it", row.label)
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
			v, _ := s.L.rateOn(id, row.when)
			sum = sum.Add(v)
		}
		if sum.Equal(row.rate) {
			s.Represent(row, ids...)
			return
		}
		if g := fmt.Sprintf("%s sum to %s%%", strings.Join(ids, "+"), sum.Shift(2)); !slices.Contains(got, g) {
			got = append(got, g)
		}
	}
	if why == "" {
		s.Refuse(row, "%s%% disagrees with the state's primary source (%s), which wins", row.rate.Shift(2), strings.Join(got, "; "))
		return
	}
	s.Refuse(row, "%s%% disagrees with the %s content (%s): %s", row.rate.Shift(2), s.Sub.Name, strings.Join(got, "; "), why)
}

// DefineDistrict defines a district with one rate and the scopes, written
// as the notes write them ("county:48201"), where it applies.
func (s *localState) DefineDistrict(id string, t jurisdiction.Type, name, code string, v decimal.Decimal, p civil.Period, source string, where []string) error {
	id, err := s.District(id, t, name, code)
	if err != nil {
		return err
	}
	if err := s.addRate(id, "", v, p, source); err != nil {
		return err
	}
	for _, w := range where {
		sc, err := parseScope(w)
		if err != nil {
			return err
		}
		s.Assign(id, sc)
	}
	return nil
}

// buildGeneric is the builder of a state whose content is TaxLocus's
// rows read the common way, compared with OpenSalesTax where it has the
// state.
func buildGeneric(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates[s.Sub.Code]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}
