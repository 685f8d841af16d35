package datagen

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// What the builders of several states share.

// OSTOverride says what becomes of one OpenSalesTax row instead of the
// common comparison: its rate wins over the primary source's (win: the
// publication that settles it), or it is refused (refuse: the reason),
// which holds only while the row disagrees with the state's content.
type OSTOverride struct {
	Win    string
	Refuse string
}

// ReconcileOSTWith accounts for the state's OpenSalesTax rows: those
// that over names as it says (a winning row gives its county or city
// the row's rate, from OpenSalesTax), the others the common way
// (ReconcileOST). Every name in over must be a row of the export, and
// a refused row must still disagree with the county or city the state
// built.
func (s *State) ReconcileOSTWith(in *Inputs, over map[string]OSTOverride) error {
	st := s.Sub.Code
	used := map[string]bool{}
	for _, row := range in.OSTRows[st] {
		o, ok := over[row.Ref]
		if !ok {
			continue
		}
		used[row.Ref] = true
		table, key, _ := strings.Cut(row.Ref, "/")
		county := strings.Contains(table, "COUNTY")
		if o.Refuse != "" {
			if v, ok := s.ostKeyRate(county, key, row.When); ok && v.Equal(row.Rate) {
				return fmt.Errorf("%s: OpenSalesTax's %s%% agrees with the %s content now; drop the refusal", row.Ref, row.Rate.Shift(2), s.Sub.Name)
			}
			s.Refuse(row, "%s", o.Refuse)
			continue
		}
		var id string
		if county {
			fips, ok := s.County(key)
			if !ok {
				return fmt.Errorf("%s: no county %q", row.Ref, key)
			}
			if err := s.SetCountyRate(fips, "", row.Rate, civil.Period{}, SrcOpenSalesTax); err != nil {
				return err
			}
			id = "US-" + fips
		} else {
			p, ok := s.Place(key, "")
			if !ok {
				return fmt.Errorf("%s: no single place %q", row.Ref, key)
			}
			id = s.City(p)
			if err := s.SetRate(id, "", row.Rate, civil.Period{}, SrcOpenSalesTax); err != nil {
				return fmt.Errorf("%s: %w", row.Ref, err)
			}
		}
		s.Represent(row, id)
	}
	for ref := range over {
		if !used[ref] {
			return fmt.Errorf("%s: OpenSalesTax has no row %s", st, ref)
		}
	}
	return s.ReconcileOST(OSTRowsExcept(in, st, used))
}

// ostKeyRate returns the rate on d of the county (county) or else the
// single place that the key of an OpenSalesTax row names, if the state's
// content gives it one.
func (s *State) ostKeyRate(county bool, key string, d civil.Date) (decimal.Decimal, bool) {
	if county {
		if fips, ok := s.County(key); ok {
			return s.L.rateOn("US-"+fips, d)
		}
		return decimal.Zero, false
	}
	if p, ok := s.Place(key, ""); ok {
		return s.L.rateOn("US-"+p.Code, d)
	}
	return decimal.Zero, false
}

// OSTRowByRef returns the OpenSalesTax row of a state with the given
// reference ("TABLE/key").
func OSTRowByRef(in *Inputs, st, ref string) (Row, bool) {
	for _, r := range in.OSTRows[st] {
		if r.Ref == ref {
			return r, true
		}
	}
	return Row{}, false
}

// OSTRowsExcept returns inputs whose OpenSalesTax rows of state st leave
// out those a builder has already accounted for (by reference), for the
// common reconciliation of the rest.
func OSTRowsExcept(in *Inputs, st string, done map[string]bool) *Inputs {
	out := *in
	out.OSTRows = map[string][]Row{}
	for k, rows := range in.OSTRows {
		if k != st {
			out.OSTRows[k] = rows
			continue
		}
		out.OSTRows[k] = slices.DeleteFunc(slices.Clone(rows), func(r Row) bool { return done[r.Ref] })
	}
	return &out
}

// JSONInto decodes a raw JSON constant of the OpenSalesTax export.
func JSONInto(raw []byte, v any) error {
	if len(raw) == 0 {
		return fmt.Errorf("%s: a constant is missing", OSTFile)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s: %w", OSTFile, err)
	}
	return nil
}

// BuildFromSST reads a state's SST rate file and accounts for the other
// sources' rows against it.
func BuildFromSST(s *State, in *Inputs) error {
	if err := s.ApplySST(in); err != nil {
		return err
	}
	s.ReconcileTaxlocus(in, "the SST rate file")
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}
