package taxarea_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// TestPostalNeighbourhoodOfCity: a ZIP code whose postal name is a
// neighbourhood of a city (no place of the state has that name) and
// which no source lists under a city is hinted to the incorporated
// place holding its representative point, so that the address is first
// the city, not the county outside its places at confidence 80.
func TestPostalNeighbourhoodOfCity(t *testing.T) {
	r, err := taxarea.New(context.Background(), data.Default())
	if err != nil {
		t.Fatal(err)
	}
	res := checkPlaceThenRest(t, r, "Cordova", "TN", "38016", "Memphis")
	if !hasJurisdiction(res[1], "US-47157") {
		t.Errorf("Cordova: second result %+v is not in Shelby County (US-47157)", res[1].Jurisdictions)
	}

	for _, c := range []struct{ city, state, zip, want string }{
		{"Kingwood", "TX", "77339", "Houston"},
		{"North Hollywood", "CA", "91601", "Los Angeles"},
		{"Van Nuys", "CA", "91401", "Los Angeles"},
		{"San Pedro", "CA", "90731", "Los Angeles"},
		{"Encino", "CA", "91436", "Los Angeles"},
		{"Reseda", "CA", "91335", "Los Angeles"},
		{"Wilmington", "CA", "90744", "Los Angeles"},
		{"La Jolla", "CA", "92037", "San Diego"},
	} {
		res := lookupCity(t, r, c.city, c.state, c.zip)
		if got := cityOf(res[0]); got != c.want {
			t.Errorf("%s, %s %s: first city %q, want %q", c.city, c.state, c.zip, got, c.want)
		}
		if res[0].ConfidenceIndicator != "60" {
			t.Errorf("%s, %s %s: first confidence %s, want 60", c.city, c.state, c.zip, res[0].ConfidenceIndicator)
		}
	}

	// Nashville's neighbourhoods are hinted too; their answer stays the
	// county's, since the metropolitan government's tax area is Davidson
	// County's.
	l, err := data.Default().Local()
	if err != nil {
		t.Fatal(err)
	}
	for _, zip := range []uint32{37013, 37076, 37115, 37138} {
		h := l.ZIPHint(zip)
		if h < 0 || l.PlaceName(h) != "Nashville-Davidson metropolitan government (balance)" {
			name := ""
			if h >= 0 {
				name = l.PlaceName(h)
			}
			t.Errorf("ZIP %05d: hint %d %q, want Nashville-Davidson", zip, h, name)
		}
	}
}

func hasJurisdiction(lr wire.LookupResult, id string) bool {
	for _, j := range lr.Jurisdictions {
		if j.JurisdictionID == id {
			return true
		}
	}
	return false
}
