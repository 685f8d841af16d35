package taxarea

import (
	"sort"

	"github.com/golang/geo/s2"
	"github.com/levytax/levy/data"
)

// CellLevels is the S2 cell level of each layer's cell table: fine enough
// that most cells lie inside one boundary, coarse enough to stay small.
// Level 9 cells are about 18 km across, level 6 about 140 km.
var CellLevels = map[data.Layer]int{
	data.LayerUSCounty:    9,
	data.LayerUSState:     7,
	data.LayerSubdivision: 6,
	data.LayerCountry:     6,
}

// BuildCellTables computes the cell table of every layer of b (the Grids
// of data.Boundaries; b.Grids itself is ignored). The data generator calls
// it once, so that a Resolver need not at start-up.
//
// For each boundary, every cell of its layer's level that meets the
// boundary's bounding rectangle is classified: touched by the boundary's
// edges when one of the cell's four sides crosses an edge or a whole loop
// lies inside it; otherwise wholly inside (its centre is inside) or wholly
// outside. Touched cells list the boundary as a candidate; inside cells
// also name it as their owner.
func BuildCellTables(b *data.Boundaries) []data.Grid {
	cells := map[data.Layer]map[s2.CellID]*data.GridCell{}
	for i := range b.All {
		src := &b.All[i]
		level := CellLevels[src.Layer]
		if cells[src.Layer] == nil {
			cells[src.Layer] = map[s2.CellID]*data.GridCell{}
		}
		layer := cells[src.Layer]
		bd := indexBoundary(src)
		shape := bd.index.Shape(0)
		crossings := s2.NewCrossingEdgeQuery(bd.index)
		contains := s2.NewContainsPointQuery(bd.index, s2.VertexModelSemiOpen)
		loopCells := map[s2.CellID]bool{}
		for l := 0; l < shape.NumChains(); l++ {
			if shape.Chain(l).Length > 0 {
				loopCells[s2.CellFromPoint(shape.ChainEdge(l, 0).V0).ID().Parent(level)] = true
			}
		}
		rc := &s2.RegionCoverer{MinLevel: level, MaxLevel: level, MaxCells: 1 << 30}
		for _, c := range rc.Covering(bd.rect) {
			cell := s2.CellFromCellID(c)
			edges := loopCells[c]
			for k := 0; k < 4 && !edges; k++ {
				edges = len(crossings.Crossings(cell.Vertex(k), cell.Vertex((k+1)%4), shape, s2.CrossingTypeAll)) > 0
			}
			if !edges && !contains.Contains(cell.Center()) {
				continue
			}
			gc := layer[c]
			if gc == nil {
				gc = &data.GridCell{ID: uint64(c), Inside: -1}
				layer[c] = gc
			}
			if !edges {
				gc.Inside = int32(i)
			}
			gc.Candidates = append(gc.Candidates, int32(i))
		}
	}
	var out []data.Grid
	for l, m := range cells {
		g := data.Grid{Layer: l, Level: CellLevels[l], Cells: make([]data.GridCell, 0, len(m))}
		for _, gc := range m {
			g.Cells = append(g.Cells, *gc)
		}
		sort.Slice(g.Cells, func(i, j int) bool { return g.Cells[i].ID < g.Cells[j].ID })
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Layer < out[j].Layer })
	return out
}
