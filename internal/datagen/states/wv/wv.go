// Package wv is West Virginia's part of the generator of Levy's dataset:
// the builder of its local content, beside its note wv.md.
package wv

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed wv.md
var files embed.FS

// New returns West Virginia's part of the generator. Its builder reads
// the local content (see wv.md): the municipalities' 1% sales taxes
// (W. Va. Code 8-13C-4), which TaxLocus gives each with its Census place
// code, which wins over the name.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "WV", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{PlaceCodes: true}, nil)}
}
