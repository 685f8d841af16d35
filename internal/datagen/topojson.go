package datagen

import (
	"encoding/json"
	"fmt"
	"math"
	"os"

	"github.com/levytax/levy/data"
)

// topology is the part of a TopoJSON document the generator reads.
type topology struct {
	Transform *struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Arcs    [][][2]float64 `json:"arcs"`
	Objects map[string]struct {
		Geometries []topoGeometry `json:"geometries"`
	} `json:"objects"`
}

type topoGeometry struct {
	Type       string          `json:"type"`
	ID         json.RawMessage `json:"id"`
	Arcs       json.RawMessage `json:"arcs"`
	Properties map[string]any  `json:"properties"`
}

// microDegree is a vertex in millionths of a degree (about 11 cm at the
// equator, far finer than the sources), as the dataset stores it.
type microDegree = data.Vertex

func readTopology(path string) (*topology, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t topology
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &t, nil
}

// id returns a geometry's id as a string ("" when it has none).
func (g *topoGeometry) id() string {
	if len(g.ID) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(g.ID, &s) == nil {
		return s
	}
	return string(g.ID)
}

// name returns properties.name, or "".
func (g *topoGeometry) name() string {
	s, _ := g.Properties["name"].(string)
	return s
}

// arcPoints decodes arc i (negative i is arc ^i reversed) to absolute
// coordinates.
func (t *topology) arcPoints(i int) ([]microDegree, error) {
	rev := i < 0
	if rev {
		i = ^i
	}
	if i >= len(t.Arcs) {
		return nil, fmt.Errorf("arc %d out of range", i)
	}
	arc := t.Arcs[i]
	pts := make([]microDegree, len(arc))
	var x, y float64
	for k, p := range arc {
		lng, lat := p[0], p[1]
		if t.Transform != nil {
			x += p[0]
			y += p[1]
			lng = x*t.Transform.Scale[0] + t.Transform.Translate[0]
			lat = y*t.Transform.Scale[1] + t.Transform.Translate[1]
		}
		pts[k] = microDegree{Lat: int32(math.Round(lat * 1e6)), Lng: int32(math.Round(lng * 1e6))}
	}
	if rev {
		for a, b := 0, len(pts)-1; a < b; a, b = a+1, b-1 {
			pts[a], pts[b] = pts[b], pts[a]
		}
	}
	return pts, nil
}

// ring joins arcs into a closed ring without its repeated last vertex and
// without consecutive duplicates.
func (t *topology) ring(arcs []int) ([]microDegree, error) {
	var out []microDegree
	for _, a := range arcs {
		pts, err := t.arcPoints(a)
		if err != nil {
			return nil, err
		}
		for _, p := range pts {
			if len(out) > 0 && out[len(out)-1] == p {
				continue
			}
			out = append(out, p)
		}
	}
	for len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	return out, nil
}

// polygons decodes a Polygon or MultiPolygon geometry into polygons of
// rings; the first ring of each polygon is its outer ring.
func (t *topology) polygons(g *topoGeometry) ([][][]microDegree, error) {
	var polys [][][]int
	switch g.Type {
	case "Polygon":
		var p [][]int
		if err := json.Unmarshal(g.Arcs, &p); err != nil {
			return nil, err
		}
		polys = [][][]int{p}
	case "MultiPolygon":
		if err := json.Unmarshal(g.Arcs, &polys); err != nil {
			return nil, err
		}
	default:
		return nil, nil
	}
	var out [][][]microDegree
	for _, p := range polys {
		var rings [][]microDegree
		for _, r := range p {
			ring, err := t.ring(r)
			if err != nil {
				return nil, err
			}
			if len(ring) >= 3 {
				rings = append(rings, ring)
			}
		}
		if len(rings) > 0 {
			out = append(out, rings)
		}
	}
	return out, nil
}
