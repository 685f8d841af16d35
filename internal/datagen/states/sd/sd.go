// Package sd is South Dakota's part of the generator of Levy's dataset:
// the builder of its local content, beside its note sd.md and its
// curated tables.
package sd

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed sd.md *.csv
var files embed.FS

// New returns South Dakota's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "SD", Dir: "internal/datagen/states/sd", Files: files, Build: build}
}

// South Dakota: see sd.md. TaxLocus gives the municipal
// sales taxes by the cities' place FIPS codes; South Dakota's counties
// levy none. The five special jurisdictions of Indian country are
// refused (sd-taxlocus.csv).
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{PlaceCodes: true}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
