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

// boundary is one indexed boundary.
type boundary struct {
	layer        data.Layer
	jurisdiction string
	index        *s2.ShapeIndex
	rect         s2.Rect
}

// gridCell lists the boundaries that may contain points of one cell.
// inside is the boundary that contains the whole cell, or -1.
type gridCell struct {
	inside     int32
	candidates []int32
}

// grid is the candidate table of one layer.
type grid struct {
	level int
	cells map[s2.CellID]gridCell
}

// pointIndex locates points among the dataset's boundaries. It is
// immutable after newPointIndex and safe for concurrent use: the per-call
// query state comes from a pool.
type pointIndex struct {
	bounds []boundary
	grids  map[data.Layer]*grid
	pool   sync.Pool // *querier
}

// querier holds one s2.ContainsPointQuery per boundary, made on first use.
// A querier is used by one goroutine at a time.
type querier struct {
	q []*s2.ContainsPointQuery
}

// hit is the result of locating a point: for each layer the index of the
// containing boundary in pointIndex.bounds, or -1.
type hit [5]int32

func (h *hit) of(l data.Layer) int32 { return h[l] }

func newPointIndex(b *data.Boundaries) (*pointIndex, error) {
	pi := &pointIndex{bounds: make([]boundary, len(b.All)), grids: map[data.Layer]*grid{}}
	// Index the boundaries on every core: each index is independent.
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				pi.bounds[i] = indexBoundary(&b.All[i])
			}
		}()
	}
	for i := range b.All {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, g := range b.Grids {
		cells := make(map[s2.CellID]gridCell, len(g.Cells))
		for _, c := range g.Cells {
			cells[s2.CellID(c.ID)] = gridCell{inside: c.Inside, candidates: c.Candidates}
		}
		pi.grids[g.Layer] = &grid{level: g.Level, cells: cells}
	}
	for _, l := range layerOrder {
		if pi.grids[l] == nil {
			return nil, fmt.Errorf("taxarea: dataset has no cell table for layer %v", l)
		}
	}
	n := len(pi.bounds)
	pi.pool.New = func() any { return &querier{q: make([]*s2.ContainsPointQuery, n)} }
	return pi, nil
}

// indexBoundary builds the S2 index of one boundary.
func indexBoundary(src *data.Boundary) boundary {
	loops := make([][]s2.Point, len(src.Loops))
	rb := s2.NewRectBounder()
	for i, l := range src.Loops {
		pts := make([]s2.Point, len(l))
		for k, v := range l {
			pts[k] = s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
			rb.AddPoint(pts[k])
		}
		loops[i] = pts
	}
	idx := s2.NewShapeIndex()
	idx.Add(s2.LaxPolygonFromPoints(loops))
	idx.Build()
	return boundary{
		layer:        src.Layer,
		jurisdiction: src.Jurisdiction,
		index:        idx,
		rect:         s2.ExpandForSubregions(rb.RectBound()),
	}
}

// locate finds the boundaries that contain p, layer by layer. It does not
// allocate once the pool is warm.
func (pi *pointIndex) locate(p s2.Point) hit {
	h := hit{-1, -1, -1, -1, -1}
	leaf := s2.CellFromPoint(p).ID()
	q := pi.pool.Get().(*querier)
	defer pi.pool.Put(q)
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
		h[l] = pi.locateIn(q, pi.grids[l], leaf, p)
	}
	return h
}

// locateIn returns the boundary of one layer that contains p, or -1.
func (pi *pointIndex) locateIn(q *querier, g *grid, leaf s2.CellID, p s2.Point) int32 {
	gc, ok := g.cells[leaf.Parent(g.level)]
	if !ok {
		return -1
	}
	if gc.inside >= 0 {
		return gc.inside
	}
	for _, c := range gc.candidates {
		b := &pi.bounds[c]
		if !b.rect.ContainsPoint(p) {
			continue
		}
		cq := q.q[c]
		if cq == nil {
			cq = s2.NewContainsPointQuery(b.index, s2.VertexModelSemiOpen)
			q.q[c] = cq
		}
		if cq.Contains(p) {
			return c
		}
	}
	return -1
}

// nearest returns the boundary of layer l closest to p within maxDist, or
// -1. It looks at the candidates of p's grid cell and its neighbours, so
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
		for _, i := range g.cells[c].candidates {
			if seen[i] {
				continue
			}
			seen[i] = true
			opts := s2.NewClosestEdgeQueryOptions().MaxResults(1).DistanceLimit(limit).IncludeInteriors(false)
			q := s2.NewClosestEdgeQuery(pi.bounds[i].index, opts)
			d := q.Distance(s2.NewMinDistanceToPointTarget(p))
			if d < limit && d < bestDist {
				best, bestDist = i, d
			}
		}
	}
	return best
}
