// Package pr is Puerto Rico's part of the generator of Levy's dataset:
// the builder of its local content, beside its note pr.md and its
// curated tables.
package pr

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed pr.md *.csv
var files embed.FS

// New returns Puerto Rico's part of the generator (see pr.md). The
// sources read for the states have no Puerto Rico rows; the municipal
// IVU of 1% in each of the 78 municipalities (the Census's county
// equivalents) is curated in pr.csv, which the generator reads after the
// builder. What is left to the builder is the accounting of any source
// row for Puerto Rico against the state table.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "PR", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, nil)}
}
