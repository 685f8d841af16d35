package content

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/levytax/levy/jurisdiction"
)

// addLevy reads a file in Levy's content format from r, row by row:
// each row without faults of its own is added to the content as it is
// read, and none is kept. The faults of the file's rows come first, then
// the faults of the rows against the dataset and each other (as when
// every row was read before any was added): the second are held until
// the file is read, no more of them than MaxFaults lets be listed.
func (b *builder) addLevy(name string, r io.Reader) error {
	var later []*Error
	keep := func(e *Error) {
		if len(later) <= MaxFaults {
			later = append(later, e)
		}
	}
	err := readLevyCSV(name, r, func(row Row) { b.addLevyRow(name, row, keep) })
	var errs Errors
	if err != nil && !errors.As(err, &errs) {
		return err
	}
	for _, e := range later {
		errs.add(e)
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// addLevyRow adds a row of a file in Levy's content format, read without
// faults of its own, to the content; its faults go to keep.
func (b *builder) addLevyRow(name string, row Row, keep func(*Error)) {
	fail := func(col, format string, args ...any) {
		keep(&Error{File: name, Line: row.Line, Column: col, Message: fmt.Sprintf(format, args...)})
	}
	s, err := b.state(name, row.Line, row.State, FormatLevy)
	if err != nil {
		keep(err.(*Error))
		return
	}
	j, ok := b.levyJurisdiction(s, row, fail)
	if !ok {
		return
	}
	if err := s.define(j); err != nil {
		fail("jurisdiction", "%v", err)
		return
	}
	r := jurisdiction.Rate{Jurisdiction: j.ID, Tax: jurisdiction.SalesTax, Category: row.Category, Value: row.Rate,
		Period: row.Period, Source: rateSource(FormatLevy, name, row.Line)}
	if err := s.addRateAt(r, fmt.Sprintf("%s:%d", name, row.Line)); err != nil {
		fail("rate", "%v", err)
	}
	if !s.levySeen[j.ID] {
		if s.levySeen == nil {
			s.levySeen = map[string]bool{}
		}
		s.levySeen[j.ID] = true
		s.levyFirst = append(s.levyFirst, rowAt{file: name, line: row.Line, id: j.ID})
	}
	for _, w := range row.Where {
		if msg := b.checkWhere(s, w); msg != "" {
			fail("where", "%s: %s", w, msg)
			continue
		}
		switch w.Kind {
		case "zip", "zip4":
			if len(s.scopes) > 0 {
				fail("where", "%s: %s's content is by county and place; a state's content is by ZIP code or by place, not both", w, s.sub.Code)
				continue
			}
			s.addLevyZIP(b, w, j.ID)
		default:
			if len(s.zips) > 0 {
				fail("where", "%s: %s's content is by ZIP code; a state's content is by ZIP code or by place, not both", w, s.sub.Code)
				continue
			}
			if !containsID(s.scopes[w], j.ID) {
				s.scopes[w] = append(s.scopes[w], j.ID)
			}
		}
	}
}

// addLevyZIP adds a jurisdiction to the list of a ZIP code or range,
// found by levyZIPs (a state in Levy's format has no drafts but
// addLevyZIP's).
func (s *stateContent) addLevyZIP(b *builder, w Where, id string) {
	k := zipRange{zip: w.ZIP, lo: 0, hi: 9999}
	if w.Kind == "zip4" {
		k.lo, k.hi = w.Low, w.High
	}
	if i, ok := s.levyZIPs[k]; ok {
		z := &s.zips[i]
		if !containsID(z.members, id) {
			z.members = append(z.members, id)
		}
		return
	}
	if s.levyZIPs == nil {
		s.levyZIPs = map[zipRange]int{}
	}
	s.levyZIPs[k] = len(s.zips)
	s.zips = append(s.zips, zipDraft{zip: w.ZIP, lo: k.lo, hi: k.hi, county: b.zipCounty(w.ZIP), members: []string{id}})
}

// levyJurisdiction returns the jurisdiction a row names: the state (its
// own rate), a county or a place of the dataset, or a district the
// content defines.
func (b *builder) levyJurisdiction(s *stateContent, row Row, fail func(col, format string, args ...any)) (jurisdiction.Jurisdiction, bool) {
	id := row.Jurisdiction
	rest := strings.TrimPrefix(id, "US-")
	switch {
	case id == s.sub.ID():
		return jurisdiction.Jurisdiction{ID: id, Type: s.sub.Type, Name: s.sub.Name, Parent: "US", Country: "US", ExternalCode: s.sub.FIPS}, true
	case digits(rest) && len(rest) == 5:
		j, ok := b.juris.ByID(id)
		if !ok || j.Parent != s.sub.ID() {
			fail("jurisdiction", "%s is not a county of %s", id, s.sub.Code)
			return j, false
		}
		return j, true
	case digits(rest):
		p := b.placeByCode(rest)
		if p < 0 {
			fail("jurisdiction", "%s: no Census place or county subdivision has the code %s", id, rest)
			return jurisdiction.Jurisdiction{}, false
		}
		name := b.local.PlaceName(p)
		if row.Name != "" {
			name = row.Name
		}
		parent := s.sub.ID()
		if c := b.local.PlaceMainCounty(p); c != 0 {
			parent = fmt.Sprintf("US-%05d", c)
		}
		return jurisdiction.Jurisdiction{ID: id, Type: jurisdiction.City, Name: name, Parent: parent, Country: "US", ExternalCode: rest}, true
	}
	if old, ok := s.juris[id]; ok {
		if row.Type != 0 && row.Type != old.Type || row.Name != "" && row.Name != old.Name {
			fail("type", "%s was defined as %s %q", id, old.Type, old.Name)
			return old, false
		}
		return old, true
	}
	if row.Type == 0 || row.Name == "" {
		fail("type", "the first row of %s needs its type and name", id)
		return jurisdiction.Jurisdiction{}, false
	}
	return jurisdiction.Jurisdiction{ID: id, Type: row.Type, Name: row.Name, Parent: s.sub.ID(), Country: "US", ExternalCode: row.Code}, true
}

// checkWhere checks a where of a state: its county is the state's, its
// place the state's and in that county, its ZIP code the state's.
func (b *builder) checkWhere(s *stateContent, w Where) string {
	if w.County != "" {
		j, ok := b.juris.ByID("US-" + w.County)
		if !ok || j.Parent != s.sub.ID() {
			return "county " + w.County + " is not a county of " + s.sub.Code
		}
	}
	switch w.Kind {
	case "place":
		p := b.placeByCode(w.Place)
		if p < 0 || b.local.PlaceAt(p).State != s.sub.Code {
			return "no place " + w.Place + " in " + s.sub.Code
		}
		if w.County != "" {
			c := fipsNumber(w.County)
			if !b.local.PlaceInCounty(p, c) {
				return "place " + w.Place + " does not lie in county " + w.County
			}
		}
	case "zip", "zip4":
		z, ok := b.postal.Find(w.ZIP)
		if !ok {
			return "ZIP code " + w.ZIP + " is unknown"
		}
		if z.State() != s.sub.Code {
			return "ZIP code " + w.ZIP + " is in " + z.State()
		}
	}
	return ""
}

// zipCounty returns the FIPS code of the county holding most of a ZIP
// code's land, "" when the dataset knows none.
func (b *builder) zipCounty(zip string) string {
	z, ok := b.postal.Find(zip)
	if !ok || z.NumCounties() == 0 {
		return ""
	}
	return z.County(0).FIPS
}

func containsID(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// unplacedLevy returns a fault for each jurisdiction of the states in
// Levy's format that has a rate but applies nowhere: no row of any file
// names a where for it, so none of its rows would be used. The state's
// own rate and a county's (whose areas are the county's) need none.
func (b *builder) unplacedLevy() Errors {
	var errs Errors
	for _, st := range slices.Sorted(maps.Keys(b.states)) {
		s := b.states[st]
		if s.format != FormatLevy || len(s.levyFirst) == 0 {
			continue
		}
		placed := map[string]bool{}
		for _, ids := range s.scopes {
			for _, id := range ids {
				placed[id] = true
			}
		}
		for _, z := range s.zips {
			for _, id := range z.members {
				placed[id] = true
			}
		}
		for _, f := range s.levyFirst {
			rest := strings.TrimPrefix(f.id, "US-")
			if f.id == s.sub.ID() || len(rest) == 5 && digits(rest) || placed[f.id] {
				continue
			}
			errs.add(&Error{File: f.file, Line: f.line, Column: "where", Message: fmt.Sprintf("%s applies nowhere: no row of it names a where "+
				"(county:FIPS, uninc:FIPS, place:GEOID[@FIPS], zip:ZIP or zip4:ZIP-LOW-HIGH), so none of its rows would be used", f.id)})
		}
	}
	return errs
}
