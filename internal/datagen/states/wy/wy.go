// Package wy is Wyoming's part of the generator of Levy's dataset:
// the builder of its local content, beside its note wy.md and its
// curated tables.
package wy

import (
	"embed"

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
	return datagen.StateDef{Code: "WY", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, nil)}
}
