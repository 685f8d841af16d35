package data

import (
	"reflect"
	"slices"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
)

// TestBoundariesReadBack checks the boundaries, decoded into shared
// arrays, against a plain decoding of the same file with an array of its
// own for every list.
func TestBoundariesReadBack(t *testing.T) {
	file, err := Default().file("geo.lvd")
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeBoundaries(file)
	if err != nil {
		t.Fatal(err)
	}
	r, err := binfmt.Open(file, "geo", 2)
	if err != nil {
		t.Fatal(err)
	}
	// plainCell and plainCandidate are what GridCell and Candidate read
	// back as.
	type plainCandidate struct {
		Boundary     int32
		CenterInside bool
		Edges        []int32
	}
	type plainCell struct {
		ID         uint64
		Inside     int32
		Candidates []plainCandidate
	}
	type plainGrid struct {
		Layer Layer
		Level int
		Cells []plainCell
	}
	want := &Boundaries{}
	var wantGrids []plainGrid
	for range r.Count(4) {
		b := Boundary{Layer: Layer(r.Uvarint()), Jurisdiction: r.String()}
		b.Loops = make([][]Vertex, r.Count(1))
		for j := range b.Loops {
			b.Loops[j] = make([]Vertex, r.Count(2))
			var prev Vertex
			for k := range b.Loops[j] {
				prev.Lat += int32(r.Varint())
				prev.Lng += int32(r.Varint())
				b.Loops[j][k] = prev
			}
			want.Vertices += len(b.Loops[j])
		}
		want.All = append(want.All, b)
	}
	for range r.Count(3) {
		g := plainGrid{Layer: Layer(r.Uvarint()), Level: int(r.Uvarint())}
		g.Cells = make([]plainCell, r.Count(3))
		var id uint64
		for k := range g.Cells {
			id += r.Uvarint()
			c := plainCell{ID: id, Inside: int32(r.Varint()), Candidates: make([]plainCandidate, r.Count(3))}
			for j := range c.Candidates {
				cand := plainCandidate{Boundary: int32(r.Uvarint()), CenterInside: r.Bool(), Edges: make([]int32, r.Count(1))}
				var e int32
				for n := range cand.Edges {
					e += int32(r.Uvarint())
					cand.Edges[n] = e
				}
				c.Candidates[j] = cand
			}
			g.Cells[k] = c
		}
		wantGrids = append(wantGrids, g)
	}
	if err := r.Done(); err != nil {
		t.Fatal(err)
	}
	grids := got.Grids
	got.Grids = nil
	if !reflect.DeepEqual(got, want) {
		t.Error("the boundaries differ from a plain decoding")
	}
	var gotGrids []plainGrid
	for _, g := range grids {
		pg := plainGrid{Layer: g.Layer, Level: g.Level, Cells: make([]plainCell, len(g.Cells))}
		for k := range g.Cells {
			c := &g.Cells[k]
			pc := plainCell{ID: c.ID, Inside: c.Inside, Candidates: []plainCandidate{}}
			for _, cand := range g.CandidatesOf(c) {
				pc.Candidates = append(pc.Candidates, plainCandidate{cand.Boundary, cand.CenterInside, slices.Clone(g.EdgesOf(&cand))})
			}
			pg.Cells[k] = pc
		}
		gotGrids = append(gotGrids, pg)
	}
	if !reflect.DeepEqual(gotGrids, wantGrids) {
		t.Error("the cell tables differ from a plain decoding")
	}
}
