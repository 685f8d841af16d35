package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestCountryBesideAPointOrACode: a destination that sends its country
// beside coordinates or a government code is placed by them, as the
// same location without its country is (a country alone is not an
// address that places a US sale); a point in another country than the
// one named, or a code the country lacks, leaves the country to decide;
// a bad code in the US is refused naming the location.
func TestCountryBesideAPointOrACode(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	taxOf := func(t *testing.T, dest *wire.Location) (*wire.SaleResponse, error) {
		t.Helper()
		req := usSale("", "", "", "", "GENERAL", "100.00")
		req.Customer.Destination = dest
		return e.Sale(ctx, req)
	}
	ids := func(r *wire.SaleResponse) string {
		var out []string
		for _, x := range r.LineItems[0].Taxes {
			out = append(out, x.Jurisdiction.JurisdictionID)
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct {
		name       string
		with, bare *wire.Location
	}{
		{"point", &wire.Location{Latitude: "34.0522", Longitude: "-118.2437", Country: "US"}, &wire.Location{Latitude: "34.0522", Longitude: "-118.2437"}},
		{"point, country by name", &wire.Location{Latitude: "34.0522", Longitude: "-118.2437", Country: "United States"}, &wire.Location{Latitude: "34.0522", Longitude: "-118.2437"}},
		{"county code", &wire.Location{ExternalJurisdictionCode: "06037", Country: "US"}, &wire.Location{ExternalJurisdictionCode: "06037"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, err := taxOf(t, c.bare)
			if err != nil {
				t.Fatal(err)
			}
			got, err := taxOf(t, c.with)
			if err != nil {
				t.Fatalf("with its country: %v", err)
			}
			if got.TotalTax.String() != want.TotalTax.String() || ids(got) != ids(want) || !strings.Contains(ids(got), "US-CA") {
				t.Errorf("with its country: %s (%s), without: %s (%s)", got.TotalTax, ids(got), want.TotalTax, ids(want))
			}
		})
	}

	// A point in Montreal named as Canada is placed in Quebec's tax
	// area, as the point's own lookup is; Canada alone is not.
	area := func(r *wire.SaleResponse) string { return r.Customer.Destination.TaxAreaID }
	montreal, err := e.Resolver().LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 45.5017, Longitude: -73.5673}})
	if err != nil || len(montreal.LookupResults) == 0 {
		t.Fatal(err)
	}
	var chain []string
	for _, j := range montreal.LookupResults[0].Jurisdictions {
		chain = append(chain, j.JurisdictionID)
	}
	if !strings.Contains(strings.Join(chain, " "), "CA-QC") {
		t.Fatalf("Montreal's point lies in %v", chain)
	}
	quebec, err := taxOf(t, &wire.Location{Latitude: "45.5017", Longitude: "-73.5673", Country: "CA"})
	if err != nil {
		t.Fatal(err)
	}
	canada, err := taxOf(t, &wire.Location{Country: "CA"})
	if err != nil {
		t.Fatal(err)
	}
	if area(quebec) != montreal.LookupResults[0].TaxAreaID || area(canada) == area(quebec) {
		t.Errorf("Montreal's point named Canada: area %s, want %s; Canada alone: %s", area(quebec), montreal.LookupResults[0].TaxAreaID, area(canada))
	}

	// A point in Los Angeles named as Canada: the named country decides.
	mixed, err := taxOf(t, &wire.Location{Latitude: "34.0522", Longitude: "-118.2437", Country: "CA"})
	if err != nil {
		t.Fatal(err)
	}
	if area(mixed) != area(canada) {
		t.Errorf("a Los Angeles point named Canada: area %s, want Canada's %s", area(mixed), area(canada))
	}
	// A code Canada lacks: Canada decides; one the US lacks is refused.
	if r, err := taxOf(t, &wire.Location{ExternalJurisdictionCode: "ZZ9", Country: "CA"}); err != nil || area(r) != area(canada) {
		t.Errorf("a code Canada lacks: %v", err)
	}
	_, err = taxOf(t, &wire.Location{ExternalJurisdictionCode: "99999", Country: "US"})
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || !strings.HasPrefix(le.Field, "customer.destination") {
		t.Errorf("a code the US lacks: %v", err)
	}
}
