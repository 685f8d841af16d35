// Package nv is Nevada's part of the generator of Levy's dataset:
// the builder of its local content, beside its note nv.md and its
// curated tables.
package nv

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed nv.md *.csv
var files embed.FS

// New returns Nevada's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "NV", Dir: "internal/datagen/states/nv", Files: files, Build: build}
}

// build builds Nevada's local content: see nv.md.
//
// Nevada's local sales taxes are all county taxes, each applying in the
// whole county (Carson City is a county of its own): TaxLocus's county
// rows are read countywide. Its "Special District 326xx" rows are codes
// of Nevada's SST rate file whose areas the data does not give; each
// repeats the whole rate of Washoe or Clark County and is refused.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
