package taxarea

import (
	"strconv"

	"github.com/golang/geo/s2"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

// cityReachMin is the least reach of a ZIP code, in metres: how far from
// its representative point a city's boundary may pass and the city still
// share the ZIP code. The Census boundaries are generalised and 2015's,
// and a ZIP code's point is one point of an area; a ZIP code whose land
// is wide reaches as far as its radius (data.ZIP.Radius).
const cityReachMin = 3000

// cityConflict is a city that an address names beside a ZIP code that
// it does not contain (see Resolver.checkCity).
type cityConflict struct {
	place  int    // the place the city names, an index of the local table, or -1
	county uint32 // the county (FIPS number) of that place
	// zipWins reports that the ZIP code lies beyond any part of the
	// city: the lookup places the address by the ZIP code, and the city
	// is the last result. Otherwise the city may hold part of the ZIP
	// code: the lookup places the address in the city, and where the
	// ZIP code lies is the last result.
	zipWins bool
	// elsewhere reports that the city lies in none of the ZIP code's
	// counties.
	elsewhere bool
	zip5      string
	where     string  // the place or postal name of the ZIP code, or ""
	away      float64 // kilometres from the city's boundary to the ZIP code's point; negative when unknown
}

// checkCity tells whether the city whose key (data.PlaceKey) is cityKey,
// named beside ZIP code zip5 (z) in state, contradicts the ZIP code; ok
// is false when it does not. Either way c.place and c.county are the
// place the city names (-1 for none) and its county: the first of the
// ZIP code's counties that holds it, else (c.elsewhere) its main one. The city
// contradicts the ZIP code when it is a place of the state that the
// dataset knows, neither the place that the ZIP code mainly serves (its
// hint) nor its postal place name, and
//
//   - its Census boundary passes farther from the ZIP code's point than
//     the ZIP code reaches (its reach: the larger of cityReachMin and
//     the ZIP code's radius); or
//   - it lies in none of the ZIP code's counties.
//
// The ZIP code wins (cityConflict.zipWins) when the city lies in none of
// its counties or more than twice its reach away: the two cannot both be
// right, and the ZIP code, by which the goods are delivered, places an
// address more surely than a city name. Nearer, the city may hold part
// of the ZIP code (ZIP codes cross city lines, and the boundaries miss
// the annexations since 2015) and names the taxing place more narrowly
// than the ZIP code: the city wins.
//
// A name that is no place of the state contradicts nothing: it may be a
// mailing name (see usAddress). A place without a boundary in the
// dataset, or a ZIP code without a point, in the same county, cannot be
// told apart and contradicts nothing either.
//
// The usual address, a city that is the ZIP code's postal name, costs a
// probe of the place names and a string comparison, and allocates
// nothing.
func (r *Resolver) checkCity(state, cityKey, zip5 string, z data.ZIPRef) (c cityConflict, ok bool) {
	c.place = -1
	if z.NumCounties() == 0 {
		return c, false // a ZIP code placed in its state alone
	}
	for k := range z.NumCounties() {
		fips := countyFIPS(z.County(k).Jurisdiction)
		if p := r.local.FindPlaceKey(state, cityKey, fips); p >= 0 {
			c.place, c.county = p, fips
			break
		}
	}
	if c.place < 0 {
		p := r.local.FindPlaceKey(state, cityKey, 0)
		if p < 0 {
			return c, false
		}
		c.place, c.county, c.elsewhere, c.zipWins = p, r.local.PlaceMainCounty(p), true, true
	}
	// The ZIP code's postal name, first as the Census writes the place
	// (the usual address: a string comparison), then folded; then the
	// place the ZIP code mainly serves.
	postal := z.Place()
	if postal != "" && (postal == r.local.PlaceName(c.place) || data.PlaceKey(postal) == cityKey) {
		return c, false
	}
	hint := r.local.ZIPHint(zipNumber(zip5))
	if hint == c.place {
		return c, false
	}
	c.zip5, c.where, c.away = zip5, postal, -1
	if hint >= 0 {
		c.where = r.local.PlaceName(hint)
	}
	lat, lng, hasPoint := z.Point()
	if b := r.boundOf[c.place]; b >= 0 && hasPoint {
		la, ln := float64(lat)/1e6, float64(lng)/1e6
		if _, at := r.locate(la, ln); at == c.place {
			return c, false
		}
		metres := r.points.distance(b, s2.PointFromLatLng(s2.LatLngFromDegrees(la, ln))).Radians() * earthRadiusMetres
		reach := float64(max(cityReachMin, z.Radius()))
		if !c.elsewhere && metres <= reach {
			return c, false
		}
		c.away = metres / 1000
		c.zipWins = c.zipWins || metres > 2*reach
		return c, true
	}
	// Nothing tells a place of the ZIP code's counties from the ZIP code.
	return c, c.elsewhere
}

// status is the BAD_REGION_FIELDS status of the conflict: what the
// lookup found, which of the two it used (the ZIP code when zipUsed,
// else the city) and why, and the member it set aside as at fault.
func (c *cityConflict) status(r *Resolver, zipUsed bool) wire.Status {
	name := r.local.PlaceName(c.place)
	v := "ZIP code " + c.zip5
	if c.where != "" {
		v += " (" + c.where + ")"
	}
	v += " lies "
	if c.away >= 0 {
		v += strconv.FormatFloat(c.away, 'f', 1, 64) + " km "
	}
	switch {
	case c.elsewhere:
		v += "outside " + name + ", in another county"
	case c.zipWins:
		v += "outside " + name + ", too far for any of it to lie there"
	default:
		v += "outside " + name + ", near enough that part of it may lie there"
	}
	if zipUsed {
		return wire.Status{LookupResult: wire.BadRegionFields, Field: "city",
			Value: v + ": the lookup used the ZIP code, which places an address more surely than a city name"}
	}
	return wire.Status{LookupResult: wire.BadRegionFields, Field: "postalCode",
		Value: v + ": the lookup used the city, which names the taxing place more narrowly than a ZIP code"}
}

// zipPlace returns the place that ZIP code zip5, whose postal place name
// is postal, mainly serves in the county with FIPS number fips of state:
// its hint when that lies in the county, else the place of its postal
// name there, else -1.
func (r *Resolver) zipPlace(state, zip5, postal string, fips uint32) int {
	if h := r.local.ZIPHint(zipNumber(zip5)); h >= 0 && r.local.PlaceInCounty(h, fips) {
		return h
	}
	if postal != "" {
		return r.local.FindPlace(state, postal, fips)
	}
	return -1
}
