package taxarea

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

// TestPlaceWithSeparatePartsLocates: Athens, Texas (US-4804504, in
// Henderson County) has two parts and three enclaves, and two of its
// parts come within a few metres of each other. Its boundary must hold
// its own centre and not the rest of the state: a point in Athens
// answers the city, and Kingwood, in Houston 200 km away, does not.
func TestPlaceWithSeparatePartsLocates(t *testing.T) {
	r := resolver(t)
	const athens, henderson = "US-4804504", "US-48213"
	if got := r.Locate(32.2044, -95.8553); got.County != henderson || got.Place != athens {
		t.Errorf("Athens's centre: Locate = %+v, want county %s and place %s", got, henderson, athens)
	}
	resp, err := r.LookupCoordinates(context.Background(), wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 32.2044, Longitude: -95.8553}})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(resp.LookupResults[0]); !slices.Contains(got, henderson) || !slices.Contains(got, athens) {
		t.Errorf("Athens's centre: LookupCoordinates gave %v, want %s and %s", got, henderson, athens)
	}

	// Kingwood (ZIP 77339's point, GeoNames) is in Harris County and in
	// Houston (US-4835000).
	if got := r.Locate(30.0569, -95.1835); got.County != "US-48201" || got.Place != "US-4835000" {
		t.Errorf("Kingwood: Locate = %+v, want county US-48201 and place US-4835000", got)
	}
	// A point of Henderson County east of the city is the county's
	// alone (the boundary turned inside out gave it to Athens).
	if got := r.Locate(32.2342, -95.7391); got.County != henderson || got.Place != "" {
		t.Errorf("Henderson County outside Athens: Locate = %+v, want county %s and no place", got, henderson)
	}

	// LaRue (ZIP 75770, an unincorporated community of Henderson County
	// 25 km east of Athens) was hinted to Athens by the boundary turned
	// inside out; it is the county outside its cities.
	resp, err = r.LookupAddress(context.Background(), wire.AddressLookupRequest{
		PostalAddress: wire.PostalAddress{City: "Larue", MainDivision: "TX", PostalCode: "75770", Country: "US"}})
	if err != nil {
		t.Fatal(err)
	}
	for i, res := range resp.LookupResults {
		if got := ids(res); slices.Contains(got, athens) {
			t.Errorf("Larue, TX 75770: result %d is %v, in Athens", i, got)
		}
	}
	if got := ids(resp.LookupResults[0]); !slices.Equal(got, []string{"US", "US-TX", henderson}) {
		t.Errorf("Larue, TX 75770: first result %v, want Henderson County outside its cities", got)
	}
}

// TestZIPHintStaysInItsCounties: a ZIP code whose postal name is no
// place is hinted to the incorporated place holding its point only when
// that place lies in one of the ZIP code's counties. GeoNames only
// estimates the points of Joint Base McGuire-Dix-Lakehurst's ZIP codes
// (Burlington County), which fall in Trenton (Mercer County), and that
// of Mid Florida's (Volusia County), which falls in Lake Mary (Seminole
// County).
func TestZIPHintStaysInItsCounties(t *testing.T) {
	l, err := data.Default().Local()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		zip   uint32
		wrong string
	}{{8640, "Trenton"}, {8641, "Trenton"}, {32745, "Lake Mary"}} {
		if h := l.ZIPHint(c.zip); h >= 0 && l.PlaceName(h) == c.wrong {
			t.Errorf("ZIP %05d is hinted to %s (%s), a city of another county", c.zip, l.PlaceName(h), l.PlaceCode(h))
		}
	}
}
