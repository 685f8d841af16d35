// Package ga is Georgia's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ga.md and its
// curated tables.
package ga

import (
	"embed"
	"slices"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed ga.md *.csv
var files embed.FS

// New returns Georgia's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "GA", Files: files, Build: build}
}

// gaAtlantaDeKalb is the Georgia Department of Revenue's city code of the
// City of Atlanta's part in DeKalb County, whose rates are Atlanta's
// (04000) throughout.
const gaAtlantaDeKalb = "05000"

// build builds Georgia's local content from its SST rate file (see
// ga.md): counties (each county's LOST, SPLOST, ESPLOST,
// HOST, TSPLOST and MARTA taxes as one rate), the cities with a tax of
// their own, and the special districts that ga-sst.csv
// places. The rows of code 05000 (Atlanta in DeKalb County) are
// represented by the City of Atlanta.
func build(s *datagen.State, in *datagen.Inputs) error {
	var atl []datagen.SSTRow
	only := *in
	only.SST = map[string][]datagen.SSTRow{"GA": slices.DeleteFunc(slices.Clone(in.SST["GA"]), func(r datagen.SSTRow) bool {
		if r.Type == datagen.SSTCity && r.Code == gaAtlantaDeKalb {
			atl = append(atl, r)
			return true
		}
		return false
	})}
	var tl []datagen.Row
	only.Taxlocus = map[string][]datagen.Row{"GA": slices.DeleteFunc(slices.Clone(in.Taxlocus["GA"]), func(r datagen.Row) bool {
		if r.Kind == "city" && r.Code == gaAtlantaDeKalb {
			tl = append(tl, r)
			return true
		}
		return false
	})}
	if err := datagen.BuildFromSST(s, &only); err != nil {
		return err
	}
	atlanta := "US-" + s.Sub.FIPS + "04000"
	for _, r := range atl {
		s.RepresentIfSum(datagen.SSTLedgerRow("GA", r), []string{atlanta})
	}
	for _, r := range tl {
		s.RepresentIfSum(r, []string{atlanta})
	}
	return nil
}
