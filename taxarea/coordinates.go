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
)

// Point is the result of locating a point among the dataset's boundaries:
// the jurisdiction IDs of the containing country, first-level division
// (US state or territory, Canadian province) and US county, "" where there
// is none. Locating a point does not allocate.
type Point struct {
	Country, Division, County string
}

// Locate finds the jurisdictions whose boundaries contain the point at
// latitude lat and longitude lng (degrees): the country, and in the US and
// Canada the state, territory or province, and in the US the county. A
// point in the open sea gives a zero Point. Locate does not validate its
// input (see LookupCoordinates) and does not allocate.
func (r *Resolver) Locate(lat, lng float64) Point {
	h := r.points.locate(s2.PointFromLatLng(s2.LatLngFromDegrees(lat, lng)))
	for _, l := range layerOrder {
		if i := h.of(l); i >= 0 {
			return r.located[i]
		}
	}
	return Point{}
}

// locatedPoints computes, for each boundary, the Point that Locate returns
// when the boundary is the most specific one containing a point.
func (r *Resolver) locatedPoints() []Point {
	out := make([]Point, len(r.points.bounds))
	for i := range r.points.bounds {
		b := &r.points.bounds[i]
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
func (r *Resolver) LookupCoordinates(ctx context.Context, req CoordinatesLookupRequest) (*LookupResponse, error) {
	return r.lookupCoordinates(ctx, "", req)
}

// lookupCoordinates is LookupCoordinates with error fields under prefix.
func (r *Resolver) lookupCoordinates(ctx context.Context, prefix string, req CoordinatesLookupRequest) (*LookupResponse, error) {
	if err := validateCoordinates(prefix+"coordinates", req.Coordinates); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	d := r.asOf(req.AsOfDate)
	a, confidence, note := r.areaAt(req.Coordinates.Latitude, req.Coordinates.Longitude)
	if a == nil {
		return &LookupResponse{LookupResults: []LookupResult{{
			AsOfDate: d,
			Statuses: []Status{{LookupResult: Normal, Value: "no jurisdiction at this point"}},
		}}}, nil
	}
	var statuses []Status
	if note != "" {
		statuses = []Status{{LookupResult: Normal, Value: note}}
	}
	return &LookupResponse{LookupResults: []LookupResult{r.result(a, d, confidence, statuses...)}}, nil
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
	p := r.Locate(lat, lng)
	conf, note := confExact, ""
	if p.County == "" && p.Division == "" && (p.Country == "" || p.Country == "US" || p.Country == "CA") {
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
		if p.County == "" && (p.Country == "" || p.Country == "CA") {
			p.Division = try(data.LayerSubdivision, nearWorld)
		}
		if p.County == "" && p.Division == "" && p.Country == "" {
			p.Country = try(data.LayerCountry, nearWorld)
		}
	}
	id := cmp.Or(p.County, p.Division, p.Country)
	if id == "" {
		return nil, 0, ""
	}
	if p.County != "" && r.hasCities(p.County) && conf == confExact {
		// The dataset has no city boundaries: the point may lie in a city
		// whose tax this area leaves out.
		conf = 90
	}
	return r.areas.of(id), conf, note
}

// validateCoordinates checks a coordinates object at JSON path field.
func validateCoordinates(field string, c *Coordinates) error {
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
