package benchmarks

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/taxarea/taxareatest"
	"github.com/tidwall/geojson/geometry"
	"github.com/tidwall/rtree"
)

// The point generators below are copied from ../taxarea/benchmark_test.go,
// with the same seeds: keep both copies identical, so that both sets of
// benchmarks run the same points.

// benchPoints is the number of points of each benchmark set.
const benchPoints = 10000

// levy is the Resolver of the default dataset, built once.
var levy = sync.OnceValues(func() (*taxarea.Resolver, error) {
	return taxarea.New(context.Background(), data.Default())
})

// The point sets, generated once.
var (
	benchUS = sync.OnceValue(func() [][2]float64 {
		r, err := levy()
		if err != nil {
			panic(err)
		}
		return taxareatest.USPoints(benchPoints, func(lat, lng float64) string { return r.Locate(lat, lng).Division })
	})
	benchWorld = sync.OnceValue(func() [][2]float64 { return taxareatest.WorldPoints(benchPoints) })
)

// peerShape is one polygon of a boundary as a GeoJSON Polygon carries it:
// an exterior ring and its holes, in planar longitude (X) and latitude (Y).
type peerShape struct {
	boundary int32 // index in data.Boundaries.All
	layer    data.Layer
	exterior []geometry.Point
	holes    [][]geometry.Point
}

// peerRing is one loop of a boundary in the plane.
type peerRing struct {
	pts   []geometry.Point
	area  float64 // signed area in square degrees, positive counter-clockwise
	outer bool
	rect  geometry.Rect
}

// prepStats counts what peerShapes did with the loops of the dataset.
type prepStats struct {
	loops, outers, holes int
	shifted              int // copies shifted by 360° for the antimeridian
	polar                int // loops around a pole, closed through it
	droppedPole          int // loops that stand in for a pole, dropped
	reversed             int // clockwise rings inside no outer ring, taken as islands
	degenerate           int // loops of zero planar area, dropped
}

func (s prepStats) String() string {
	return fmt.Sprintf("%d loops: %d outer rings, %d holes, %d copies shifted by 360°, %d polar loops closed through the pole, %d pole stand-ins dropped, %d clockwise islands, %d degenerate loops dropped",
		s.loops, s.outers, s.holes, s.shifted, s.polar, s.droppedPole, s.reversed, s.degenerate)
}

// peerShapes converts the boundaries to GeoJSON-style polygons, the form in
// which Tile38 receives them. The loops of data.Boundaries are S2 loops:
// interior on the left, so outer rings run counter-clockwise and holes
// clockwise, and edges may cross the antimeridian. Each loop becomes a
// planar ring:
//
//   - Longitudes are unwrapped along the loop (a step of more than 180° is
//     taken the short way round), so a loop that crosses the antimeridian
//     (Chukotka, Wrangel Island, a Fijian island) becomes one ring that
//     reaches past ±180°; a copy shifted by 360° is added so that points on
//     both sides of the antimeridian find it.
//   - A loop that winds once around a pole (its unwrapped longitudes end
//     360° from where they started) is Antarctica's coast: it is closed
//     along the antimeridian and through the pole of its hemisphere, and
//     becomes an outer ring. A loop whose every vertex lies within 0.01° of
//     a pole is the generator's stand-in for the pole itself (S2 loops
//     cannot pass through it) and is dropped, so the peer's Antarctica
//     includes the last 0.001° around the pole, which Levy's leaves out.
//   - Otherwise the planar signed area tells outer rings (positive) from
//     holes (negative). Each hole goes to the smallest outer ring of its
//     boundary that contains most of its vertices; each outer ring becomes
//     one polygon with its holes. A clockwise ring that no outer ring
//     contains is an island all the same: the dataset's loops that cross
//     the antimeridian (Wrangel Island, a Fijian island) run clockwise, and
//     Levy, which counts edge crossings, finds the island inside them.
func peerShapes(b *data.Boundaries) ([]peerShape, prepStats) {
	var out []peerShape
	var st prepStats
	for bi := range b.All {
		src := &b.All[bi]
		var rings []peerRing
		for _, loop := range src.Loops {
			st.loops++
			rings = append(rings, planarRings(loop, &st)...)
		}
		first := len(out)
		for _, r := range rings {
			if r.outer {
				out = append(out, peerShape{boundary: int32(bi), layer: src.Layer, exterior: r.pts})
				st.outers++
			}
		}
		for _, h := range rings {
			if h.outer {
				continue
			}
			best, bestArea := -1, math.Inf(1)
			for k := first; k < len(out); k++ {
				ext := out[k].exterior
				if !rectOf(ext).ContainsRect(h.rect) {
					continue
				}
				if a := math.Abs(signedArea(ext)); a < bestArea && containsMost(ext, h.pts) {
					best, bestArea = k, a
				}
			}
			if best < 0 {
				// A clockwise ring inside no outer ring: an island whose
				// loop runs the wrong way (the data's loops across the
				// antimeridian do), which S2's crossing parity reads as
				// land all the same.
				out = append(out, peerShape{boundary: int32(bi), layer: src.Layer, exterior: h.pts})
				st.reversed++
				continue
			}
			out[best].holes = append(out[best].holes, h.pts)
			st.holes++
		}
	}
	return out, st
}

// planarRings turns one S2 loop into planar rings: the loop itself and, when
// it reaches past ±180°, a copy shifted by 360°.
func planarRings(loop []data.Vertex, st *prepStats) []peerRing {
	n := len(loop)
	pts := make([]geometry.Point, n, n+3)
	x := int64(loop[0].Lng)
	nearPole := true
	for k, v := range loop {
		if k > 0 {
			x += wrapStep(int64(v.Lng) - int64(loop[k-1].Lng))
		}
		pts[k] = geometry.Point{X: float64(x) / 1e6, Y: float64(v.Lat) / 1e6}
		if math.Abs(float64(v.Lat)) < 89.99e6 {
			nearPole = false
		}
	}
	end := x + wrapStep(int64(loop[0].Lng)-int64(loop[n-1].Lng)) // the image of the first vertex
	turn := end - int64(loop[0].Lng)
	var r peerRing
	switch {
	case turn != 0 && nearPole:
		st.droppedPole++
		return nil
	case turn != 0:
		// Around a pole: close along the antimeridian through the pole of
		// the loop's hemisphere.
		st.polar++
		pole := -90.0
		if meanLat(loop) > 0 {
			pole = 90
		}
		x0, x1 := pts[0].X, float64(end)/1e6
		pts = append(pts, geometry.Point{X: x1, Y: pts[0].Y}, geometry.Point{X: x1, Y: pole}, geometry.Point{X: x0, Y: pole})
		r = peerRing{pts: pts, area: signedArea(pts), outer: true}
	default:
		r = peerRing{pts: pts, area: signedArea(pts)}
		if r.area == 0 {
			st.degenerate++
			return nil
		}
		r.outer = r.area > 0
	}
	r.rect = rectOf(r.pts)
	rings := []peerRing{r}
	for _, shift := range []float64{-360, 360} {
		if shift < 0 && r.rect.Max.X <= 180 || shift > 0 && r.rect.Min.X >= -180 {
			continue
		}
		c := r
		c.pts = make([]geometry.Point, len(r.pts))
		for k, p := range r.pts {
			c.pts[k] = geometry.Point{X: p.X + shift, Y: p.Y}
		}
		c.rect = rectOf(c.pts)
		rings = append(rings, c)
		st.shifted++
	}
	return rings
}

// wrapStep takes a longitude step in microdegrees the short way round.
func wrapStep(d int64) int64 {
	switch {
	case d > 180e6:
		return d - 360e6
	case d < -180e6:
		return d + 360e6
	}
	return d
}

func meanLat(loop []data.Vertex) float64 {
	s := 0.0
	for _, v := range loop {
		s += float64(v.Lat)
	}
	return s / float64(len(loop))
}

// signedArea is the shoelace area of a ring, positive when it runs
// counter-clockwise.
func signedArea(pts []geometry.Point) float64 {
	a := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

func rectOf(pts []geometry.Point) geometry.Rect {
	r := geometry.Rect{Min: pts[0], Max: pts[0]}
	for _, p := range pts[1:] {
		r.Min.X, r.Min.Y = min(r.Min.X, p.X), min(r.Min.Y, p.Y)
		r.Max.X, r.Max.Y = max(r.Max.X, p.X), max(r.Max.Y, p.Y)
	}
	return r
}

// containsMost reports whether the planar ring contains more than half of
// the points (a hole may share vertices with its outer ring).
func containsMost(ring, pts []geometry.Point) bool {
	in := 0
	for _, p := range pts {
		if inRing(ring, p) {
			in++
		}
	}
	return 2*in > len(pts)
}

// inRing is the even-odd test of a point against a planar ring.
func inRing(ring []geometry.Point, p geometry.Point) bool {
	in := false
	for i, a := range ring {
		b := ring[(i+1)%len(ring)]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < a.X+(p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
			in = !in
		}
	}
	return in
}

// peerPoly is one polygon in a peer R-tree.
type peerPoly struct {
	boundary int32
	poly     *geometry.Poly
}

// peerIndex is the peer: an R-tree of polygons per layer.
type peerIndex struct {
	trees [data.LayerUSPlace + 1]rtree.RTreeG[*peerPoly] // by data.Layer
}

// peerLayers is Levy's search order, finest first.
var peerLayers = []data.Layer{data.LayerUSCounty, data.LayerUSState, data.LayerSubdivision, data.LayerCountry}

// buildPeer indexes the polygons the way Tile38 does: each becomes a
// geometry.Poly with the default index options, keyed in an R-tree by its
// bounding box.
func buildPeer(shapes []peerShape) *peerIndex {
	px := &peerIndex{}
	for i := range shapes {
		s := &shapes[i]
		p := &peerPoly{boundary: s.boundary, poly: geometry.NewPoly(s.exterior, s.holes, geometry.DefaultIndexOptions)}
		r := p.poly.Rect()
		px.trees[s.layer].Insert([2]float64{r.Min.X, r.Min.Y}, [2]float64{r.Max.X, r.Max.Y}, p)
	}
	return px
}

// locate returns the most specific boundary containing the point, or -1,
// searching the layers in Levy's order and stopping at the first layer
// that has one, as Levy does: a county settles its state and country, a
// state its country, a province its country.
func (px *peerIndex) locate(lat, lng float64) int32 {
	for _, l := range peerLayers {
		if found := px.locateIn(l, lat, lng); found >= 0 {
			return found
		}
	}
	return -1
}

// locateIn returns the boundary of one layer containing the point, or -1.
func (px *peerIndex) locateIn(l data.Layer, lat, lng float64) int32 {
	pt := geometry.Point{X: lng, Y: lat}
	found := int32(-1)
	px.trees[l].Search([2]float64{lng, lat}, [2]float64{lng, lat}, func(_, _ [2]float64, p *peerPoly) bool {
		if p.poly.ContainsPoint(pt) {
			found = p.boundary
			return false
		}
		return true
	})
	return found
}

// peerFixture is the peer built from the default dataset, with the Point
// that Levy reports for each boundary.
type peerFixture struct {
	bounds *data.Boundaries
	shapes []peerShape
	stats  prepStats
	index  *peerIndex
	points []taxarea.Point // by boundary
}

var peer = sync.OnceValues(func() (*peerFixture, error) {
	ds := data.Default()
	b, err := ds.Boundaries()
	if err != nil {
		return nil, err
	}
	juris, err := ds.Jurisdictions()
	if err != nil {
		return nil, err
	}
	f := &peerFixture{bounds: b}
	f.shapes, f.stats = peerShapes(b)
	f.index = buildPeer(f.shapes)
	f.points = make([]taxarea.Point, len(b.All))
	for i, bd := range b.All {
		f.points[i] = pointOf(juris, bd)
	}
	return f, nil
})

// pointOf is the Point of a boundary's jurisdiction: its country, its state,
// territory or province, and itself when it is a county.
func pointOf(juris *data.Jurisdictions, b data.Boundary) taxarea.Point {
	var p taxarea.Point
	if b.Layer == data.LayerUSCounty {
		p.County = b.Jurisdiction
	}
	for id := b.Jurisdiction; id != ""; {
		j, ok := juris.ByID(id)
		if !ok {
			break
		}
		switch {
		case j.Parent == "":
			p.Country = j.ID
		case j.Type == jurisdiction.State || j.Type == jurisdiction.Province || j.Type == jurisdiction.Territory:
			p.Division = j.ID
		}
		id = j.Parent
	}
	return p
}

// locate answers like taxarea.Resolver.Locate: the most specific
// boundary, and within a US county the place with a tax of its own.
func (f *peerFixture) locate(lat, lng float64) taxarea.Point {
	var p taxarea.Point
	if i := f.index.locate(lat, lng); i >= 0 {
		p = f.points[i]
	}
	if p.County != "" {
		if i := f.index.locateIn(data.LayerUSPlace, lat, lng); i >= 0 {
			p.Place = f.bounds.All[i].Jurisdiction
		}
	}
	return p
}

func mustLevy(tb testing.TB) *taxarea.Resolver {
	tb.Helper()
	r, err := levy()
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

func mustPeer(tb testing.TB) *peerFixture {
	tb.Helper()
	f, err := peer()
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// sinkPoint keeps the compiler from discarding results.
var sinkPoint taxarea.Point

func BenchmarkLevyLocateUS(b *testing.B) { benchLocate(b, mustLevy(b).Locate, benchUS()) }

func BenchmarkPeerLocateUS(b *testing.B) { benchLocate(b, mustPeer(b).locate, benchUS()) }

func BenchmarkLevyLocateWorld(b *testing.B) { benchLocate(b, mustLevy(b).Locate, benchWorld()) }

func BenchmarkPeerLocateWorld(b *testing.B) { benchLocate(b, mustPeer(b).locate, benchWorld()) }

// benchLocate locates the points in turn, after one warm-up pass.
func benchLocate(b *testing.B, locate func(lat, lng float64) taxarea.Point, pts [][2]float64) {
	for _, p := range pts {
		sinkPoint = locate(p[0], p[1])
	}
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	i := 0
	for b.Loop() {
		p := &pts[i]
		sinkPoint = locate(p[0], p[1])
		if i++; i == len(pts) {
			i = 0
		}
	}
	runtime.ReadMemStats(&after)
	// allocs/op is rounded down to a whole number: report the fraction too.
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N), "mallocs/op")
}

// BenchmarkLevyBuild builds a Resolver from the decoded default dataset:
// the S2 index of every boundary, and also the tax area registry and the
// address tables, which the peer does not build. The cell table that
// narrows Levy's searches is computed by the data generator, not here.
func BenchmarkLevyBuild(b *testing.B) {
	mustLevy(b) // decodes the dataset's parts once
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := taxarea.New(ctx, data.Default()); err != nil {
			b.Fatal(err)
		}
	}
	reportRetained(b, func() any {
		r, err := taxarea.New(ctx, data.Default())
		if err != nil {
			b.Fatal(err)
		}
		return r
	})
}

// BenchmarkPeerBuild builds the peer from the same boundaries, already
// converted to GeoJSON-style polygons (as Tile38 receives them): one
// geometry.Poly per outer ring, inserted into the R-tree of its layer.
func BenchmarkPeerBuild(b *testing.B) {
	f := mustPeer(b)
	b.ReportAllocs()
	for b.Loop() {
		if px := buildPeer(f.shapes); px.trees[data.LayerCountry].Len() == 0 {
			b.Fatal("empty peer index")
		}
	}
	reportRetained(b, func() any { return buildPeer(f.shapes) })
}

// reportRetained reports the heap that one value made by build keeps alive.
func reportRetained(b *testing.B, build func() any) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "retained-MiB")
}

// TestPeerAgrees checks that Levy and the peer agree on at least 99% of the
// benchmark points. They differ near borders and coasts: Levy's edges are
// great-circle arcs on the sphere, the peer's straight lines in longitude
// and latitude, and the two use different conventions for points on an
// edge.
func TestPeerAgrees(t *testing.T) {
	r := mustLevy(t)
	f := mustPeer(t)
	t.Logf("peer: %d polygons from %d boundaries; %v", len(f.shapes), len(f.bounds.All), f.stats)
	for _, set := range []struct {
		name string
		pts  [][2]float64
	}{{"US", benchUS()}, {"world", benchWorld()}} {
		differ := 0
		for _, p := range set.pts {
			lv, pr := r.Locate(p[0], p[1]), f.locate(p[0], p[1])
			if lv == pr {
				continue
			}
			differ++
			if differ <= 10 {
				t.Logf("%s point (%.6f, %.6f): Levy %+v, peer %+v", set.name, p[0], p[1], lv, pr)
			}
		}
		t.Logf("%s: Levy and the peer disagree on %d of %d points (%.2f%%)", set.name, differ, len(set.pts), 100*float64(differ)/float64(len(set.pts)))
		if differ*100 > len(set.pts) {
			t.Errorf("%s: Levy and the peer disagree on %d of %d points; want at most 1%%", set.name, differ, len(set.pts))
		}
	}
}
