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
func buildSC(s *localState, in *localInputs) error {
	if err := s.applyTaxlocus(in, taxlocusOptions{}); err != nil {
		return err
	}
	if r, ok := in.taxlocusStates["SC"]; ok {
		s.compareStateRate(r)
	}
	done := map[string]bool{}
	row, ok := ostRowByRef(in, "SC", "SC_CITIES/Myrtle Beach")
	if !ok {
		return fmt.Errorf("OpenSalesTax has no Myrtle Beach")
	}
	p, ok := s.Place("Myrtle Beach", mustCounty(s, "Horry"))
	if !ok {
		return fmt.Errorf("no place Myrtle Beach in Horry County")
	}
	id := s.City(p)
	if err := s.addRate(id, "", row.rate, civil.Period{}, srcOpenSalesTax); err != nil {
		return err
	}
	s.Represent(row, id)
	done[row.ref] = true
	return s.reconcileOST(ostRowsExcept(in, "SC", done))
}
