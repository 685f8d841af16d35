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

// New returns Nevada's part of the generator. Its builder reads the
// local content (see nv.md) from TaxLocus.
//
// Nevada's local sales taxes are all county taxes, each applying in the
// whole county (Carson City is a county of its own): TaxLocus's county
// rows are read countywide. Its "Special District 326xx" rows are codes
// of Nevada's SST rate file whose areas the data does not give; each
// repeats the whole rate of Washoe or Clark County and is refused.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "NV", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, nil)}
}
