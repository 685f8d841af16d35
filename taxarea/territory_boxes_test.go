package taxarea

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestVATTerritoryBoxesCeutaMelillaHeligoland: a point in Ceuta or Melilla
// gives the city's own area (ES-CE, ES-ML: no VAT, the IPSI), and a point
// on Heligoland the island's (DE-X-HELIGOLAND: outside Germany for VAT),
// through the dataset's boxes (vat-territory-boxes.csv). Before, the
// generalised boundaries gave both cities to Morocco and left Heligoland
// in the open sea, with no jurisdiction at all. The Moroccan towns at
// their borders (Fnideq, Beni Ansar, Nador), Tangier, Cuxhaven and the
// open North Sea stand as guards.
func TestVATTerritoryBoxesCeutaMelillaHeligoland(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	today := civil.MustParse("2026-06-01")
	for _, c := range []struct {
		name     string
		lat, lng float64
		want     string // the last jurisdiction of the result, "" for none
	}{
		{"Ceuta, the port", 35.8894, -5.3198, "ES-CE"},
		{"Ceuta, Monte Hacho", 35.8950, -5.2920, "ES-CE"},
		{"Ceuta, west of the centre", 35.9000, -5.3600, "ES-CE"},
		{"Melilla", 35.2923, -2.9381, "ES-ML"},
		{"Heligoland", 54.1820, 7.8860, "DE-X-HELIGOLAND"},
		{"Heligoland's dune island", 54.1880, 7.9200, "DE-X-HELIGOLAND"},
		{"Fnideq", 35.8494, -5.3580, "MA"},
		{"Beni Ansar", 35.2500, -2.9300, "MA"},
		{"Nador", 35.1681, -2.9335, "MA"},
		{"Tangier", 35.7595, -5.8340, "MA"},
		{"Cuxhaven", 53.8600, 8.6900, "DE"},
		{"the North Sea", 54.5000, 7.5000, ""},
	} {
		res, err := r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: c.lat, Longitude: c.lng}, AsOfDate: today})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := ids(res.LookupResults[0])
		last := ""
		if len(got) > 0 {
			last = got[len(got)-1]
		}
		if last != c.want {
			t.Errorf("%s (%v, %v): %v, want the area of %q", c.name, c.lat, c.lng, got, c.want)
		}
	}
}
