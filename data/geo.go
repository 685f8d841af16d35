package data

import (
	"fmt"
	"slices"

	"github.com/levytax/levy/internal/binfmt"
)

// Layer is a family of boundaries that partition the map at one level.
type Layer uint8

// The boundary layers of the dataset.
const (
	LayerCountry     Layer = 1 // every country (Natural Earth 1:50m)
	LayerUSState     Layer = 2 // US states, DC and territories (Census)
	LayerUSCounty    Layer = 3 // US counties and equivalents (Census)
	LayerSubdivision Layer = 4 // first-level divisions elsewhere: Canada's provinces
	// LayerUSPlace holds the US Census places (incorporated cities,
	// towns, villages and boroughs, and census-designated places) whose
	// tax differs from that of the rest of their county. A boundary's
	// Jurisdiction is "US-" and the place's 7-digit GEOID; places do not
	// overlap one another.
	LayerUSPlace Layer = 5
)

// String names the layer.
func (l Layer) String() string {
	switch l {
	case LayerCountry:
		return "country"
	case LayerUSState:
		return "us-state"
	case LayerUSCounty:
		return "us-county"
	case LayerSubdivision:
		return "subdivision"
	case LayerUSPlace:
		return "us-place"
	}
	return fmt.Sprintf("Layer(%d)", uint8(l))
}

// Vertex is a point in millionths of a degree.
type Vertex struct{ Lat, Lng int32 }

// Boundary is the area of one jurisdiction in one layer. Its loops follow
// S2's convention: the interior is on the left of every loop, so outer rings
// run counter-clockwise and holes clockwise.
type Boundary struct {
	Layer        Layer
	Jurisdiction string // jurisdiction ID
	Loops        [][]Vertex
}

// Boundaries is the boundary part of a dataset, sorted by layer and
// jurisdiction ID, with a cell table per layer. It is immutable.
type Boundaries struct {
	All      []Boundary
	Vertices int // total number of vertices
	Grids    []Grid
}

// Grid is the cell table of one layer: for every S2 cell of its level that
// a boundary of the layer touches, the boundaries that may contain points
// of the cell. It is computed by the generator from the boundaries with the
// S2 library, so a reader need not compute it at start-up.
//
// The candidates of all cells share one array, and the edges of all
// candidates another: a table of tens of thousands of cells then holds no
// pointers for the garbage collector to follow but those to its three
// arrays.
type Grid struct {
	Layer Layer
	Level int
	Cells []GridCell // sorted by ID
	// Candidates holds the candidates of every cell, cell after cell
	// (CandidatesOf).
	Candidates []Candidate
	// Edges holds the edges of every candidate, candidate after candidate
	// (EdgesOf).
	Edges []int32
}

// GridCell is one entry of a Grid.
type GridCell struct {
	ID uint64 // S2 cell ID
	// Inside is the index in Boundaries.All of the boundary that contains
	// the whole cell, or -1 when boundary edges pass through the cell.
	Inside int32
	// The boundaries whose edges pass through the cell are the
	// candidates Grid.Candidates[Start:End].
	Start, End int32
}

// Candidate is a boundary whose edges pass through a grid cell, with what
// a point-in-polygon test inside the cell needs: whether the boundary
// contains the cell's centre, and every edge of the boundary that meets the
// cell. Edge e joins vertex e of the boundary's loops, counted loop after
// loop, to the next vertex of its loop.
type Candidate struct {
	Boundary     int32
	CenterInside bool
	// The edges are Grid.Edges[Start:End], ascending.
	Start, End int32
}

// CandidatesOf returns the candidates of a cell of g.
func (g *Grid) CandidatesOf(c *GridCell) []Candidate { return g.Candidates[c.Start:c.End] }

// EdgesOf returns the edges of a candidate of g.
func (g *Grid) EdgesOf(c *Candidate) []int32 { return g.Edges[c.Start:c.End] }

// AddCell appends a cell with its candidates to g; edges[k] are the edges
// of cands[k]. The cells must be added in ID order.
func (g *Grid) AddCell(id uint64, inside int32, cands []Candidate, edges [][]int32) {
	c := GridCell{ID: id, Inside: inside, Start: int32(len(g.Candidates))}
	for k, cand := range cands {
		cand.Start = int32(len(g.Edges))
		g.Edges = append(g.Edges, edges[k]...)
		cand.End = int32(len(g.Edges))
		g.Candidates = append(g.Candidates, cand)
	}
	c.End = int32(len(g.Candidates))
	g.Cells = append(g.Cells, c)
}

// Boundaries returns the dataset's boundaries, decoding them on first use.
func (d *Dataset) Boundaries() (*Boundaries, error) {
	return part(d, &d.geo, "geo.lvd", decodeBoundaries)
}

func decodeBoundaries(file []byte) (*Boundaries, error) {
	r, err := binfmt.Open(file, "geo", 2)
	if err != nil {
		return nil, fmt.Errorf("boundaries: %w", err)
	}
	// The vertices of all loops share one array, and so do the loops of
	// all boundaries, so that the collector has a few large objects to
	// mark rather than a small one per loop. The arrays grow while they
	// are read; the slices into them are made at the end.
	n := r.Count(4)
	out := &Boundaries{All: make([]Boundary, 0, n)}
	var vertices []Vertex
	var loopEnds []int // the end of each loop in vertices
	var loopsOf []int  // the end of each boundary's loops in loopEnds
	for i := 0; i < n && r.Err() == nil; i++ {
		b := Boundary{Layer: Layer(r.Uvarint()), Jurisdiction: r.String()}
		loops := r.Count(1)
		for j := 0; j < loops && r.Err() == nil; j++ {
			nv := r.Count(2)
			var prev Vertex
			for k := 0; k < nv; k++ {
				prev.Lat += int32(r.Varint())
				prev.Lng += int32(r.Varint())
				vertices = append(vertices, prev)
			}
			out.Vertices += nv
			loopEnds = append(loopEnds, len(vertices))
		}
		loopsOf = append(loopsOf, len(loopEnds))
		out.All = append(out.All, b)
	}
	vertices = slices.Clip(vertices)
	loops := make([][]Vertex, len(loopEnds))
	for j, end := range loopEnds {
		start := 0
		if j > 0 {
			start = loopEnds[j-1]
		}
		loops[j] = vertices[start:end:end]
	}
	edgeCounts := make([]int64, len(out.All))
	for i := range out.All {
		start := 0
		if i > 0 {
			start = loopsOf[i-1]
		}
		out.All[i].Loops = loops[start:loopsOf[i]:loopsOf[i]]
		for _, l := range out.All[i].Loops {
			edgeCounts[i] += int64(len(l))
		}
	}
	grids := r.Count(3)
	for i := 0; i < grids && r.Err() == nil; i++ {
		g := Grid{Layer: Layer(r.Uvarint()), Level: int(r.Uvarint())}
		g.Cells = make([]GridCell, r.Count(3))
		var id uint64
		for k := range g.Cells {
			id += r.Uvarint()
			c := GridCell{ID: id, Inside: int32(r.Varint())}
			nc := r.Count(3)
			if c.Inside < -1 || int(c.Inside) >= len(out.All) {
				return nil, fmt.Errorf("boundaries: %w: cell owner out of range", binfmt.ErrCorrupt)
			}
			c.Start = int32(len(g.Candidates))
			for j := 0; j < nc; j++ {
				cand := Candidate{Boundary: int32(r.Uvarint()), CenterInside: r.Bool()}
				ne := r.Count(1)
				if int(cand.Boundary) >= len(out.All) {
					return nil, fmt.Errorf("boundaries: %w: candidate out of range", binfmt.ErrCorrupt)
				}
				limit := edgeCounts[cand.Boundary]
				cand.Start = int32(len(g.Edges))
				var e int64
				for n := 0; n < ne; n++ {
					e += int64(r.Uvarint())
					if e >= limit {
						return nil, fmt.Errorf("boundaries: %w: edge out of range", binfmt.ErrCorrupt)
					}
					g.Edges = append(g.Edges, int32(e))
				}
				cand.End = int32(len(g.Edges))
				g.Candidates = append(g.Candidates, cand)
			}
			c.End = int32(len(g.Candidates))
			g.Cells[k] = c
		}
		g.Candidates, g.Edges = slices.Clip(g.Candidates), slices.Clip(g.Edges)
		out.Grids = append(out.Grids, g)
	}
	if err := r.Done(); err != nil {
		return nil, fmt.Errorf("boundaries: %w", err)
	}
	return out, nil
}
