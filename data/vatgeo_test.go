package data

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
)

// TestJurisdictionsRefusesOldVersions: the jurisdictions files of format
// 1, which had no VAT geography, of format 2, which had no VAT regions
// (Northern Ireland), and of format 3, which had no low-value import
// limits and no tax accruals (those were Go code), and of format 4,
// which had no domestic reverse charges, are refused with an error that
// names the formats, rather than read as a file whose VAT areas,
// regions, limits, accruals or reverse charges are empty.
func TestJurisdictionsRefusesOldVersions(t *testing.T) {
	for v, parts := range map[int]int{1: 4, 2: 8, 3: 9, 4: 11} {
		w := binfmt.NewWriter(jurisKind, v)
		for range parts {
			w.Uvarint(0) // no words, jurisdictions, rates or exceptions (and, from v2, no areas, territories, boxes or postcodes; in v3, no regions)
		}
		file, err := w.Finish()
		if err != nil {
			t.Fatal(err)
		}
		_, err = decodeJurisdictions(file)
		if want := fmt.Sprintf("format v%d is not supported (this build reads v5)", v); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("a file of format %d: %v, want %q", v, err, want)
		}
	}
}

// TestVATGeographyAsBefore: the dataset's VAT geography, which the
// generator reads from its curated tables, holds what the Go tables of
// jurisdiction (vatAreas, territories), taxarea (territoryBoxes,
// frenchCollectivities) held before they became data, and the rows added
// since: Liechtenstein in Switzerland's VAT area, the boxes of Ceuta,
// Melilla and Heligoland, and Åland (FI-01), a VAT area of its own at
// Finland's rates.
func TestVATGeographyAsBefore(t *testing.T) {
	j, err := Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	day := civil.MustParse
	from := func(d string) civil.Period { return civil.Period{Effective: day(d)} }
	wantAreas := []jurisdiction.VATAreaPeriod{
		{Place: "DE-X-BÜSINGEN_AM_HOCHRHEIN", Area: "CH"},
		{Place: "IM", Area: "GB", Period: from("1980-04-01")},
		{Place: "LI", Area: "CH", OwnNumbers: true, Period: from("1995-01-01")},
		{Place: "MC", Area: "FR", Period: from("1963-05-18")},
	}
	if got := j.VATGeography().Areas(); !reflect.DeepEqual(got, wantAreas) {
		t.Errorf("VAT areas\n%+v, want\n%+v", got, wantAreas)
	}
	const igic = "the IGIC (general indirect tax of the Canary Islands, Law 20/1991)"
	const ipsi = "the IPSI (tax on production, services and imports, Law 8/1991)"
	rr, own, no := jurisdiction.RegionalRates, jurisdiction.OwnVAT, jurisdiction.NoVAT
	wantTerr := []jurisdiction.SpecialTerritory{
		{Jurisdiction: "AT-X-JUNGHOLZ", Kind: rr, Area: "AT", KeepsReduced: true},
		{Jurisdiction: "AT-X-MITTELBERG", Kind: rr, Area: "AT", KeepsReduced: true},
		{Jurisdiction: "DE-X-HELIGOLAND", Kind: no, Area: "DE-X-HELIGOLAND"},
		{Jurisdiction: "ES-CE", Kind: no, Area: "ES-CE", LocalTax: ipsi},
		{Jurisdiction: "ES-CN", Kind: no, Area: "ES-CN", LocalTax: igic},
		{Jurisdiction: "ES-ML", Kind: no, Area: "ES-ML", LocalTax: ipsi},
		{Jurisdiction: "FI-01", Kind: own, Area: "FI-01", KeepsReduced: true},
		{Jurisdiction: "FR-971", Kind: own, Area: "FR-971-972"},
		{Jurisdiction: "FR-972", Kind: own, Area: "FR-971-972"},
		{Jurisdiction: "FR-973", Kind: no, Area: "FR-973"},
		{Jurisdiction: "FR-974", Kind: own, Area: "FR-974"},
		{Jurisdiction: "FR-976", Kind: no, Area: "FR-976"},
		{Jurisdiction: "GR-69", Kind: no, Area: "GR-69"},
		{Jurisdiction: "IT-X-CAMPIONE_D_ITALIA", Kind: no, Area: "IT-X-CAMPIONE_D_ITALIA", Period: civil.Period{Expiration: day("2019-12-31")}},
		{Jurisdiction: "IT-X-CAMPIONE_D_ITALIA", Kind: no, Area: "IT-X-CAMPIONE_D_ITALIA",
			LocalTax: "the ILCCI (local consumption tax, Law 160/2019, article 1(559-572))", Period: from("2020-01-01")},
		{Jurisdiction: "IT-X-LIVIGNO", Kind: no, Area: "IT-X-LIVIGNO"},
		{Jurisdiction: "PT-20", Kind: rr, Area: "PT"},
		{Jurisdiction: "PT-30", Kind: rr, Area: "PT"},
	}
	if got := j.VATGeography().Territories(); !reflect.DeepEqual(got, wantTerr) {
		t.Errorf("special territories\n%+v, want\n%+v", got, wantTerr)
	}
	wantBoxes := []TerritoryBox{
		{"ES", "ES-CN", "ES", 27.4, 29.6, -18.4, -13.2},
		{"PT", "PT-30", "PT", 29.9, 33.3, -17.5, -15.7},
		{"PT", "PT-20", "PT", 36.7, 39.9, -31.6, -24.5},
		{"FR", "FR-971", "FR", 15.8, 16.6, -61.9, -60.9},
		{"FR", "FR-972", "FR", 14.3, 14.95, -61.3, -60.7},
		{"FR", "FR-973", "FR", 2.0, 5.9, -54.7, -51.4},
		{"FR", "FR-974", "FR", -21.5, -20.8, 55.1, 55.9},
		{"FR", "FR-976", "FR", -13.1, -12.5, 44.9, 45.4},
		{"ES", "ES-CE", "MA", 35.85, 35.93, -5.34, -5.27},
		{"ES", "ES-CE", "MA", 35.88, 35.93, -5.375, -5.34},
		{"ES", "ES-ML", "MA", 35.28, 35.32, -2.955, -2.91},
		{"DE", "DE-X-HELIGOLAND", "", 54.17, 54.20, 7.87, 7.94},
	}
	if got := j.TerritoryBoxes(); !reflect.DeepEqual(got, wantBoxes) {
		t.Errorf("territory boxes\n%+v, want\n%+v", got, wantBoxes)
	}
	wantPostcodes := []PostcodeCountry{
		{Country: "FR", Prefix: "97133", Place: "BL"}, {Country: "FR", Prefix: "97150", Place: "MF"}, {Country: "FR", Prefix: "975", Place: "PM"},
		{Country: "FR", Prefix: "986", Place: "WF"}, {Country: "FR", Prefix: "987", Place: "PF"}, {Country: "FR", Prefix: "988", Place: "NC"},
		{Country: "GB", Prefix: "GY", Place: "GG"}, {Country: "GB", Prefix: "JE", Place: "JE"},
	}
	if got := j.PostcodeCountries(); !reflect.DeepEqual(got, wantPostcodes) {
		t.Errorf("postcode countries\n%+v, want\n%+v", got, wantPostcodes)
	}
	if c, ok := j.PostcodeCountry("FR", "98800", day("2026-06-01")); !ok || c != "NC" {
		t.Errorf("FR 98800: %s %v, want NC", c, ok)
	}
	if c, ok := j.PostcodeCountry("FR", "97100", day("2026-06-01")); ok {
		t.Errorf("FR 97100 (Guadeloupe): %s, want France's own", c)
	}
}

// TestOverlayVATAreas: an overlay's VAT areas join the dataset's; one
// that names no jurisdiction of the dataset, or makes a chain, is
// refused, and the dataset itself is unchanged.
func TestOverlayVATAreas(t *testing.T) {
	base := Default()
	d := civil.MustParse("2026-06-01")
	ds, err := base.WithOverlay(&Overlay{Name: "t", VATAreas: []jurisdiction.VATAreaPeriod{{Place: "JE", Area: "GB"}}})
	if err != nil {
		t.Fatal(err)
	}
	j, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := j.VATGeography().VATArea("JE", d); !ok || a != "GB" {
		t.Errorf("JE with the overlay: %s %v", a, ok)
	}
	if a, ok := j.VATGeography().VATArea("MC", d); !ok || a != "FR" {
		t.Errorf("MC with the overlay: %s %v", a, ok)
	}
	if len(j.TerritoryBoxes()) == 0 || len(j.PostcodeCountries()) == 0 {
		t.Error("the overlay lost the dataset's boxes or postcodes")
	}
	bj, err := base.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := bj.VATGeography().VATArea("JE", d); ok {
		t.Error("the overlay changed the dataset")
	}
	for _, c := range []struct {
		a    jurisdiction.VATAreaPeriod
		want string
	}{
		{jurisdiction.VATAreaPeriod{Place: "XX", Area: "GB"}, `jurisdiction "XX" does not exist`},
		{jurisdiction.VATAreaPeriod{Place: "JE", Area: "MC"}, "which is in another's"},
		{jurisdiction.VATAreaPeriod{Place: "MC", Area: "IT"}, "overlap"},
	} {
		if _, err := base.WithOverlay(&Overlay{Name: "t", VATAreas: []jurisdiction.VATAreaPeriod{c.a}}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one containing %q", c.a, err, c.want)
		}
	}
}

// TestVATRegionNorthernIreland: the dataset's VAT region XI holds what
// the engine's Go tables held before it became data (engine/windsor.go):
// the postcode area BT, Northern Ireland's names and its six counties,
// its box less the Mull of Kintyre. An overlay keeps it.
func TestVATRegionNorthernIreland(t *testing.T) {
	j, err := Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	want := []jurisdiction.VATRegion{{Code: "XI", Country: "GB", Name: "Northern Ireland",
		PostcodeAreas: []string{"BT"},
		Divisions: []string{"Northern Ireland", "N. Ireland", "N Ireland", "NI", "NIR", "GB-NIR",
			"Antrim", "Armagh", "Down", "Fermanagh", "Londonderry", "Derry", "Tyrone"},
		Boxes:    []jurisdiction.VATBox{{LatMin: 53.9, LatMax: 55.35, LngMin: -8.25, LngMax: -5.3}},
		Excluded: []jurisdiction.VATBox{{LatMin: 55.25, LatMax: 55.35, LngMin: -6.05, LngMax: -5.3}}}}
	if got := j.VATGeography().Regions(); !reflect.DeepEqual(got, want) {
		t.Errorf("VAT regions\n%+v, want\n%+v", got, want)
	}
	ds, err := Default().WithOverlay(&Overlay{Name: "t", VATAreas: []jurisdiction.VATAreaPeriod{{Place: "JE", Area: "GB"}}})
	if err != nil {
		t.Fatal(err)
	}
	oj, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	if got := oj.VATGeography().Regions(); !reflect.DeepEqual(got, want) {
		t.Errorf("VAT regions with an overlay\n%+v, want\n%+v", got, want)
	}
}
