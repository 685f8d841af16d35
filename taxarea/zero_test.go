package taxarea_test

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// TestResolverNotMade: a Resolver that New did not make, nil (the
// Resolver of an Engine that engine.New did not make) or zero, answers
// every lookup with levy.EInvalid and its other methods as for an
// unknown place, never with a panic.
func TestResolverNotMade(t *testing.T) {
	ctx := context.Background()
	seattle := wire.PostalAddress{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}
	from := civil.MustParse("2026-01-01")
	for name, r := range map[string]*taxarea.Resolver{"nil": nil, "zero": {}} {
		t.Run(name, func(t *testing.T) {
			invalid := func(call string, err error) {
				t.Helper()
				if levy.ErrorCode(err) != levy.EInvalid {
					t.Errorf("%s: error %v, want levy.EInvalid", call, err)
				}
			}
			_, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: seattle})
			invalid("LookupAddress", err)
			_, err = r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 47.6, Longitude: -122.3}})
			invalid("LookupCoordinates", err)
			_, err = r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: "123"})
			invalid("LookupTaxAreaID", err)
			_, err = r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "53", Country: "US"})
			invalid("LookupExternal", err)
			_, err = r.Find(ctx, []wire.Search{{LookupID: "1"}})
			invalid("Find", err)
			_, err = r.ChangedTaxAreas(ctx, from, civil.Date{})
			invalid("ChangedTaxAreas", err)
			_, err = r.TaxAreaChanged(ctx, "123", from, civil.Date{})
			invalid("TaxAreaChanged", err)
			if p := r.Locate(47.6, -122.3); p != (taxarea.Point{}) {
				t.Errorf("Locate: %+v, want a zero Point", p)
			}
			if c, ok := r.Country("US"); ok || c != "" {
				t.Errorf("Country: %q %v, want none", c, ok)
			}
			if c, s, ok := r.Region(seattle); ok || c != "" || s != "" {
				t.Errorf("Region: %q %q %v, want none", c, s, ok)
			}
			if s := r.Shapes(); s != nil {
				t.Errorf("Shapes: %d, want none", len(s))
			}
			if v := r.DatasetVersion(); v != "" {
				t.Errorf("DatasetVersion: %q", v)
			}
		})
	}
}

// TestNewRefusesNil: New refuses a nil dataset and a nil option as
// invalid, naming the parameter, instead of panicking.
func TestNewRefusesNil(t *testing.T) {
	ctx := context.Background()
	_, err := taxarea.New(ctx, nil)
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "ds" {
		t.Errorf("nil dataset: %v, want levy.EInvalid naming ds", err)
	}
	_, err = taxarea.New(ctx, data.Default(), taxarea.WithToday(civil.Today), nil)
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "opts[1]" {
		t.Errorf("nil option: %v, want levy.EInvalid naming opts[1]", err)
	}
}

// TestWithTodayNil: WithToday(nil) keeps the default clock, so that a
// lookup without an as-of date is answered as of today.
func TestWithTodayNil(t *testing.T) {
	ctx := context.Background()
	r, err := taxarea.New(ctx, data.Default(), taxarea.WithToday(nil))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "53", Country: "US"})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.LookupResults) == 0 || resp.LookupResults[0].AsOfDate != civil.Today() {
		t.Errorf("results %+v, want Washington as of today", resp.LookupResults)
	}
}
