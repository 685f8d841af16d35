// Package mo is Missouri's part of the generator of Levy's dataset:
// the builder of its local content, beside its note mo.md and its
// curated tables.
package mo

import (
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
//go:embed mo.md *.csv
var files embed.FS

// New returns Missouri's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "MO", Files: files, Build: build}
}

// Missouri: see mo.md.
//
// TaxLocus's Missouri rows are the local parts of the Department of
// Revenue's rate table: a county row is the whole local rate of the
// county outside cities (the county's taxes with any district that
// covers all of it), a city row the whole local rate in the city (the
// county's taxes and the city's) in the first of its counties by code.
// A city's own rate is its row less that county's; a row of a place
// without a government (a community the table lists) must equal its
// county's.

// moXRow matches the marks of the further rows of a city ("Ballwin
// (X3)", "Hazelwood (T3X2)").
var moXRow = regexp.MustCompile(` \([TX0-9]+\)$`)

// moCounty returns the FIPS code of a Missouri county by name. The
// county and the independent city of St. Louis are both "St. Louis" in
// the county list: the word after the name tells them apart.
func moCounty(s *datagen.State, name string) (string, bool) {
	switch k := strings.Fields(datagen.FoldName(name)); {
	case len(k) == 3 && (k[0] == "ST" || k[0] == "SAINT") && k[1] == "LOUIS" && k[2] == "COUNTY":
		return "29189", true
	case len(k) == 3 && (k[0] == "ST" || k[0] == "SAINT") && k[1] == "LOUIS" && k[2] == "CITY":
		return "29510", true
	}
	return s.County(name)
}

// moEighth is the step of Missouri's local rates, an eighth of a
// percent; a district's or a county's rate may be any thousandth.
var moEighth = decimal.New(125, -5)

// moRowCounty returns the county whose rate a city row includes: the
// first of the place's counties by code (the Department of Revenue's
// table lists a city's parts by county code, and the source kept the
// first), skipping a county that leaves the city a negative rate or a
// rate off the eighths, since the Census boundaries put a sliver of many
// places into a neighbouring county (Chesterfield into St. Charles
// County). The independent city of St. Louis is its own county.
func moRowCounty(s *datagen.State, p *datagen.Place, rate decimal.Decimal) (string, decimal.Decimal) {
	var counties []string
	for _, c := range p.Counties {
		counties = append(counties, c.FIPS)
	}
	slices.Sort(counties)
	if p.Code == "2965000" {
		counties = []string{"29510"}
	}
	rateOf := func(fips string) decimal.Decimal { return moCountyRate(s, fips) }
	for _, c := range counties {
		own := rate.Sub(rateOf(c))
		if !own.IsNegative() && own.Mod(moEighth).IsZero() {
			return c, rateOf(c)
		}
	}
	for _, c := range counties {
		if own := rate.Sub(rateOf(c)); !own.IsNegative() {
			return c, rateOf(c)
		}
	}
	return counties[0], rateOf(counties[0])
}

// moCountyDistricts are districts that a county row of the source
// includes, countywide, and that a publication separates: the Kansas
// City Zoological District's 0.125% in Jackson County (OpenSalesTax
// mo_data.py at commit 4cfd3c2, after the Department of Revenue's
// table; its validation grid: Jackson 1.375% + Kansas City 3.25% + zoo
// 0.125%).
var moCountyDistricts = map[string]struct {
	name string
	rate decimal.Decimal
}{
	"29095": {"Kansas City Zoological District", decimal.New(125, -5)},
}

// moCountyJuris returns the jurisdictions of a county's whole rate: the
// county and the districts that cover all of it.
func moCountyJuris(s *datagen.State, fips string) []string {
	out := []string{"US-" + fips}
	if d, ok := moCountyDistricts[fips]; ok {
		out = append(out, s.DistrictID("", d.name))
	}
	return out
}

// moCountyRate returns the whole rate of a county outside cities: the
// county's and its countywide districts'.
func moCountyRate(s *datagen.State, fips string) decimal.Decimal {
	sum := decimal.Zero
	for _, id := range moCountyJuris(s, fips) {
		v, _ := s.RateOn(id, datagen.TaxlocusDate)
		sum = sum.Add(v)
	}
	return sum
}

// build builds Missouri's local content.
func build(s *datagen.State, in *datagen.Inputs) error {
	period := civil.Period{}
	rows := in.Taxlocus[s.Sub.Code]
	pct := func(v decimal.Decimal) string { return v.Shift(2).String() + "%" }
	// The counties.
	for _, row := range rows {
		if row.Kind != "county" {
			continue
		}
		fips, ok := moCounty(s, row.Label)
		if !ok {
			s.Refuse(row, "no county of Missouri is named %q", row.Label)
			continue
		}
		county := row.Rate
		if d, ok := moCountyDistricts[fips]; ok {
			if _, err := s.AddDistrict(s.DistrictID("", d.name), jurisdiction.SpecialPurposeDistrict, d.name, "", d.rate, period, datagen.SrcTaxlocus,
				datagen.Scope{Kind: datagen.ScopeCounty, County: fips}); err != nil {
				return err
			}
			county = county.Sub(d.rate)
		}
		if err := s.SetCountyRate(fips, "", county, period, datagen.SrcTaxlocus); err != nil {
			return err
		}
		s.Represent(row, moCountyJuris(s, fips)...)
	}
	// Counties without a row: their rate from OpenSalesTax's county
	// table, read from the same publication.
	ostCounties, err := in.OST[s.Sub.Code].Percents("MO_COUNTY_RATE_PCT")
	if err != nil {
		return err
	}
	for name, v := range ostCounties {
		fips, ok := moCounty(s, name)
		if !ok {
			return fmt.Errorf("OpenSalesTax county %q is no Missouri county", name)
		}
		if _, has := s.RateOn("US-"+fips, datagen.TaxlocusDate); has || fips == "29510" {
			continue
		}
		if err := s.SetCountyRate(fips, "", v.Shift(-2), period, datagen.SrcOpenSalesTax); err != nil {
			return err
		}
	}
	// The cities and communities, with the rows that
	// mo-taxlocus.csv reads.
	cities := slices.DeleteFunc(slices.Clone(rows), func(row datagen.Row) bool { return row.Kind != "city" })
	mapped, err := s.MapTaxlocusRows(cities)
	if err != nil {
		return err
	}
	zipCounties := map[string][]string{} // place key of a ZIP's postal place -> its counties
	for _, z := range s.ZIPs() {
		if z.State != s.Sub.Code || z.Place == "" {
			continue
		}
		k := datagen.PlaceKey(z.Place)
		for _, c := range z.Counties {
			if !slices.Contains(zipCounties[k], c.FIPS) {
				zipCounties[k] = append(zipCounties[k], c.FIPS)
			}
		}
	}
	first := map[string]moFirstRow{} // place code -> its first row
	for _, row := range cities {
		name := moXRow.ReplaceAllString(row.Label, "")
		p, ok := s.Place(name, "")
		if m := mapped[row.Ref]; m != nil {
			switch m.Action {
			case "refuse":
				s.Refuse(row, "%s", m.Note)
				continue
			case "city":
				if p, ok = s.PlaceByCode(m.Target); !ok {
					return fmt.Errorf("mo-taxlocus.csv: line %d: no place %s", m.Line, m.Target)
				}
			default:
				return fmt.Errorf("mo-taxlocus.csv: line %d: Missouri's builder reads the actions city and refuse only", m.Line)
			}
		}
		if !ok {
			moCommunity(s, row, name, zipCounties)
			continue
		}
		c, cr := moRowCounty(s, p, row.Rate)
		own := row.Rate.Sub(cr)
		if !p.Incorporated {
			if own.IsZero() {
				s.Represent(row, moCountyJuris(s, c)...)
			} else {
				s.Refuse(row, "%s, a community without a city government (Census: %s) in %s: its whole local rate %s is the county's %s and %s of districts that cover it; which districts, and where else they apply, the sources do not say",
					name, p.Name, s.Juris("US-"+c).Name, pct(row.Rate), pct(cr), pct(own))
			}
			continue
		}
		if own.IsNegative() {
			s.Refuse(row, "%s: its whole local rate %s is below that of %s County (%s), the first of its counties", name, pct(row.Rate), s.Juris("US-"+c).Name, pct(cr))
			continue
		}
		juris := moCountyJuris(s, c)
		if prev, ok := first[p.Code]; ok {
			if prev.own.Equal(own) {
				if own.IsPositive() {
					juris = append([]string{"US-" + p.Code}, juris...)
				}
				s.Represent(row, juris...)
			} else {
				s.Refuse(row, "%s: a further row of %s at %s where its first row (%s) has %s: a district of the city (a mark T is the table's for a transportation development district) or its part in another county; the source does not say which, nor where it applies", row.Label, p.Name, pct(row.Rate), prev.row.Ref, pct(prev.row.Rate))
			}
			continue
		}
		first[p.Code] = moFirstRow{row: row, own: own}
		if !own.IsPositive() {
			// A city without a local tax of its own.
			s.Represent(row, juris...)
			continue
		}
		id := s.City(p)
		if err := s.SetRate(id, jurisdiction.General, own, period, datagen.SrcTaxlocus); err != nil {
			return err
		}
		if p.Code == "2965000" {
			// The independent city of St. Louis is its own county,
			// whole: its tax applies there, not where the Census's
			// generalised boundary of the place grazes St. Louis County.
			s.Unassign(id, datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code})
			s.Assign(id, datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: "29510"})
		}
		s.Represent(row, append([]string{id}, juris...)...)
	}
	s.CompareTaxlocusStateRate(in)
	return moReconcileOST(s, in)
}

// moFirstRow is the first row of a city and the city's own rate by it.
type moFirstRow struct {
	row datagen.Row
	own decimal.Decimal
}

// moCommunity accounts for the row of a community that is no Census
// place: where ZIP codes carry its name, the county of one of them whose
// rate is the row's represents it; otherwise the row is refused.
func moCommunity(s *datagen.State, row datagen.Row, name string, zipCounties map[string][]string) {
	counties := slices.Clone(zipCounties[datagen.PlaceKey(name)])
	slices.Sort(counties)
	var names []string
	for _, c := range counties {
		v := moCountyRate(s, c)
		if v.Equal(row.Rate) {
			s.Represent(row, moCountyJuris(s, c)...)
			return
		}
		names = append(names, fmt.Sprintf("%s County %s%%", s.Juris("US-"+c).Name, v.Shift(2)))
	}
	if len(names) == 0 {
		s.Refuse(row, "%s: a community that is neither a Census place nor the postal name of a ZIP code, so where it lies the sources do not say", name)
		return
	}
	s.Refuse(row, "%s: a community that is no Census place, the postal name of ZIP codes in %s; its whole local rate %s%% adds districts to its county's whose areas the sources do not give", name, strings.Join(names, ", "), row.Rate.Shift(2))
}

// moReconcileOST accounts for the OpenSalesTax Missouri tables: the
// county table against the counties (TaxLocus wins where they differ),
// the city table (city rates, some cities by county: "Kansas City
// (Clay)") against the cities, and its ZIP lists as ZIP hints.
func moReconcileOST(s *datagen.State, in *datagen.Inputs) error {
	o := in.OST[s.Sub.Code]
	cs, err := o.Cities("MO_CITIES")
	if err != nil {
		return err
	}
	cities := map[string]datagen.OSTCity{}
	for _, c := range cs {
		cities[c.Name] = c
		name, _, _ := strings.Cut(c.Name, " (")
		county, _ := moCounty(s, c.County)
		p, ok := s.Place(name, county)
		if !ok {
			continue
		}
		for _, z := range c.ZIPs {
			if zr := s.ZIPs()[z]; zr != nil && zr.State == s.Sub.Code {
				s.HintZIP(z, p)
			}
		}
	}
	for _, row := range in.OSTRows[s.Sub.Code] {
		table, key, _ := strings.Cut(row.Ref, "/")
		switch table {
		case "MO_STATE_RATE_PCT":
			s.CompareStateRate(row)
		case "MO_COUNTY_RATE_PCT":
			fips, ok := moCounty(s, key)
			switch {
			case !ok:
				s.Refuse(row, "no county of Missouri is named %q", key)
			case fips == "29510":
				// The independent city: its whole local rate is the
				// city's.
				s.RepresentIfSum(row, []string{"US-2965000"})
			default:
				s.RepresentIfSum(row, moCountyJuris(s, fips))
			}
		case "MO_CITIES":
			c := cities[key]
			name, _, _ := strings.Cut(key, " (")
			county, _ := moCounty(s, c.County)
			p, ok := s.Place(name, county)
			if !ok {
				s.Refuse(row, "no single Census place of Missouri is named %q", name)
				continue
			}
			if county == "29510" {
				s.Refuse(row, "OpenSalesTax gives the independent city of St. Louis its whole local rate on its county row (\"St. Louis city\", 5.454%%) and 0 here; the content gives it all to the city")
				continue
			}
			s.RepresentIfSum(row, []string{"US-" + p.Code})
		default:
			s.Refuse(row, "a table that Missouri's builder does not read")
		}
	}
	return nil
}
