package taxarea

import (
	"slices"

	"github.com/golang/geo/s2"
	"github.com/levytax/levy/data"
)

// Shape is one boundary of the dataset as a map draws it: its layer, the
// jurisdiction it bounds, and its loops in degrees.
type Shape struct {
	Layer data.Layer
	// Jurisdiction is a jurisdiction ID ("US-06037"), or in the place
	// layer "US-" and the place's GEOID.
	Jurisdiction string
	// Name is the jurisdiction's or the place's name.
	Name string
	// TaxAreaIDs are the tax areas that lie within the boundary and that
	// a map shows at its layer, the boundary's own area first: for a US
	// county or a Canadian province every area that holds it in its chain
	// (its cities, districts and unincorporated part), for a place the
	// areas of the place, and for a country or a US state the area of
	// the jurisdiction alone (the finer layers show the others). An area
	// some of whose jurisdictions are not in force on some days is listed
	// under each ID a lookup gives it (its own first, then those of its
	// dated runs of days), so that the ID of a lookup as of any day finds
	// its boundary.
	TaxAreaIDs []string
	// Loops are the boundary's loops, each a list of [latitude,
	// longitude] pairs in degrees; outer rings run counter-clockwise and
	// holes clockwise, the last vertex not repeating the first.
	Loops [][][2]float64
}

// Shapes returns every boundary of the Resolver's dataset, in the
// dataset's order (by layer, then jurisdiction ID). It builds the list
// anew on each call, for a caller that caches what it derives from it.
func (r *Resolver) Shapes() []Shape {
	if !r.made() {
		return nil
	}
	pi := r.points
	// The areas that hold each jurisdiction in their chain, for the
	// layers whose shapes list them all.
	within := map[int32][]int32{}
	listsAll := map[int32]bool{}
	for i := range pi.bounds {
		b := &pi.bounds[i]
		switch b.layer {
		case data.LayerUSCounty, data.LayerSubdivision:
			if k, ok := r.juris.Index(b.jurisdiction); ok {
				listsAll[int32(k)] = true
			}
		}
	}
	for a := range r.areas.areas {
		for _, j := range r.areas.chain(&r.areas.areas[a]) {
			if listsAll[j] && int(j) != a {
				within[j] = append(within[j], int32(a))
			}
		}
	}
	places := map[int32][]int32{} // place index in the local table -> areas
	for k := range r.local.NumAreas() {
		if _, place := r.local.AreaKey(k); place >= 0 {
			places[int32(place)] = append(places[int32(place)], r.areas.local[k])
		}
	}

	out := make([]Shape, len(pi.bounds))
	for i := range pi.bounds {
		b := &pi.bounds[i]
		sh := Shape{Layer: b.layer, Jurisdiction: b.jurisdiction}
		var areas []int32
		if p := r.placeOf[i]; p >= 0 {
			sh.Name = r.local.PlaceName(int(p))
			areas = places[p]
		} else if k, ok := r.juris.Index(b.jurisdiction); ok {
			sh.Name = r.juris.At(k).Name
			areas = append([]int32{int32(k)}, within[int32(k)]...)
		}
		seen := map[string]bool{}
		for _, a := range areas {
			r.areas.allIDs(&r.areas.areas[a], func(id string) {
				if !seen[id] {
					seen[id] = true
					sh.TaxAreaIDs = append(sh.TaxAreaIDs, id)
				}
			})
		}
		loopEnd := int32(len(pi.loops))
		if i+1 < len(pi.bounds) {
			loopEnd = pi.bounds[i+1].loops
		}
		for l := b.loops; l < loopEnd; l++ {
			start := b.first + pi.loops[l]
			end := b.end
			if l+1 < loopEnd {
				end = b.first + pi.loops[l+1]
			}
			sh.Loops = append(sh.Loops, degrees(pi.v0[start:end]))
		}
		out[i] = sh
	}
	return out
}

// degrees converts a loop of S2 points to [latitude, longitude] pairs,
// rounded to the millionth of a degree the dataset keeps.
func degrees(loop []s2.Point) [][2]float64 {
	out := make([][2]float64, len(loop))
	for i, p := range loop {
		ll := s2.LatLngFromPoint(p)
		out[i] = [2]float64{round6(ll.Lat.Degrees()), round6(ll.Lng.Degrees())}
	}
	return slices.Clip(out)
}

// round6 rounds x to six decimals.
func round6(x float64) float64 {
	if x < 0 {
		return -float64(int64(-x*1e6+0.5)) / 1e6
	}
	return float64(int64(x*1e6+0.5)) / 1e6
}
