// Package fl is Florida's part of the generator of Levy's dataset:
// the builder of its local content, beside its note fl.md and its
// curated tables.
package fl

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed fl.md *.csv
var files embed.FS

// New returns Florida's part of the generator. Its builder reads the
// local content (see fl.md) from TaxLocus and OpenSalesTax.
//
// Florida's only local sales taxes are the counties' discretionary
// sales surtaxes, countywide (Fla. Stat. 212.054, 212.055); no city
// levies one. TaxLocus gives each county's total surtax and is read the
// common way (countywide), except where its row is stale and
// OpenSalesTax's, checked against the Department of Revenue's DR-15DSS
// for 2026, wins (flOST). The surtax applies to the first $5,000 of a
// single item: that limit is a rule of the engine (rules.Defaults,
// us-fl-surtax-limit), not of the content.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "FL", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, flOST)}
}

// flOST says what becomes of the OpenSalesTax rows of Florida that
// disagree with TaxLocus. Where the two disagree without a publication
// to tell them apart, the later TaxLocus refresh wins.
var flOST = map[string]datagen.OSTOverride{
	"FL_COUNTY_SURTAX_PCT/Palm Beach County": {Win: "the DR-15DSS of 2026, through OpenSalesTax"},
	"FL_COUNTY_SURTAX_PCT/Martin County": {Refuse: "OpenSalesTax's 0.5% (a school capital outlay surtax alone) disagrees with TaxLocus's 1% " +
		"of 2026-08-18; neither cites a 2026 change, and the later TaxLocus refresh wins"},
	"FL_COUNTY_SURTAX_PCT/Okeechobee County": {Refuse: "OpenSalesTax's 1.5% (taken from a commercial rate site, not the DR-15DSS) " +
		"disagrees with TaxLocus's 1% of 2026-08-18, which wins"},
}
