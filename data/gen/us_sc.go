package main

import (
	"fmt"

	"github.com/levytax/levy/civil"
)

// buildSC builds South Carolina's local content: see data/states/sc.md.
//
// South Carolina's local sales taxes are the counties' (local option,
// capital projects, transportation, education capital improvement and
// school district taxes, each up to 1%, countywide); TaxLocus gives
// each county's total and is read the common way. The one municipal
// tax the sources give is Myrtle Beach's 1% tourism development fee,
// from OpenSalesTax.
func buildSC(s *State, in *Inputs) error {
	if err := s.ApplyTaxlocus(in, TaxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.TaxlocusStates["SC"]; ok {
		s.CompareStateRate(r)
	}
	done := map[string]bool{}
	row, ok := OSTRowByRef(in, "SC", "SC_CITIES/Myrtle Beach")
	if !ok {
		return fmt.Errorf("OpenSalesTax has no Myrtle Beach")
	}
	p, ok := s.Place("Myrtle Beach", MustCounty(s, "Horry"))
	if !ok {
		return fmt.Errorf("no place Myrtle Beach in Horry County")
	}
	id := s.City(p)
	if err := s.AddRate(id, "", row.Rate, civil.Period{}, SrcOpenSalesTax); err != nil {
		return err
	}
	s.Represent(row, id)
	done[row.Ref] = true
	return s.ReconcileOST(OSTRowsExcept(in, "SC", done))
}
