// Package nd is North Dakota's part of the generator of Levy's dataset:
// the builder of its local content, beside its note nd.md.
package nd

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed nd.md
var files embed.FS

// New returns North Dakota's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "ND", Dir: "internal/datagen/states/nd", Files: files, Build: build}
}

// North Dakota: see nd.md. TaxLocus gives the cities' rates
// by their place FIPS codes and the counties' rates, which apply
// countywide, in the cities too.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{PlaceCodes: true}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates[s.Sub.Code]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
