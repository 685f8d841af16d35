package taxarea

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestVATTerritoryPoints: a point in an island or overseas VAT special
// territory gives the territory's area, as its postcode does. Before,
// the country's boundaries held it and the lookup answered the mainland's
// area: a point in Las Palmas was Spain's, so a sale delivered there by
// coordinates bore Spain's VAT. Points of the mainlands, and of Saint-
// Martin (MF, a country of its own in the boundaries), are as before;
// Madrid, Lisbon, Paris and Saint-Martin stand as guards.
func TestVATTerritoryPoints(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	today := civil.MustParse("2026-06-01")
	for _, c := range []struct {
		name     string
		lat, lng float64
		want     string // the last jurisdiction of the result
	}{
		{"Las Palmas de Gran Canaria", 28.1235, -15.4363, "ES-CN"},
		{"Santa Cruz de Tenerife", 28.4636, -16.2518, "ES-CN"},
		{"El Hierro", 27.75, -18.0, "ES-CN"},
		{"Lanzarote", 29.0, -13.6, "ES-CN"},
		{"Funchal", 32.6669, -16.9241, "PT-30"},
		{"Ponta Delgada", 37.74, -25.67, "PT-20"},
		{"Flores", 39.45, -31.2, "PT-20"},
		{"Pointe-à-Pitre", 16.24, -61.53, "FR-971"},
		{"Fort-de-France", 14.6161, -61.0588, "FR-972"},
		{"Cayenne", 4.93, -52.33, "FR-973"},
		{"Saint-Denis, La Réunion", -20.88, 55.45, "FR-974"},
		{"Mamoudzou", -12.78, 45.23, "FR-976"},
		{"Madrid", 40.4168, -3.7038, "ES"},
		{"Lisbon", 38.7223, -9.1393, "PT"},
		{"Paris", 48.8566, 2.3522, "FR"},
		{"Saint-Martin", 18.07, -63.05, "MF"},
	} {
		res, err := r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: c.lat, Longitude: c.lng}, AsOfDate: today})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := ids(res.LookupResults[0])
		if len(got) == 0 || got[len(got)-1] != c.want {
			t.Errorf("%s (%v, %v): %v, want the area of %s", c.name, c.lat, c.lng, got, c.want)
		}
	}
}

// TestVATTerritoryPostcodeCountrySign: a postcode written after its
// country's sign, as European mail long wrote it (E-35001, F-97200,
// D-78266, A-6691, I-23041), finds its special territory as the bare
// postcode does; before, the letters kept it from matching the
// territory's pattern of digits, and Büsingen's D-78266 was taxed as
// Germany. A mainland postcode so written stays the mainland's.
func TestVATTerritoryPostcodeCountrySign(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	today := civil.MustParse("2026-06-01")
	for _, c := range []struct{ country, postcode, want string }{
		{"ES", "E-35001", "ES-CN"},
		{"ES", "e-35001", "ES-CN"},
		{"ES", "E35001", "ES-CN"},
		{"ES", "E-28001", "ES"},
		{"FR", "F-97200", "FR-972"},
		{"DE", "D-78266", "CH"},
		{"AT", "A-6691", "AT-X-JUNGHOLZ"},
		{"IT", "I-23041", "IT-X-LIVIGNO"},
		{"PT", "P-9000-060", "PT-30"},
		{"GR", "GR-630 86", "GR-69"},
	} {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{PostalCode: c.postcode, Country: c.country}, AsOfDate: today})
		if err != nil {
			t.Fatalf("%s %s: %v", c.country, c.postcode, err)
		}
		got := ids(res.LookupResults[0])
		if len(got) == 0 || got[len(got)-1] != c.want {
			t.Errorf("%s %q: %v, want the area of %s", c.country, c.postcode, got, c.want)
		}
	}
}
