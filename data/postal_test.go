package data

import "testing"

func TestFoldPlace(t *testing.T) {
	for in, want := range map[string]string{
		"St. Paul":         "SAINT PAUL",
		"  saint   paul ":  "SAINT PAUL",
		"Ste. Genevieve":   "SAINT GENEVIEVE",
		"Ft Lauderdale":    "FORT LAUDERDALE",
		"Mt. Vernon":       "MOUNT VERNON",
		"Winston-Salem":    "WINSTON SALEM",
		"La Cañada":        "LA CAÑADA",
		"East St. Louis":   "EAST ST LOUIS",
		"":                 "",
		" . ":              "",
		"Washington, D.C.": "WASHINGTON D C",
	} {
		if got := FoldPlace(in); got != want {
			t.Errorf("FoldPlace(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPostal(t *testing.T) {
	p, err := Default().Postal()
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() < 41000 {
		t.Errorf("%d ZIPs", p.Len())
	}
	z, ok := p.ZIP("10118")
	if !ok || z.Place != "New York" || z.State != "NY" || len(z.Counties) != 1 || z.Counties[0].Jurisdiction != "US-36061" || !z.HasPoint {
		t.Errorf("10118 = %+v", z)
	}
	// A ZIP that spans counties lists them by land share.
	z, _ = p.ZIP("90265")
	if len(z.Counties) != 2 || z.Counties[0].FIPS != "06037" || z.Counties[0].Share < z.Counties[1].Share {
		t.Errorf("90265 counties = %+v", z.Counties)
	}
	// Puerto Rico is known from the Census relationships alone.
	if z, ok := p.ZIP("00901"); !ok || z.State != "PR" || z.Counties[0].FIPS != "72127" {
		t.Errorf("00901 = %+v", z)
	}
	if _, ok := p.ZIP("00000"); ok {
		t.Error("ZIP 00000 exists")
	}
	zs := p.ByPlace("MN", "saint paul")
	if len(zs) == 0 || zs[0].Place != "Saint Paul" {
		t.Errorf("ByPlace(MN, saint paul) = %d ZIPs", len(zs))
	}
}

func TestBoundaries(t *testing.T) {
	b, err := Default().Boundaries()
	if err != nil {
		t.Fatal(err)
	}
	count := map[Layer]int{}
	for _, bd := range b.All {
		count[bd.Layer]++
	}
	// Falls Church, Virginia, is too small for the source's quantisation.
	if count[LayerUSCounty] != 3230 || count[LayerUSState] != 56 || count[LayerSubdivision] != 13 || count[LayerCountry] < 230 {
		t.Errorf("boundaries per layer: %v", count)
	}
	if len(b.Grids) != 4 {
		t.Fatalf("%d cell tables", len(b.Grids))
	}
	for _, g := range b.Grids {
		for i := 1; i < len(g.Cells); i++ {
			if g.Cells[i-1].ID >= g.Cells[i].ID {
				t.Fatalf("cell table of %v is not sorted", g.Layer)
			}
		}
	}
}
