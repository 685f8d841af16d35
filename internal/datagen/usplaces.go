package datagen

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/golang/geo/s1"
	"github.com/golang/geo/s2"
	"github.com/levytax/levy/jurisdiction"
)

// Place is a US Census place (an incorporated city, town, village or
// borough, or a census-designated place) or, where a state taxes by them,
// a county subdivision (a New England town). Places of the first kind
// have boundaries; county subdivisions are known by name and county only.
type Place struct {
	Code  string // 7-digit place GEOID, or 10-digit county subdivision code
	State string // postal abbreviation
	Name  string // as the Census writes it ("Houston", "Nashville-Davidson metropolitan government (balance)")
	lsad  string // Census legal/statistical area description code ("25" city, "57" CDP, "MCD" for subdivisions)
	// Incorporated places have a government of their own; census-
	// designated places and the comunidades and zonas urbanas of Puerto
	// Rico do not, so their addresses are unincorporated.
	Incorporated bool
	loops        [][]microDegree // simplified boundary, S2 orientation; none for subdivisions
	// Counties the place lies in, largest share of its sampled points
	// first.
	Counties []PlaceCounty
}

// PlaceCounty is a county a place lies in and the share of the place's
// sampled points that fell in it, in basis points.
type PlaceCounty struct {
	FIPS  string
	Share int
}

// MainCounty returns the FIPS code of the county holding most of the
// place.
func (p *Place) MainCounty() string {
	if len(p.Counties) == 0 {
		return ""
	}
	return p.Counties[0].FIPS
}

// InCounty reports whether the place lies (partly) in a county.
func (p *Place) InCounty(fips string) bool {
	for _, c := range p.Counties {
		if c.FIPS == fips {
			return true
		}
	}
	return false
}

// usPlaces is every Census place and known county subdivision, by state.
type usPlaces struct {
	byCode  map[string]*Place
	byState map[string][]*Place // sorted by code
	files   []string            // the boundary files read
}

// nonIncorporated are the LSAD codes of places without a government:
// census-designated places, and Puerto Rico's comunidades and zonas
// urbanas.
var nonIncorporated = map[string]bool{"57": true, "55": true, "62": true}

// placeSimplifyTolerances are how far (in millionths of a degree, about
// 11 cm each) the simplified place boundaries may stray from the
// Census's: about 20 m, well within the 1:500,000 generalisation of the
// source, or less for a place whose rings would cross each other or
// themselves at that tolerance (see placeLoops); the last, 0, keeps the
// source's rings as they are.
var placeSimplifyTolerances = []float64{180, 60, 20, 0}

// loadUSPlaces reads the Census place boundaries of every state and
// territory, simplifies them, finds the counties each lies in, and adds
// the county subdivisions of the places table. It is read once per run.
func (g *gen) loadUSPlaces() (*usPlaces, error) {
	g.placesOnce.Do(func() { g.places, g.placesErr = readUSPlaces(g) })
	return g.places, g.placesErr
}

func readUSPlaces(g *gen) (*usPlaces, error) {
	counties, err := newCountyLocator(g.path("geo/counties-10m.json"))
	if err != nil {
		return nil, err
	}
	ps := &usPlaces{byCode: map[string]*Place{}, byState: map[string][]*Place{}}
	dir := g.path("geo/census-places-2015")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	type job struct {
		file string
		out  []*Place
		err  error
	}
	var jobs []*job
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_place_500k.zip") {
			jobs = append(jobs, &job{file: e.Name()})
			ps.files = append(ps.files, "geo/census-places-2015/"+e.Name())
		}
	}
	if len(jobs) != 56 {
		return nil, fmt.Errorf("%s: %d place files, want 56", dir, len(jobs))
	}
	if g.alone {
		// Only the places of the states built (cb_2015_SS_place_500k.zip,
		// SS the state's FIPS code).
		jobs = slices.DeleteFunc(jobs, func(j *job) bool {
			sub, ok := jurisdiction.SubdivisionByFIPS(strings.TrimPrefix(j.file, "cb_2015_")[:2])
			_, built := g.states[sub.Code]
			return !ok || !built
		})
	}
	// Files are independent: read them on every core.
	var wg sync.WaitGroup
	next := make(chan *job)
	for range max(1, min(8, numCPU())) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				j.out, j.err = readPlaceFile(filepath.Join(dir, j.file), counties)
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	for _, j := range jobs {
		if j.err != nil {
			return nil, j.err
		}
		for _, p := range j.out {
			if ps.byCode[p.Code] != nil {
				return nil, fmt.Errorf("%s: place %s twice", j.file, p.Code)
			}
			ps.byCode[p.Code] = p
			ps.byState[p.State] = append(ps.byState[p.State], p)
		}
	}
	if err := ps.addSubdivisions(g.path("places/faraday_places.csv")); err != nil {
		return nil, err
	}
	for st := range ps.byState {
		slices.SortFunc(ps.byState[st], func(a, b *Place) int { return strings.Compare(a.Code, b.Code) })
	}
	return ps, nil
}

// readPlaceFile reads one state's place boundaries.
func readPlaceFile(path string, counties *countyLocator) ([]*Place, error) {
	recs, err := readZippedShapefile(path)
	if err != nil {
		return nil, err
	}
	var out []*Place
	for i, r := range recs {
		geoid, name, lsad := r.attrs["GEOID"], r.attrs["NAME"], r.attrs["LSAD"]
		if len(geoid) != 7 || name == "" {
			return nil, fmt.Errorf("%s: record %d: GEOID %q NAME %q", path, i+1, geoid, name)
		}
		sub, ok := jurisdiction.SubdivisionByFIPS(geoid[:2])
		if !ok {
			return nil, fmt.Errorf("%s: record %d: unknown state %s", path, i+1, geoid[:2])
		}
		p := &Place{Code: geoid, State: sub.Code, Name: name, lsad: lsad, Incorporated: !nonIncorporated[lsad]}
		p.loops = placeLoops(r.rings)
		p.Counties = counties.shares(sub.FIPS, r.rings)
		out = append(out, p)
	}
	return out, nil
}

// subdivisionStates are the states whose local taxes follow county
// subdivisions (Vermont's towns levy the 1% local option tax). Elsewhere
// a subdivision (a civil township) often has the name of a city within
// it, and would hide the city from lookups by name.
var subdivisionStates = map[string]bool{"VT": true}

// addSubdivisions adds the county subdivisions (ten-digit codes: state,
// county and subdivision FIPS) of the places table in the states whose
// taxes follow them (subdivisionStates).
func (ps *usPlaces) addSubdivisions(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := csv.NewReader(f)
	head, err := r.Read()
	if err != nil || len(head) < 3 || head[0] != "id" || head[1] != "name" || head[2] != "type" {
		return fmt.Errorf("%s: header %q, want id,name,type", path, head)
	}
	line := 1
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return nil
		}
		line++
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		id, name := rec[0], rec[1]
		if len(id) != 10 || rec[2] != "town" {
			continue
		}
		if _, err := strconv.Atoi(id); err != nil {
			return fmt.Errorf("%s line %d: bad id %q", path, line, id)
		}
		sub, ok := jurisdiction.SubdivisionByFIPS(id[:2])
		if !ok {
			return fmt.Errorf("%s line %d: unknown state in %s", path, line, id)
		}
		if !subdivisionStates[sub.Code] {
			continue
		}
		// "Williston, VT": the name before the state.
		if k := strings.LastIndex(name, ", "); k > 0 {
			name = name[:k]
		}
		p := &Place{Code: id, State: sub.Code, Name: name, lsad: "MCD", Incorporated: true,
			Counties: []PlaceCounty{{FIPS: id[:5], Share: 10000}}}
		if ps.byCode[id] == nil {
			ps.byCode[id] = p
			ps.byState[sub.Code] = append(ps.byState[sub.Code], p)
		}
	}
}

// numCPU is the number of goroutines the generator runs side by side.
func numCPU() int { return max(1, runtime.NumCPU()) }

// countyLocator finds the counties that points lie in, with the county
// boundaries of the atlas in an S2 index.
type countyLocator struct {
	index *s2.ShapeIndex
	fips  map[s2.Shape]string
}

func newCountyLocator(path string) (*countyLocator, error) {
	topo, err := readTopology(path)
	if err != nil {
		return nil, err
	}
	cl := &countyLocator{index: s2.NewShapeIndex(), fips: map[s2.Shape]string{}}
	for _, geom := range topo.Objects["counties"].Geometries {
		f, err := makeFeature(topo, &geom, layerUSCounty, geom.id())
		if err != nil {
			return nil, err
		}
		if len(f.loops) == 0 {
			continue
		}
		sh := s2.LaxPolygonFromPoints(s2Loops(f.loops))
		cl.index.Add(sh)
		cl.fips[sh] = geom.id()
	}
	cl.index.Build()
	return cl, nil
}

// maxPlaceSamples bounds the points of one place that are located.
const maxPlaceSamples = 48

// shares locates a sample of the vertices of a place's rings and returns
// the counties of state (a FIPS code) they fall in with the share of the
// sample in each, largest first. Counties met by a single sample point of
// a place with many are left out, as the place most likely only touches
// them where the atlas's coarse county lines cut across it.
func (cl *countyLocator) shares(state string, rings [][]microDegree) []PlaceCounty {
	total := 0
	for _, r := range rings {
		total += len(r)
	}
	if total == 0 {
		return nil
	}
	step := max(1, total/maxPlaceSamples)
	q := s2.NewContainsPointQuery(cl.index, s2.VertexModelSemiOpen)
	counts := map[string]int{}
	n, k := 0, 0
	for _, r := range rings {
		for _, v := range r {
			k++
			if k%step != 0 {
				continue
			}
			p := s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
			n++
			for _, sh := range q.ContainingShapes(p) {
				if f := cl.fips[sh]; f[:2] == state {
					counts[f]++
				}
			}
		}
	}
	if len(counts) == 0 {
		// A place on an island or a coast that the atlas's coarse county
		// lines leave out: the county nearest its first vertex.
		v := rings[0][0]
		p := s2.PointFromLatLng(s2.LatLngFromDegrees(float64(v.Lat)/1e6, float64(v.Lng)/1e6))
		opts := s2.NewClosestEdgeQueryOptions().MaxResults(4).DistanceLimit(s1.ChordAngleFromAngle(s1.Angle(50e3 / 6371010.0)))
		for _, r := range s2.NewClosestEdgeQuery(cl.index, opts).FindEdges(s2.NewMinDistanceToPointTarget(p)) {
			if f := cl.fips[cl.index.Shape(r.ShapeID())]; f[:2] == state {
				return []PlaceCounty{{FIPS: f, Share: 10000}}
			}
		}
		return nil
	}
	var out []PlaceCounty
	for f, c := range counts {
		if c == 1 && n >= 8 {
			continue
		}
		out = append(out, PlaceCounty{FIPS: f, Share: c * 10000 / max(n, 1)})
	}
	slices.SortFunc(out, func(a, b PlaceCounty) int { return cmp.Or(b.Share-a.Share, strings.Compare(a.FIPS, b.FIPS)) })
	return out
}
