package taxareatest

import (
	"math"
	"math/rand/v2"
	"strings"
)

// The seeds of the point sets (math/rand/v2 PCG).
const (
	usSeed1, usSeed2       = 2026, 1121
	worldSeed1, worldSeed2 = 2026, 1122
)

// usBox bounds the 50 states and DC in degrees. Alaska's Aleutians cross the
// antimeridian, so the box runs east from 172.4°E across it to 66.9°W, given
// here as 293.1°E.
var usBox = struct{ south, north, west, east float64 }{18.9, 71.4, 172.4, 293.1}

// IsUSState reports whether a division ID (as taxarea.Point.Division holds
// it) is one of the 50 states or DC, not a territory.
func IsUSState(division string) bool {
	switch division {
	case "US-AS", "US-GU", "US-MP", "US-PR", "US-UM", "US-VI":
		return false
	}
	return strings.HasPrefix(division, "US-")
}

// USPoints returns n pseudo-random points, as {lat, lng}, drawn uniformly in
// latitude and longitude over the bounding box of the 50 states and DC and
// kept when division (typically the Division of taxarea.Resolver.Locate)
// names a state or DC.
func USPoints(n int, division func(lat, lng float64) string) [][2]float64 {
	rng := rand.New(rand.NewPCG(usSeed1, usSeed2))
	pts := make([][2]float64, 0, n)
	for len(pts) < n {
		lat := usBox.south + rng.Float64()*(usBox.north-usBox.south)
		lng := usBox.west + rng.Float64()*(usBox.east-usBox.west)
		if lng > 180 {
			lng -= 360
		}
		if IsUSState(division(lat, lng)) {
			pts = append(pts, [2]float64{lat, lng})
		}
	}
	return pts
}

// WorldPoints returns n pseudo-random points, as {lat, lng}, distributed
// uniformly over the sphere: the sine of the latitude is uniform in
// [-1, 1] and the longitude in [-180, 180). Most of them are at sea.
func WorldPoints(n int) [][2]float64 {
	rng := rand.New(rand.NewPCG(worldSeed1, worldSeed2))
	pts := make([][2]float64, n)
	for i := range pts {
		z := 2*rng.Float64() - 1
		lng := 360*rng.Float64() - 180
		pts[i] = [2]float64{math.Asin(z) * 180 / math.Pi, lng}
	}
	return pts
}
