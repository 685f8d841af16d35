// Package sc is South Carolina's part of the generator of Levy's dataset:
// the builder of its local content, beside its note sc.md.
package sc

import (
	"embed"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed sc.md
var files embed.FS

// New returns South Carolina's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "SC", Dir: "internal/datagen/states/sc", Files: files, Build: build}
}

// build builds South Carolina's local content: see sc.md.
//
// South Carolina's local sales taxes are the counties' (local option,
// capital projects, transportation, education capital improvement and
// school district taxes, each up to 1%, countywide); TaxLocus gives
// each county's total and is read the common way. The one municipal
// tax the sources give is Myrtle Beach's 1% tourism development fee,
// from OpenSalesTax.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{}); err != nil {
		return err
	}
	s.CompareTaxlocusStateRate(in)
	done := map[string]bool{}
	row, ok := datagen.OSTRowByRef(in, "SC", "SC_CITIES/Myrtle Beach")
	if !ok {
		return fmt.Errorf("OpenSalesTax has no Myrtle Beach")
	}
	p, ok := s.Place("Myrtle Beach", datagen.MustCounty(s, "Horry"))
	if !ok {
		return fmt.Errorf("no place Myrtle Beach in Horry County")
	}
	id := s.City(p)
	if err := s.AddRate(id, "", row.Rate, civil.Period{}, datagen.SrcOpenSalesTax); err != nil {
		return err
	}
	s.Represent(row, id)
	done[row.Ref] = true
	return s.ReconcileOST(datagen.OSTRowsExcept(in, "SC", done))
}
