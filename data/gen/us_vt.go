package main

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// buildVT builds Vermont's local content: see data/states/vt.md.
//
// Vermont's local option sales tax (1%) is levied by towns and cities.
// TaxLocus gives each with a 5-digit code: the Census place code of a
// city (Burlington, Montpelier, ...) or the county subdivision code of a
// town (Stowe, Williston, ...), which the framework knows by its
// 10-digit code (state, county, subdivision). A city is a CITY; a town
// is a TOWNSHIP, the wire's type for a New England town.
func buildVT(s *localState, in *localInputs) error {
	for _, row := range in.taxlocus["VT"] {
		if row.kind != "city" || len(row.code) != 5 {
			return fmt.Errorf("%s: %s %q has no 5-digit code", row.ref, row.kind, row.label)
		}
		p, ok := s.PlaceByCode(row.code)
		if !ok || !p.incorporated {
			if p, ok = vtTown(s, row.code); !ok {
				s.Refuse(row, "no Vermont city or town has the code %s", row.code)
				continue
			}
			id := "US-" + p.code
			if _, defined := s.L.b.juris[id]; !defined {
				if err := s.L.b.addJuris(jurisdiction.Jurisdiction{ID: id, Type: jurisdiction.Township, Name: p.name,
					Parent: "US-" + p.mainCounty(), Country: "US", ExternalCode: p.code}); err != nil {
					return err
				}
			}
		}
		id := s.City(p)
		if err := s.addRate(id, "", row.rate, civil.Period{}, srcTaxlocus); err != nil {
			return fmt.Errorf("%s: %w", row.ref, err)
		}
		s.Represent(row, id)
	}
	if r, ok := in.taxlocusStates["VT"]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(in)
}

// vtTown returns the Vermont town (county subdivision) whose code ends
// in the 5-digit subdivision code.
func vtTown(s *localState, code string) (*usPlace, bool) {
	var found *usPlace
	for _, p := range s.L.places.byState["VT"] {
		if len(p.code) == 10 && strings.HasSuffix(p.code, code) {
			if found != nil {
				return nil, false
			}
			found = p
		}
	}
	return found, found != nil
}
