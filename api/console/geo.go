package console

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/taxarea"
)

// maxZoom is the finest zoom level the boundaries are simplified for;
// beyond it they are served as the dataset has them.
const maxZoom = 14

// placeZoom is the coarsest zoom level the place layer is served at: below
// it, a place is a few pixels wide.
const placeZoom = 7

// layers names the layers of the geo route.
var layers = map[string]data.Layer{
	"countries": data.LayerCountry, "states": data.LayerUSState, "counties": data.LayerUSCounty,
	"provinces": data.LayerSubdivision, "places": data.LayerUSPlace,
}

// tolerance is the simplification tolerance of zoom level z, in degrees:
// about half a pixel of a 256-pixel world at that level.
func tolerance(z int) float64 {
	if z >= maxZoom {
		return 0
	}
	return 360 / (256 * math.Exp2(float64(z))) / 2
}

// feature is one simplified boundary, ready to be encoded.
type feature struct {
	shape *taxarea.Shape
	// polygons are the outer rings with their holes, each ring a list of
	// [longitude, latitude] pairs closed by its first vertex.
	polygons [][][][2]float64
	bbox     [4]float64 // west, south, east, north
}

// simplified is the cache entry of one layer at one zoom level.
type simplified struct {
	features []feature
	decimals int
	once     sync.Once
	json     []byte // the whole layer, encoded on first use
	gz       []byte // json gzipped
}

// geoCache keeps the dataset's shapes and their simplifications per layer
// and zoom level, for the current Resolver of the engine. It is safe for
// concurrent use.
type geoCache struct {
	resolver func() *taxarea.Resolver

	mu      sync.Mutex
	of      *taxarea.Resolver // the Resolver the entries were built from
	shapes  map[data.Layer][]taxarea.Shape
	entries map[[2]int]*simplified // by layer and zoom
}

func newGeoCache(resolver func() *taxarea.Resolver) *geoCache {
	return &geoCache{resolver: resolver}
}

// layer returns the simplification of a layer at zoom z, building it on
// first use. A new Resolver (the engine reloaded) empties the cache.
func (c *geoCache) layer(l data.Layer, z int) *simplified {
	c.mu.Lock()
	defer c.mu.Unlock()
	if r := c.resolver(); r != c.of || c.shapes == nil {
		c.of, c.shapes, c.entries = r, map[data.Layer][]taxarea.Shape{}, map[[2]int]*simplified{}
		all := r.Shapes()
		for i := range all {
			c.shapes[all[i].Layer] = append(c.shapes[all[i].Layer], all[i])
		}
	}
	key := [2]int{int(l), z}
	if e := c.entries[key]; e != nil {
		return e
	}
	tol := tolerance(z)
	e := &simplified{decimals: decimalsFor(tol)}
	shapes := c.shapes[l]
	for i := range shapes {
		if f, ok := simplify(&shapes[i], tol); ok {
			e.features = append(e.features, f)
		}
	}
	c.entries[key] = e
	return e
}

// decimalsFor is how many decimals of a degree are worth writing at a
// tolerance.
func decimalsFor(tol float64) int {
	if tol <= 0 {
		return 6
	}
	return max(2, min(6, int(math.Ceil(-math.Log10(tol)))+1))
}

// simplify simplifies the loops of sh with Douglas–Peucker at tolerance
// tol (degrees), drops the loops smaller than tol, and groups the holes
// with their outer rings. It reports false when nothing is left.
func simplify(sh *taxarea.Shape, tol float64) (feature, bool) {
	f := feature{shape: sh, bbox: [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}}
	var outers, holes [][][2]float64
	for _, loop := range sh.Loops {
		ring := make([][2]float64, len(loop))
		for i, v := range loop {
			ring[i] = [2]float64{v[1], v[0]}
		}
		w, s, e, n := bounds(ring)
		if tol > 0 && e-w < tol && n-s < tol {
			continue
		}
		if tol > 0 {
			ring = douglasPeucker(ring, tol)
		}
		if len(ring) < 3 {
			continue
		}
		f.bbox = [4]float64{min(f.bbox[0], w), min(f.bbox[1], s), max(f.bbox[2], e), max(f.bbox[3], n)}
		ring = append(ring, ring[0])
		if signedArea(ring) >= 0 {
			outers = append(outers, ring)
		} else {
			holes = append(holes, ring)
		}
	}
	if len(outers) == 0 {
		return f, false
	}
	f.polygons = make([][][][2]float64, len(outers))
	for i, o := range outers {
		f.polygons[i] = [][][2]float64{o}
	}
	for _, hole := range holes {
		for i, o := range outers {
			if inRing(hole[0], o) {
				f.polygons[i] = append(f.polygons[i], hole)
				break
			}
		}
	}
	return f, true
}

// bounds returns the west, south, east and north of a ring.
func bounds(ring [][2]float64) (w, s, e, n float64) {
	w, s, e, n = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range ring {
		w, e = min(w, p[0]), max(e, p[0])
		s, n = min(s, p[1]), max(n, p[1])
	}
	return w, s, e, n
}

// signedArea is twice the area of a closed ring in the plane of
// longitude and latitude, positive when it runs counter-clockwise.
func signedArea(ring [][2]float64) float64 {
	a := 0.0
	for i := 0; i+1 < len(ring); i++ {
		a += ring[i][0]*ring[i+1][1] - ring[i+1][0]*ring[i][1]
	}
	return a
}

// inRing reports whether p lies inside a closed ring (even-odd rule).
func inRing(p [2]float64, ring [][2]float64) bool {
	in := false
	for i, j := 0, len(ring)-2; i < len(ring)-1; j, i = i, i+1 {
		a, b := ring[i], ring[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

// douglasPeucker keeps the vertices of an open ring (its last vertex
// joins its first) that lie farther than tol from the simplified line,
// with an explicit stack so that a long ring cannot exhaust the
// goroutine's stack. A closed loop is split at its vertex farthest from
// the first, so that both halves have distinct ends.
func douglasPeucker(ring [][2]float64, tol float64) [][2]float64 {
	n := len(ring)
	if n < 4 {
		return ring
	}
	far, best := 0, -1.0
	for i, p := range ring {
		if d := sq(p[0]-ring[0][0]) + sq(p[1]-ring[0][1]); d > best {
			far, best = i, d
		}
	}
	keep := make([]bool, n+1)
	keep[0], keep[far], keep[n] = true, true, true
	at := func(i int) [2]float64 { return ring[i%n] }
	stack := [][2]int{{0, far}, {far, n}}
	tol2 := tol * tol
	for len(stack) > 0 {
		seg := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		a, b := seg[0], seg[1]
		if b-a < 2 {
			continue
		}
		idx, dmax := -1, tol2
		for i := a + 1; i < b; i++ {
			if d := segmentDistance2(at(i), at(a), at(b)); d > dmax {
				idx, dmax = i, d
			}
		}
		if idx >= 0 {
			keep[idx] = true
			stack = append(stack, [2]int{a, idx}, [2]int{idx, b})
		}
	}
	out := make([][2]float64, 0, 16)
	for i := 0; i < n; i++ {
		if keep[i] {
			out = append(out, ring[i])
		}
	}
	return out
}

func sq(x float64) float64 { return x * x }

// segmentDistance2 is the squared distance from p to the segment ab.
func segmentDistance2(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return sq(p[0]-a[0]) + sq(p[1]-a[1])
	}
	t := max(0, min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l2))
	return sq(p[0]-a[0]-t*dx) + sq(p[1]-a[1]-t*dy)
}

// encode writes features as a GeoJSON FeatureCollection, each with the
// properties layer, jurisdiction, name and taxAreaIds.
func encode(buf *bytes.Buffer, layer string, z int, features []feature, decimals int) {
	fmt.Fprintf(buf, `{"type":"FeatureCollection","layer":%q,"zoom":%d,"features":[`, layer, z)
	num := func(x float64) { buf.Write(strconv.AppendFloat(buf.AvailableBuffer(), x, 'f', decimals, 64)) }
	for i, f := range features {
		if i > 0 {
			buf.WriteByte(',')
		}
		props, _ := json.Marshal(struct {
			Layer        string   `json:"layer"`
			Jurisdiction string   `json:"jurisdiction"`
			Name         string   `json:"name,omitempty"`
			TaxAreaIDs   []string `json:"taxAreaIds,omitempty"`
		}{layer, f.shape.Jurisdiction, f.shape.Name, f.shape.TaxAreaIDs})
		id, _ := json.Marshal(f.shape.Jurisdiction)
		fmt.Fprintf(buf, `{"type":"Feature","id":%s,"properties":%s,"bbox":[`, id, props)
		for k, v := range f.bbox {
			if k > 0 {
				buf.WriteByte(',')
			}
			num(v)
		}
		buf.WriteString(`],"geometry":{"type":"MultiPolygon","coordinates":[`)
		for pi, poly := range f.polygons {
			if pi > 0 {
				buf.WriteByte(',')
			}
			buf.WriteByte('[')
			for ri, ring := range poly {
				if ri > 0 {
					buf.WriteByte(',')
				}
				buf.WriteByte('[')
				for vi, v := range ring {
					if vi > 0 {
						buf.WriteByte(',')
					}
					buf.WriteByte('[')
					num(v[0])
					buf.WriteByte(',')
					num(v[1])
					buf.WriteByte(']')
				}
				buf.WriteByte(']')
			}
			buf.WriteByte(']')
		}
		buf.WriteString(`]}}`)
	}
	buf.WriteString("]}\n")
}

// geoJSON answers GET /console/api/geo/{layer}?zoom=Z[&bbox=W,S,E,N]: the
// boundaries of a layer simplified for zoom level Z (0 to 14; a pixel of
// a 256-pixel world at that level), those that meet the box when bbox is
// given. The places are served from zoom 7 on, and need a bbox.
func (h *Handler) geoJSON(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("layer")
	l, ok := layers[name]
	if !ok {
		api.WriteError(w, r, levy.NotFound("layer", "there is no layer %q (countries, states, counties, provinces, places)", jsonbody.Clip(name)))
		return
	}
	q := r.URL.Query()
	z, err := strconv.Atoi(q.Get("zoom"))
	if err != nil || z < 0 || z > 22 {
		api.WriteError(w, r, levy.Invalid("zoom", "want a zoom level from 0 to 22, not %q", jsonbody.Clip(q.Get("zoom"))))
		return
	}
	z = min(z, maxZoom)
	var box *[4]float64
	if s := q.Get("bbox"); s != "" {
		b, err := parseBBox(s)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		box = &b
	}
	if l == data.LayerUSPlace && (z < placeZoom || box == nil) {
		api.WriteError(w, r, levy.Invalid("zoom", "the places are served from zoom %d on, with a bbox", placeZoom))
		return
	}
	e := h.geo.layer(l, z)
	w.Header().Set("Content-Type", "application/geo+json")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Header().Set("Vary", "Accept-Encoding")
	gz := acceptsGzip(r.Header.Values("Accept-Encoding"))
	if box == nil {
		e.once.Do(func() {
			var buf bytes.Buffer
			encode(&buf, name, z, e.features, e.decimals)
			e.json = buf.Bytes()
			var zb bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&zb, gzip.BestSpeed)
			_, _ = zw.Write(e.json)
			_ = zw.Close()
			e.gz = zb.Bytes()
		})
		if gz {
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(e.gz)
			return
		}
		_, _ = w.Write(e.json)
		return
	}
	var in []feature
	for _, f := range e.features {
		if f.bbox[0] <= box[2] && f.bbox[2] >= box[0] && f.bbox[1] <= box[3] && f.bbox[3] >= box[1] {
			in = append(in, f)
		}
	}
	var buf bytes.Buffer
	encode(&buf, name, z, in, e.decimals)
	if gz {
		w.Header().Set("Content-Encoding", "gzip")
		zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
		_, _ = zw.Write(buf.Bytes())
		_ = zw.Close()
		return
	}
	_, _ = w.Write(buf.Bytes())
}

// acceptsGzip reports whether the Accept-Encoding header values accept
// gzip, as RFC 9110 (section 12.5.3) reads them: a coding is acceptable
// unless its q-value is 0; gzip (or x-gzip, its old name) when named, or
// else "*", decides. A q-value that is not a number in [0, 1] accepts
// nothing, and no header or an empty one asks for the document as it
// is.
func acceptsGzip(values []string) bool {
	named, star := -1.0, -1.0
	for _, v := range values {
		for item := range strings.SplitSeq(v, ",") {
			coding, params, _ := strings.Cut(item, ";")
			q := 1.0
			for p := range strings.SplitSeq(params, ";") {
				k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
				if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
					continue
				}
				f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0
				}
				q = f
			}
			switch c := strings.TrimSpace(coding); {
			case strings.EqualFold(c, "gzip"), strings.EqualFold(c, "x-gzip"):
				named = max(named, q)
			case c == "*":
				star = max(star, q)
			}
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}

// parseBBox reads a box "west,south,east,north" in degrees.
func parseBBox(s string) ([4]float64, error) {
	var b [4]float64
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return b, levy.Invalid("bbox", "want west,south,east,north in degrees, not %q", jsonbody.Clip(s))
	}
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return b, levy.Invalid("bbox", "want west,south,east,north in degrees, not %q", jsonbody.Clip(s))
		}
		b[i] = v
	}
	if b[0] > b[2] || b[1] > b[3] || b[1] < -90 || b[3] > 90 {
		return b, levy.Invalid("bbox", "want west <= east and -90 <= south <= north <= 90, not %q", jsonbody.Clip(s))
	}
	return b, nil
}
