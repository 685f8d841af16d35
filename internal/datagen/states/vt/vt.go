// Package vt is Vermont's part of the generator of Levy's dataset:
// the builder of its local content, beside its note vt.md.
package vt

import (
	"embed"
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
)

// files are the files of the folder that the generator reads.
//
//go:embed vt.md
var files embed.FS

// New returns Vermont's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "VT", Files: files, Build: build}
}

// build builds Vermont's local content: see vt.md.
//
// Vermont's local option sales tax (1%) is levied by towns and cities.
// TaxLocus gives each with a 5-digit code: the Census place code of a
// city (Burlington, Montpelier, ...) or the county subdivision code of a
// town (Stowe, Williston, ...), which the framework knows by its
// 10-digit code (state, county, subdivision). A city is a CITY; a town
// is a TOWNSHIP, the wire's type for a New England town.
func build(s *datagen.State, in *datagen.Inputs) error {
	for _, row := range in.Taxlocus["VT"] {
		if row.Kind != "city" || len(row.Code) != 5 {
			return fmt.Errorf("%s: %s %q has no 5-digit code", row.Ref, row.Kind, row.Label)
		}
		p, ok := s.PlaceByCode(row.Code)
		if !ok || !p.Incorporated {
			if p, ok = vtTown(s, row.Code); !ok {
				s.Refuse(row, "no Vermont city or town has the code %s", row.Code)
				continue
			}
			id := "US-" + p.Code
			if !s.Known(id) {
				if err := s.AddJuris(jurisdiction.Jurisdiction{ID: id, Type: jurisdiction.Township, Name: p.Name,
					Parent: "US-" + p.MainCounty(), Country: "US", ExternalCode: p.Code}); err != nil {
					return err
				}
			}
		}
		id := s.City(p)
		if err := s.AddRate(id, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.Represent(row, id)
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}

// vtTown returns the Vermont town (county subdivision) whose code ends
// in the 5-digit subdivision code.
func vtTown(s *datagen.State, code string) (*datagen.Place, bool) {
	var found *datagen.Place
	for _, p := range s.Places() {
		if len(p.Code) == 10 && strings.HasSuffix(p.Code, code) {
			if found != nil {
				return nil, false
			}
			found = p
		}
	}
	return found, found != nil
}
