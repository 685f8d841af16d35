// Package nolocal is the part of the generator of Levy's dataset for the
// states without local sales tax: the table nolocal.csv lists them, each
// with its sourcing rule, and one builder accounts for their source rows.
package nolocal

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
)

// dir is the folder of the package in the repository.
const dir = "internal/datagen/states/nolocal"

// table is nolocal.csv: a state a line, with the state's sourcing rule
// in a sentence.
//
//go:embed nolocal.csv
var table []byte

// columns are the columns of the table.
var columns = []string{"state", "sourcing"}

// New returns the part of each state of the table: its note (the title
// is the state's name) and the builder.
func New() ([]datagen.StateDef, error) {
	recs, err := csv.NewReader(bytes.NewReader(table)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s/nolocal.csv: %w", dir, err)
	}
	if len(recs) == 0 || !slices.Equal(recs[0], columns) {
		return nil, fmt.Errorf("%s/nolocal.csv: the header is not %q", dir, columns)
	}
	var out []datagen.StateDef
	for i, rec := range recs[1:] {
		ref := fmt.Sprintf("%s/nolocal.csv:%d", dir, i+2)
		code, sourcing := rec[0], strings.TrimSpace(rec[1])
		sub, ok := jurisdiction.SubdivisionOf("US", code)
		if !ok || sub.Code != code {
			return nil, fmt.Errorf("%s: %q is not the postal code of a US state", ref, code)
		}
		if sourcing == "" {
			return nil, fmt.Errorf("%s: %s has no sourcing rule", ref, code)
		}
		out = append(out, datagen.StateDef{Code: code, Dir: dir, Note: datagen.NoLocalTaxNote(code, sub.Name, sourcing, ref), Build: build})
	}
	return out, nil
}

// build is the builder of a state without local sales taxes: it accounts
// for the source rows of the state (the state rate, any local row)
// against the state table.
func build(s *datagen.State, in *datagen.Inputs) error {
	for _, row := range in.Taxlocus[s.Sub.Code] {
		s.Refuse(row, "%s has no local sales tax (see %s/nolocal.csv)", s.Sub.Name, dir)
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}
