// Package co is Colorado's part of the generator of Levy's dataset:
// the builder of its local content, beside its note co.md and its
// curated tables.
package co

import (
	"cmp"
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed co.md *.csv
var files embed.FS

// New returns Colorado's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "CO", Files: files, Build: build}
}

// build builds the local content of Colorado (see co.md).
//
// TaxLocus's Colorado rows come from the Department of Revenue's rate
// publication (DR 1002): a county row is the county's rate, but a city
// row is the whole local rate of the place, the sum of its county's,
// its own and the special districts' (RTD, the Cultural Facilities
// District, PPRTA, ...). The builder gives each county its row, defines
// the districts whose rates and areas are known (coDistricts), and gives
// each city its row less its county and districts. The mapping file
// co-taxlocus.csv reads the rows the names alone cannot place: parts of
// a city in or out of a district, unincorporated areas, and rows to
// refuse.
func build(s *datagen.State, in *datagen.Inputs) error {
	rows := in.Taxlocus[s.Sub.Code]
	mapped, err := s.MapTaxlocusRows(rows)
	if err != nil {
		return err
	}
	period := civil.Period{}

	// 1. Counties.
	for _, row := range rows {
		if row.Kind != "county" || mapped[row.Ref] != nil {
			continue
		}
		fips, ok := s.County(row.Label)
		if !ok {
			s.Refuse(row, "no county of Colorado is named %q", row.Label)
			continue
		}
		if err := s.SetCountyRate(fips, "", row.Rate, period, datagen.SrcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.Represent(row, "US-"+fips)
	}

	// 2. The districts whose rates and areas are known.
	for _, d := range coDistricts {
		if err := s.DefineDistrict(d.id, d.typ, d.name, "", d.rate, period, datagen.SrcTaxlocus, d.where); err != nil {
			return err
		}
	}
	// RTD and the Cultural Facilities District tax what the state taxes
	// (C.R.S. 32-9-119(2)(a), 32-13-107(1)(a); one base with the state's
	// since 2014-01-01, HB 13-1272): food for home consumption, which the
	// state exempts (C.R.S. 39-26-707(1)(e)), bears neither. Their food
	// rate is zero; candy and soft drinks, which the state taxes, bear
	// their general rate (curated/us-taxability).
	for _, id := range coStateBaseDistricts {
		if err := s.AddRate(id, jurisdiction.Food, decimal.Zero, period, coStateBaseKey); err != nil {
			return err
		}
	}
	s.AddSource(datagen.Source{
		Key:   coStateBaseKey,
		Files: "internal/datagen/states/co/co.go",
		What: "Colorado's Regional Transportation District and Scientific and Cultural Facilities District levy their taxes on the state's base, " +
			"so food for home consumption, which the state exempts, bears neither (a food rate of zero)",
		From:    "C.R.S. 32-9-119(2)(a) and 32-13-107(1)(a) (the districts tax every transaction the state taxes); HB 13-1272 (one base with the state's from 2014-01-01; Colorado Department of Revenue, RTD and SCFD sales tax base to be the same as the state's tax base, 2013-12-23)",
		Licence: "public government information",
	})

	// 3. The mapped rows: districts first, then cities, then the rest.
	minus := func(row datagen.Row, ids []string) (decimal.Decimal, error) {
		v := row.Rate
		for _, id := range ids {
			r, ok := s.RateOn(id, row.When)
			if !ok {
				r = decimal.Zero
				if !strings.HasPrefix(id, "US-08") || len(id) != 8 {
					return v, fmt.Errorf("%s (%s): %s has no rate to subtract", row.Ref, row.Label, id)
				}
			}
			v = v.Sub(r)
		}
		if v.IsNegative() {
			return v, fmt.Errorf("%s (%s): %s%% is less than the rates of %v", row.Ref, row.Label, row.Rate.Shift(2), ids)
		}
		return v, nil
	}
	cityRow := map[string]datagen.Row{}
	setCity := func(row datagen.Row, p *datagen.Place, less []string, where []datagen.Scope) error {
		county := p.MainCounty()
		ids := slices.Clone(less)
		if !slices.ContainsFunc(ids, coIsCountyID) {
			ids = append([]string{"US-" + county}, ids...)
		} else {
			for _, id := range ids {
				if coIsCountyID(id) {
					county = id[3:]
				}
			}
		}
		// A place whose Census boundary barely reaches the county of the
		// row (Arvada in Adams) gets no area there.
		inCounty := p.InCounty(county)
		// The county's own districts (RTD in Denver, ...) apply unless
		// the mapping lists the row's districts.
		if len(less) == 0 {
			for _, d := range coDistricts {
				if slices.Contains(d.where, "county:"+county) {
					ids = append(ids, d.id)
				}
			}
		}
		v, err := minus(row, ids)
		if err != nil {
			s.Refuse(row, "%v", err)
			return nil
		}
		id := s.City(p)
		for _, d := range ids {
			if coIsCountyID(d) {
				continue
			}
			if inCounty {
				s.Assign(d, datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: county})
			}
			for _, w := range where {
				s.Assign(d, w)
			}
		}
		rep := append([]string{id}, ids...)
		if prev, ok := cityRow[id]; ok {
			cur, _ := s.RateOn(id, row.When)
			if cur.Equal(v) {
				s.Represent(row, rep...)
			} else {
				s.Refuse(row, "%s%% less %v is %s%% for %s, which has %s%% from %s (%s)", row.Rate.Shift(2), ids, v.Shift(2), p.Name, cur.Shift(2), prev.Ref, prev.Label)
			}
			return nil
		}
		cityRow[id] = row
		if err := s.AddRate(id, "", v, period, datagen.SrcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.Represent(row, rep...)
		return nil
	}
	for _, phase := range []string{"county", "district", "city", "part", "refuse"} {
		for _, row := range rows {
			m := mapped[row.Ref]
			if m == nil || m.Action != phase {
				continue
			}
			switch m.Action {
			case "refuse":
				s.Refuse(row, "%s", m.Note)
			case "part":
				ids := strings.Fields(m.Target)
				for _, w := range m.Where {
					for _, id := range ids {
						if !coIsCountyID(id) {
							s.Assign(id, w)
						}
					}
				}
				s.Represent(row, ids...)
			case "county":
				fips := m.Target
				v, err := minus(row, m.Minus)
				if err != nil {
					return err
				}
				if err := s.SetCountyRate(fips, "", v, period, datagen.SrcTaxlocus, m.Where...); err != nil {
					return fmt.Errorf("%s: %w", row.Ref, err)
				}
				s.Represent(row, append([]string{"US-" + fips}, m.Minus...)...)
			case "district":
				id, err := s.District(m.Target, m.Type, cmp.Or(m.Label, row.Label), "")
				if err != nil {
					return err
				}
				v, err := minus(row, m.Minus)
				if err != nil {
					return err
				}
				if err := s.AddRate(id, "", v, period, datagen.SrcTaxlocus); err != nil {
					return fmt.Errorf("%s: %w", row.Ref, err)
				}
				for _, w := range m.Where {
					s.Assign(id, w)
				}
				s.Represent(row, append([]string{id}, m.Minus...)...)
			case "city":
				p, ok := s.PlaceByCode(m.Target)
				if !ok {
					return fmt.Errorf("%s: no place %s", row.Ref, m.Target)
				}
				if err := setCity(row, p, m.Minus, m.Where); err != nil {
					return err
				}
			}
		}
	}

	// 4. The other city rows, by name.
	for _, row := range rows {
		if row.Kind == "county" || mapped[row.Ref] != nil {
			continue
		}
		name := coMailVia.ReplaceAllString(row.Label, "")
		switch {
		case strings.HasPrefix(name, "Unincorporated") && strings.Contains(name, "("):
			s.Refuse(row, "an unincorporated area inside a special district (fire protection, health service, ...) of a county the row does not name; the district has no boundary in the data")
			continue
		case strings.HasPrefix(name, "Unincorporated"):
			s.Refuse(row, "the unincorporated part of a county that the row does not name (DR 1002 lists them under their county, TaxLocus without it)")
			continue
		case strings.ContainsAny(name, "()"):
			s.Refuse(row, "a part of a place (in or out of a district) whose boundary the data does not give")
			continue
		}
		p, ok := s.Place(name, "")
		if !ok || !p.Incorporated {
			s.Refuse(row, "no incorporated Census place (2015) of Colorado is named %q", name)
			continue
		}
		if err := setCity(row, p, nil, nil); err != nil {
			return err
		}
	}
	for _, c := range coCityCounties {
		id := "US-" + c.place
		if !s.Known(id) {
			return fmt.Errorf("colorado: %s, the city of county %s, has no rate", id, c.county)
		}
		s.Assign(id, datagen.Scope{Kind: datagen.ScopeCounty, County: c.county})
		// The city lies in its county alone: its tax applies there, not
		// where the Census's generalised boundary of the place grazes a
		// neighbouring county (Boulder, Adams, Jefferson, Weld), areas no
		// address lies in.
		s.Unassign(id, datagen.Scope{Kind: datagen.ScopePlace, Place: c.place})
		s.Assign(id, datagen.Scope{Kind: datagen.ScopePlace, Place: c.place, County: c.county})
	}
	for _, c := range coRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}

// coRateChanges are the rate changes of Colorado jurisdictions that the
// Department of Revenue dates and whose new rate is TaxLocus's
// (2026-08-18): that rate starts on the change, and co.csv gives the
// rate before it with its publication.
var coRateChanges = []struct {
	id   string
	from civil.Date
}{
	{"US-08069", civil.New(2026, 1, 1)},   // Larimer County, 0.8% to 1.05% (childcare tax, ballot issue 1B of 2025)
	{"US-08013", civil.New(2026, 1, 1)},   // Boulder County, 1.185% to 1.335% (mental health tax, ballot issue 1B of 2025)
	{"US-0820000", civil.New(2025, 1, 1)}, // Denver, 4.81% to 5.15% (Denver Health tax, ballot issue 2Q of 2024)
	{"US-08067", civil.New(2026, 1, 1)},   // La Plata County, 2% to 3% (ballot issue 1A of 2025)
	{"US-0850040", civil.New(2026, 1, 1)}, // Merino, a new town tax of 2%
	{"US-0856860", civil.New(2026, 1, 1)}, // Pagosa Springs, a new town tax of 1% (sewer, approved 2025-11-04)
	{"US-0827810", civil.New(2026, 1, 1)}, // Fort Morgan, 4% to 5%
}

// coCityCounties are the counties that are one city, whole: the City and
// County of Denver and the City and County of Broomfield. The city's tax
// applies in all of its county, so that the county named without a city
// (by its name or its FIPS code) is the city's area, where it was the
// county "outside its cities" without the city's tax (Denver 4% for
// 9.15%).
var coCityCounties = []struct{ county, place string }{
	{"08031", "0820000"}, // Denver
	{"08014", "0809280"}, // Broomfield
}

// coIsCountyID reports whether id is a county's ("US-" and five digits).
func coIsCountyID(id string) bool {
	return len(id) == 8 && strings.HasPrefix(id, "US-") && strings.Trim(id[3:], "0123456789") == ""
}

// coMailVia matches DR 1002's "(Mail Via X)": the post office of a town
// without one, not a part of it.
var coMailVia = regexp.MustCompile(`\s*\(Mail Via [^)]*\)$`)

// coStateBaseKey is the source of the food rates of the districts that
// tax the state's base (coStateBaseDistricts).
const coStateBaseKey = "us-local-co-state-base"

// coStateBaseDistricts are the districts whose tax reaches what the
// state's does and nothing else.
var coStateBaseDistricts = []string{"US-CO-D-RTD", "US-CO-D-SCFD"}

// coDistricts are Colorado's special districts whose rates and areas the
// note documents; the places of partly covered counties are added by
// the mapping's rows.
var coDistricts = []struct {
	id, name string
	typ      jurisdiction.Type
	rate     decimal.Decimal
	where    []string
}{
	// Regional Transportation District: Boulder, Broomfield, Denver and
	// Jefferson counties, and parts of Adams, Arapahoe, Douglas and Weld
	// (C.R.S. 32-9-106.1); 1% (0.6%, and FasTracks' 0.4% since 2005).
	{id: "US-CO-D-RTD", name: "Regional Transportation District", typ: jurisdiction.TransitDistrict, rate: decimal.New(1, -2),
		where: []string{"county:08013", "county:08014", "county:08031", "county:08059", "uninc:08001", "uninc:08005",
			// Brighton, whose Adams County part (most of the city) no row
			// gives.
			"place:0808675@08001"}},
	// Scientific and Cultural Facilities District: Adams, Arapahoe,
	// Boulder, Broomfield, Denver and Jefferson counties and most of
	// Douglas (C.R.S. 32-13-104); 0.1%.
	{id: "US-CO-D-SCFD", name: "Scientific and Cultural Facilities District", typ: jurisdiction.SpecialPurposeDistrict, rate: decimal.New(1, -3),
		where: []string{"county:08001", "county:08005", "county:08013", "county:08014", "county:08031", "county:08059", "uninc:08035"}},
	// Pikes Peak Rural Transportation Authority: unincorporated El Paso
	// County, Colorado Springs and Manitou Springs (and a few annexed
	// parts of other towns); 1%.
	{id: "US-CO-D-PPRTA", name: "Pikes Peak Rural Transportation Authority", typ: jurisdiction.TransitDistrict, rate: decimal.New(1, -2),
		where: []string{"uninc:08041"}},
}
