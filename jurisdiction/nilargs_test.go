package jurisdiction

import (
	"math"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestNilAndZeroTables asks nil and zero VAT geographies and low-value
// limit tables, which New* did not make, every question a host can ask
// with zero dates and odd values: none panics, each answers nothing, and
// adding malformed facts to them is an error that names the fact.
func TestNilAndZeroTables(t *testing.T) {
	var d civil.Date
	last := civil.Date{Year: 9999, Month: 12, Day: 31}
	for name, g := range map[string]*VATGeography{"nil": nil, "zero": {}} {
		if len(g.Areas()) != 0 || len(g.Regions()) != 0 || len(g.Territories()) != 0 {
			t.Errorf("%s geography lists facts", name)
		}
		if a, ok := g.VATArea("DE", d); ok {
			t.Errorf("%s geography puts DE in VAT area %q", name, a)
		}
		if _, ok := g.VATTerritory("", d); ok {
			t.Errorf("%s geography finds a territory of no ID", name)
		}
		if _, ok := g.RegionNamed(""); ok {
			t.Errorf("%s geography finds a region of no name", name)
		}
		if _, ok := g.RegionCountry("x"); ok {
			t.Errorf("%s geography finds region x", name)
		}
		if g.RegionHasPoint("x", math.NaN(), math.Inf(1)) || g.RegionHasPostcode("x", "") || g.RegionHasDivision("x", "") {
			t.Errorf("%s geography places something in region x", name)
		}
		if got := g.VATAreaChanges(last, d); len(got) != 0 {
			t.Errorf("%s geography changes areas %v between reversed dates", name, got)
		}
		g.InVATArea("DE", d)
		g.NumberCountry("DE", d)
		if _, err := g.WithAreas([]VATAreaPeriod{{}}); err == nil {
			t.Errorf("%s geography takes a zero area fact", name)
		}
		if _, err := g.WithRegions([]VATRegion{{}}); err == nil {
			t.Errorf("%s geography takes a zero region", name)
		}
	}
	if _, err := NewVATGeography([]VATAreaPeriod{{}}, nil); err == nil {
		t.Error("NewVATGeography takes a zero area fact")
	}
	for name, l := range map[string]*LowValueLimits{"nil": nil, "zero": {}} {
		if len(l.All()) != 0 {
			t.Errorf("%s limits list rows", name)
		}
		if _, ok := l.Limit("DE", d); ok {
			t.Errorf("%s limits find one for DE", name)
		}
		if _, err := l.With([]LowValue{{}}); err == nil {
			t.Errorf("%s limits take a zero row", name)
		}
	}
	if _, err := NewLowValueLimits([]LowValue{{}}); err == nil {
		t.Error("NewLowValueLimits takes a zero row")
	}
	var ty Type
	if err := ty.UnmarshalText(nil); err == nil {
		t.Error("an empty jurisdiction type is accepted")
	}
	if _, err := Type(0).MarshalText(); err == nil {
		t.Error("the zero Type marshals")
	}
}
