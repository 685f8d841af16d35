// Package ms is Mississippi's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ms.md.
package ms

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed ms.md
var files embed.FS

// New returns Mississippi's part of the generator. Its builder reads
// the local content (see ms.md): its only general local sales taxes are
// two cities' (Jackson and Tupelo), which TaxLocus and OpenSalesTax both
// give as city rows; the counties levy none (OpenSalesTax's 0% rows).
// The common reading of the rows is Mississippi's.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "MS", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, nil)}
}
