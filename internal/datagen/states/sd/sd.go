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

// New returns South Dakota's part of the generator. Its builder reads
// the local content (see sd.md) from TaxLocus, which gives the municipal
// sales taxes by the cities' place FIPS codes; South Dakota's counties
// levy none. The five special jurisdictions of Indian country are
// refused (sd-taxlocus.csv).
func New() datagen.StateDef {
	return datagen.StateDef{Code: "SD", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{PlaceCodes: true}, nil)}
}
