package taxarea

import (
	"slices"
	"sort"

	"github.com/golang/geo/s2"
	"github.com/levytax/levy/data"
)

// CellLevels is the S2 cell level of each layer's cell table: fine enough
// that most cells lie inside one boundary and few edges cross the others,
// coarse enough to stay small. Level 9 cells are about 18 km across, level
// 6 about 140 km, level 11 about 4.5 km.
var CellLevels = map[data.Layer]int{
	data.LayerUSPlace:     11,
	data.LayerUSCounty:    9,
	data.LayerUSState:     7,
	data.LayerSubdivision: 6,
	data.LayerCountry:     6,
}

// BuildCellTables computes the cell table of every layer of b (the Grids
// of data.Boundaries; b.Grids itself is ignored). The data generator calls
// it once, so that a Resolver does not at start-up.
//
// Each boundary goes into an s2.ShapeIndex, as a LaxPolygon. Every cell of
// its layer's level that meets the boundary's bounding rectangle is then
// classified with the index: a cell that no edge meets is wholly inside
// the boundary (the semi-open containment of its centre says so) or wholly
// outside; a cell that edges meet (an edge crosses one of its four sides,
// or has an end inside it) records the boundary as a candidate with those
// edges and the containment of its centre, which is all that a
// point-in-polygon test inside the cell needs. A nil b has no layers and
// no tables.
func BuildCellTables(b *data.Boundaries) []data.Grid {
	if b == nil {
		return nil
	}
	// cell is a cell of a table while it is built.
	type cell struct {
		inside int32
		cands  []data.Candidate
		edges  [][]int32
	}
	cells := map[data.Layer]map[s2.CellID]*cell{}
	for i := range b.All {
		src := &b.All[i]
		level := CellLevels[src.Layer]
		if cells[src.Layer] == nil {
			cells[src.Layer] = map[s2.CellID]*cell{}
		}
		layer := cells[src.Layer]
		bd := newShape(src)
		idx := bd.shapeIndex()
		shape := idx.Shape(0)
		crossings := s2.NewCrossingEdgeQuery(idx)
		contains := s2.NewContainsPointQuery(idx, s2.VertexModelSemiOpen)
		ends := map[s2.CellID][]int32{} // cell -> edges that start in it
		for e := range bd.v0 {
			c := s2.CellFromPoint(bd.v0[e]).ID().Parent(level)
			ends[c] = append(ends[c], int32(e))
		}
		rc := &s2.RegionCoverer{MinLevel: level, MaxLevel: level, MaxCells: 1 << 30}
		for _, c := range rc.Covering(bd.rect) {
			sc := s2.CellFromCellID(c)
			edges := slices.Clone(ends[c])
			for k := 0; k < 4; k++ {
				for _, e := range crossings.Crossings(sc.Vertex(k), sc.Vertex((k+1)%4), shape, s2.CrossingTypeAll) {
					edges = append(edges, int32(e))
				}
			}
			slices.Sort(edges)
			edges = slices.Compact(edges)
			centerInside := contains.Contains(sc.Center())
			if len(edges) == 0 && !centerInside {
				continue
			}
			gc := layer[c]
			if gc == nil {
				gc = &cell{inside: -1}
				layer[c] = gc
			}
			if len(edges) == 0 {
				gc.inside = int32(i)
				continue
			}
			gc.cands = append(gc.cands, data.Candidate{Boundary: int32(i), CenterInside: centerInside})
			gc.edges = append(gc.edges, edges)
		}
	}
	var out []data.Grid
	for l, m := range cells {
		ids := make([]s2.CellID, 0, len(m))
		for id := range m {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		g := data.Grid{Layer: l, Level: CellLevels[l], Cells: make([]data.GridCell, 0, len(m))}
		for _, id := range ids {
			gc := m[id]
			g.AddCell(uint64(id), gc.inside, gc.cands, gc.edges)
		}
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Layer < out[j].Layer })
	return out
}
