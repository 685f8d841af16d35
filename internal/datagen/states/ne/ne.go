// Package ne is Nebraska's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ne.md and its
// curated tables.
package ne

import (
	"embed"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed ne.md *.csv
var files embed.FS

// New returns Nebraska's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "NE", Files: files, Build: build}
}

// build builds Nebraska's local content (see ne.md). TaxLocus gives the
// cities' own rates by their place FIPS codes and one county rate, Dakota County's, which
// applies only outside the municipalities of the county that levy their
// own local sales tax; its good life district rows are refused
// (ne-taxlocus.csv).
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{PlaceCodes: true, CountyScope: datagen.ScopeUninc}); err != nil {
		return err
	}
	// A county's tax reaches the municipalities of the county without a
	// local sales tax of their own (Nebraska DOR, Sales and Use Tax
	// FAQs: Dakota County).
	for _, c := range s.Counties() {
		county := "US-" + c
		if _, ok := s.RateOn(county, civil.New(2026, 8, 1)); !ok {
			continue
		}
		for _, p := range s.Places() {
			if p.Incorporated && p.InCounty(c) && !s.Defines("US-"+p.Code) {
				s.Assign(county, datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: c})
			}
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}
