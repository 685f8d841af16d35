// Package wi is Wisconsin's part of the generator of Levy's dataset:
// the builder of its local content, beside its note wi.md and its
// curated tables.
package wi

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed wi.md *.csv
var files embed.FS

// New returns Wisconsin's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "WI", Files: files, Build: build}
}

// build builds Wisconsin's local content from its SST rate file (see
// wi.md): the county taxes, the cities' (Milwaukee's), and
// the stadium districts that wi-sst.csv places.
func build(s *datagen.State, in *datagen.Inputs) error {
	return datagen.BuildFromSST(s, in)
}
