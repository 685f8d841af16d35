// Package ar is Arkansas's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ar.md.
package ar

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed ar.md
var files embed.FS

// New returns Arkansas's part of the generator. Its builder reads the
// local content (see ar.md) from TaxLocus's Arkansas rows, the rows of
// the state's Streamlined Sales Tax rate file: a county's or a city's
// own rate, with the Census FIPS code of the county or place, which wins
// over the name.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "AR", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{PlaceCodes: true}, nil)}
}
