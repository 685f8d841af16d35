package datagen

import (
	"fmt"

	"github.com/golang/geo/s2"
)

// placeLoops turns the rings of a place's boundary, as a shapefile gives
// them (outer rings clockwise, holes counter-clockwise), into simplified
// loops in S2's orientation (outer rings counter-clockwise, holes
// clockwise), keeping the source's topology.
//
// Simplifying each ring on its own can make rings that pass within the
// tolerance of each other overlap or cross, and a ring cross itself. A
// point-in-boundary test counts the loops crossed on the way from a
// reference point whose containment is judged at one vertex from the
// edges there alone; when that vertex has been left inside another
// loop, every answer turns over and the boundary holds the rest of the
// world instead of the place (Athens, Texas, lost its own centre and
// held the point of Houston's Kingwood that way). So the vertices that
// two rings share, or that a ring passes twice, are kept with their
// neighbours, and a place whose simplified rings still cross, or lie
// inside other rings than in the source, is simplified again at a
// smaller tolerance, down to the source's rings.
func placeLoops(rings [][]microDegree) [][]microDegree {
	// Shapefiles wind rings the opposite way to S2: every ring turns
	// round, after it is simplified.
	raw := make([][]microDegree, len(rings))
	for i, r := range rings {
		raw[i] = turned(r)
	}
	pins := sharedVertexPins(rings)
	var loops [][]microDegree
	for _, tol := range placeSimplifyTolerances {
		loops = make([][]microDegree, len(rings))
		for i, r := range rings {
			loops[i] = turned(simplifyRing(r, tol, pins[i]...))
		}
		if tol == 0 || placeTopologyError(raw, loops) == nil {
			break
		}
	}
	return loops
}

// turned returns a copy of the ring running the other way.
func turned(r []microDegree) []microDegree {
	out := append([]microDegree(nil), r...)
	reverse(out)
	return out
}

// sharedVertexPins returns, for each ring, the indexes of its vertices
// that occur more than once among the rings, and of their neighbours:
// keeping them keeps the way the rings meet there.
func sharedVertexPins(rings [][]microDegree) [][]int {
	seen := map[microDegree]int{}
	for _, r := range rings {
		for _, v := range r {
			seen[v]++
		}
	}
	pins := make([][]int, len(rings))
	for i, r := range rings {
		n := len(r)
		for k, v := range r {
			if seen[v] > 1 {
				pins[i] = append(pins[i], (k+n-1)%n, k, (k+1)%n)
			}
		}
	}
	return pins
}

// placeTopologyError reports how the simplified loops of a place (simp,
// each a subsequence of the ring of raw at the same index, both in S2's
// orientation) differ in topology from the source's: two edges that
// cross, a vertex met by several loops or twice by one whose
// neighbours changed, or a loop that lies inside another in one and not
// in the other.
func placeTopologyError(raw, simp [][]microDegree) error {
	pts := s2Loops(simp)
	// Edges that cross at a point inside both.
	lp := s2.LaxPolygonFromPoints(pts)
	idx := s2.NewShapeIndex()
	idx.Add(lp)
	q := s2.NewCrossingEdgeQuery(idx)
	for e := range lp.NumEdges() {
		ed := lp.Edge(e)
		if c := q.Crossings(ed.V0, ed.V1, lp, s2.CrossingTypeInterior); len(c) > 0 {
			li, ei := loopEdge(simp, e)
			lo, eo := loopEdge(simp, c[0])
			return fmt.Errorf("edge %d of loop %d crosses edge %d of loop %d", ei, li, eo, lo)
		}
	}
	// Vertices met more than once keep their neighbours.
	type nb struct{ prev, next microDegree }
	rawNb := map[microDegree][]nb{}
	count := map[microDegree]int{}
	for _, r := range raw {
		for k, v := range r {
			count[v]++
			rawNb[v] = append(rawNb[v], nb{r[(k+len(r)-1)%len(r)], r[(k+1)%len(r)]})
		}
	}
	for i, r := range simp {
		for k, v := range r {
			if count[v] < 2 {
				continue
			}
			got := nb{r[(k+len(r)-1)%len(r)], r[(k+1)%len(r)]}
			found := false
			for _, w := range rawNb[v] {
				found = found || w == got
			}
			if !found {
				return fmt.Errorf("loop %d meets another at %v with other neighbours than the source's", i, v)
			}
		}
	}
	// Each loop lies inside the same loops (each taken as its smaller
	// side) as in the source.
	rawLoops, simpLoops := smallSideLoops(raw), smallSideLoops(simp)
	for i := range simp {
		for j := range simp {
			if i == j || !simpLoops[i].RectBound().Intersects(rawLoops[j].RectBound().Union(simpLoops[j].RectBound())) {
				continue
			}
			v, ok := vertexOff(simp[i], raw[j], simp[j])
			if !ok {
				continue
			}
			p := s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
			if in, was := simpLoops[j].ContainsPoint(p), rawLoops[j].ContainsPoint(p); in != was {
				return fmt.Errorf("loop %d lies inside loop %d: %v, in the source: %v", i, j, in, was)
			}
		}
	}
	return nil
}

// loopEdge returns the loop of an edge of the loops numbered one loop
// after another, and its number in the loop.
func loopEdge(loops [][]microDegree, e int) (loop, edge int) {
	for i, l := range loops {
		if e < len(l) {
			return i, e
		}
		e -= len(l)
	}
	return -1, e
}

// smallSideLoops returns the loops as S2 loops holding their smaller
// side.
func smallSideLoops(loops [][]microDegree) []*s2.Loop {
	out := make([]*s2.Loop, len(loops))
	for i, pts := range s2Loops(loops) {
		out[i] = s2.LoopFromPoints(pts)
		out[i].Normalize()
	}
	return out
}

// vertexOff returns a vertex of loop that is a vertex of none of the
// others.
func vertexOff(loop []microDegree, others ...[]microDegree) (microDegree, bool) {
	on := map[microDegree]bool{}
	for _, o := range others {
		for _, v := range o {
			on[v] = true
		}
	}
	for _, v := range loop {
		if !on[v] {
			return v, true
		}
	}
	return microDegree{}, false
}
