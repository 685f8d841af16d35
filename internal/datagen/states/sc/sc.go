// Package sc is South Carolina's part of the generator of Levy's dataset:
// the builder of its local content, beside its note sc.md.
package sc

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed sc.md
var files embed.FS

// New returns South Carolina's part of the generator. Its builder reads
// the local content (see sc.md) from TaxLocus and OpenSalesTax.
//
// South Carolina's local sales taxes are the counties' (local option,
// capital projects, transportation, education capital improvement and
// school district taxes, each up to 1%, countywide); TaxLocus gives
// each county's total and is read the common way. The one municipal
// tax the sources give is Myrtle Beach's 1% tourism development fee,
// from OpenSalesTax (scOST).
func New() datagen.StateDef {
	return datagen.StateDef{Code: "SC", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, scOST)}
}

// scOST says which OpenSalesTax rows of South Carolina give a rate that
// TaxLocus lacks.
var scOST = map[string]datagen.OSTOverride{
	"SC_CITIES/Myrtle Beach": {Win: "Myrtle Beach's tourism development fee, which TaxLocus does not give"},
}
