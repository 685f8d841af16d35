package taxarea

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/golang/geo/s1"
	"github.com/golang/geo/s2"
	"github.com/levytax/levy/data"
)

// layerOrder is the order in which layers are searched, finest first.
var layerOrder = []data.Layer{data.LayerUSCounty, data.LayerUSState, data.LayerSubdivision, data.LayerCountry}

// shape is one boundary as S2 points, for building its cell table.
type shape struct {
	rect s2.Rect
	// v0 and v1 are the ends of each edge: edge e runs from v0[e] to v1[e],
	// numbered loop after loop as s2.LaxPolygon numbers them.
	v0, v1 []s2.Point
	loops  [][]s2.Point // sub-slices of v0, one per loop
}

// newShape converts a boundary of the dataset to S2 points.
func newShape(src *data.Boundary) *shape {
	n := 0
	for _, l := range src.Loops {
		n += len(l)
	}
	sh := &shape{v0: make([]s2.Point, n), v1: make([]s2.Point, n)}
	sh.rect = convertLoops(src, sh.v0, sh.v1, func(start, end int) { sh.loops = append(sh.loops, sh.v0[start:end:end]) })
	return sh
}

// convertLoops writes the edges of src to v0 and v1, which hold one entry
// per vertex, calls loop with the edge range of each loop, and returns
// the boundary's bounding rectangle, expanded as s2.ExpandForSubregions
// says for cell coverings.
func convertLoops(src *data.Boundary, v0, v1 []s2.Point, loop func(start, end int)) s2.Rect {
	rb := s2.NewRectBounder()
	k := 0
	for _, l := range src.Loops {
		start := k
		for _, v := range l {
			v0[k] = s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
			rb.AddPoint(v0[k])
			k++
		}
		for i := start; i < k; i++ {
			if i+1 < k {
				v1[i] = v0[i+1]
			} else {
				v1[i] = v0[start]
			}
		}
		loop(start, k)
	}
	return s2.ExpandForSubregions(rb.RectBound())
}

// shapeIndex returns an s2.ShapeIndex holding the shape as one LaxPolygon.
func (sh *shape) shapeIndex() *s2.ShapeIndex {
	idx := s2.NewShapeIndex()
	idx.Add(s2.LaxPolygonFromPoints(sh.loops))
	idx.Build()
	return idx
}

// boundary is one boundary of a pointIndex, ready for point-in-polygon
// tests. Its edges are in the index's tables: edge e of the boundary runs
// from pointIndex.v0[first+e] to pointIndex.v1[first+e].
type boundary struct {
	layer        data.Layer
	jurisdiction string
	rect         s2.Rect
	first, end   int32 // its edges in pointIndex.v0 and v1
	loops        int32 // its first loop in pointIndex.loops; the next boundary's is its end

	indexOnce sync.Once
	index     *s2.ShapeIndex // built on first use by pointIndex.shapeIndex
}

// gridCell is a cell of a layer's table.
type gridCell struct {
	center s2.Point // the cell's centre, the reference point of its tests
	inside int32    // boundary containing the whole cell, or -1
	// places reports, in the county layer, that the cell holds a cell of
	// the place layer: only then may a point of it lie in a place.
	places bool
	// The boundaries whose edges pass through the cell are
	// grid.cands[start:end].
	start, end int32
}

// grid is the cell table of one layer; its candidates and their edges
// are those of the dataset's table (data.Grid).
type grid struct {
	level int
	index cellDirectory // into cells
	cells []gridCell
	cands []data.Candidate
	edges []int32
}

// pointIndex locates points among the dataset's boundaries. It is
// immutable after newPointIndex (but for the shape indexes built on first
// use) and safe for concurrent use. Its tables hold no pointers for the
// garbage collector to follow but the boundaries' jurisdiction IDs and
// those to a few arrays.
type pointIndex struct {
	bounds []boundary
	v0, v1 []s2.Point // the edges of every boundary, boundary after boundary
	loops  []int32    // the first edge of every loop, boundary after boundary
	grids  [data.LayerUSPlace + 1]grid
}

// hit is the result of locating a point: for each layer the index of the
// containing boundary in pointIndex.bounds, or -1.
type hit [data.LayerUSPlace + 1]int32

func (h *hit) of(l data.Layer) int32 { return h[l] }

func newPointIndex(ctx context.Context, b *data.Boundaries) (*pointIndex, error) {
	pi := &pointIndex{bounds: make([]boundary, len(b.All))}
	n, loops := 0, 0
	for i := range b.All {
		src := &b.All[i]
		bd := &pi.bounds[i]
		bd.layer, bd.jurisdiction = src.Layer, src.Jurisdiction
		bd.first, bd.loops = int32(n), int32(loops)
		for _, l := range src.Loops {
			n += len(l)
		}
		loops += len(src.Loops)
		bd.end = int32(n)
	}
	pi.v0, pi.v1 = make([]s2.Point, n), make([]s2.Point, n)
	pi.loops = make([]int32, loops)
	// Converting the vertices is the bulk of the work: use every core.
	// Each boundary has its own part of the tables.
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(b.All); i += workers {
				if ctx.Err() != nil {
					return // New is stopping: the index will not be used
				}
				bd := &pi.bounds[i]
				k := bd.loops
				bd.rect = convertLoops(&b.All[i], pi.v0[bd.first:bd.end], pi.v1[bd.first:bd.end], func(start, _ int) {
					pi.loops[k] = int32(start)
					k++
				})
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, g := range b.Grids {
		if int(g.Layer) >= len(pi.grids) {
			continue // a layer that locating does not search
		}
		gr := grid{level: g.Level, index: newCellDirectory(len(g.Cells)), cells: make([]gridCell, len(g.Cells)),
			cands: g.Candidates, edges: g.Edges}
		for i, c := range g.Cells {
			id := s2.CellID(c.ID)
			if !id.IsValid() || id.Level() != g.Level {
				return nil, fmt.Errorf("taxarea: cell table of layer %v holds an invalid cell %d", g.Layer, c.ID)
			}
			if c.Start < 0 || c.Start > c.End || int(c.End) > len(g.Candidates) {
				return nil, fmt.Errorf("taxarea: cell table of layer %v: cell %d has candidates out of range", g.Layer, c.ID)
			}
			for _, cd := range g.CandidatesOf(&c) {
				if cd.Boundary < 0 || int(cd.Boundary) >= len(pi.bounds) || cd.Start < 0 || cd.Start > cd.End || int(cd.End) > len(g.Edges) {
					return nil, fmt.Errorf("taxarea: cell table of layer %v: cell %d has a candidate out of range", g.Layer, c.ID)
				}
				n := pi.bounds[cd.Boundary].end - pi.bounds[cd.Boundary].first
				for _, e := range g.EdgesOf(&cd) {
					if e < 0 || e >= n {
						return nil, fmt.Errorf("taxarea: cell table of layer %v: cell %d has an edge out of range", g.Layer, c.ID)
					}
				}
			}
			gr.index.add(id, int32(i))
			gr.cells[i] = gridCell{center: s2.CellFromCellID(id).Center(), inside: c.Inside, start: c.Start, end: c.End}
		}
		pi.grids[g.Layer] = gr
	}
	if pg := &pi.grids[data.LayerUSPlace]; pg.index.len() != 0 {
		cg := &pi.grids[data.LayerUSCounty]
		for i := range g0(b, data.LayerUSPlace).Cells {
			id := s2.CellID(g0(b, data.LayerUSPlace).Cells[i].ID).Parent(cg.level)
			if ci := cg.index.find(id); ci >= 0 {
				cg.cells[ci].places = true
			}
		}
	}
	for _, l := range layerOrder {
		if pi.grids[l].index.len() == 0 {
			return nil, fmt.Errorf("taxarea: dataset has no cell table for layer %v", l)
		}
	}
	return pi, nil
}

// g0 returns the dataset's cell table of a layer.
func g0(b *data.Boundaries, l data.Layer) *data.Grid {
	for i := range b.Grids {
		if b.Grids[i].Layer == l {
			return &b.Grids[i]
		}
	}
	return &data.Grid{}
}

// shapeIndex returns an s2.ShapeIndex holding boundary i as one
// LaxPolygon, building it on first use. It is safe for concurrent use.
func (pi *pointIndex) shapeIndex(i int32) *s2.ShapeIndex {
	b := &pi.bounds[i]
	b.indexOnce.Do(func() {
		end := int32(len(pi.loops))
		if int(i)+1 < len(pi.bounds) {
			end = pi.bounds[i+1].loops
		}
		sh := shape{}
		for k := b.loops; k < end; k++ {
			start, stop := b.first+pi.loops[k], b.end
			if k+1 < end {
				stop = b.first + pi.loops[k+1]
			}
			sh.loops = append(sh.loops, pi.v0[start:stop:stop])
		}
		b.index = sh.shapeIndex()
	})
	return b.index
}

// locate finds the boundaries that contain p, layer by layer. It does not
// allocate.
func (pi *pointIndex) locate(p s2.Point) hit {
	h := hit{-1, -1, -1, -1, -1, -1}
	leaf := s2.CellFromPoint(p).ID()
	countyCell := pi.locateLayers(&h, leaf, p)
	// A point in a US county may lie in a place with a tax of its own,
	// when its county cell holds a place's cell at all.
	if h[data.LayerUSCounty] >= 0 && countyCell >= 0 && pi.grids[data.LayerUSCounty].cells[countyCell].places {
		h[data.LayerUSPlace], _ = pi.locateIn(&pi.grids[data.LayerUSPlace], leaf, p)
	}
	return h
}

// locateLayers fills h with the boundaries of the layers of layerOrder
// that contain p, the finest first, stopping where a finer one settles
// the rest. It returns the position of p's cell in the county layer's
// table, or -1.
func (pi *pointIndex) locateLayers(h *hit, leaf s2.CellID, p s2.Point) int32 {
	countyCell := int32(-1)
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
		var ci int32
		h[l], ci = pi.locateIn(&pi.grids[l], leaf, p)
		if l == data.LayerUSCounty {
			countyCell = ci
		}
	}
	return countyCell
}

// locateIn returns the boundary of one layer that contains p, or -1, and
// the position of p's cell in the layer's table, or -1.
func (pi *pointIndex) locateIn(g *grid, leaf s2.CellID, p s2.Point) (int32, int32) {
	ci := g.index.find(leaf.Parent(g.level))
	if ci < 0 {
		return -1, -1
	}
	gc := &g.cells[ci]
	if gc.inside >= 0 {
		return gc.inside, ci
	}
	for i := gc.start; i < gc.end; i++ {
		c := &g.cands[i]
		b := &pi.bounds[c.Boundary]
		if !b.rect.ContainsPoint(p) {
			continue
		}
		// Count the edges that the segment from the cell's centre to p
		// crosses, as s2.ContainsPointQuery does within an index cell.
		in := c.CenterInside
		v0, v1 := pi.v0[b.first:b.end], pi.v1[b.first:b.end]
		for _, e := range g.edges[c.Start:c.End] {
			if crossing(gc.center, p, v0[e], v1[e]) {
				in = !in
			}
		}
		if in {
			return c.Boundary, ci
		}
	}
	return -1, ci
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
	g := &pi.grids[l]
	cell := s2.CellFromPoint(p).ID().Parent(g.level)
	seen := map[int32]bool{}
	best, bestDist := int32(-1), s1.InfChordAngle()
	limit := s1.ChordAngleFromAngle(maxDist)
	for _, c := range append(cell.AllNeighbors(g.level), cell) {
		ci := g.index.find(c)
		if ci < 0 {
			continue
		}
		gc := &g.cells[ci]
		for _, cand := range g.cands[gc.start:gc.end] {
			i := cand.Boundary
			if seen[i] {
				continue
			}
			seen[i] = true
			opts := s2.NewClosestEdgeQueryOptions().MaxResults(1).DistanceLimit(limit)
			q := s2.NewClosestEdgeQuery(pi.shapeIndex(i), opts)
			d := q.Distance(s2.NewMinDistanceToPointTarget(p))
			if d < limit && d < bestDist {
				best, bestDist = i, d
			}
		}
	}
	return best
}

// distance returns the distance from p to the edges of boundary i. It
// allocates (the boundary's shape index, built on first use, and the
// query) and is meant for the few lookups that need it.
func (pi *pointIndex) distance(i int32, p s2.Point) s1.Angle {
	q := s2.NewClosestEdgeQuery(pi.shapeIndex(i), s2.NewClosestEdgeQueryOptions().MaxResults(1).IncludeInteriors(false))
	return q.Distance(s2.NewMinDistanceToPointTarget(p)).Angle()
}
