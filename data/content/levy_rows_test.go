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
	"github.com/shopspring/decimal"
)

// levyHeader is the header of Levy's content format, every column in
// its usual order.
const levyHeader = "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n"

// writeContent writes a content file named name in dir and returns it
// as a Source.
func writeContent(t *testing.T, dir, name, text string) Source {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return Source{Path: p}
}

// loadErr loads sources over the embedded dataset and returns the
// error, which must be a content error when there is one.
func loadErr(t *testing.T, sources ...Source) error {
	t.Helper()
	_, err := Load(context.Background(), data.Default(), Options{}, sources...)
	var es Errors
	var e *Error
	if err != nil && !errors.As(err, &es) && !errors.As(err, &e) {
		t.Fatalf("error %T is not a content error: %v", err, err)
	}
	return err
}

// A district whose rows name no where applies at no address: its rows
// would be loaded and never used, so the load refuses it, naming the
// file, the line of its first row and the where column.
func TestLevyJurisdictionPlacedNowhereIsRefused(t *testing.T) {
	dir := t.TempDir()
	src := writeContent(t, dir, "districts.csv", levyHeader+
		"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,city\n"+
		"TX,US-TX-DFOO,SPECIAL_PURPOSE_DISTRICT,Foo District,,0.005,general,,2026-12-31,,district\n"+
		"TX,US-TX-DFOO,,,,0.006,general,2027-01-01,,,district\n")
	err := loadErr(t, src)
	if err == nil {
		t.Fatal("a district placed nowhere was loaded")
	}
	if want := "districts.csv:3: column where: US-TX-DFOO applies nowhere"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
	if strings.Contains(err.Error(), "US-4835000") || strings.Contains(err.Error(), ":4:") {
		t.Errorf("error %q names more than the district's first row", err)
	}

	// The state's own rate and a county's need no where: the county's
	// areas are the county's.
	ok := writeContent(t, dir, "state-county.csv", levyHeader+
		"TX,US-TX,,,,0.0625,general,,,,state\n"+
		"TX,US-48201,,,,0.01,general,,,,county\n"+
		"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,city\n")
	if err := loadErr(t, ok); err != nil {
		t.Errorf("state and county rates without a where: %v", err)
	}

	// A district placed by a later file of the state is placed.
	first := writeContent(t, dir, "rates.csv", levyHeader+
		"TX,US-TX-DFOO,SPECIAL_PURPOSE_DISTRICT,Foo District,,0.005,general,,,,district\n")
	second := writeContent(t, dir, "places.csv", levyHeader+
		"TX,US-TX-DFOO,,,,0.005,general,,,place:4835000,district\n")
	if err := loadErr(t, first, second); err != nil {
		t.Errorf("a district placed by the second file: %v", err)
	}
}

// Two files that give a jurisdiction overlapping rates: the refusal
// names the second file's row and where the first rate was read, in
// Levy's CSV and in ZIP rate tables.
func TestOverlapNamesBothFiles(t *testing.T) {
	dir := t.TempDir()
	a := writeContent(t, dir, "a.csv", levyHeader+"TX,US-4835000,CITY,Houston,,0.01,general,2026-01-01,,place:4835000,a\n")
	b := writeContent(t, dir, "b.csv", levyHeader+"# the team's own file\n"+
		"TX,US-4835000,CITY,Houston,,0.02,general,2026-06-01,2026-12-31,place:4835000,b\n")
	err := loadErr(t, a, b)
	if err == nil {
		t.Fatal("overlapping rates of two files were loaded")
	}
	if want := "b.csv:3: column rate: US-4835000 general rate 0.02 from 2026-06-01 overlaps its rate 0.01 from 2026-01-01 (a.csv:2)"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}

	const zipHeader = "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate\n"
	z1 := writeContent(t, dir, "z1.csv", zipHeader+"WA,98004,BELLEVUE,0.103,0.065,0,0.038,0\n")
	z2 := writeContent(t, dir, "z2.csv", zipHeader+"WA,98660,VANCOUVER,0.089,0.065,0,0.024,0\nWA,98005,BELLEVUE,0.104,0.065,0,0.039,0\n")
	err = loadErr(t, z1, z2)
	if want := "z2.csv:3: column EstimatedCityRate: region BELLEVUE: US-WA-Z-BELLEVUE-CITY general rate 0.039 from always overlaps its rate 0.038 from always (z1.csv:2)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v does not say %q", err, want)
	}
}

// A spreadsheet's export with a trailing comma on every line (a column
// without a name, empty) loads; a value in that column is refused naming
// its line and its column's number. A row CSV can not read says where in
// the line it failed.
func TestLevyTrailingEmptyColumn(t *testing.T) {
	dir := t.TempDir()
	src := writeContent(t, dir, "export.csv", "\ufeff"+strings.TrimSuffix(levyHeader, "\n")+",\r\n"+
		"TX,US-4835000,CITY,\"Houston, City of\",,2%,general,2026-01-01,2026-06-30,place:4835000,\"Comptroller, 2026\",\r\n")
	o, err := Load(context.Background(), data.Default(), Options{}, src)
	if err != nil {
		t.Fatalf("a file with a trailing empty column: %v", err)
	}
	ds, err := data.Default().WithOverlay(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		date string
		want string
	}{{"2026-03-01", "0.02"}, {"2025-12-31", "0"}, {"2026-07-01", "0"}} {
		if got := ratesOn(t, ds, civil.MustParse(c.date), "US-4835000"); !got.Equal(decimal.RequireFromString(c.want)) {
			t.Errorf("Houston on %s: %s, want %s", c.date, got, c.want)
		}
	}

	bad := writeContent(t, dir, "filled.csv", strings.TrimSuffix(levyHeader, "\n")+",\n"+
		"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,city,\n"+
		"TX,US-4819000,CITY,Dallas,,0.01,general,,,place:4819000,city,oops\n"+
		"TX,US-TX-DX,SPECIAL_PURPOSE_DISTRICT,X,,0.01,general,,,place:4835000,a \"quoted\" word,\n")
	err = loadErr(t, bad)
	if err == nil {
		t.Fatal("a value in a column without a name was loaded")
	}
	for _, want := range []string{`filled.csv:3: column 12: "oops" is in a column the header leaves without a name`,
		`filled.csv:4: bare " in non-quoted-field (at byte`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// A row of fewer or more fields than the header is refused naming the
// first column it lacks, or the number of the first it has past them.
func TestLevyRowFieldCountNamesColumn(t *testing.T) {
	src := writeContent(t, t.TempDir(), "short.csv", levyHeader+
		"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000\n"+
		"TX,US-4819000,CITY,Dallas,,0.01,general,,,place:4819000,city,extra\n")
	err := loadErr(t, src)
	for _, want := range []string{"short.csv:2: column source: 10 fields, the header has 11", "short.csv:3: column 12: 12 fields, the header has 11"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not say %q", err, want)
		}
	}
}
