package datagen

import (
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/golang/geo/s2"
	"github.com/levytax/levy/internal/srcdata"
)

// sourcePlaces reads the place boundaries of every state as the
// generator does, once for the tests of this file.
var sourcePlaces = sync.OnceValues(func() (*usPlaces, error) {
	dir, err := srcdata.Dir()
	if err != nil {
		return nil, err
	}
	return readUSPlaces(&gen{src: dir})
})

func loadSourcePlaces(t *testing.T) *usPlaces {
	t.Helper()
	srcdata.Need(t)
	ps, err := sourcePlaces()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// placeIndex holds a place's boundary for point-in-boundary tests, as
// the generator's locators and the runtime hold it (one LaxPolygon).
func placeIndex(p *Place) *s2.ContainsPointQuery {
	idx := s2.NewShapeIndex()
	idx.Add(s2.LaxPolygonFromPoints(s2Loops(p.loops)))
	idx.Build()
	return s2.NewContainsPointQuery(idx, s2.VertexModelSemiOpen)
}

func degreePoint(lat, lng float64) s2.Point {
	return s2.PointFromLatLng(s2.LatLngFromDegrees(lat, lng))
}

// TestPlaceBoundaryHoldsItsOwnCentre: Athens, Texas (4804504, Henderson
// County) has two parts within a few metres of each other and three
// enclaves. Its simplified boundary once held the rest of the world
// instead of the city: the generator's locator put Kingwood's point
// (ZIP 77339, in Houston, 200 km away) inside Athens and Athens's centre
// outside it.
func TestPlaceBoundaryHoldsItsOwnCentre(t *testing.T) {
	ps := loadSourcePlaces(t)
	athens := ps.byCode["4804504"]
	if athens == nil || athens.Name != "Athens" {
		t.Fatalf("place 4804504 is %+v, want Athens", athens)
	}
	q := placeIndex(athens)
	centre, kingwood := degreePoint(32.2044, -95.8553), degreePoint(30.0569, -95.1835)
	if !q.Contains(centre) {
		t.Error("Athens's boundary does not hold its centre (32.2044, -95.8553)")
	}
	if q.Contains(kingwood) {
		t.Error("Athens's boundary holds Kingwood's point (30.0569, -95.1835)")
	}

	pl := newPlaceLocator(ps.byState["TX"])
	if p := pl.incorporatedAt(32204400, -95855300, []ZIPCounty{{FIPS: "48213"}}); p != athens {
		t.Errorf("incorporatedAt(Athens's centre, Henderson County) = %+v, want Athens", p)
	}
	if p := pl.incorporatedAt(30056900, -95183500, []ZIPCounty{{FIPS: "48201"}}); p == nil || p.Name != "Houston" {
		t.Errorf("incorporatedAt(Kingwood, Harris County) = %+v, want Houston", p)
	}
	// Whatever the county, no boundary but Houston's holds Kingwood.
	for _, sh := range s2.NewContainsPointQuery(pl.index, s2.VertexModelSemiOpen).ContainingShapes(kingwood) {
		if p := pl.place[sh]; p.Name != "Houston" {
			t.Errorf("the boundary of %s (%s) holds Kingwood's point", p.Name, p.Code)
		}
	}
}

// TestPlaceBoundariesAreSane checks every place boundary the generator
// reads: the region it holds lies within the rectangle of its vertices
// (no loop holds the rest of the world, as Athens, Texas's did), and its
// simplified loops keep the topology of the source's rings (they cross
// neither each other nor themselves, and lie inside the same loops), so
// that no vertex left inside another loop can turn the boundary inside
// out. Before the generator checked the topology, 1,043 of the 29,854
// places broke it, and one (Athens) held the rest of the world.
func TestPlaceBoundariesAreSane(t *testing.T) {
	ps := loadSourcePlaces(t)
	dir := srcdata.Need(t)
	recs := map[string][][]microDegree{}
	for _, f := range ps.files {
		rs, err := readZippedShapefile(dir + "/" + f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			recs[r.attrs["GEOID"]] = r.rings
		}
	}
	codes := slices.Sorted(func(yield func(string) bool) {
		for c, p := range ps.byCode {
			if len(p.loops) > 0 && !yield(c) {
				return
			}
		}
	})
	if len(codes) < 29000 {
		t.Fatalf("%d places with boundaries, want every Census place (29,854 in 2015)", len(codes))
	}
	type failure struct{ code, what string }
	var mu sync.Mutex
	var failed []failure
	var wg sync.WaitGroup
	next := make(chan string)
	for range max(1, min(4, numCPU())) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for code := range next {
				p := ps.byCode[code]
				var what string
				if out, ok := pointOutside(p.loops); !ok {
					what = "no point outside its rectangle"
				} else if placeIndex(p).Contains(out) {
					what = "holds points outside the rectangle of its vertices"
				} else if raw := recs[code]; len(raw) != len(p.loops) {
					what = "has another number of loops than the source's rings"
				} else {
					turnedRaw := make([][]microDegree, len(raw))
					for i, r := range raw {
						turnedRaw[i] = turned(r)
					}
					if err := placeTopologyError(turnedRaw, p.loops); err != nil {
						what = err.Error()
					}
				}
				if what != "" {
					mu.Lock()
					failed = append(failed, failure{code, what})
					mu.Unlock()
				}
			}
		}()
	}
	for _, c := range codes {
		next <- c
	}
	close(next)
	wg.Wait()
	slices.SortFunc(failed, func(a, b failure) int { return strings.Compare(a.code, b.code) })
	for _, f := range failed {
		p := ps.byCode[f.code]
		t.Errorf("place %s (%s, %s): %s", f.code, p.Name, p.State, f.what)
	}
}

// pointOutside returns a point a hundredth of a degree south-west of the
// rectangle bounding the loops' vertices.
func pointOutside(loops [][]microDegree) (s2.Point, bool) {
	rb := s2.EmptyRect()
	for _, l := range loops {
		for _, v := range l {
			rb = rb.AddPoint(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
		}
	}
	if rb.IsEmpty() || rb.Lo().Lat.Degrees() < -89 || rb.Lng.IsInverted() {
		return s2.Point{}, false
	}
	step := s1.Angle(0.01 * math.Pi / 180)
	ll := s2.LatLng{Lat: rb.Lo().Lat - step, Lng: rb.Lo().Lng - step}
	return s2.PointFromLatLng(ll.Normalized()), true
}
