// Package wy is Wyoming's part of the generator of Levy's dataset:
// the builder of its local content, beside its note wy.md and its
// curated tables.
package wy

import (
	"embed"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed wy.md *.csv
var files embed.FS

// New returns Wyoming's part of the generator. Its builder reads the
// local content (see wy.md) from TaxLocus.
//
// Wyoming's local sales taxes are county taxes (the general purpose
// and specific purpose options), each applying in the whole county:
// TaxLocus's county rows are read countywide. Its two special district
// rows carry codes whose areas the data does not give and are refused
// (wy-taxlocus.csv).
func New() datagen.StateDef {
	return datagen.StateDef{Code: "WY", Files: files, Build: build}
}

// build reads TaxLocus the common way, then makes the rates of
// wyRateChanges start on their changes; wy.csv gives the rates before.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{}); err != nil {
		return err
	}
	for _, c := range wyRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOSTWith(in, nil)
}

// wyRateChanges are the rate changes of Wyoming counties whose new rate
// is TaxLocus's (2026-08-18), with the day each began: that rate starts
// on it, and wy.csv gives the county's rates before it, each period with
// its publication.
var wyRateChanges = []struct {
	id   string
	from civil.Date
}{
	{"US-56021", civil.New(2026, 4, 1)}, // Laramie County, 2% to 1% (its specific purpose tax of 2021 paid in full)
}
