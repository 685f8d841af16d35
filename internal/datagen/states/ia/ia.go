// Package ia is Iowa's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ia.md and its
// curated tables.
package ia

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed ia.md *.csv
var files embed.FS

// New returns Iowa's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "IA", Dir: "internal/datagen/states/ia", Files: files, Build: build}
}

// Iowa: see ia.md. TaxLocus gives each county's local
// option sales tax (1%), read as applying countywide; the row of a
// county code that does not exist is refused
// (ia-taxlocus.csv).
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
