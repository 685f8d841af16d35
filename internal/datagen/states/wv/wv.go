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

// New returns West Virginia's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "WV", Dir: "internal/datagen/states/wv", Files: files, Build: build}
}

// build builds West Virginia's local content: see wv.md.
// Its local taxes are the municipalities' 1% sales taxes (W. Va. Code
// 8-13C-4); TaxLocus gives each with its Census place code, which wins
// over the name.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{PlaceCodes: true}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates["WV"]; ok {
		s.CompareStateRate(r)
	}
	return s.ReconcileOST(in)
}
