// Package fl is Florida's part of the generator of Levy's dataset:
// the builder of its local content, beside its note fl.md and its
// curated tables.
package fl

import (
	"embed"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed fl.md *.csv
var files embed.FS

// New returns Florida's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "FL", Dir: "internal/datagen/states/fl", Files: files, Build: build}
}

// build builds Florida's local content: see fl.md.
//
// Florida's only local sales taxes are the counties' discretionary
// sales surtaxes, countywide (Fla. Stat. 212.054, 212.055); no city
// levies one. TaxLocus gives each county's total surtax and is read the
// common way (countywide), except where its row is stale and
// OpenSalesTax's, checked against the Department of Revenue's DR-15DSS
// for 2026, wins (fl-taxlocus.csv). The surtax applies to the first
// $5,000 of a single item: that limit is a rule of the engine
// (rules.Defaults, us-fl-surtax-limit), not of the content.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{}); err != nil {
		return err
	}
	s.CompareTaxlocusStateRate(in)
	done := map[string]bool{}
	// Palm Beach: the DR-15DSS of 2026, through OpenSalesTax.
	for _, county := range []string{"Palm Beach County"} {
		row, ok := datagen.OSTRowByRef(in, "FL", "FL_COUNTY_SURTAX_PCT/"+county)
		if !ok {
			return fmt.Errorf("OpenSalesTax has no surtax of %s", county)
		}
		fips, ok := s.County(county)
		if !ok {
			return fmt.Errorf("no county %s", county)
		}
		if err := s.SetCountyRate(fips, "", row.Rate, civil.Period{}, datagen.SrcOpenSalesTax); err != nil {
			return err
		}
		s.Represent(row, "US-"+fips)
		done[row.Ref] = true
	}
	// Where OpenSalesTax and TaxLocus disagree without a publication to
	// tell them apart, the later TaxLocus refresh wins.
	for county, why := range map[string]string{
		"Martin County":     "OpenSalesTax's 0.5% (a school capital outlay surtax alone) disagrees with TaxLocus's 1% of 2026-08-18; neither cites a 2026 change, and the later TaxLocus refresh wins",
		"Okeechobee County": "OpenSalesTax's 1.5% (taken from a commercial rate site, not the DR-15DSS) disagrees with TaxLocus's 1% of 2026-08-18, which wins",
	} {
		row, ok := datagen.OSTRowByRef(in, "FL", "FL_COUNTY_SURTAX_PCT/"+county)
		if !ok {
			return fmt.Errorf("OpenSalesTax has no surtax of %s", county)
		}
		if v, _ := s.RateOn("US-"+datagen.MustCounty(s, county), row.When); v.Equal(row.Rate) {
			return fmt.Errorf("%s: the sources agree now; drop the refusal", county)
		}
		s.Refuse(row, "%s", why)
		done[row.Ref] = true
	}
	return s.ReconcileOST(datagen.OSTRowsExcept(in, "FL", done))
}
