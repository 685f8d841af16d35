package console

import (
	"math"
	"slices"
	"testing"
)

func TestDouglasPeuckerKeepsTheCorners(t *testing.T) {
	// A square with points along its sides, a little off the lines.
	var ring [][2]float64
	for i := range 10 {
		ring = append(ring, [2]float64{float64(i), 0.001 * float64(i%2)})
	}
	for i := range 10 {
		ring = append(ring, [2]float64{10, float64(i)})
	}
	for i := range 10 {
		ring = append(ring, [2]float64{10 - float64(i), 10})
	}
	for i := range 10 {
		ring = append(ring, [2]float64{0, 10 - float64(i)})
	}
	got := douglasPeucker(ring, 0.01)
	want := [][2]float64{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	if len(got) != len(want) {
		t.Fatalf("simplified to %v, want the corners %v", got, want)
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("corner %v is gone: %v", w, got)
		}
	}
	// Below the wiggle, every vertex off the square's sides stays.
	kept := douglasPeucker(ring, 0.0001)
	for _, p := range ring {
		if p[1] == 0.001 && !slices.Contains(kept, p) {
			t.Errorf("a tolerance below the wiggle dropped %v: %v", p, kept)
		}
	}
}

func TestRingsAndHoles(t *testing.T) {
	square := func(x0, y0, x1, y1 float64, ccw bool) [][2]float64 {
		r := [][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
		if !ccw {
			r = [][2]float64{{x0, y0}, {x0, y1}, {x1, y1}, {x1, y0}, {x0, y0}}
		}
		return r
	}
	if signedArea(square(0, 0, 2, 2, true)) != 8 || signedArea(square(0, 0, 2, 2, false)) != -8 {
		t.Error("the orientation of a square is wrong")
	}
	if !inRing([2]float64{1, 1}, square(0, 0, 2, 2, true)) || inRing([2]float64{3, 1}, square(0, 0, 2, 2, true)) {
		t.Error("inRing is wrong about a square")
	}
	if d := decimalsFor(tolerance(0)); d != 2 {
		t.Errorf("zoom 0 writes %d decimals", d)
	}
	if d := decimalsFor(tolerance(maxZoom)); d != 6 {
		t.Errorf("zoom %d writes %d decimals", maxZoom, d)
	}
	if tol := tolerance(3); math.Abs(tol-360.0/256/8/2) > 1e-12 {
		t.Errorf("tolerance(3) = %v", tol)
	}
}
