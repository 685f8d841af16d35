package datagen

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/jurisdiction"
)

// curatedKey is the source key of a state's curated additions.
func curatedKey(state string) string { return "us-local-" + strings.ToLower(state) + "-curated" }

// readCuratedCSV reads a state's curated additions in Levy's content
// format: jurisdictions, rates and scopes that no source file has, each
// row with its citation. Counties and places must exist; districts are
// defined by their first row.
func readCuratedCSV(s *State, name string) error {
	f, err := s.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	rel := s.FileRef(name)
	rows, err := content.ReadLevyCSV(rel, f)
	if err != nil {
		return err
	}
	key := curatedKey(s.Sub.Code)
	citations := map[string]bool{}
	for _, row := range rows {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", rel, row.Line, fmt.Sprintf(format, args...))
		}
		if row.State != s.Sub.Code {
			return fail("state %s in the file of %s", row.State, s.Sub.Code)
		}
		if row.Source == "" {
			return fail("a curated row needs its source (the publication it comes from)")
		}
		citations[row.Source] = true
		id := row.Jurisdiction
		digitsOnly := strings.Trim(id[3:], "0123456789") == ""
		switch {
		case digitsOnly && len(id) == 8: // a county
			if _, ok := s.L.b.juris[id]; !ok {
				return fail("no county %s", id)
			}
			s.juris[id] = true
		case digitsOnly:
			p, ok := s.PlaceByCode(id[3:])
			if !ok {
				return fail("no place %s in %s", id[3:], s.Sub.Code)
			}
			// A city the state's builder defined keeps the areas it
			// gave it (Denver and Broomfield in their own counties
			// alone): a row of its rate before a change does not spread
			// it again over every county the place grazes.
			if !s.Defines(id) {
				s.City(p)
			}
			if row.Type != 0 && row.Type != jurisdiction.City {
				return fail("place %s is a CITY, not %s", id, row.Type)
			}
		default:
			j, ok := s.L.b.juris[id]
			switch {
			case !ok && (row.Type == 0 || row.Name == ""):
				return fail("the first row of district %s needs its type and name", id)
			case !ok:
				if _, err := s.District(id, row.Type, row.Name, row.Code); err != nil {
					return fail("%v", err)
				}
			case row.Type != 0 && row.Type != j.Type || row.Name != "" && row.Name != j.Name:
				return fail("district %s was defined as %s %q", id, j.Type, j.Name)
			}
		}
		if err := s.AddRate(id, row.Category, row.Rate, row.Period, key); err != nil {
			return fail("%v", err)
		}
		for _, w := range row.Where {
			sc, err := ParseScope(w.String())
			if err != nil {
				return fail("where %s: the embedded content is by county and place, not by ZIP code", w)
			}
			s.Assign(id, sc)
		}
		// The row is checked on its first day; a row with only an end
		// (the rate before a dated change) on its last, a row with
		// neither on the date of the sources' rates.
		when := row.Period.Effective
		if when.IsZero() {
			when = cmp.Or(row.Period.Expiration, TaxlocusDate)
		}
		s.L.rowsOf[key]++
		s.Represent(Row{Source: key, Ref: fmt.Sprintf("line %d", row.Line), State: s.Sub.Code, Label: id, Kind: "curated",
			Rate: row.Rate, Cat: row.Category, When: when}, id)
	}
	s.L.g.addSource(Source{
		Key:     key,
		Files:   rel,
		What:    s.Sub.Name + " local jurisdictions, rates and areas that the source files lack, each from: " + strings.Join(slices.Sorted(maps.Keys(citations)), "; "),
		From:    "the publications cited (curated by the Levy project)",
		Licence: "public government information",
	})
	return nil
}
