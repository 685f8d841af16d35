package content

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// sstDir is the folder of Minnesota's SST files, committed as fixtures
// (testdata/sst/README.md says where they come from).
var sstDir = filepath.Join("testdata", "sst")

func load(t *testing.T, opts Options, sources ...Source) (*data.Dataset, *data.Overlay) {
	t.Helper()
	o, err := Load(context.Background(), data.Default(), opts, sources...)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := data.Default().WithOverlay(o)
	if err != nil {
		t.Fatal(err)
	}
	return ds, o
}

// ratesOn sums the general sales tax rates of jurisdictions on d.
func ratesOn(t *testing.T, ds *data.Dataset, d civil.Date, ids ...string) decimal.Decimal {
	t.Helper()
	js, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	sum := decimal.Zero
	for _, id := range ids {
		for _, r := range js.RatesOn(id, d) {
			if r.Tax == jurisdiction.SalesTax && r.Category == jurisdiction.General {
				sum = sum.Add(r.Value)
			}
		}
	}
	return sum
}

func TestLevyContentByPlace(t *testing.T) {
	ds, o := load(t, Options{}, Source{Path: "testdata/levy-texas.csv"})
	if len(o.States) != 1 || o.States[0] != "TX" {
		t.Fatalf("states %v", o.States)
	}
	local, err := ds.Local()
	if err != nil {
		t.Fatal(err)
	}
	houston := local.PlaceIndex("4835000")
	k := local.Area(48201, houston)
	if k < 0 {
		t.Fatal("no area for Houston in Harris County")
	}
	a := local.AreaAt(k)
	want := "US-48201 US-4835000 US-TX-DHOUSTON_MTA"
	if got := strings.Join(a.Jurisdictions, " "); got != want {
		t.Errorf("Houston's area = %s, want %s", got, want)
	}
	if got := ratesOn(t, ds, civil.New(2026, 8, 1), append([]string{"US-TX"}, a.Jurisdictions...)...); !got.Equal(decimal.RequireFromString("0.0825")) {
		t.Errorf("Houston's combined rate = %s, want 0.0825", got)
	}
	// The content replaces the embedded local content of Texas: outside
	// Houston and Dallas only the state rate is left.
	k = local.Area(48453, -1) // Travis County
	if a := local.AreaAt(k); len(a.Jurisdictions) != 1 {
		t.Errorf("Travis County's area = %v, want the county alone", a.Jurisdictions)
	}
	if got := ratesOn(t, ds, civil.New(2026, 8, 1), "US-48453"); !got.IsZero() {
		t.Errorf("Travis County keeps a rate of %s", got)
	}
	st, ok := local.State("TX")
	if !ok || st.Content != "levy-texas.csv" || st.Status != "loaded content" || st.Jurisdictions != 4 {
		t.Errorf("coverage of TX = %+v", st)
	}
	// Other states keep their embedded content.
	if base, _ := data.Default().Local(); base.NumAreas() == 0 {
		t.Fatal("the embedded dataset has no local areas")
	}
	if _, ok := local.State("CA"); !ok {
		t.Error("California's coverage is gone")
	}
}

func TestZIP5Content(t *testing.T) {
	ds, _ := load(t, Options{}, Source{Path: "testdata/zip5-washington.csv"})
	local, err := ds.Local()
	if err != nil {
		t.Fatal(err)
	}
	k, sure := local.ZIPArea(98004, -1)
	if k < 0 || !sure {
		t.Fatalf("no area for 98004")
	}
	a := local.AreaAt(k)
	if got := ratesOn(t, ds, civil.New(2026, 8, 1), append([]string{"US-WA"}, a.Jurisdictions...)...); !got.Equal(decimal.RequireFromString("0.103")) {
		t.Errorf("98004 combined %s, want 0.103 (%v)", got, a.Jurisdictions)
	}
	if a.Jurisdictions[0] != "US-53033" {
		t.Errorf("98004's county = %s, want King County", a.Jurisdictions[0])
	}
	if k, _ := local.ZIPArea(98101, -1); k >= 0 {
		t.Error("a ZIP the file does not list has an area")
	}
	st, _ := local.State("WA")
	if !st.ByZIP || st.ZIPs != 5 {
		t.Errorf("coverage of WA = %+v", st)
	}
}

func TestSSTContent(t *testing.T) {
	rates, bounds := filepath.Join(sstDir, "MNR2026Q2FEB18.csv"), filepath.Join(sstDir, "MNB2026Q2FEB18-sample.csv")
	ds, o := load(t, Options{AsOf: civil.New(2018, 6, 1)}, Source{Path: rates}, Source{Path: bounds})
	if len(o.States) != 1 || o.States[0] != "MN" {
		t.Fatalf("states %v", o.States)
	}
	local, _ := ds.Local()
	// 55401 (Minneapolis): Hennepin County, the city, district 80004.
	k, _ := local.ZIPArea(55401, -1)
	if k < 0 {
		t.Fatal("no area for 55401")
	}
	a := local.AreaAt(k)
	if got := strings.Join(a.Jurisdictions, " "); got != "US-27053 US-2743000 US-MN-D80004" {
		t.Errorf("55401 = %s", got)
	}
	// A ZIP+4 range of a 4 record narrows its ZIP.
	if k, sure := local.ZIPArea(55006, 3000); k < 0 || !sure {
		t.Errorf("55006-3000 has no area of its own")
	}
	// The state rate comes from the rate file.
	if got := ratesOn(t, ds, civil.New(2018, 6, 1), "US-MN"); !got.Equal(decimal.RequireFromString("0.06875")) {
		t.Errorf("MN state rate %s", got)
	}
	// Without the boundary file the rate file cannot say where its
	// jurisdictions apply; rows of another date are none.
	_, err := Load(context.Background(), data.Default(), Options{AsOf: civil.New(2018, 6, 1)}, Source{Path: rates})
	if err == nil || !strings.Contains(err.Error(), "needs its boundary file") {
		t.Errorf("rate file alone: %v", err)
	}
	_, err = Load(context.Background(), data.Default(), Options{AsOf: civil.New(2026, 6, 1)}, Source{Path: rates}, Source{Path: bounds})
	if err == nil || !strings.Contains(err.Error(), "no row is in force on 2026-06-01") {
		t.Errorf("boundary rows out of date: %v", err)
	}
}

// TestBadContentNamesFileLineColumn feeds broken files of each format
// and checks that every fault is reported with its place and nothing is
// loaded.
func TestBadContentNamesFileLineColumn(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) Source {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return Source{Path: p}
	}
	cases := []struct {
		name   string
		src    Source
		expect []string // substrings of the error, each a fault's place
	}{
		{"levy: bad rate, unknown county, bad where", write("bad.csv", "state,jurisdiction,type,name,rate,where\n"+
			"TX,US-4835000,,,0.01x,place:4835000\n"+
			"TX,US-48999,,,0.01,county:48999\n"+
			"TX,US-TX-DX,SPECIAL_PURPOSE_DISTRICT,X,0.005,zip:1234\n"),
			[]string{"bad.csv:2: column rate", "bad.csv:3: column jurisdiction", "bad.csv:4: column where"}},
		{"levy: unknown column", write("col.csv", "state,jurisdiction,rate,colour\nTX,US-TX,0.0625,red\n"),
			[]string{"col.csv:1: column colour: unknown column"}},
		{"levy: a district without type", write("dist.csv", "state,jurisdiction,rate\nTX,US-TX-DFOO,0.01\n"),
			[]string{"dist.csv:2: column type"}},
		{"zip5: parts that do not add up", write("zips.csv", "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate\n"+
			"WA,98004,BELLEVUE,0.104,0.065,0,0.038,0\n"+
			"WA,98004,BELLEVUE,0.103,0.065,0,0.038,0\n"+
			"WA,ABCDE,X,0.1,0.065,0,0.035,0\n"),
			[]string{"zips.csv:2: column EstimatedCombinedRate", "zips.csv:4: column ZipCode"}},
		{"sst: short row and bad date", write("r.csv", "27,45,27,0.06875,0.06875,0.06875,0.06875,20090701,29991231\n27,00,053,0.0015\n27,01,43000,0.005,0.005,0.005,0.005,2005XX01,29991231\n"),
			[]string{"r.csv:2: column 0", "r.csv:3: column 8"}},
		{"not a content file", write("x.txt", "hello world\n"), []string{"x.txt:1: not a content file"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(context.Background(), data.Default(), Options{}, c.src)
			if err == nil {
				t.Fatal("loaded")
			}
			for _, want := range c.expect {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not name %q", err, want)
				}
			}
			var es Errors
			var e *Error
			if !errors.As(err, &es) && !errors.As(err, &e) {
				t.Errorf("error %T is not a content error", err)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	for name, want := range map[string]Format{
		"testdata/levy-texas.csv":                          FormatLevy,
		"testdata/zip5-washington.csv":                     FormatZIP5,
		filepath.Join(sstDir, "MNR2026Q2FEB18.csv"):        FormatSST,
		filepath.Join(sstDir, "MNB2026Q2FEB18-sample.csv"): FormatSST,
	} {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := detect(filepath.Base(name), raw); err != nil || got != want {
			t.Errorf("%s: %s, %v; want %s", name, got, err, want)
		}
	}
	if s := ParseSource("sst:/x/y.csv"); s.Format != FormatSST || s.Path != "/x/y.csv" {
		t.Errorf("ParseSource = %+v", s)
	}
}

// TestOverlayOnAnOverlayKeepsItsZIPAreas: content laid over a dataset
// that already carries content by ZIP (Washington's, here) keeps that
// content for the states it does not cover, and replaces it for the
// states it does. Before, every ZIP area of the dataset beneath was
// dropped, so Bellevue's 98004 lost its area once Texas's content was
// laid on top.
func TestOverlayOnAnOverlayKeepsItsZIPAreas(t *testing.T) {
	wa, _ := load(t, Options{}, Source{Path: "testdata/zip5-washington.csv"})
	tx, err := Load(context.Background(), wa, Options{}, Source{Path: "testdata/levy-texas.csv"})
	if err != nil {
		t.Fatal(err)
	}
	both, err := wa.WithOverlay(tx)
	if err != nil {
		t.Fatal(err)
	}
	local, err := both.Local()
	if err != nil {
		t.Fatal(err)
	}
	k, sure := local.ZIPArea(98004, -1)
	if k < 0 || !sure {
		t.Fatal("98004 lost its area under Texas's content")
	}
	if got := ratesOn(t, both, civil.New(2026, 8, 1), append([]string{"US-WA"}, local.AreaAt(k).Jurisdictions...)...); !got.Equal(decimal.RequireFromString("0.103")) {
		t.Errorf("98004 combined %s, want 0.103", got)
	}
	if st, ok := local.State("TX"); !ok || st.Content != "levy-texas.csv" {
		t.Errorf("coverage of TX = %+v", st)
	}
	// Washington's content laid again replaces the first: its ZIP areas
	// are the second's, not both.
	again, err := Load(context.Background(), both, Options{}, Source{Path: "testdata/zip5-washington.csv"})
	if err != nil {
		t.Fatal(err)
	}
	twice, err := both.WithOverlay(again)
	if err != nil {
		t.Fatal(err)
	}
	l2, err := twice.Local()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for zip := range uint32(100000) {
		if k, _ := l2.ZIPArea(zip, -1); k >= 0 {
			n++
		}
	}
	if n != 5 {
		t.Errorf("%d ZIP codes have areas after Washington's content twice, want the file's 5", n)
	}
}
