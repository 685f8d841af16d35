package taxarea

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/golang/geo/s1"
	"github.com/golang/geo/s2"
	"github.com/levytax/levy/data"
)

// layerOrder is the order in which layers are searched, finest first.
var layerOrder = []data.Layer{data.LayerUSCounty, data.LayerUSState, data.LayerSubdivision, data.LayerCountry}

// boundary is one boundary, ready for point-in-polygon tests.
type boundary struct {
	layer        data.Layer
	jurisdiction string
	rect         s2.Rect
	// v0 and v1 are the ends of each edge: edge e runs from v0[e] to v1[e],
	// numbered loop after loop as s2.LaxPolygon numbers them.
	v0, v1 []s2.Point
	loops  [][]s2.Point // sub-slices of v0, one per loop

	indexOnce sync.Once
	index     *s2.ShapeIndex // built on first use by shapeIndex
}

// newBoundary converts a boundary of the dataset to S2 points.
func newBoundary(src *data.Boundary) *boundary {
	n := 0
	for _, l := range src.Loops {
		n += len(l)
	}
	b := &boundary{layer: src.Layer, jurisdiction: src.Jurisdiction, v0: make([]s2.Point, n), v1: make([]s2.Point, n)}
	rb := s2.NewRectBounder()
	k := 0
	for _, l := range src.Loops {
		start := k
		for _, v := range l {
			b.v0[k] = s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
			rb.AddPoint(b.v0[k])
			k++
		}
		loop := b.v0[start:k:k]
		for i := range loop {
			b.v1[start+i] = loop[(i+1)%len(loop)]
		}
		b.loops = append(b.loops, loop)
	}
	b.rect = s2.ExpandForSubregions(rb.RectBound())
	return b
}

// shapeIndex returns an s2.ShapeIndex holding the boundary as one
// LaxPolygon, building it on first use. It is safe for concurrent use.
func (b *boundary) shapeIndex() *s2.ShapeIndex {
	b.indexOnce.Do(func() {
		idx := s2.NewShapeIndex()
		idx.Add(s2.LaxPolygonFromPoints(b.loops))
		idx.Build()
		b.index = idx
	})
	return b.index
}

// gridCell is a cell of a layer's table.
type gridCell struct {
	inside     int32    // boundary containing the whole cell, or -1
	center     s2.Point // the cell's centre, the reference point of its tests
	candidates []data.Candidate
}

// grid is the cell table of one layer.
type grid struct {
	level int
	cells map[s2.CellID]*gridCell
}

// pointIndex locates points among the dataset's boundaries. It is
// immutable after newPointIndex and safe for concurrent use.
type pointIndex struct {
	bounds []*boundary
	grids  map[data.Layer]*grid
}

// hit is the result of locating a point: for each layer the index of the
// containing boundary in pointIndex.bounds, or -1.
type hit [5]int32

func (h *hit) of(l data.Layer) int32 { return h[l] }

func newPointIndex(b *data.Boundaries) (*pointIndex, error) {
	pi := &pointIndex{bounds: make([]*boundary, len(b.All)), grids: map[data.Layer]*grid{}}
	// Converting the vertices is the bulk of the work: use every core.
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(b.All); i += workers {
				pi.bounds[i] = newBoundary(&b.All[i])
			}
		}()
	}
	wg.Wait()
	for _, g := range b.Grids {
		cells := make(map[s2.CellID]*gridCell, len(g.Cells))
		for _, c := range g.Cells {
			id := s2.CellID(c.ID)
			if !id.IsValid() || id.Level() != g.Level {
				return nil, fmt.Errorf("taxarea: cell table of layer %v holds an invalid cell %d", g.Layer, c.ID)
			}
			cells[id] = &gridCell{inside: c.Inside, center: s2.CellFromCellID(id).Center(), candidates: c.Candidates}
		}
		pi.grids[g.Layer] = &grid{level: g.Level, cells: cells}
	}
	for _, l := range layerOrder {
		if pi.grids[l] == nil {
			return nil, fmt.Errorf("taxarea: dataset has no cell table for layer %v", l)
		}
	}
	return pi, nil
}

// locate finds the boundaries that contain p, layer by layer. It does not
// allocate.
func (pi *pointIndex) locate(p s2.Point) hit {
	h := hit{-1, -1, -1, -1, -1}
	leaf := s2.CellFromPoint(p).ID()
	for _, l := range layerOrder {
		if l == data.LayerUSState && h[data.LayerUSCounty] >= 0 {
			continue // a county settles its state
		}
		if l == data.LayerSubdivision && (h[data.LayerUSCounty] >= 0 || h[data.LayerUSState] >= 0) {
			break // a US point has no other subdivision or country to find
		}
		if l == data.LayerCountry && h[data.LayerSubdivision] >= 0 {
			break // a province settles its country
		}
		h[l] = pi.locateIn(pi.grids[l], leaf, p)
	}
	return h
}

// locateIn returns the boundary of one layer that contains p, or -1.
func (pi *pointIndex) locateIn(g *grid, leaf s2.CellID, p s2.Point) int32 {
	gc := g.cells[leaf.Parent(g.level)]
	if gc == nil {
		return -1
	}
	if gc.inside >= 0 {
		return gc.inside
	}
	for i := range gc.candidates {
		c := &gc.candidates[i]
		b := pi.bounds[c.Boundary]
		if !b.rect.ContainsPoint(p) {
			continue
		}
		// Count the edges that the segment from the cell's centre to p
		// crosses, as s2.ContainsPointQuery does within an index cell.
		in := c.CenterInside
		for _, e := range c.Edges {
			if crossing(gc.center, p, b.v0[e], b.v1[e]) {
				in = !in
			}
		}
		if in {
			return c.Boundary
		}
	}
	return -1
}

// crossing reports whether edge ab crosses edge cd under S2's rules for
// point-in-polygon tests (s2.EdgeOrVertexCrossing): edges that share a
// vertex cross when s2.VertexCrossing says so; otherwise they cross when
// the triangles ACB, CBD, BDA and DAC all turn the same way, with
// s2.RobustSign's consistent perturbation of collinear points. It is the
// same predicate as s2.EdgeOrVertexCrossing, which allocates an edge
// crosser on every call; this one allocates only in the rare cases that
// need exact arithmetic.
func crossing(a, b, c, d s2.Point) bool {
	if a == c || a == d || b == c || b == d {
		return s2.VertexCrossing(a, b, c, d)
	}
	if a == b || c == d {
		return false
	}
	acb := -s2.RobustSign(a, b, c)
	if s2.RobustSign(a, b, d) != acb {
		return false
	}
	if -s2.RobustSign(c, d, b) != acb {
		return false
	}
	return s2.RobustSign(c, d, a) == acb
}

// nearest returns the boundary of layer l closest to p within maxDist, or
// -1. It looks at the boundaries of p's grid cell and its neighbours, so
// maxDist must stay below the width of a grid cell. It allocates and is
// meant for points that no boundary contains: the sources generalise
// coastlines and borders, and a point on a pier or a small island may fall
// just outside them.
func (pi *pointIndex) nearest(l data.Layer, p s2.Point, maxDist s1.Angle) int32 {
	g := pi.grids[l]
	cell := s2.CellFromPoint(p).ID().Parent(g.level)
	seen := map[int32]bool{}
	best, bestDist := int32(-1), s1.InfChordAngle()
	limit := s1.ChordAngleFromAngle(maxDist)
	for _, c := range append(cell.AllNeighbors(g.level), cell) {
		gc := g.cells[c]
		if gc == nil {
			continue
		}
		for _, cand := range gc.candidates {
			i := cand.Boundary
			if seen[i] {
				continue
			}
			seen[i] = true
			opts := s2.NewClosestEdgeQueryOptions().MaxResults(1).DistanceLimit(limit)
			q := s2.NewClosestEdgeQuery(pi.bounds[i].shapeIndex(), opts)
			d := q.Distance(s2.NewMinDistanceToPointTarget(p))
			if d < limit && d < bestDist {
				best, bestDist = i, d
			}
		}
	}
	return best
}
