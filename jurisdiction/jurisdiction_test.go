package jurisdiction

import (
	"encoding/json"
	"testing"
)

func TestTypeNames(t *testing.T) {
	if n := len(Types()); n != 16 {
		t.Fatalf("%d types, want the 16 of JurisdictionTypeEnum", n)
	}
	for _, ty := range Types() {
		back, err := ParseType(ty.String())
		if err != nil || back != ty {
			t.Errorf("%v does not round-trip: %v %v", ty, back, err)
		}
	}
	b, err := json.Marshal(LocalImprovementDistrict)
	if err != nil || string(b) != `"LOCAL_IMPROVEMENT_DISTRICT"` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
	var ty Type
	if err := json.Unmarshal([]byte(`"VILLAGE"`), &ty); err == nil {
		t.Error("an unknown type was accepted")
	}
	if _, err := json.Marshal(Type(0)); err == nil {
		t.Error("the zero Type was marshalled")
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"St. Louis Park":          "ST_LOUIS_PARK",
		"  La Cañada Flintridge ": "LA_CAÑADA_FLINTRIDGE",
		"Büsingen am Hochrhein":   "BÜSINGEN_AM_HOCHRHEIN",
		"Winston-Salem":           "WINSTON_SALEM",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSubdivisionOf(t *testing.T) {
	cases := []struct{ country, in, want string }{
		{"US", "ca", "US-CA"}, {"US", "California", "US-CA"}, {"US", " new   york ", "US-NY"},
		{"US", "D.C.", "US-DC"}, {"US", "Washington DC", "US-DC"}, {"US", "Puerto Rico", "US-PR"},
		{"CA", "Québec", "CA-QC"}, {"CA", "on", "CA-ON"}, {"CA", "Newfoundland", "CA-NL"},
		{"BR", "sp", "BR-SP"}, {"BR", "São Paulo", "BR-SP"}, {"BR", "SAO PAULO", "BR-SP"}, {"BR", "goias", "BR-GO"},
		{"BR", "Distrito Federal", "BR-DF"}, {"BR", "Espirito Santo", "BR-ES"},
	}
	for _, c := range cases {
		s, ok := SubdivisionOf(c.country, c.in)
		if !ok || s.ID() != c.want {
			t.Errorf("SubdivisionOf(%s, %q) = %v %v, want %s", c.country, c.in, s.ID(), ok, c.want)
		}
	}
	if _, ok := SubdivisionOf("US", "ON"); ok {
		t.Error("a Canadian province was found in the US")
	}
	if s, ok := SubdivisionByFIPS("72"); !ok || s.Code != "PR" || s.Type != Territory {
		t.Errorf("FIPS 72 = %+v", s)
	}
	if _, ok := SubdivisionOf("BR", "ON"); ok {
		t.Error("a Canadian province was found in Brazil")
	}
	if n := len(Subdivisions()); n != 56+13+27 {
		t.Errorf("%d subdivisions, want 56 US, 13 Canadian and 27 Brazilian", n)
	}
}

func TestFilingArea(t *testing.T) {
	for id, want := range map[string]string{
		"US-CA": "US-CA", "US-06037-MEASURE_A": "US-CA", "US-0644000": "US-CA", "US-MN-D80004": "US-MN",
		"US-WA-Z-BELLEVUE-CITY": "US-WA", "US-4805000": "US-TX", "US-72": "US-PR", "CA-ON": "CA-ON", "CA-QC-X": "CA-QC",
		"DE": "DE", "FR-X": "FR", "US": "US", "US-99001": "US", "": "", "US-ca": "US",
		"BR-SP": "BR-SP", "BR-3550308": "BR-3550308", "BR": "BR", "BR-355030": "BR",
	} {
		if got := FilingArea(id); got != want {
			t.Errorf("FilingArea(%q) = %q, want %q", id, got, want)
		}
	}
}
