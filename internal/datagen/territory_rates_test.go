package datagen

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// TestReadVATTerritoryRates reads small tables of the special territories'
// rates: dated rows are taken, and a row with a bad ID, category, rate or
// period, without a citation, or overlapping another of its territory and
// category is refused with its row number. The project's own table reads.
func TestReadVATTerritoryRates(t *testing.T) {
	const head = "id,category,rate,effective,expiration,citation\n"
	read := func(rows string) ([]territoryRate, error) {
		fs := fstest.MapFS{"t.csv": &fstest.MapFile{Data: []byte(head + rows)}}
		return readVATTerritoryRates(file{fs, "t.csv"}, "t.csv")
	}
	out, err := read("PT-20,general,0.18,2014-01-01,2021-06-30,c\nPT-20,general,0.16,2021-07-01,,c\nPT-20,reduced,0.04,2021-07-01,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 || out[1].value.String() != "0.16" || out[1].period.Effective.String() != "2021-07-01" || !out[1].period.Expiration.IsZero() ||
		out[2].category != "reduced" {
		t.Errorf("rows %+v", out)
	}
	for _, bad := range []struct{ rows, want string }{
		{"PT20,general,0.16,,,c\n", "row 2: id"},
		{"PT-20,standard,0.16,,,c\n", "category"},
		{"PT-20,general,16,,,c\n", "not a fraction"},
		{"PT-20,general,0,,,c\n", "not a fraction"},
		{"PT-20,general,0.16,2021-07-01,2021-06-30,c\n", "period"},
		{"PT-20,general,0.16,,,\n", "no citation"},
		{"PT-20,general,0.18,,2021-06-30,c\nPT-20,general,0.16,2021-06-30,,c\n", "row 3: PT-20 general overlaps"},
	} {
		_, err := read(bad.rows)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want one saying %q", bad.rows, err, bad.want)
		}
	}
	curated, err := fs.Sub(curatedFiles, "curated")
	if err != nil {
		t.Fatal(err)
	}
	g := &gen{curated: curated}
	if _, err := readVATTerritoryRates(g.curatedFile("vat-territory-rates.csv"), "vat-territory-rates.csv"); err != nil {
		t.Errorf("the curated table: %v", err)
	}
}

// TestClipSpans: a curated period cuts the source's spans around it (the
// Azores' 18% "since always" becomes 18% to June 2021, then nothing, and
// again 18% after a closed period), drops the spans it covers whole, and
// leaves the others.
func TestClipSpans(t *testing.T) {
	d := civil.MustParse
	p := func(from, to string) civil.Period {
		var q civil.Period
		if from != "" {
			q.Effective = d(from)
		}
		if to != "" {
			q.Expiration = d(to)
		}
		return q
	}
	v := decimal.RequireFromString("0.18")
	str := func(spans []span) string {
		var b strings.Builder
		for _, s := range spans {
			b.WriteString("[" + s.period.Effective.String() + " " + s.period.Expiration.String() + "]")
		}
		return b.String()
	}
	for _, c := range []struct {
		in   []span
		cut  civil.Period
		want string
	}{
		{[]span{{p("", ""), v}}, p("2021-07-01", ""), str([]span{{p("", "2021-06-30"), v}})},
		{[]span{{p("", ""), v}}, p("2014-01-01", "2021-06-30"), str([]span{{p("", "2013-12-31"), v}, {p("2021-07-01", ""), v}})},
		{[]span{{p("2015-01-01", "2016-12-31"), v}, {p("2022-01-01", ""), v}}, p("2014-01-01", "2021-06-30"), str([]span{{p("2022-01-01", ""), v}})},
		{[]span{{p("2015-01-01", "2016-12-31"), v}}, p("", "2015-06-30"), str([]span{{p("2015-07-01", "2016-12-31"), v}})},
	} {
		if got := str(clipSpans(c.in, c.cut)); got != c.want {
			t.Errorf("clip %s by %v: %s, want %s", str(c.in), c.cut, got, c.want)
		}
	}
}
