package jurisdiction

import (
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestNewVATGeographyRefuses: a geography is checked as it is built: no
// place without an area, in its own area or in a chain, no overlapping
// periods, no territory of an unknown kind or in both tables.
func TestNewVATGeographyRefuses(t *testing.T) {
	from := func(d string) civil.Period { return civil.Period{Effective: civil.MustParse(d)} }
	for _, c := range []struct {
		name  string
		areas []VATAreaPeriod
		terrs []SpecialTerritory
		want  string
	}{
		{"no area", []VATAreaPeriod{{Place: "MC"}}, nil, "without a place or an area"},
		{"its own area", []VATAreaPeriod{{Place: "FR", Area: "FR"}}, nil, "its own VAT area"},
		{"a chain", []VATAreaPeriod{{Place: "MC", Area: "FR"}, {Place: "FR", Area: "DE"}}, nil, "which is in another's"},
		{"an inverted period", []VATAreaPeriod{{Place: "MC", Area: "FR", Period: civil.Period{Effective: civil.MustParse("2020-01-01"), Expiration: civil.MustParse("2019-01-01")}}}, nil, "before it starts"},
		{"overlapping areas", []VATAreaPeriod{{Place: "MC", Area: "FR", Period: from("1963-05-18")}, {Place: "MC", Area: "IT", Period: from("2000-01-01")}}, nil, "overlap"},
		{"an unknown kind", nil, []SpecialTerritory{{Jurisdiction: "ES-CN", Area: "ES-CN"}}, "TerritoryKind(0)"},
		{"in both tables", []VATAreaPeriod{{Place: "ES-CN", Area: "PT"}}, []SpecialTerritory{{Jurisdiction: "ES-CN", Kind: NoVAT, Area: "ES-CN"}}, "both"},
		{"overlapping standings", nil, []SpecialTerritory{{Jurisdiction: "ES-CN", Kind: NoVAT, Area: "ES-CN"}, {Jurisdiction: "ES-CN", Kind: OwnVAT, Area: "ES-CN", Period: from("2020-01-01")}}, "overlap"},
	} {
		if _, err := NewVATGeography(c.areas, c.terrs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestVATGeographyLookups: the lookups of a small geography, and of a nil
// one, which has no facts.
func TestVATGeographyLookups(t *testing.T) {
	g, err := NewVATGeography([]VATAreaPeriod{
		{Place: "LI", Area: "CH", OwnNumbers: true, Period: civil.Period{Effective: civil.MustParse("1995-01-01")}},
		{Place: "MC", Area: "FR", Period: civil.Period{Effective: civil.MustParse("1963-05-18")}},
	}, []SpecialTerritory{{Jurisdiction: "ES-CN", Kind: NoVAT, Area: "ES-CN"}})
	if err != nil {
		t.Fatal(err)
	}
	d := civil.MustParse("2026-06-01")
	if g.InVATArea("LI", d) != "CH" || g.InVATArea("LI", civil.MustParse("1994-12-31")) != "LI" || g.InVATArea("DE", d) != "DE" {
		t.Error("InVATArea")
	}
	if g.NumberCountry("LI", d) != "LI" || g.NumberCountry("MC", d) != "FR" || g.NumberCountry("DE", d) != "DE" {
		t.Error("NumberCountry")
	}
	if got := g.VATAreaChanges(civil.MustParse("1990-01-01"), civil.Date{}); !reflect.DeepEqual(got, []string{"LI"}) {
		t.Errorf("VATAreaChanges = %v", got)
	}
	if tr, ok := g.VATTerritory("ES-CN", d); !ok || tr.Kind != NoVAT || tr.EU() {
		t.Errorf("VATTerritory(ES-CN) = %+v %v", tr, ok)
	}
	if k, ok := ParseTerritoryKind("own_vat"); !ok || k != OwnVAT || k.String() != "own_vat" {
		t.Error("ParseTerritoryKind")
	}
	var none *VATGeography
	if _, ok := none.VATArea("MC", d); ok || none.InVATArea("MC", d) != "MC" || none.VATAreaChanges(civil.Date{}, civil.Date{}) != nil || none.Areas() != nil {
		t.Error("a nil geography has facts")
	}
	if _, ok := none.VATTerritory("ES-CN", d); ok {
		t.Error("a nil geography has territories")
	}
}
