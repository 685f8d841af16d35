package taxarea

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestNilAndZeroResolver calls every lookup of a nil Resolver and of a
// zero one (which New did not make) with zero requests and dates: each
// fails with levy.EInvalid saying the Resolver was not made by New, the
// getters answer nothing, and none panics. New refuses a nil dataset
// naming ds, with or without a nil option.
func TestNilAndZeroResolver(t *testing.T) {
	ctx := context.Background()
	var d civil.Date
	for name, r := range map[string]*Resolver{"nil": nil, "zero": {}} {
		calls := map[string]func() error{
			"ChangedTaxAreas": func() error { _, err := r.ChangedTaxAreas(ctx, d, d); return err },
			"Find":            func() error { _, err := r.Find(ctx, []wire.Search{{}}); return err },
			"LookupAddress":   func() error { _, err := r.LookupAddress(ctx, wire.AddressLookupRequest{}); return err },
			"LookupCoordinates": func() error {
				_, err := r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{})
				return err
			},
			"LookupExternal": func() error {
				_, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{})
				return err
			},
			"LookupTaxAreaID": func() error { _, err := r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{}); return err },
			"TaxAreaChanged":  func() error { _, err := r.TaxAreaChanged(ctx, "", d, d); return err },
		}
		for method, call := range calls {
			err := call()
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EInvalid || !strings.Contains(err.Error(), "not made by taxarea.New") {
				t.Errorf("%s Resolver: %s gave %v, want an invalid error saying it was not made by New", name, method, err)
			}
		}
		if _, ok := r.Country("DE"); ok {
			t.Errorf("%s Resolver knows DE", name)
		}
		if _, _, ok := r.Region(wire.PostalAddress{}); ok {
			t.Errorf("%s Resolver places an empty address", name)
		}
		if r.DatasetVersion() != "" || len(r.Shapes()) != 0 {
			t.Errorf("%s Resolver has dataset %q and %d shapes", name, r.DatasetVersion(), len(r.Shapes()))
		}
		r.Locate(math.NaN(), math.Inf(1))
	}
	for name, opts := range map[string][]Option{"no options": nil, "a nil option": {nil}} {
		_, err := New(ctx, nil, opts...)
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != "ds" {
			t.Errorf("New of a nil dataset, %s: %v, want an error naming ds", name, err)
		}
	}
	if got := BuildCellTables(nil); got != nil {
		t.Errorf("BuildCellTables(nil) = %v", got)
	}
	for _, id := range []string{"", "\xff", "-1", "99999999999999999999999999"} {
		if err := ValidateTaxAreaID("taxAreaId", id); err == nil || !strings.Contains(err.Error(), "taxAreaId") {
			t.Errorf("ValidateTaxAreaID(%q) = %v, want an error naming taxAreaId", id, err)
		}
	}
}
