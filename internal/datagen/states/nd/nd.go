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

// New returns North Dakota's part of the generator. Its builder reads
// the local content (see nd.md) from TaxLocus, which gives the cities'
// rates by their place FIPS codes and the counties' rates, which apply
// countywide, in the cities too.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "ND", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{PlaceCodes: true}, nil)}
}
