// Package nc is North Carolina's part of the generator of Levy's dataset:
// the builder of its local content, beside its note nc.md.
package nc

import (
	"embed"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
)

// files are the files of the folder that the generator reads.
//
//go:embed nc.md
var files embed.FS

// New returns North Carolina's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "NC", Files: files, Build: build}
}

// ncDistricts are North Carolina's transit and transportation sales
// taxes by the code TaxLocus gives them: 99 and a county's FIPS code for
// a county's public transportation tax (Article 43, 0.5%), 98119 for
// Mecklenburg County's 1% transportation tax approved in 2025.
var ncDistricts = map[string]struct {
	name   string
	county string
	from   civil.Date // the first day of the tax, where it began after the sources' oldest dates
}{
	"99063": {name: "Durham County Public Transportation Sales Tax", county: "37063"},
	"99119": {name: "Mecklenburg County Public Transportation Sales Tax", county: "37119"},
	"99135": {name: "Orange County Public Transportation Sales Tax", county: "37135"},
	"99183": {name: "Wake County Public Transportation Sales Tax", county: "37183"},
	// Approved by Mecklenburg's voters on 2025-11-04 (House Bill 948,
	// S.L. 2025); TaxCloud's notice of the referendum (Mecklenburg County
	// voters approve transit sales tax referendum) gives its start, April
	// 1, 2026, and the North Carolina Department of Revenue's rates of
	// 2026-07-01 hold it (see nc.md).
	"98119": {name: "Mecklenburg County Transportation Sales Tax", county: "37119", from: civil.New(2026, 4, 1)},
}

// build builds North Carolina's local content: see nc.md.
//
// TaxLocus gives each county's rate (the Article 39, 40 and 42 taxes,
// 2%, and the Article 46 tax of 0.25% where levied) by its FIPS code,
// and the transit taxes as special districts with codes: each is its
// own transit district, countywide in its county.
func build(s *datagen.State, in *datagen.Inputs) error {
	for _, row := range in.Taxlocus["NC"] {
		switch row.Kind {
		case "county":
			fips := "37" + row.Code
			if len(row.Code) != 3 {
				return fmt.Errorf("%s: %s has no county code", row.Ref, row.Label)
			}
			if err := s.SetCountyRate(fips, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus); err != nil {
				return err
			}
			s.Represent(row, "US-"+fips)
		case "special_district":
			d, ok := ncDistricts[row.Code]
			if !ok {
				s.Refuse(row, "special district %s: its area is not known", row.Code)
				continue
			}
			id, err := s.AddDistrict(s.DistrictID(row.Code, ""), jurisdiction.TransitDistrict, d.name, row.Code, row.Rate, civil.Period{Effective: d.from}, datagen.SrcTaxlocus,
				datagen.Scope{Kind: datagen.ScopeCounty, County: d.county})
			if err != nil {
				return err
			}
			s.Represent(row, id)
		case "transit":
			if row.Label != "Mecklenburg County transit tax" {
				s.Refuse(row, "a transit tax whose area is not known")
				continue
			}
			// The same tax as special district 99119.
			s.Represent(row, s.DistrictID("99119", ""))
		default:
			s.Refuse(row, "a %s row: North Carolina's local taxes are its counties' and their transit taxes", row.Kind)
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}
