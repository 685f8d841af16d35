package taxarea

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/contenttest"
	"github.com/levytax/levy/taxarea/taxareatest"
	"github.com/levytax/levy/wire"
)

// The benchmarks below measure the promises of the package: locating a
// point takes at most 1 µs and does not allocate, a wire lookup takes at
// most 2 µs, and building a Resolver from the dataset files takes at most
// 500 ms. Run them with
//
//	go test -run '^$' -bench . -benchmem ./taxarea/
//
// The module in ../benchmarks runs the same points (package taxareatest)
// through a peer implementation (tidwall/geojson polygons behind a
// tidwall/rtree index).

// benchPoints is the number of points of each benchmark set.
const benchPoints = 10000

// benchResolver is the Resolver of the default dataset, built once.
var benchResolver = sync.OnceValues(func() (*Resolver, error) {
	return New(context.Background(), data.Default(), WithToday(func() civil.Date { return benchDate }))
})

// benchDate is the as-of date of the benchmark lookups.
var benchDate = civil.Date{Year: 2026, Month: 11, Day: 21}

// The point sets, generated once.
var (
	benchUS = sync.OnceValue(func() [][2]float64 {
		r := mustBenchResolver()
		return taxareatest.USPoints(benchPoints, func(lat, lng float64) string { return r.Locate(lat, lng).Division })
	})
	benchWorld = sync.OnceValue(func() [][2]float64 { return taxareatest.WorldPoints(benchPoints) })
)

func mustBenchResolver() *Resolver {
	r, err := benchResolver()
	if err != nil {
		panic(err)
	}
	return r
}

func loadBenchResolver(tb testing.TB) *Resolver {
	tb.Helper()
	r, err := benchResolver()
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// Sinks keep the compiler from discarding results.
var (
	sinkPoint    Point
	sinkResponse *wire.LookupResponse
	sinkResolver *Resolver
)

func BenchmarkLocateUS(b *testing.B) { benchLocate(b, benchUS()) }

func BenchmarkLocateWorld(b *testing.B) { benchLocate(b, benchWorld()) }

// benchLocate locates the points in turn, after one warm-up pass, so that
// anything built on first use is built.
func benchLocate(b *testing.B, pts [][2]float64) {
	r := loadBenchResolver(b)
	for _, p := range pts {
		sinkPoint = r.Locate(p[0], p[1])
	}
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	i := 0
	for b.Loop() {
		p := &pts[i]
		sinkPoint = r.Locate(p[0], p[1])
		if i++; i == len(pts) {
			i = 0
		}
	}
	runtime.ReadMemStats(&after)
	// allocs/op is rounded down to a whole number: report the fraction too.
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N), "mallocs/op")
}

func BenchmarkLookupCoordinates(b *testing.B) {
	r := loadBenchResolver(b)
	pts := benchUS()
	reqs := make([]wire.CoordinatesLookupRequest, len(pts))
	for i, p := range pts {
		reqs[i] = wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: p[0], Longitude: p[1]}, AsOfDate: benchDate}
	}
	ctx := context.Background()
	for _, req := range reqs {
		if _, err := r.LookupCoordinates(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		res, err := r.LookupCoordinates(ctx, reqs[i])
		if err != nil {
			b.Fatal(err)
		}
		sinkResponse = res
		if i++; i == len(reqs) {
			i = 0
		}
	}
}

// benchAddresses are the addresses of BenchmarkLookupAddress: full US
// addresses with ZIP or ZIP+4, city and state alone, ZIP alone, and one
// Canadian and one German address.
var benchAddresses = []wire.PostalAddress{
	{StreetAddress1: "1600 Pennsylvania Ave NW", City: "Washington", MainDivision: "DC", PostalCode: "20500"},
	{StreetAddress1: "350 Fifth Avenue", City: "New York", MainDivision: "NY", PostalCode: "10118"},
	{StreetAddress1: "1600 Amphitheatre Pkwy", City: "Mountain View", MainDivision: "CA", PostalCode: "94043-1351"},
	{StreetAddress1: "233 S Wacker Dr", City: "Chicago", MainDivision: "IL", PostalCode: "60606"},
	{StreetAddress1: "400 Broad St", City: "Seattle", MainDivision: "WA", PostalCode: "98109"},
	{StreetAddress1: "1100 Congress Ave", City: "Austin", MainDivision: "TX", PostalCode: "78701"},
	{StreetAddress1: "1 Microsoft Way", City: "Redmond", MainDivision: "Washington", PostalCode: "98052"},
	{StreetAddress1: "1000 Vin Scully Ave", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"},
	{StreetAddress1: "4 Jersey St", City: "Boston", MainDivision: "MA", PostalCode: "02215"},
	{StreetAddress1: "1265 Lombardi Ave", City: "Green Bay", MainDivision: "WI", PostalCode: "54304"},
	{StreetAddress1: "3600 S Las Vegas Blvd", City: "Las Vegas", MainDivision: "NV", PostalCode: "89109"},
	{StreetAddress1: "1001 Ocean Dr", City: "Miami Beach", MainDivision: "FL", PostalCode: "33139"},
	{StreetAddress1: "250 Williams St NW", City: "Atlanta", MainDivision: "GA", PostalCode: "30313"},
	{StreetAddress1: "149 Church St", City: "Burlington", MainDivision: "VT", PostalCode: "05401"},
	{StreetAddress1: "605 W 4th Ave", City: "Anchorage", MainDivision: "AK", PostalCode: "99501"},
	{StreetAddress1: "415 S Beretania St", City: "Honolulu", MainDivision: "HI", PostalCode: "96813"},
	{StreetAddress1: "200 E Colfax Ave", City: "Denver", MainDivision: "CO", PostalCode: "80203"},
	{StreetAddress1: "1 Hacker Way", City: "Menlo Park", MainDivision: "CA", PostalCode: "94025"},
	{City: "Chicago", MainDivision: "IL"},
	{City: "Houston", MainDivision: "Texas"},
	{City: "Portland", MainDivision: "OR"},
	{PostalCode: "10001"},
	{PostalCode: "60614"},
	{StreetAddress1: "290 Bremner Blvd", City: "Toronto", MainDivision: "ON", PostalCode: "M5V 3L9", Country: "CA"},
	{StreetAddress1: "Platz der Republik 1", City: "Berlin", PostalCode: "11011", Country: "DEU"},
}

func BenchmarkLookupAddress(b *testing.B) {
	r := loadBenchResolver(b)
	reqs := make([]wire.AddressLookupRequest, len(benchAddresses))
	for i, a := range benchAddresses {
		reqs[i] = wire.AddressLookupRequest{PostalAddress: a, AsOfDate: benchDate}
	}
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		res, err := r.LookupAddress(ctx, reqs[i])
		if err != nil {
			b.Fatal(err)
		}
		sinkResponse = res
		if i++; i == len(reqs) {
			i = 0
		}
	}
}

// TestBenchAddresses checks that every address of BenchmarkLookupAddress
// resolves, so that the benchmark measures lookups and not errors.
func TestBenchAddresses(t *testing.T) {
	r := loadBenchResolver(t)
	for _, a := range benchAddresses {
		res, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: a, AsOfDate: benchDate})
		if err != nil {
			t.Errorf("%+v: %v", a, err)
			continue
		}
		if len(res.LookupResults) == 0 || len(res.LookupResults[0].Jurisdictions) == 0 {
			t.Errorf("%+v: no tax area", a)
			continue
		}
		js := res.LookupResults[0].Jurisdictions
		t.Logf("%s %s %s: %d results, first ends in %s", a.City, a.MainDivision, a.PostalCode, len(res.LookupResults), js[len(js)-1].JurisdictionID)
	}
}

// datasetFiles reads the dataset files from ../data/files once, so that
// BenchmarkLoad decodes them from memory, as the embedded dataset is.
var datasetFiles = sync.OnceValues(func() (fstest.MapFS, error) { return contenttest.DatasetFiles("../data/files") })

// BenchmarkLoad decodes the dataset parts a Resolver needs and builds the
// Resolver, from a fresh Dataset every time so nothing is cached.
func BenchmarkLoad(b *testing.B) {
	files, err := datasetFiles()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		r, err := New(ctx, data.Open(files, data.Version))
		if err != nil {
			b.Fatal(err)
		}
		sinkResolver = r
	}
}

// BenchmarkBuildPointIndex builds the boundary index alone from decoded
// boundaries; it is the part of BenchmarkLoad that the peer benchmark of
// ../benchmarks compares with building an R-tree of polygons.
func BenchmarkBuildPointIndex(b *testing.B) {
	bs, err := data.Default().Boundaries()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		pi, err := newPointIndex(context.Background(), bs)
		if err != nil {
			b.Fatal(err)
		}
		if len(pi.bounds) != len(bs.All) {
			b.Fatal("short index")
		}
	}
}

// TestLocateAllocs checks the promise that Locate does not allocate once
// warm: one pass over the US and world benchmark points, after a warm-up
// pass, must not allocate at all. (The allocs/op of a benchmark is rounded
// down, so it would hide an allocation every other call.)
func TestLocateAllocs(t *testing.T) {
	r := loadBenchResolver(t)
	sets := [][][2]float64{benchUS(), benchWorld()}
	pass := func() {
		for _, pts := range sets {
			for _, p := range pts {
				sinkPoint = r.Locate(p[0], p[1])
			}
		}
	}
	// AllocsPerRun runs pass once to warm up, then once measured; with
	// one measured run, a single allocation fails the test.
	if n := testing.AllocsPerRun(1, pass); n != 0 {
		t.Errorf("locating %d points allocated %v times; want 0", 2*benchPoints, n)
	}
}

// TestBenchPoints checks the benchmark point sets: the US set lies in the
// states (with some points in Alaska and Hawaii) and the world set is
// mostly at sea.
func TestBenchPoints(t *testing.T) {
	r := loadBenchResolver(t)
	states := map[string]int{}
	for _, p := range benchUS() {
		states[r.Locate(p[0], p[1]).Division]++
	}
	if states["US-AK"] == 0 || states["US-HI"] == 0 {
		t.Errorf("no US points in Alaska (%d) or Hawaii (%d)", states["US-AK"], states["US-HI"])
	}
	t.Logf("US points: %d states; AK %d, HI %d, TX %d, CA %d", len(states), states["US-AK"], states["US-HI"], states["US-TX"], states["US-CA"])
	land := 0
	for _, p := range benchWorld() {
		if r.Locate(p[0], p[1]) != (Point{}) {
			land++
		}
	}
	t.Logf("world points: %d of %d in a country", land, benchPoints)
	if land < benchPoints/5 || land > benchPoints/2 {
		t.Errorf("%d of %d world points on land; want about 30%%", land, benchPoints)
	}
}
