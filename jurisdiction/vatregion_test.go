package jurisdiction

import (
	"strings"
	"testing"
)

// niRegion is a VAT region as the dataset writes Northern Ireland.
func niRegion() VATRegion {
	return VATRegion{Code: "XI", Country: "GB", Name: "Northern Ireland", PostcodeAreas: []string{"BT"},
		Divisions: []string{"Northern Ireland", "Antrim"},
		Boxes:     []VATBox{{LatMin: 53.9, LatMax: 55.35, LngMin: -8.25, LngMax: -5.3}},
		Excluded:  []VATBox{{LatMin: 55.25, LatMax: 55.35, LngMin: -6.05, LngMax: -5.3}}}
}

// TestWithRegionsRefuses: the regions are checked as a geography takes
// them.
func TestWithRegionsRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*VATRegion)
		want string
	}{
		{"a code of a country", func(r *VATRegion) { r.Code = "GB" }, "is a country's"},
		{"a code in lower case", func(r *VATRegion) { r.Code = "xi" }, "not two upper-case letters"},
		{"an unknown country", func(r *VATRegion) { r.Country = "XX" }, "no ISO 3166-1"},
		{"no name", func(r *VATRegion) { r.Name = " " }, "without a name"},
		{"no way to find it", func(r *VATRegion) { r.PostcodeAreas, r.Divisions, r.Boxes, r.Excluded = nil, nil, nil, nil }, "no postcode area"},
		{"a postcode area of digits", func(r *VATRegion) { r.PostcodeAreas = []string{"B1"} }, "postcode area"},
		{"a county written with County", func(r *VATRegion) { r.Divisions = []string{"County Down"} }, "begins with County"},
		{"a division twice", func(r *VATRegion) { r.Divisions = []string{"Down", "DOWN"} }, "written twice"},
		{"an inverted box", func(r *VATRegion) { r.Boxes[0].LatMin = 56 }, "inverted"},
		{"a box off the globe", func(r *VATRegion) { r.Excluded[0].LatMax = 91 }, "off the globe"},
		{"an excluded box alone", func(r *VATRegion) { r.Boxes = nil }, "excluded from no box"},
	} {
		r := niRegion()
		c.edit(&r)
		if _, err := (*VATGeography)(nil).WithRegions([]VATRegion{r}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	if _, err := (*VATGeography)(nil).WithRegions([]VATRegion{niRegion(), niRegion()}); err == nil || !strings.Contains(err.Error(), "region XI's too") {
		t.Errorf("two regions XI: %v", err)
	}
}

// TestVATRegionLookups: a region is found by code or name, and places
// postcodes, divisions and points; a nil geography has none, and the
// regions survive WithAreas.
func TestVATRegionLookups(t *testing.T) {
	g, err := NewVATGeography([]VATAreaPeriod{{Place: "MC", Area: "FR"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g, err = g.WithRegions([]VATRegion{niRegion()}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"XI", " xi", "northern  ireland"} {
		if r, ok := g.RegionNamed(s); !ok || r.Code != "XI" || r.Country != "GB" {
			t.Errorf("RegionNamed(%q) = %+v %v", s, r, ok)
		}
	}
	if _, ok := g.RegionNamed("GB"); ok {
		t.Error("RegionNamed(GB) is a region")
	}
	if c, ok := g.RegionCountry("XI"); !ok || c != "GB" {
		t.Errorf("RegionCountry(XI) = %q %v", c, ok)
	}
	if !g.RegionHasPostcode("XI", " bt1 5gs") || g.RegionHasPostcode("XI", "BTX") || g.RegionHasPostcode("XI", "BT") || g.RegionHasPostcode("IE", "BT1") {
		t.Error("RegionHasPostcode")
	}
	if !g.RegionHasDivision("XI", "Co. Antrim") || !g.RegionHasDivision("XI", "NORTHERN   IRELAND") || g.RegionHasDivision("XI", "Down") {
		t.Error("RegionHasDivision")
	}
	if !g.RegionHasPoint("XI", 54.5973, -5.9301) || g.RegionHasPoint("XI", 55.29, -5.8) || !g.RegionHasPoint("XI", 55.29, -6.2) {
		t.Error("RegionHasPoint")
	}
	more, err := g.WithAreas([]VATAreaPeriod{{Place: "JE", Area: "GB"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(more.Regions()) != 1 || !more.RegionHasPostcode("XI", "BT1 5GS") {
		t.Error("WithAreas lost the regions")
	}
	if rs := g.Regions(); len(rs) != 1 {
		t.Errorf("Regions() = %+v", rs)
	} else {
		rs[0].Divisions[0] = "changed"
		if !g.RegionHasDivision("XI", "Northern Ireland") || g.Regions()[0].Divisions[0] != "Northern Ireland" {
			t.Error("Regions() shares its slices with the geography")
		}
	}
	var none *VATGeography
	if _, ok := none.RegionNamed("XI"); ok || none.RegionHasPostcode("XI", "BT1") || none.RegionHasDivision("XI", "Antrim") || none.RegionHasPoint("XI", 54.6, -5.9) || none.Regions() != nil {
		t.Error("a nil geography has regions")
	}
}
