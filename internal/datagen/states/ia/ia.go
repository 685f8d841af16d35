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

// New returns Iowa's part of the generator. Its builder reads the local
// content (see ia.md) from TaxLocus, which gives each county's local
// option sales tax (1%), read as applying countywide; the row of a
// county code that does not exist is refused (ia-taxlocus.csv).
func New() datagen.StateDef {
	return datagen.StateDef{Code: "IA", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, nil)}
}
