package jurisdiction_test

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
)

// vatGeography returns the VAT geography of the embedded dataset, which
// the generator builds from its curated tables vat-areas.csv and
// vat-territories.csv.
func vatGeography(t *testing.T) *jurisdiction.VATGeography {
	t.Helper()
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	return j.VATGeography()
}

func TestVATArea(t *testing.T) {
	g := vatGeography(t)
	for _, c := range []struct {
		country, date, want string
		ok                  bool
	}{
		{"MC", "2026-06-01", "FR", true},
		{"MC", "1963-05-18", "FR", true},
		{"MC", "1963-05-17", "", false},
		{"IM", "2026-06-01", "GB", true},
		{"IM", "2020-06-01", "GB", true},
		{"IM", "1980-04-01", "GB", true},
		{"IM", "1980-03-31", "", false},
		{"FR", "2026-06-01", "", false},
		{"GB", "2026-06-01", "", false},
		{"JE", "2026-06-01", "", false}, // Jersey has a GST of its own
		{"", "2026-06-01", "", false},
	} {
		got, ok := g.VATArea(c.country, civil.MustParse(c.date))
		if got != c.want || ok != c.ok {
			t.Errorf("VATArea(%q, %s) = %q, %v, want %q, %v", c.country, c.date, got, ok, c.want, c.ok)
		}
	}
	// Every area is a country of its own: no chains.
	areas := g.Areas()
	for _, p := range areas {
		for _, o := range areas {
			if o.Place == p.Area || p.Area == p.Place {
				t.Errorf("%s is in the VAT area of %s, which is in another's", p.Place, p.Area)
			}
		}
	}
}

// TestVATTerritory: the special territories' standing, dated where it
// changed (Campione d'Italia's local consumption tax from 2020), and
// Büsingen in Switzerland's VAT area by its jurisdiction ID.
func TestVATTerritory(t *testing.T) {
	g := vatGeography(t)
	d := civil.MustParse("2026-06-01")
	for _, c := range []struct {
		id       string
		kind     jurisdiction.TerritoryKind
		area     string
		eu, keep bool
	}{
		{"AT-X-JUNGHOLZ", jurisdiction.RegionalRates, "AT", true, true},
		{"PT-30", jurisdiction.RegionalRates, "PT", true, false},
		{"FR-971", jurisdiction.OwnVAT, "FR-971-972", false, false},
		{"FR-972", jurisdiction.OwnVAT, "FR-971-972", false, false},
		{"FR-974", jurisdiction.OwnVAT, "FR-974", false, false},
		{"ES-CN", jurisdiction.NoVAT, "ES-CN", false, false},
		{"FR-973", jurisdiction.NoVAT, "FR-973", false, false},
	} {
		got, ok := g.VATTerritory(c.id, d)
		if !ok || got.Kind != c.kind || got.Area != c.area || got.EU() != c.eu || got.KeepsReduced != c.keep {
			t.Errorf("%s: %+v %v", c.id, got, ok)
		}
	}
	if _, ok := g.VATTerritory("FR", d); ok {
		t.Error("France is a special territory")
	}
	before, _ := g.VATTerritory("IT-X-CAMPIONE_D_ITALIA", civil.MustParse("2019-12-31"))
	after, _ := g.VATTerritory("IT-X-CAMPIONE_D_ITALIA", civil.MustParse("2020-01-01"))
	if before.LocalTax != "" || after.LocalTax == "" {
		t.Errorf("Campione d'Italia: %q in 2019, %q in 2020", before.LocalTax, after.LocalTax)
	}
	if area, ok := g.VATArea("DE-X-BÜSINGEN_AM_HOCHRHEIN", d); !ok || area != "CH" {
		t.Errorf("Büsingen: %s %v, want CH", area, ok)
	}
}

// TestVATTerritoryLeads: VATTerritory's quick refusal by the first two
// bytes of an ID never hides a territory, whatever its ID (one byte,
// lower case, punctuation, bytes beyond ASCII), in a geography built by
// NewVATGeography, WithAreas or WithRegions, and still refuses IDs that
// only share a territory's leading bytes.
func TestVATTerritoryLeads(t *testing.T) {
	d := civil.MustParse("2026-06-01")
	ids := []string{"X", "xy", "ES-CN", "Ü-1", "-A", "zz-9", "@`"}
	var ts []jurisdiction.SpecialTerritory
	for _, id := range ids {
		ts = append(ts, jurisdiction.SpecialTerritory{Jurisdiction: id, Kind: jurisdiction.NoVAT, Area: id})
	}
	g, err := jurisdiction.NewVATGeography(nil, ts)
	if err != nil {
		t.Fatal(err)
	}
	more, err := g.WithAreas([]jurisdiction.VATAreaPeriod{{Place: "MC", Area: "FR"}})
	if err != nil {
		t.Fatal(err)
	}
	regions, err := g.WithRegions(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, geo := range []*jurisdiction.VATGeography{g, more, regions} {
		for _, id := range ids {
			if got, ok := geo.VATTerritory(id, d); !ok || got.Jurisdiction != id {
				t.Errorf("VATTerritory(%q) = %+v, %v", id, got, ok)
			}
		}
		// The same leading bytes (or the same low five bits of them),
		// another ID.
		for _, id := range []string{"", "Y", "xz", "ES-CE", "ES", "es-CN", "US-CA", "@@"} {
			if got, ok := geo.VATTerritory(id, d); ok {
				t.Errorf("VATTerritory(%q) = %+v, want none", id, got)
			}
		}
	}
	// Every territory of the dataset is found, on a day of its period.
	data := vatGeography(t)
	for _, st := range data.Territories() {
		day := st.Period.Effective
		if day.IsZero() {
			day = st.Period.Expiration
		}
		if day.IsZero() {
			day = d
		}
		if got, ok := data.VATTerritory(st.Jurisdiction, day); !ok || got != st {
			t.Errorf("VATTerritory(%s, %s) = %+v, %v, want %+v", st.Jurisdiction, day, got, ok, st)
		}
	}
}
