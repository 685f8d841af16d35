// Package nd is North Dakota's part of the generator of Levy's dataset:
// the builder of its local content, beside its note nd.md and its
// curated table.
package nd

import (
	"embed"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed nd.md nd.csv
var files embed.FS

// New returns North Dakota's part of the generator. Its builder reads
// the local content (see nd.md) from TaxLocus, which gives the cities'
// rates by their place FIPS codes and the counties' rates, which apply
// countywide, in the cities too, and dates the changes of ndRateChanges.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "ND", Files: files, Build: build}
}

// build reads TaxLocus the common way, then makes the rates of
// ndRateChanges start on their changes; nd.csv gives the rates before.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplyTaxlocus(in, datagen.TaxlocusOptions{PlaceCodes: true}); err != nil {
		return err
	}
	for _, c := range ndRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOSTWith(in, nil)
}

// ndRateChanges are the rate changes of North Dakota jurisdictions whose
// new rate is TaxLocus's (2026-08-18), with the day each began: that
// rate starts on it, and nd.csv gives the rate before it with its
// publication.
var ndRateChanges = []struct {
	id   string
	from civil.Date
}{
	{"US-3825700", civil.New(2025, 4, 1)}, // Fargo, 2% to 2.25% (public safety tax)
}
