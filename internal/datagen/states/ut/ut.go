// Package ut is Utah's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ut.md and its
// curated tables.
package ut

import (
	"embed"
	"regexp"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed ut.md *.csv
var files embed.FS

// New returns Utah's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "UT", Files: files, Build: build}
}

// build builds Utah's local content: see ut.md. The rates of
// utRateChanges start on their changes; ut.csv gives the rates before.
//
// TaxLocus's Utah rows come from Utah's SST rate file: a county row is
// the county's rate (the 1% local sales tax, the county option and the
// transit and transportation taxes the county levies), read countywide;
// a city row, by the place's FIPS code, is what the city adds (city
// option, highway, parks and arts, town and resort taxes). Rows named
// "City" and a five-digit number carry Utah's own location codes, not
// Census place codes: their areas are not in the data and they are
// refused, but for those that ut-taxlocus.csv places (22-000,
// unincorporated Summit County).
func build(s *datagen.State, in *datagen.Inputs) error {
	located, err := s.ApplyTaxlocusExcept(in, datagen.TaxlocusOptions{PlaceCodes: true}, func(row datagen.Row) bool {
		return utLocationCode.MatchString(row.Label)
	})
	if err != nil {
		return err
	}
	for _, row := range located {
		s.Refuse(row, "%q carries a location code of Utah's rate file (%s), not a Census place code: a part of a county with taxes of its own "+
			"(an unincorporated area inside or outside a transit district, a metro township, a resort community) whose area the sources do not give",
			row.Label, row.Code)
	}
	for _, c := range utRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}

// utRateChanges are the rate changes of Utah counties and districts
// whose new rate is TaxLocus's (2026-08-18), with the day each began:
// that rate starts on it, and ut.csv gives the rate before it with its
// publication.
var utRateChanges = []struct {
	id   string
	from civil.Date
}{
	{"US-49035", civil.New(2025, 7, 1)},       // Salt Lake County, 2.4% to 2.6% (0.2% for highways and public transit)
	{"US-49033", civil.New(2025, 7, 1)},       // Rich County, 1.5% to 1.8% (0.3% for transportation)
	{"US-49043", civil.New(2025, 7, 1)},       // Summit County, 2.3% to 2.8% (0.5% for health care facilities)
	{"US-49043-UNINC", civil.New(2026, 7, 1)}, // unincorporated Summit County, its impacted communities tax of 1.1%
}

// utLocationCode matches TaxLocus's names of Utah rows that carry a
// location code instead of a place's name.
var utLocationCode = regexp.MustCompile(`^City \d{5}$`)
