package taxarea

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/wire"
)

// TestZIPContentWithoutAZIPSaysWhatIsLeftOut: with a ZIP rate table of
// Washington loaded, an address in Bellevue without its ZIP code, and a
// point in Bellevue, cannot reach the table's Bellevue rate (3.8%), which
// the table gives by ZIP code alone. They got King County's area at
// confidence 100 with a bare NORMAL status, so a sale there was taxed at
// the state's rate with no word that the city's tax was left out. They
// now say so, at confidence 50, as a ZIP code the table lacks does; the
// address with its ZIP code is unchanged.
func TestZIPContentWithoutAZIPSaysWhatIsLeftOut(t *testing.T) {
	ctx := context.Background()
	ds := data.Default()
	o, err := content.Load(ctx, ds, content.Options{AsOf: civil.MustParse("2026-08-01")},
		content.Source{Path: filepath.Join("..", "data", "content", "testdata", "zip5-washington.csv")})
	if err != nil {
		t.Fatal(err)
	}
	over, err := ds.WithOverlay(o)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(ctx, over)
	if err != nil {
		t.Fatal(err)
	}
	const gap = "gives the local rates of WA by ZIP code"
	check := func(t *testing.T, res *wire.LookupResponse, err error, what string) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if len(res.LookupResults) == 0 {
			t.Fatalf("%s: no result", what)
		}
		for _, lr := range res.LookupResults {
			said := false
			for _, s := range lr.Statuses {
				said = said || strings.Contains(s.Value, gap)
			}
			if !said || lr.ConfidenceIndicator != "50" {
				t.Errorf("%s: confidence %s, statuses %+v: want 50 and a status that the content's local rates are by ZIP code",
					what, lr.ConfidenceIndicator, lr.Statuses)
			}
		}
	}
	t.Run("city without a ZIP code", func(t *testing.T) {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Bellevue", MainDivision: "WA"}})
		check(t, res, err, "Bellevue, WA")
	})
	t.Run("point", func(t *testing.T) {
		res, err := r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 47.6101, Longitude: -122.2015}})
		check(t, res, err, "a point in Bellevue")
	})
	t.Run("with its ZIP code", func(t *testing.T) {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Bellevue", MainDivision: "WA", PostalCode: "98004"}})
		if err != nil {
			t.Fatal(err)
		}
		lr := res.LookupResults[0]
		if lr.ConfidenceIndicator != "100" || !strings.Contains(jurisdictionIDs(lr), "US-WA-Z-BELLEVUE-CITY") {
			t.Errorf("Bellevue, WA 98004: confidence %s, %s", lr.ConfidenceIndicator, jurisdictionIDs(lr))
		}
	})
	t.Run("a state of no content", func(t *testing.T) {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Portland", MainDivision: "OR"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.LookupResults[0].Statuses {
			if strings.Contains(s.Value, "by ZIP code") {
				t.Errorf("Portland, OR: %+v", res.LookupResults[0].Statuses)
			}
		}
	})
}

// jurisdictionIDs returns a result's jurisdiction IDs, space-separated.
func jurisdictionIDs(lr wire.LookupResult) string {
	var ids []string
	for _, j := range lr.Jurisdictions {
		ids = append(ids, j.JurisdictionID)
	}
	return strings.Join(ids, " ")
}
