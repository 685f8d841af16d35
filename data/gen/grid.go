package main

import (
	"sort"

	"github.com/golang/geo/s2"
)

// gridLevels is the S2 cell level of each layer's candidate table: fine
// enough that most cells lie inside one boundary, coarse enough to stay
// small. Level 9 cells are about 18 km across, level 6 about 140 km.
var gridLevels = map[int]int{
	layerUSCounty:    9,
	layerUSState:     7,
	layerSubdivision: 6,
	layerCountry:     6,
}

type gridCell struct {
	id         s2.CellID
	inside     int // index of the boundary containing the whole cell, or -1
	candidates []int
}

// buildGrids computes, for each layer, the cells of its level that some
// boundary touches and which boundaries may contain points of each cell.
// A cell is touched by a boundary's edges when one of its four sides crosses
// an edge or a whole loop lies inside it; an untouched cell is wholly inside
// the boundary (its centre is inside) or wholly outside it.
func buildGrids(feats []feature) map[int][]gridCell {
	cells := map[int]map[s2.CellID]*gridCell{}
	for i, f := range feats {
		level := gridLevels[f.layer]
		if cells[f.layer] == nil {
			cells[f.layer] = map[s2.CellID]*gridCell{}
		}
		layer := cells[f.layer]
		idx, rect := featureIndex(f)
		shape := idx.Shape(0)
		crossings := s2.NewCrossingEdgeQuery(idx)
		contains := s2.NewContainsPointQuery(idx, s2.VertexModelSemiOpen)
		loopCells := map[s2.CellID]bool{}
		for l := 0; l < shape.NumChains(); l++ {
			if shape.Chain(l).Length > 0 {
				loopCells[s2.CellFromPoint(shape.ChainEdge(l, 0).V0).ID().Parent(level)] = true
			}
		}
		rc := &s2.RegionCoverer{MinLevel: level, MaxLevel: level, MaxCells: 1 << 30}
		for _, c := range rc.Covering(rect) {
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
				gc = &gridCell{id: c, inside: -1}
				layer[c] = gc
			}
			if !edges {
				gc.inside = i
			}
			gc.candidates = append(gc.candidates, i)
		}
	}
	out := map[int][]gridCell{}
	for l, m := range cells {
		list := make([]gridCell, 0, len(m))
		for _, gc := range m {
			list = append(list, *gc)
		}
		sort.Slice(list, func(i, j int) bool { return list[i].id < list[j].id })
		out[l] = list
	}
	return out
}

// featureIndex builds the S2 index of one boundary, as taxarea does.
func featureIndex(f feature) (*s2.ShapeIndex, s2.Rect) {
	rb := s2.NewRectBounder()
	loops := make([][]s2.Point, len(f.loops))
	for i, l := range f.loops {
		pts := make([]s2.Point, len(l))
		for k, v := range l {
			pts[k] = s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
			rb.AddPoint(pts[k])
		}
		loops[i] = pts
	}
	idx := s2.NewShapeIndex()
	idx.Add(s2.LaxPolygonFromPoints(loops))
	return idx, s2.ExpandForSubregions(rb.RectBound())
}
