package content

import (
	"path/filepath"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestParseRateSource reads back what rateSource writes, a file name with
// colons of its own included, and refuses the sources that are not a
// content file's.
func TestParseRateSource(t *testing.T) {
	for _, c := range []struct {
		f    Format
		name string
		line int
	}{{FormatLevy, "rates.csv", 12}, {FormatSST, "MNR2026Q2FEB18.csv", 1}, {FormatZIP5, "c:tax:2026.csv", 40000}} {
		f, name, line, ok := ParseRateSource(rateSource(c.f, c.name, c.line))
		if !ok || f != c.f || name != c.name || line != c.line {
			t.Errorf("%s %s:%d read back as %s %s:%d (%v)", c.f, c.name, c.line, f, name, line, ok)
		}
	}
	for _, s := range []string{"", "us-ca-cdtfa", "content rates.csv", "content:levy", "content:levy:12", "content:levy:x:rates.csv",
		"content:levy:0:rates.csv", "content::3:rates.csv", "content:levy:3:"} {
		if f, name, line, ok := ParseRateSource(s); ok {
			t.Errorf("%q read as %s %s:%d", s, f, name, line)
		}
	}
}

// TestRateSourceLines: every rate Load reads names its file and the line
// of its row: the four rows of levy-texas.csv are its lines 5 to 8, and
// each rate of a ZIP rate table or an SST rate file a line of it.
func TestRateSourceLines(t *testing.T) {
	_, o := load(t, Options{}, Source{Path: filepath.Join("testdata", "levy-texas.csv")})
	want := map[string]int{"US-4835000": 5, "US-TX-DHOUSTON_MTA": 6, "US-4819000": 7, "US-TX-DDALLAS_MTA": 8}
	if len(o.Rates) != len(want) {
		t.Fatalf("%d rates, want %d", len(o.Rates), len(want))
	}
	for _, r := range o.Rates {
		f, name, line, ok := ParseRateSource(r.Source)
		if !ok || f != FormatLevy || name != "levy-texas.csv" || line != want[r.Jurisdiction] {
			t.Errorf("%s: source %q, want line %d of levy-texas.csv", r.Jurisdiction, r.Source, want[r.Jurisdiction])
		}
	}
	_, o = load(t, Options{}, Source{Path: filepath.Join("testdata", "zip5-washington.csv")})
	if len(o.Rates) == 0 {
		t.Fatal("no rates read from zip5-washington.csv")
	}
	for _, r := range o.Rates {
		if f, name, line, ok := ParseRateSource(r.Source); !ok || f != FormatZIP5 || name != "zip5-washington.csv" || line < 2 {
			t.Errorf("%s: source %q", r.Jurisdiction, r.Source)
		}
	}
	_, o = load(t, Options{AsOf: civil.MustParse("2018-06-01")}, Source{Path: filepath.Join(sstDir, "MNR2026Q2FEB18.csv")},
		Source{Path: filepath.Join(sstDir, "MNB2026Q2FEB18-sample.csv")})
	if len(o.Rates) == 0 {
		t.Fatal("no rates read from the SST rate file")
	}
	for _, r := range o.Rates {
		if f, name, line, ok := ParseRateSource(r.Source); !ok || f != FormatSST || name != "MNR2026Q2FEB18.csv" || line < 1 {
			t.Errorf("%s: source %q", r.Jurisdiction, r.Source)
		}
	}
}
