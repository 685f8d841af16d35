package taxarea

import (
	"testing"
	"time"

	"github.com/golang/geo/s2"
	"github.com/levytax/levy/data"
)

func testPointIndex(t testing.TB) *pointIndex {
	t.Helper()
	b, err := data.Default().Boundaries()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	pi, err := newPointIndex(b)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("index of %d boundaries built in %v", len(pi.bounds), time.Since(start))
	return pi
}

func TestPointIndexSmoke(t *testing.T) {
	pi := testPointIndex(t)
	for _, c := range []struct {
		name     string
		lat, lng float64
	}{
		{"Statue of Liberty", 40.689247, -74.044502},
		{"Empire State Building", 40.748817, -73.985428},
		{"Parliament Hill", 45.4236, -75.7009},
		{"Eiffel Tower", 48.858370, 2.294481},
		{"CN Tower", 43.642566, -79.387057},
		{"Mid-Pacific", 0, -150},
	} {
		h := pi.locate(s2.PointFromLatLng(s2.LatLngFromDegrees(c.lat, c.lng)))
		var names []string
		for _, i := range h {
			if i >= 0 {
				names = append(names, pi.bounds[i].jurisdiction)
			}
		}
		t.Logf("%s: %v", c.name, names)
	}
	total := 0
	for l, g := range pi.grids {
		inside := 0
		for _, c := range g.cells {
			if c.inside >= 0 {
				inside++
			}
			total += len(c.candidates)
		}
		t.Logf("layer %v: %d cells, %d inside", l, len(g.cells), inside)
	}
	t.Logf("candidates %d", total)
}
