package taxarea

import (
	"cmp"
	"context"
	"math"

	"github.com/golang/geo/s1"
	"github.com/golang/geo/s2"
	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// Point is the result of locating a point among the dataset's boundaries:
// the jurisdiction IDs of the containing country, first-level division
// (US state or territory, Canadian province) and US county, and the US
// Census place with a tax of its own ("US-" and its GEOID), "" where
// there is none. Locating a point does not allocate.
type Point struct {
	Country, Division, County, Place string
}

// Locate finds the jurisdictions whose boundaries contain the point at
// latitude lat and longitude lng (degrees): the country, and in the US and
// Canada the state, territory or province, and in the US the county. A
// point in the open sea gives a zero Point. Locate does not validate its
// input (see LookupCoordinates) and does not allocate.
func (r *Resolver) Locate(lat, lng float64) Point {
	if !r.made() {
		return Point{}
	}
	p, _ := r.locate(lat, lng)
	return p
}

// locate is Locate, with the index of the place in the local table (-1
// for none).
func (r *Resolver) locate(lat, lng float64) (Point, int) {
	h := r.points.locate(s2.PointFromLatLng(s2.LatLngFromDegrees(lat, lng)))
	var p Point
	for _, l := range layerOrder {
		if i := h.of(l); i >= 0 {
			p = r.located[i]
			break
		}
	}
	place := -1
	if i := h[data.LayerUSPlace]; i >= 0 {
		p.Place = r.points.bounds[i].jurisdiction
		place = int(r.placeOf[i])
	}
	return p, place
}

// dividedCountries returns the countries whose states, provinces or
// counties have boundaries in the dataset (the US, Canada, Brazil): a
// point of theirs that none of those holds is resolved to the country
// alone.
func (r *Resolver) dividedCountries() map[string]bool {
	out := map[string]bool{}
	for i := range r.points.bounds {
		switch r.points.bounds[i].layer {
		case data.LayerUSCounty, data.LayerUSState, data.LayerSubdivision:
			if c := r.located[i].Country; c != "" {
				out[c] = true
			}
		}
	}
	return out
}

// locatedPoints computes, for each boundary, the Point that Locate returns
// when the boundary is the most specific one containing a point.
func (r *Resolver) locatedPoints() []Point {
	out := make([]Point, len(r.points.bounds))
	for i := range r.points.bounds {
		b := &r.points.bounds[i]
		if b.layer == data.LayerUSPlace {
			out[i].Place = b.jurisdiction
			continue
		}
		a := r.areas.of(b.jurisdiction)
		for _, k := range r.areas.chain(a) {
			j := r.areas.jur(k)
			switch {
			case j.Parent == "":
				out[i].Country = j.ID
			case b.layer == data.LayerUSCounty && j.ID == b.jurisdiction:
				out[i].County = j.ID
			case j.Type == jurisdiction.State || j.Type == jurisdiction.Province || j.Type == jurisdiction.Territory:
				out[i].Division = j.ID
			}
		}
	}
	return out
}

// LookupCoordinates returns the tax area at a point. The result lists the
// jurisdictions down to the county in the US and the province in Canada;
// a point in the open sea gives a result with no jurisdictions.
func (r *Resolver) LookupCoordinates(ctx context.Context, req wire.CoordinatesLookupRequest) (*wire.LookupResponse, error) {
	if !r.made() {
		return nil, notMade()
	}
	return r.lookupCoordinates(ctx, "", req)
}

// lookupCoordinates is LookupCoordinates with error fields under prefix.
func (r *Resolver) lookupCoordinates(ctx context.Context, prefix string, req wire.CoordinatesLookupRequest) (*wire.LookupResponse, error) {
	if err := validateCoordinates(prefix+"coordinates", req.Coordinates); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	d := r.asOf(req.AsOfDate)
	a, confidence, note := r.areaAt(req.Coordinates.Latitude, req.Coordinates.Longitude)
	if a == nil {
		return &wire.LookupResponse{LookupResults: []wire.LookupResult{{
			AsOfDate: d,
			Statuses: []wire.Status{{LookupResult: wire.Normal, Value: "no jurisdiction at this point"}},
		}}}, nil
	}
	var statuses []wire.Status
	if note != "" {
		statuses = []wire.Status{{LookupResult: wire.Normal, Value: note}}
	}
	return &wire.LookupResponse{LookupResults: []wire.LookupResult{r.result(a, d, confidence, statuses...)}}, nil
}

// Fallback distances for points that no boundary contains (see
// pointIndex.nearest): the US Census boundaries are generalised to about
// 1:10 million, the other layers to 1:50 million.
const (
	nearUS    = 3 * 1000 / earthRadiusMetres
	nearWorld = 5 * 1000 / earthRadiusMetres
	// confNearest is the confidence of a result found by distance.
	confNearest = 70
)

const earthRadiusMetres = 6371010.0

// areaAt returns the tax area of the most specific boundary containing the
// point, and the confidence of the answer. A point just outside the
// boundaries of its country takes the nearest one within a few kilometres.
func (r *Resolver) areaAt(lat, lng float64) (*area, int, string) {
	p, place := r.locate(lat, lng)
	conf, note := confExact, ""
	if p.County == "" && p.Division == "" && (p.Country == "" || r.divided[p.Country]) {
		pt := s2.PointFromLatLng(s2.LatLngFromDegrees(lat, lng))
		try := func(l data.Layer, dist float64) string {
			if i := r.points.nearest(l, pt, s1.Angle(dist)); i >= 0 {
				conf, note = confNearest, "nearest boundary within a few kilometres"
				return r.points.bounds[i].jurisdiction
			}
			return ""
		}
		if p.Country == "" || p.Country == "US" {
			p.County = try(data.LayerUSCounty, nearUS)
		}
		if p.County == "" && p.Country != "US" {
			p.Division = try(data.LayerSubdivision, nearWorld)
		}
		if p.County == "" && p.Division == "" && p.Country == "" {
			p.Country = try(data.LayerCountry, nearWorld)
		}
		if p.County == "" && p.Division == "" && r.divided[p.Country] {
			// Within the country's boundary but outside those of its
			// states or provinces, and far from them: a lake, a bay or
			// coastal waters, which the sources leave out of the states
			// (Lake Michigan, Lake Huron's Canadian half). The country
			// alone bears no state or provincial tax.
			conf, note = confCountryOnly, "only the country could be told: the point lies outside the boundaries of its states or provinces in the dataset (a lake, a bay or coastal waters), and far from them; the state or provincial taxes are not in this tax area"
		}
	}
	if p.County != "" {
		fips := countyFIPS(p.County)
		if place >= 0 && !r.local.PlaceInCounty(place, fips) {
			// The place's and the county's generalised boundaries
			// disagree near a county line: the place wins, in the county
			// that holds most of it.
			if main := r.local.PlaceMainCounty(place); main != 0 {
				fips = main
				if k := r.local.Area(fips, place); k >= 0 {
					return r.areas.localArea(k), min(conf, confPlaceEdge), note
				}
			}
		}
		if st, gap := r.zipContentGap(r.countyState(p.County, ""), "a point"); gap {
			// The content's rates of the state are by ZIP code, which a
			// point does not tell.
			if note != "" {
				note += "; "
			}
			conf, note = min(conf, confStateOnly), note+st.Value
		} else if r.unsure[fips] && conf == confExact {
			// Some places of the county have taxes of their own but no
			// boundaries: the point may lie in one.
			conf, note = confCountyOnly, "resolved to its county only: the boundaries of some of the county's taxing places are not in the dataset"
		}
		return r.localArea(p.County, fips, place), conf, note
	}
	if t := r.territoryAt(p.Country, lat, lng); t != "" {
		if a := r.areas.of(t); a != nil {
			return a, conf, note
		}
	}
	id := cmp.Or(p.Division, p.Country)
	if id == "" {
		return nil, 0, ""
	}
	return r.areas.of(id), conf, note
}

// territoryAt returns the jurisdiction ID of the VAT special territory
// whose box (data.TerritoryBox, from the dataset) holds the point, which
// the boundaries give to country ("" for the open sea), or "". The boxes
// are of the island and overseas territories, which the dataset's
// boundaries give to their countries (without them a point in Las Palmas
// would be taxed as one in Madrid), of Ceuta and Melilla, which they give
// to Morocco, and of Heligoland, which they leave in the sea.
func (r *Resolver) territoryAt(country string, lat, lng float64) string {
	for i := range r.boxes {
		b := &r.boxes[i]
		if b.FoundIn == country && b.Contains(lat, lng) {
			return b.Jurisdiction
		}
	}
	return ""
}

// Confidence of coordinate results near the edges of the data.
const (
	confPlaceEdge  = 90 // a place near a county line that the county boundaries put elsewhere
	confCountyOnly = 90 // a county with places that tax but have no boundaries
)

// validateCoordinates checks a coordinates object at JSON path field.
func validateCoordinates(field string, c *wire.Coordinates) error {
	if c == nil {
		return levy.Invalid(field, "is required")
	}
	var errs levy.Errors
	if math.IsNaN(c.Latitude) || c.Latitude < -90 || c.Latitude > 90 {
		errs = append(errs, levy.Invalid(field+".latitude", "must be a number from -90 to 90"))
	}
	if math.IsNaN(c.Longitude) || c.Longitude < -180 || c.Longitude > 180 {
		errs = append(errs, levy.Invalid(field+".longitude", "must be a number from -180 to 180"))
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
