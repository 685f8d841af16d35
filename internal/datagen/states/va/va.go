// Package va is Virginia's part of the generator of Levy's dataset:
// the builder of its local content, beside its note va.md.
package va

import (
	"embed"
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed va.md
var files embed.FS

// New returns Virginia's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "VA", Files: files, Build: build}
}

// vaDistricts are Virginia's regional sales taxes: the OpenSalesTax
// name of each, and the district it is in Levy.
var vaDistricts = []struct {
	ost, id, name string
	typ           jurisdiction.Type
}{
	{"Northern Virginia Region", "US-VA-D-NVTA", "Northern Virginia Transportation Authority", jurisdiction.TransitDistrict},
	{"Hampton Roads Region", "US-VA-D-HRTAC", "Hampton Roads Transportation Accountability Commission", jurisdiction.TransitDistrict},
	{"Central Virginia Region", "US-VA-D-CVTA", "Central Virginia Transportation Authority", jurisdiction.TransitDistrict},
	{"Historic Triangle Region", "US-VA-D-HISTORIC_TRIANGLE", "Historic Triangle", jurisdiction.SpecialPurposeDistrict},
}

// build builds Virginia's local content: see va.md.
//
// The 1% local tax of every county and independent city is part of the
// state rate of 5.3% (the state table's). TaxLocus gives each county
// and independent city (by its FIPS code) the rest of its local rate:
// the regional transportation tax (0.7%) where it is levied, with the
// Historic Triangle's 1% on top in its three localities, or the 1%
// local tax for school construction that a few counties and Danville
// levy. OpenSalesTax gives the regions' rates and which localities
// each covers. The regions are districts of the localities they cover;
// the school taxes are the counties' own rates.
func build(s *datagen.State, in *datagen.Inputs) error {
	o := in.OST["VA"]
	byName := vaLocalities(s)
	rates, err := o.Percents("VA_DISTRICT_RATE_PCT")
	if err != nil {
		return err
	}
	district := map[string]string{}      // OpenSalesTax region -> district ID
	rate := map[string]decimal.Decimal{} // district ID -> rate
	done := map[string]bool{}
	for _, d := range vaDistricts {
		v, ok := rates[d.ost]
		if !ok {
			return fmt.Errorf("VA_DISTRICT_RATE_PCT has no %s", d.ost)
		}
		id, err := s.AddDistrict(d.id, d.typ, d.name, "", v.Shift(-2), civil.Period{}, datagen.SrcOpenSalesTax)
		if err != nil {
			return err
		}
		district[d.ost], rate[id] = id, v.Shift(-2)
		row, _ := datagen.OSTRowByRef(in, "VA", "VA_DISTRICT_RATE_PCT/"+d.ost)
		s.Represent(row, id)
		done[row.Ref] = true
	}
	// Which localities each region covers, as OpenSalesTax says.
	members := map[string][]string{} // FIPS -> districts
	var regionOf map[string]string
	if err := datagen.JSONInto(o["VA_COUNTY_DISTRICT"], &regionOf); err != nil {
		return err
	}
	for name, region := range regionOf {
		fips, ok := byName[name]
		if !ok || district[region] == "" {
			return fmt.Errorf("VA_COUNTY_DISTRICT: %q (%q) unknown", name, region)
		}
		members[fips] = append(members[fips], district[region])
	}
	for _, name := range o.Strings("VA_HISTORIC_TRIANGLE") {
		fips, ok := byName[name]
		if !ok {
			return fmt.Errorf("VA_HISTORIC_TRIANGLE: %q unknown", name)
		}
		members[fips] = append(members[fips], "US-VA-D-HISTORIC_TRIANGLE")
	}
	// The TaxLocus rows: a locality's rate is its districts' rates,
	// or, where it is in no district, its own school tax.
	for _, row := range in.Taxlocus["VA"] {
		fips := "51" + row.Code
		if !s.Known("US-"+fips) || len(row.Code) != 3 {
			return fmt.Errorf("%s: %s has no county FIPS code", row.Ref, row.Label)
		}
		ds := members[fips]
		sum := decimal.Zero
		for _, id := range ds {
			sum = sum.Add(rate[id])
		}
		switch {
		case len(ds) > 0 && sum.Equal(row.Rate):
			for _, id := range ds {
				s.Assign(id, datagen.Scope{Kind: datagen.ScopeCounty, County: fips})
			}
			s.Represent(row, ds...)
		case len(ds) > 0 && row.Rate.IsZero():
			// OpenSalesTax puts three cities of the Crater planning
			// district (Colonial Heights, Hopewell, Petersburg) in the
			// Central Virginia region, whose members are the localities
			// of planning district 15 (Va. Code 33.2-3700); TaxLocus's
			// 0% wins and the membership is not used.
			if err := s.SetCountyRate(fips, "", decimal.Zero, civil.Period{}, datagen.SrcTaxlocus); err != nil {
				return err
			}
			s.Represent(row, "US-"+fips)
		case len(ds) > 0:
			return fmt.Errorf("%s: %s has %s%%, its regions %v sum to %s%%", row.Ref, row.Label, row.Rate.Shift(2), ds, sum.Shift(2))
		default:
			// No region: the row is the locality's own additional tax
			// (1% for school construction, Va. Code 58.1-605.1), or 0.
			if err := s.SetCountyRate(fips, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus); err != nil {
				return err
			}
			s.Represent(row, "US-"+fips)
		}
	}
	// OpenSalesTax's locality rates are all 0: the 1% local tax is in
	// the state rate, and it has no school taxes.
	for _, row := range in.OSTRows["VA"] {
		table, key, _ := strings.Cut(row.Ref, "/")
		switch table {
		case "VA_COUNTY_RATE_PCT":
			fips, ok := byName[key]
			if !ok {
				return fmt.Errorf("%s: no locality %q", row.Ref, key)
			}
			v, _ := s.RateOn("US-"+fips, row.When)
			switch {
			case v.Equal(row.Rate):
				s.Represent(row, "US-"+fips)
			default:
				s.Refuse(row, "OpenSalesTax gives %s no tax of its own; TaxLocus's %s%% (the additional local tax for school construction, Va. Code 58.1-605.1) wins", key, v.Shift(2))
			}
			done[row.Ref] = true
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(datagen.OSTRowsExcept(in, "VA", done))
}

// vaLocalities maps the names OpenSalesTax gives Virginia's counties
// ("Fairfax County") and independent cities ("Fairfax city") to their
// FIPS codes: the cities' codes are 510 and above.
func vaLocalities(s *datagen.State) map[string]string {
	out := map[string]string{}
	for _, fips := range s.Counties() {
		j := s.Juris("US-" + fips)
		if fips[2:] >= "510" {
			out[j.Name+" city"] = fips
		} else {
			out[j.Name+" County"] = fips
		}
	}
	return out
}
