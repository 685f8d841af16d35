// Package al is Alabama's part of the generator of Levy's dataset:
// the builder of its local content, beside its note al.md and its
// curated tables.
package al

import (
	"embed"
	"fmt"
	"maps"
	"regexp"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed al.md *.csv
var files embed.FS

// New returns Alabama's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "AL", Files: files, Build: build}
}

// build builds the local content of Alabama (see al.md).
//
// TaxLocus's Alabama rows are the general sales tax rates of the
// Department of Revenue's localities: a city row is the city's rate
// inside its corporate limits, a county row the county's rate where no
// city taxes (outside corporate limits and police jurisdictions). Several
// counties tax less inside cities than outside; OpenSalesTax's county
// table gives their rate inside cities. So a county whose two rates
// differ is its in-city rate countywide plus, outside incorporated
// places, the rest as a district of the county (US-<FIPS>-UNINC).
// "Unabated" rows are the part of a locality's rate that a tax abatement
// cannot reduce: contained in the locality's rate, not a tax of their
// own.
func build(s *datagen.State, in *datagen.Inputs) error {
	ost := in.OST["AL"]
	inCity := map[string]decimal.Decimal{} // county FIPS -> rate inside cities, from OpenSalesTax
	pcts, err := ost.Percents("AL_COUNTY_RATE_PCT")
	if err != nil {
		return err
	}
	for name, v := range pcts {
		fips, ok := s.County(name)
		if !ok {
			return fmt.Errorf("AL_COUNTY_RATE_PCT: no county %q", name)
		}
		inCity[fips] = v.Shift(-2)
	}
	rows := in.Taxlocus[s.Sub.Code]
	mapped, err := s.MapTaxlocusRows(rows)
	if err != nil {
		return err
	}
	var counties, cities []datagen.Row
	for _, row := range rows {
		if m := mapped[row.Ref]; m != nil {
			if m.Action != "refuse" {
				return fmt.Errorf("al-taxlocus.csv: line %d: Alabama's builder reads only refusals from its mapping", m.Line)
			}
			s.Refuse(row, "%s", m.Note)
			continue
		}
		switch {
		case alUnabated.MatchString(row.Label):
			s.Refuse(row, "an ALDOR \"unabated\" locality: the part of %s's rate that a tax abatement cannot reduce, contained in that rate and not a tax of its own",
				alUnabated.ReplaceAllString(row.Label, ""))
		case row.Kind == "county":
			counties = append(counties, row)
		case row.Kind == "city":
			cities = append(cities, row)
		default:
			s.Refuse(row, "a %s row, which Alabama's sources do not have", row.Kind)
		}
	}

	// Counties: TaxLocus's rate outside cities, split where OpenSalesTax
	// gives a lower rate inside them.
	outside := map[string]datagen.Row{}
	for _, row := range counties {
		// The name wins over the code: TaxLocus gives Shelby County
		// St. Clair's FIPS code and St. Clair Shelby's.
		fips, ok := s.County(row.Label)
		if !ok {
			s.Refuse(row, "no county of Alabama is named %q", row.Label)
			continue
		}
		if prev, dup := outside[fips]; dup {
			s.Refuse(row, "a second row for county %s after %s", fips, prev.Ref)
			continue
		}
		outside[fips] = row
	}
	for _, fips := range s.Counties() {
		row, hasRow := outside[fips]
		in, hasIn := inCity[fips]
		id := "US-" + fips
		switch {
		case hasRow && (!hasIn || in.Equal(row.Rate)):
			if err := s.SetCountyRate(fips, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus); err != nil {
				return err
			}
			s.Represent(row, id)
		case hasRow && in.LessThan(row.Rate):
			if err := s.SetCountyRate(fips, "", in, civil.Period{}, datagen.SrcOpenSalesTax); err != nil {
				return err
			}
			name := s.Juris(id).Name + " County outside municipalities"
			d, err := s.AddDistrict(id+"-UNINC", jurisdiction.SpecialPurposeDistrict, name, "", row.Rate.Sub(in), civil.Period{}, datagen.SrcTaxlocus,
				datagen.Scope{Kind: datagen.ScopeUninc, County: fips})
			if err != nil {
				return err
			}
			s.Represent(row, id, d)
		case hasRow:
			return fmt.Errorf("%s (%s): the county's rate inside cities (%s%%, OpenSalesTax) is above its rate outside them", row.Ref, row.Label, in.Shift(2))
		case hasIn:
			// No plain county row in TaxLocus (only an "unabated" part,
			// or none): OpenSalesTax's rate, countywide.
			if err := s.SetCountyRate(fips, "", in, civil.Period{}, datagen.SrcOpenSalesTax); err != nil {
				return err
			}
		}
	}

	// Cities: the rate inside corporate limits. "X Within Y Co" rows are
	// the parts of a city in two counties.
	first := map[string]datagen.Row{}
	for _, row := range cities {
		name, county := row.Label, ""
		if m := alWithin.FindStringSubmatch(row.Label); m != nil {
			c, ok := s.County(m[2])
			if !ok {
				return fmt.Errorf("%s (%s): no county %q", row.Ref, row.Label, m[2])
			}
			name, county = m[1], c
		}
		p, ok := s.Place(name, county)
		if !ok || !p.Incorporated {
			s.Refuse(row, "no incorporated Census place (2015) of Alabama is named %q; the town may have incorporated since or be named otherwise", name)
			continue
		}
		id := s.City(p)
		if prev, ok := first[id]; ok {
			cur, _ := s.RateOn(id, row.When)
			if cur.Equal(row.Rate) {
				s.Represent(row, id)
			} else {
				s.Refuse(row, "%s's rate differs between its county parts (%s%% here, %s%% by %s): a city has one rate in the dataset, and that of the earlier row is used in the whole city",
					p.Name, row.Rate.Shift(2), cur.Shift(2), prev.Label)
			}
			continue
		}
		first[id] = row
		if err := s.AddRate(id, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.Represent(row, id)
	}

	// The special districts that no source row gives alone.
	for _, d := range alDistricts {
		if err := s.DefineDistrict(d.id, d.typ, d.name, "", d.rate, civil.Period{}, datagen.SrcOpenSalesTax, d.where); err != nil {
			return err
		}
	}

	s.CompareTaxlocusStateRate(in)
	// OpenSalesTax: its city rates include the special districts of
	// the city; reconcileOST reads the rest.
	rest := *in
	rest.OSTRows = maps.Clone(in.OSTRows)
	rest.OSTRows["AL"] = nil
	for _, row := range in.OSTRows["AL"] {
		table, key, _ := strings.Cut(row.Ref, "/")
		if table != "AL_CITIES" {
			rest.OSTRows["AL"] = append(rest.OSTRows["AL"], row)
			continue
		}
		p, ok := s.Place(key, "")
		if !ok {
			s.Refuse(row, "no single Census place of Alabama is named %q", key)
			continue
		}
		city := "US-" + p.Code
		tries := [][]string{{city}}
		for _, d := range alDistricts {
			if d.city == p.Code {
				tries = append(tries, []string{city, d.id})
			}
		}
		s.RepresentIfSum(row, tries...)
	}
	return s.ReconcileOST(&rest)
}

// alDistricts are Alabama's special taxes of part of a city that no
// source row gives alone; each is the difference between a published
// combined rate and the city's and county's rates.
var alDistricts = []struct {
	id, name string
	typ      jurisdiction.Type
	rate     decimal.Decimal
	city     string   // the place whose OpenSalesTax rate includes it
	where    []string // scopes
}{
	// Madison: 9% in the Madison County part of the city, 9.5% in the
	// Limestone County part, the city's own share 3.5% (The Madison
	// Record, 2025-08-20); with Madison County's 0.5% (its rate in
	// Huntsville), 1% is left in the Madison County part, which
	// OpenSalesTax (al_data.py, citing ALDOR) names the "Madison Co Sp"
	// special tax.
	{id: "US-AL-D-MADISON_CO_SP", name: "Madison County special tax in the City of Madison", typ: jurisdiction.SpecialPurposeDistrict,
		rate: decimal.New(1, -2), city: "0145784", where: []string{"place:0145784@01089"}},
}

var (
	alUnabated = regexp.MustCompile(`^Unaba(ted)? `)
	alWithin   = regexp.MustCompile(`^(.*) Within (.*) Co$`)
)
