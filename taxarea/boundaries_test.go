package taxarea

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestShapesListTheIDsLookupsGive checks that a map's boundaries name the
// taxAreaId a lookup gives for a point inside them on any day, also for an
// area one of whose jurisdictions is not in force then (Los Angeles: its
// chain holds taxes that start or stop on dated days, so a lookup as of
// today gives an ID other than the area's own).
func TestShapesListTheIDsLookupsGive(t *testing.T) {
	r := resolver(t)
	listed := map[string]bool{}
	for _, sh := range r.Shapes() {
		for _, id := range sh.TaxAreaIDs {
			listed[id] = true
		}
	}
	points := []struct {
		name     string
		lat, lng float64
	}{
		{"downtown Los Angeles", 34.0522, -118.2437},
		{"Santa Monica", 34.0195, -118.4912},
		{"Seattle", 47.6062, -122.3321},
		{"Chicago", 41.8781, -87.6298},
	}
	days := []string{"2016-06-01", "2020-01-01", "2024-07-01", "2026-11-29"}
	for _, p := range points {
		for _, day := range days {
			res, err := r.LookupCoordinates(context.Background(), wire.CoordinatesLookupRequest{
				Coordinates: &wire.Coordinates{Latitude: p.lat, Longitude: p.lng},
				AsOfDate:    civil.MustParse(day),
			})
			if err != nil {
				t.Fatalf("%s on %s: %v", p.name, day, err)
			}
			if len(res.LookupResults) == 0 || res.LookupResults[0].TaxAreaID == "" {
				t.Fatalf("%s on %s: no tax area", p.name, day)
			}
			id := res.LookupResults[0].TaxAreaID
			if !listed[id] {
				t.Errorf("%s on %s: the lookup gives taxAreaId %s, which no boundary lists", p.name, day, id)
			}
		}
	}
	// Each shape lists an ID once.
	for _, sh := range r.Shapes() {
		c := slices.Clone(sh.TaxAreaIDs)
		slices.Sort(c)
		if len(slices.Compact(c)) != len(sh.TaxAreaIDs) {
			t.Errorf("%s %s lists an ID twice: %v", sh.Layer, sh.Jurisdiction, sh.TaxAreaIDs)
		}
	}
}
