package data

import (
	"fmt"

	"github.com/levytax/levy/data/internal/binfmt"
)

// Layer is a family of boundaries that partition the map at one level.
type Layer uint8

// The boundary layers of the dataset.
const (
	LayerCountry     Layer = 1 // every country (Natural Earth 1:50m)
	LayerUSState     Layer = 2 // US states, DC and territories (Census)
	LayerUSCounty    Layer = 3 // US counties and equivalents (Census)
	LayerSubdivision Layer = 4 // first-level divisions elsewhere: Canada's provinces
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
type Grid struct {
	Layer Layer
	Level int
	Cells []GridCell // sorted by ID
}

// GridCell is one entry of a Grid.
type GridCell struct {
	ID uint64 // S2 cell ID
	// Inside is the index in Boundaries.All of the boundary that contains
	// the whole cell, or -1 when boundary edges pass through the cell.
	Inside int32
	// Candidates are the boundaries whose edges pass through the cell.
	Candidates []Candidate
}

// Candidate is a boundary whose edges pass through a grid cell, with what
// a point-in-polygon test inside the cell needs: whether the boundary
// contains the cell's centre, and every edge of the boundary that meets the
// cell. Edge e joins vertex e of the boundary's loops, counted loop after
// loop, to the next vertex of its loop.
type Candidate struct {
	Boundary     int32
	CenterInside bool
	Edges        []int32 // ascending
}

// Boundaries returns the dataset's boundaries, decoding them on first use.
func (d *Dataset) Boundaries() (*Boundaries, error) {
	return part(d, &d.geo, "geo.lvd", decodeBoundaries)
}

func decodeBoundaries(file []byte) (*Boundaries, error) {
	r, err := binfmt.Open(file, "geo", 2)
	if err != nil {
		return nil, fmt.Errorf("data: boundaries: %w", err)
	}
	n := r.Count(4)
	out := &Boundaries{All: make([]Boundary, 0, n)}
	for i := 0; i < n && r.Err() == nil; i++ {
		b := Boundary{Layer: Layer(r.Uvarint()), Jurisdiction: r.String()}
		loops := r.Count(1)
		b.Loops = make([][]Vertex, 0, loops)
		for j := 0; j < loops && r.Err() == nil; j++ {
			nv := r.Count(2)
			loop := make([]Vertex, nv)
			var prev Vertex
			for k := range loop {
				prev.Lat += int32(r.Varint())
				prev.Lng += int32(r.Varint())
				loop[k] = prev
			}
			out.Vertices += nv
			b.Loops = append(b.Loops, loop)
		}
		out.All = append(out.All, b)
	}
	edgeCounts := make([]int64, len(out.All))
	for i, b := range out.All {
		for _, l := range b.Loops {
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
			c := GridCell{ID: id, Inside: int32(r.Varint()), Candidates: make([]Candidate, r.Count(3))}
			if c.Inside < -1 || int(c.Inside) >= len(out.All) {
				return nil, fmt.Errorf("data: boundaries: %w: cell owner out of range", binfmt.ErrCorrupt)
			}
			for j := range c.Candidates {
				cand := Candidate{Boundary: int32(r.Uvarint()), CenterInside: r.Bool(), Edges: make([]int32, r.Count(1))}
				if int(cand.Boundary) >= len(out.All) {
					return nil, fmt.Errorf("data: boundaries: %w: candidate out of range", binfmt.ErrCorrupt)
				}
				edges := edgeCounts[cand.Boundary]
				var e int64
				for n := range cand.Edges {
					e += int64(r.Uvarint())
					if e >= edges {
						return nil, fmt.Errorf("data: boundaries: %w: edge out of range", binfmt.ErrCorrupt)
					}
					cand.Edges[n] = int32(e)
				}
				c.Candidates[j] = cand
			}
			g.Cells[k] = c
		}
		out.Grids = append(out.Grids, g)
	}
	if err := r.Done(); err != nil {
		return nil, fmt.Errorf("data: boundaries: %w", err)
	}
	return out, nil
}
