// Package ok is Oklahoma's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ok.md and its
// curated tables.
package ok

import (
	"embed"
	"strings"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed ok.md *.csv
var files embed.FS

// New returns Oklahoma's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "OK", Files: files, Build: build}
}

// build builds the local content of Oklahoma: see ok.md.
//
// TaxLocus's Oklahoma rows follow the Oklahoma Tax Commission's rate
// data: a county row is the county's rate, countywide; a city row the
// city's rate, with the Census place code of the city as its fips_code;
// the rows named "Special District 98xxx" are unnamed area codes whose
// rate is a location's whole local rate (a county's, or a county's and a
// city's together), and are refused. Rows the common reading cannot place
// are read by ok-taxlocus.csv.
func build(s *datagen.State, in *datagen.Inputs) error {
	areaCodes, err := s.ApplyTaxlocusExcept(in, datagen.TaxlocusOptions{PlaceCodes: true}, func(row datagen.Row) bool {
		return row.Kind == "special_district" && strings.HasPrefix(row.Code, "98")
	})
	if err != nil {
		return err
	}
	for _, row := range areaCodes {
		s.Refuse(row, "an unnamed area code of the Tax Commission's rate data (98xxx), not a taxing jurisdiction: its rate is a location's whole local rate (it equals a county's rate, or a county's and a city's together, such as 4.017%% = Tulsa 3.65%% + Tulsa County 0.367%%), and the data gives neither its name nor its area; the county and city rows give the parts")
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}
