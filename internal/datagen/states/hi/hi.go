// Package hi is Hawaii's part of the generator of Levy's dataset:
// the builder of its local content, beside its note hi.md.
package hi

import (
	"embed"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed hi.md
var files embed.FS

// New returns Hawaii's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "HI", Files: files, Build: build}
}

// build builds Hawaii's local content: see hi.md.
//
// Hawaii's general excise tax is the state's 4% and a county surcharge
// of 0.5% in the counties that adopted one (HRS 46-16.8). TaxLocus gives
// each county's surcharge; OpenSalesTax the same with the date each
// began, which Levy keeps. Kalawao, which has no county government,
// levies none: OpenSalesTax's 0 wins over TaxLocus's 0.5%.
func build(s *datagen.State, in *datagen.Inputs) error {
	var since map[string]*string
	if err := datagen.JSONInto(in.OST["HI"]["HI_COUNTY_SURCHARGE_EFFECTIVE"], &since); err != nil {
		return err
	}
	for _, row := range in.Taxlocus["HI"] {
		fips, ok := s.County(row.Label)
		if row.Kind != "county" || !ok {
			return fmt.Errorf("%s: no county %q", row.Ref, row.Label)
		}
		start := since[row.Label+" County"]
		if start == nil {
			s.Refuse(row, "%s County has no county government and levies no surcharge (HRS 46-16.8 lets the counties with a council adopt one); OpenSalesTax's 0%% (from the Department of Taxation's county surcharge schedule) wins", row.Label)
			continue
		}
		d, err := civil.Parse(*start)
		if err != nil {
			return fmt.Errorf("HI_COUNTY_SURCHARGE_EFFECTIVE[%s]: %w", row.Label, err)
		}
		if err := s.SetCountyRate(fips, "", row.Rate, civil.Period{Effective: d}, datagen.SrcTaxlocus); err != nil {
			return err
		}
		s.Represent(row, "US-"+fips)
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}
