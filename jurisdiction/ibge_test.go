package jurisdiction

import "testing"

// TestBrazilIBGE: every Brazilian state has its IBGE number, each number
// names one state, and nothing outside Brazil has one.
func TestBrazilIBGE(t *testing.T) {
	seen := map[string]string{}
	for _, s := range Subdivisions() {
		n, ok := BrazilIBGE(s.Code)
		if s.Country != "BR" {
			continue
		}
		if !ok || len(n) != 2 {
			t.Errorf("%s: IBGE number %q, %v", s.ID(), n, ok)
			continue
		}
		if other, dup := seen[n]; dup {
			t.Errorf("IBGE %s names %s and %s", n, other, s.ID())
		}
		seen[n] = s.ID()
		if back, ok := SubdivisionByIBGE(n); !ok || back.ID() != s.ID() {
			t.Errorf("SubdivisionByIBGE(%s) = %s, %v; want %s", n, back.ID(), ok, s.ID())
		}
	}
	if len(seen) != 27 {
		t.Errorf("%d Brazilian states with an IBGE number, want 27", len(seen))
	}
	if s, ok := SubdivisionByIBGE("06"); ok {
		t.Errorf("SubdivisionByIBGE(06) = %s; a FIPS number is no IBGE number", s.ID())
	}
}
