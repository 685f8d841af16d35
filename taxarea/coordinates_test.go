package taxarea

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/golang/geo/r3"
	"github.com/golang/geo/s2"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

func TestLocateRealPlaces(t *testing.T) {
	r := resolver(t)
	cases := []struct {
		name                             string
		lat, lng                         float64
		country, division, county, place string
	}{
		// Landmarks.
		{"Empire State Building", 40.748817, -73.985428, "US", "US-NY", "US-36061", ""},
		{"Space Needle", 47.620506, -122.349277, "US", "US-WA", "US-53033", "US-5363000"},
		{"Gateway Arch, St. Louis city", 38.624691, -90.184776, "US", "US-MO", "US-29510", "US-2965000"},
		{"Golden Gate Park", 37.769421, -122.486214, "US", "US-CA", "US-06075", "US-0667000"},
		{"Las Vegas Strip", 36.114647, -115.172813, "US", "US-NV", "US-32003", ""},
		{"Honolulu, Iolani Palace", 21.306944, -157.858611, "US", "US-HI", "US-15003", ""},
		{"Anchorage", 61.218056, -149.900278, "US", "US-AK", "US-02020", ""},
		{"New Orleans, a parish", 29.951065, -90.071533, "US", "US-LA", "US-22071", ""},
		// Both sides of state lines.
		{"Kansas City, Kansas side", 39.03, -94.625, "US", "US-KS", "US-20091", "US-2022700"},
		{"Kansas City, Missouri side", 39.03, -94.59, "US", "US-MO", "US-29095", "US-2938000"},
		{"Texarkana, Texas side", 33.44, -94.12, "US", "US-TX", "US-48037", "US-4850352"},
		{"Texarkana, Arkansas side", 33.425, -94.02, "US", "US-AR", "US-05091", "US-0568810"},
		{"Lake Tahoe, Nevada shore", 39.0968, -119.9426, "US", "US-NV", "US-32005", ""},
		{"Lake Tahoe, California shore", 39.0968, -120.0426, "US", "US-CA", "US-06061", ""},
		// Both sides of national borders.
		{"Detroit", 42.331427, -83.045754, "US", "US-MI", "US-26163", ""},
		{"Windsor", 42.301, -83.03, "CA", "CA-ON", "", ""},
		{"Niagara Falls, New York", 43.0962, -79.0377, "US", "US-NY", "US-36063", ""},
		{"Niagara Falls, Ontario", 43.0896, -79.0849, "CA", "CA-ON", "", ""},
		{"El Paso", 31.761878, -106.485022, "US", "US-TX", "US-48141", "US-4824000"},
		{"Ciudad Juárez", 31.690363, -106.424547, "MX", "", "", ""},
		// Territories.
		{"San Juan, Puerto Rico", 18.465539, -66.105735, "US", "US-PR", "US-72127", ""},
		{"Hagåtña, Guam", 13.475732, 144.748871, "US", "US-GU", "US-66010", ""},
		{"Charlotte Amalie, USVI", 18.341900, -64.930700, "US", "US-VI", "US-78030", ""},
		{"Pago Pago, American Samoa", -14.275632, -170.702036, "US", "US-AS", "US-60010", ""},
		{"Saipan", 15.177801, 145.750967, "US", "US-MP", "US-69110", ""},
		// Canada.
		{"Parliament Hill, Ottawa", 45.4236, -75.7009, "CA", "CA-ON", "", ""},
		{"Montreal", 45.5017, -73.5673, "CA", "CA-QC", "", ""},
		{"Vancouver", 49.2827, -123.1207, "CA", "CA-BC", "", ""},
		{"Iqaluit", 63.7467, -68.5170, "CA", "CA-NU", "", ""},
		// Other countries, antimeridian and poles.
		{"Eiffel Tower", 48.858370, 2.294481, "FR", "", "", ""},
		{"Brandenburg Gate", 52.516275, 13.377704, "DE", "", "", ""},
		{"Sydney Opera House", -33.856784, 151.215297, "AU", "", "", ""},
		{"Tokyo Tower", 35.658581, 139.745433, "JP", "", "", ""},
		// Brazil's states are the subdivision layer's too.
		{"Brasília", -15.793889, -47.882778, "BR", "BR-DF", "", ""},
		{"São Paulo, Praça da Sé", -23.5503, -46.6339, "BR", "BR-SP", "", ""},
		{"Fiji, Viti Levu", -17.8, 178.0, "FJ", "", "", ""},
		{"Chukotka, west of 180°", 65.5, -175.0, "RU", "", "", ""},
		{"Wrangel Island, across 180°", 71.2589, -179.4208, "RU", "", "", ""},
		{"Fiji, an island across 180°", -16.4989, -179.9696, "FJ", "", "", ""},
		{"Antarctica", -82.0, 30.0, "AQ", "", "", ""},
		{"Pristina, Kosovo", 42.6629, 21.1655, "XK", "", "", ""},
		// Open sea.
		{"Pacific Ocean", 0, -150, "", "", "", ""},
		{"Atlantic Ocean", 30, -40, "", "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := r.Locate(c.lat, c.lng)
			want := Point{Country: c.country, Division: c.division, County: c.county, Place: c.place}
			if got != want {
				t.Errorf("Locate(%v, %v) = %+v, want %+v", c.lat, c.lng, got, want)
			}
		})
	}
}

func TestLookupCoordinatesResult(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	resp, err := r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 40.748817, Longitude: -73.985428}})
	if err != nil {
		t.Fatal(err)
	}
	res := resp.LookupResults[0]
	if got, want := ids(res), []string{"US", "US-NY", "US-36061", "US-3651000", "US-NY-D-MCTD"}; !equal(got, want) {
		t.Errorf("jurisdictions = %v, want %v", got, want)
	}
	if res.TaxAreaID != AreaID([]string{"US", "US-NY", "US-36061", "US-3651000", "US-NY-D-MCTD"}) || res.AsOfDate != testToday {
		t.Errorf("taxAreaId %s asOf %s", res.TaxAreaID, res.AsOfDate)
	}
	if res.Jurisdictions[2].ExternalJurisdictionCode != "36061" || res.Jurisdictions[1].ExternalJurisdictionCode != "36" {
		t.Errorf("external codes = %+v", res.Jurisdictions)
	}

	// The sea is a result with no jurisdictions, not an error.
	resp, err = r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: -40, Longitude: -120}})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(resp.LookupResults); n != 1 || len(resp.LookupResults[0].Jurisdictions) != 0 || resp.LookupResults[0].TaxAreaID != "" {
		t.Errorf("open sea gave %+v", resp.LookupResults)
	}

	// A point just off a generalised coastline takes the nearest county.
	resp, err = r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 41.8890, Longitude: -87.6050}}) // Navy Pier, Chicago
	if err != nil {
		t.Fatal(err)
	}
	if res := resp.LookupResults[0]; !slices.Contains(ids(res), "US-17031") || slices.Contains(ids(res), "US-1714000") {
		t.Errorf("Navy Pier gave %v (confidence %s)", ids(res), res.ConfidenceIndicator)
	}
}

func TestLookupCoordinatesValidation(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	_, err := r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{})
	wantField(t, err, "invalid", "coordinates")
	_, err = r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 91, Longitude: 0}})
	wantField(t, err, "invalid", "coordinates.latitude")
	_, err = r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 0, Longitude: -180.5}})
	wantField(t, err, "invalid", "coordinates.longitude")
}

// TestSharedVerticesBelongToOneCounty checks the semi-open vertex model: a
// vertex where neighbouring counties meet, each border shared edge for edge
// in opposite directions, is inside exactly one of them.
func TestSharedVerticesBelongToOneCounty(t *testing.T) {
	r := resolver(t)
	b, err := data.Default().Boundaries()
	if err != nil {
		t.Fatal(err)
	}
	type edge struct{ a, b data.Vertex }
	directed := map[edge]int{} // directed edge -> county index
	owners := map[data.Vertex][]int{}
	outgoing := map[data.Vertex][]edge{}
	for i, bd := range b.All {
		if bd.Layer != data.LayerUSCounty {
			continue
		}
		for _, l := range bd.Loops {
			for k, v := range l {
				e := edge{v, l[(k+1)%len(l)]}
				directed[e] = i
				owners[v] = append(owners[v], i)
				outgoing[v] = append(outgoing[v], e)
			}
		}
	}
	vertices := make([]data.Vertex, 0, len(owners))
	for v := range owners {
		vertices = append(vertices, v)
	}
	slices.SortFunc(vertices, func(a, b data.Vertex) int {
		if a.Lat != b.Lat {
			return int(a.Lat) - int(b.Lat)
		}
		return int(a.Lng) - int(b.Lng)
	})
	checked, bad := 0, 0
	for _, v := range vertices {
		os := owners[v]
		if len(os) < 3 {
			continue
		}
		// Inland: every edge leaving v is the reverse of another county's.
		inland := true
		for _, e := range outgoing[v] {
			if j, ok := directed[edge{e.b, e.a}]; !ok || j == directed[e] {
				inland = false
			}
		}
		if !inland {
			continue
		}
		p := s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
		in := 0
		for _, i := range os {
			if s2.NewContainsPointQuery(r.points.shapeIndex(int32(i)), s2.VertexModelSemiOpen).Contains(p) {
				in++
			}
		}
		if in != 1 {
			bad++
			t.Logf("vertex %v where %d counties meet is inside %d of them", v, len(os), in)
		}
		checked++
	}
	if checked < 1000 {
		t.Fatalf("only %d inland vertices checked", checked)
	}
	// The source's quantisation leaves a few slivers where counties
	// overlap or pinch; everywhere else a meeting point has one owner.
	if bad*200 > checked {
		t.Errorf("%d of %d inland vertices are not in exactly one county", bad, checked)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestLocateAgreesWithShapeIndex compares the cell-table search with
// s2.ContainsPointQuery over each boundary's own ShapeIndex, for random
// points and for points on and next to boundary vertices: the two must
// give the same answer everywhere.
func TestLocateAgreesWithShapeIndex(t *testing.T) {
	r := resolver(t)
	b, err := data.Default().Boundaries()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var pts []s2.Point
	for len(pts) < 3000 { // continental US and around
		pts = append(pts, s2.PointFromLatLng(s2.LatLngFromDegrees(24+rng.Float64()*26, -125+rng.Float64()*58)))
	}
	for len(pts) < 6000 { // anywhere
		pts = append(pts, s2.Point{Vector: r3vec(rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64())})
	}
	for i := 0; i < 2000; i++ { // on and a hair beside vertices
		bd := b.All[rng.IntN(len(b.All))]
		l := bd.Loops[rng.IntN(len(bd.Loops))]
		v := l[rng.IntN(len(l))]
		pts = append(pts, s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6)))
		pts = append(pts, s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6+1e-7, float64(v.Lng)/1e6-1e-7)))
	}
	byLayer := map[data.Layer][]int32{}
	for i := range r.points.bounds {
		byLayer[r.points.bounds[i].layer] = append(byLayer[r.points.bounds[i].layer], int32(i))
	}
	queries := make([]*s2.ContainsPointQuery, len(r.points.bounds))
	for i := range r.points.bounds {
		queries[i] = s2.NewContainsPointQuery(r.points.shapeIndex(int32(i)), s2.VertexModelSemiOpen)
	}
	for _, p := range pts {
		leaf := s2.CellFromPoint(p).ID()
		for _, l := range layerOrder {
			got, _ := r.points.locateIn(&r.points.grids[l], leaf, p)
			var want []int32
			for _, i := range byLayer[l] {
				if queries[i].Contains(p) {
					want = append(want, i)
				}
			}
			if len(want) > 1 {
				continue // an overlap in the source: either answer is defensible
			}
			if (len(want) == 0 && got != -1) || (len(want) == 1 && got != want[0]) {
				t.Fatalf("layer %v at %v: cell table says %d, ShapeIndex says %v", l, s2.LatLngFromPoint(p), got, want)
			}
		}
	}
}

func r3vec(x, y, z float64) r3.Vector { return r3.Vector{X: x, Y: y, Z: z}.Normalize() }
