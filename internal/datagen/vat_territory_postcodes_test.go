package datagen

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// vatTerrPostcodesHead is the header of vat-territory-postcodes.csv.
const vatTerrPostcodesHead = "country,name,postcode,citation\n"

// territoryPostcodesBuilder returns a builder with Finland, its rates (two
// standard ones and a reduced one) and the territory rows terr, and a
// generator whose vat-territory-postcodes.csv has rows.
func territoryPostcodesBuilder(t *testing.T, terr string, rows ...string) (*gen, *ratesBuilder, map[string]vatTerritory) {
	t.Helper()
	g, err := newGen(Config{})
	if err != nil {
		t.Fatal(err)
	}
	g.curated = fstest.MapFS{vatTerrPostcodesFile: {Data: []byte(vatTerrPostcodesHead + strings.Join(rows, "\n") + "\n")}}
	trows, err := readVATTerritoryRows(geoFile(vatTerrFile, vatTerrHead, terr), curatedRef+vatTerrFile)
	if err != nil {
		t.Fatal(err)
	}
	b := &ratesBuilder{juris: map[string]jurisdiction.Jurisdiction{}, territoryRows: trows}
	if err := b.addJuris(jurisdiction.Jurisdiction{ID: "FI", Type: jurisdiction.Country, Name: "Finland", Country: "FI"}); err != nil {
		t.Fatal(err)
	}
	for _, r := range []jurisdiction.Rate{
		{Jurisdiction: "FI", Tax: jurisdiction.VAT, Category: jurisdiction.General, Value: decimal.RequireFromString("0.24"),
			Period: civil.Period{Expiration: civil.MustParse("2024-08-31")}, Source: euVATKey},
		{Jurisdiction: "FI", Tax: jurisdiction.VAT, Category: jurisdiction.General, Value: decimal.RequireFromString("0.255"),
			Period: civil.Period{Effective: civil.MustParse("2024-09-01")}, Source: euVATKey},
		{Jurisdiction: "FI", Tax: jurisdiction.VAT, Category: jurisdiction.Reduced, Value: decimal.RequireFromString("0.10"), Source: euVATKey},
	} {
		if err := b.addRate(r); err != nil {
			t.Fatal(err)
		}
	}
	terrs := map[string]vatTerritory{}
	for _, r := range trows {
		terrs[r.country+"|"+r.name] = vatTerritory{r.id, r.idCitation}
	}
	return g, b, terrs
}

// alandRow is Åland's row of vat-territories.csv.
const alandRow = `FI,Åland,FI-01,iso,own_vat,FI-01,yes,,,,c`

// TestTerritoryPostcodes: a territory of vat-territory-postcodes.csv,
// which the EU VAT file does not list, becomes a jurisdiction and a
// postcode exception of its country, and bears the country's standard
// rates over their periods (its other rates are the country's through
// keeps_reduced): Åland, whose postcodes 22100 to 22999 are Finland's.
func TestTerritoryPostcodes(t *testing.T) {
	g, b, terr := territoryPostcodesBuilder(t, alandRow, `FI,Åland,22\d{3},c`)
	used := map[string]bool{}
	if err := addTerritoryPostcodes(g, b, terr, used); err != nil {
		t.Fatal(err)
	}
	if err := addTerritoryRates(g, b); err != nil {
		t.Fatal(err)
	}
	if !used["FI|Åland"] {
		t.Error("Åland is not marked used")
	}
	if j, ok := b.juris["FI-01"]; !ok || j.Type != jurisdiction.Territory || j.Parent != "FI" || j.ExternalCode != "FI-01" {
		t.Errorf("jurisdiction FI-01: %+v, %v", j, ok)
	}
	want := vatException{"FI", "Åland", `^(?:22\d{3})$`, "FI-01"}
	if len(b.exceptions) != 1 || b.exceptions[0] != want {
		t.Errorf("exceptions %+v, want %+v", b.exceptions, want)
	}
	got := b.ratesOf("FI-01")
	if len(got) != 2 {
		t.Fatalf("FI-01 has %d rates, want Finland's two standard ones: %+v", len(got), got)
	}
	for i, w := range []string{"0.24", "0.255"} {
		if r := got[i]; r.Category != jurisdiction.General || r.Value.String() != w || r.Period != b.ratesOf("FI")[i].Period {
			t.Errorf("FI-01 rate %d: %+v, want Finland's %s", i, r, w)
		}
	}
}

// TestTerritoryPostcodesRefuses: vat-territory-postcodes.csv refuses a
// territory that vat-territories.csv does not describe, or not as a VAT
// area of its own at its country's rates, one the EU VAT file lists
// already, and a postcode that is no pattern of digits, naming the file,
// the line and the column.
func TestTerritoryPostcodesRefuses(t *testing.T) {
	for _, c := range []struct {
		name, terr, row string
		used            bool
		want            string
	}{
		{"a territory not in vat-territories.csv", alandRow, `FI,Nowhere,22\d{3},c`, false, "vat-territory-postcodes.csv:2: columns country, name"},
		{"a territory without VAT", `FI,Åland,FI-01,iso,no_vat,FI-01,,,,,c`, `FI,Åland,22\d{3},c`, false, "must be own_vat with keeps_reduced"},
		{"a territory of its own rates", `FI,Åland,FI-01,iso,own_vat,FI-01,,,,,c`, `FI,Åland,22\d{3},c`, false, "must be own_vat with keeps_reduced"},
		{"an exception of the EU VAT file", alandRow, `FI,Åland,22\d{3},c`, true, "is an exception of"},
		{"letters", alandRow, `FI,Åland,AX-22\d{3},c`, false, "vat-territory-postcodes.csv:2: column postcode"},
		{"an unclosed class", alandRow, `FI,Åland,22[0-9,c`, false, "vat-territory-postcodes.csv:2: column postcode"},
		{"no citation", alandRow, `FI,Åland,22\d{3},`, false, "vat-territory-postcodes.csv:2: column citation"},
	} {
		g, b, terr := territoryPostcodesBuilder(t, c.terr, c.row)
		used := map[string]bool{"FI|Åland": c.used}
		if err := addTerritoryPostcodes(g, b, terr, used); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
