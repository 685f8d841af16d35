// Package pa is Pennsylvania's part of the generator of Levy's dataset:
// the builder of its local content, beside its note pa.md and its
// curated tables.
package pa

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed pa.md *.csv
var files embed.FS

// New returns Pennsylvania's part of the generator. Its builder reads
// the local content (see pa.md): its two local taxes are county rows in
// both sources, read the common way: Allegheny County's 1% and
// Philadelphia's 2% (the city and the county of Philadelphia are one),
// countywide.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "PA", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, nil)}
}
