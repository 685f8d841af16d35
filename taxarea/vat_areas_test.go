package taxarea

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestVATAreaLookups: Monaco lies in France's VAT area and the Isle of
// Man in the United Kingdom's (jurisdiction.VATGeography.VATArea), so every kind of
// lookup of a place there (address, government code, the country's own
// taxAreaId) answers the other country's tax area, with France's or the
// United Kingdom's taxAreaId, and a NORMAL status that says why; the
// address keeps its own country. Before the Isle of Man's agreement took
// effect (1980-04-01) the island is its own area.
func TestVATAreaLookups(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	today := civil.MustParse("2026-06-01")
	areaOf := func(country string, d civil.Date) wire.LookupResult {
		t.Helper()
		res, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: country, Country: country, AsOfDate: d})
		if err != nil {
			t.Fatal(err)
		}
		return res.LookupResults[0]
	}
	fr, gb := areaOf("FR", today), areaOf("GB", today)
	check := func(name string, got wire.LookupResult, want wire.LookupResult, note string) {
		t.Helper()
		if got.TaxAreaID != want.TaxAreaID || !slices.Equal(ids(got), ids(want)) {
			t.Errorf("%s: area %s %v, want %s %v", name, got.TaxAreaID, ids(got), want.TaxAreaID, ids(want))
		}
		said := false
		for _, st := range got.Statuses {
			if st.LookupResult != wire.Normal {
				t.Errorf("%s: status %+v, want NORMAL", name, st)
			}
			said = said || strings.Contains(st.Value, note)
		}
		if !said {
			t.Errorf("%s: no status says %q: %+v", name, note, got.Statuses)
		}
		if got.ConfidenceIndicator != "100" {
			t.Errorf("%s: confidence %s, want 100", name, got.ConfidenceIndicator)
		}
	}
	address := func(a wire.PostalAddress, d civil.Date) wire.LookupResult {
		t.Helper()
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: a, AsOfDate: d})
		if err != nil {
			t.Fatal(err)
		}
		return res.LookupResults[0]
	}

	monaco := address(wire.PostalAddress{City: "Monaco", PostalCode: "98000", Country: "MC"}, today)
	check("a Monaco address", monaco, fr, "MC (Monaco) is in the VAT area of FR (France)")
	if c := monaco.PostalAddresses[0].Country; c != "MCO" {
		t.Errorf("the Monaco address's country is %s, want MCO", c)
	}
	douglas := address(wire.PostalAddress{City: "Douglas", PostalCode: "IM1 1AA", Country: "IMN"}, today)
	check("an Isle of Man address", douglas, gb, "IM (Isle of Man) is in the VAT area of GB (United Kingdom)")
	if c := douglas.PostalAddresses[0].Country; c != "IMN" {
		t.Errorf("the Douglas address's country is %s, want IMN", c)
	}
	check("Monaco's code", areaOf("MC", today), fr, "VAT area of FR")

	// A point on the island (the boundaries hold it); Monaco is found
	// as the nearest boundary, at a lower confidence.
	for _, c := range []struct {
		name     string
		lat, lng float64
		want     wire.LookupResult
		conf     string
	}{
		{"a point on the Isle of Man", 54.15, -4.48, gb, "100"},
		{"a point in Monaco", 43.7384, 7.4246, fr, "70"},
	} {
		res, err := r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: c.lat, Longitude: c.lng}, AsOfDate: today})
		if err != nil {
			t.Fatal(err)
		}
		got := res.LookupResults[0]
		if got.TaxAreaID != c.want.TaxAreaID || got.ConfidenceIndicator != c.conf {
			t.Errorf("%s: %v (%s), want %v (%s)", c.name, ids(got), got.ConfidenceIndicator, ids(c.want), c.conf)
		}
	}

	// The country's own area, by the taxAreaId a client may hold.
	own := r.areas.of("MC")
	byID, err := r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: r.areas.id(own), AsOfDate: today})
	if err != nil {
		t.Fatal(err)
	}
	check("Monaco's own taxAreaId", byID.LookupResults[0], fr, "VAT area of FR")

	// 1979: before the Value Added Tax (Isle of Man) Order 1980.
	old := civil.MustParse("1979-06-01")
	island := address(wire.PostalAddress{City: "Douglas", PostalCode: "IM1 1AA", Country: "IM"}, old)
	if got := ids(island); !slices.Equal(got, []string{"IM"}) || len(island.Statuses) != 1 || island.Statuses[0].Value != "" {
		t.Errorf("the Isle of Man in 1979: %v %+v, want its own area", got, island.Statuses)
	}
	// France itself is untouched.
	paris := address(wire.PostalAddress{City: "Paris", PostalCode: "75001", Country: "FR"}, today)
	if paris.TaxAreaID != fr.TaxAreaID || len(paris.Statuses) != 1 || paris.Statuses[0].Value != "" {
		t.Errorf("Paris: %s %+v", paris.TaxAreaID, paris.Statuses)
	}
}
