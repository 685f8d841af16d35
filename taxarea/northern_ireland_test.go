package taxarea

import (
	"context"
	"reflect"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestAddressCountryXI: an address whose country is XI, the code the EU
// gives Northern Ireland in VAT numbers and Intrastat declarations (or
// Northern Ireland by name), is an address of the United Kingdom, in its
// tax area GB, and the lookup says it is Northern Ireland's: the address
// it returns has the country GBR and, when the request gave no
// mainDivision, the mainDivision Northern Ireland, which the engine reads
// as the dataset's VAT region XI. Before, XI was refused ("is not a
// country name or ISO 3166 code"). A code that names neither a country
// nor a region is still refused, naming the field.
func TestAddressCountryXI(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		name         string
		in           wire.PostalAddress
		mainDivision string
	}{
		{"XI alone", wire.PostalAddress{Country: "XI"}, "Northern Ireland"},
		{"Belfast, XI", wire.PostalAddress{City: "Belfast", PostalCode: "BT1 5GS", Country: "XI"}, "Northern Ireland"},
		{"xi, in lower case and spaced", wire.PostalAddress{City: "Belfast", Country: "  xi "}, "Northern Ireland"},
		{"Northern Ireland by name", wire.PostalAddress{City: "Derry", Country: "northern ireland"}, "Northern Ireland"},
		{"XI with its county", wire.PostalAddress{City: "Newry", MainDivision: "County Down", Country: "XI"}, "County Down"},
	} {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: c.in})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(res.LookupResults) != 1 {
			t.Errorf("%s: %d results, want 1", c.name, len(res.LookupResults))
			continue
		}
		lr := res.LookupResults[0]
		if got := ids(lr); !reflect.DeepEqual(got, []string{"GB"}) {
			t.Errorf("%s: jurisdictions %v, want [GB]", c.name, got)
		}
		if len(lr.PostalAddresses) != 1 || lr.PostalAddresses[0].Country != "GBR" || lr.PostalAddresses[0].MainDivision != c.mainDivision {
			t.Errorf("%s: addresses %+v, want country GBR, mainDivision %q", c.name, lr.PostalAddresses, c.mainDivision)
		}
		if !r.vat.RegionHasDivision("XI", lr.PostalAddresses[0].MainDivision) {
			t.Errorf("%s: mainDivision %q is not Northern Ireland's by the dataset", c.name, lr.PostalAddresses[0].MainDivision)
		}
		if a2, ok := r.Country(c.in.Country); !ok || a2 != "GB" {
			t.Errorf("%s: Country(%q) = %q %v, want GB", c.name, c.in.Country, a2, ok)
		}
	}
	_, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Belfast", Country: "XQ"}})
	wantField(t, err, levy.EInvalid, "postalAddress.country")
}

// TestCoordinatesOverNorthernIreland: a point in Northern Ireland gives
// the United Kingdom's tax area GB (the dataset's tax areas do not tell it
// from Great Britain), and lies in the dataset's VAT region XI, by which
// the engine reads it as Northern Ireland's; a point of Great Britain
// gives GB outside the region, and one in Donegal Ireland's IE.
func TestCoordinatesOverNorthernIreland(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		name     string
		lat, lng float64
		country  string
		xi       bool
	}{
		{"Belfast", 54.5973, -5.9301, "GB", true},
		{"Derry", 54.9966, -7.3086, "GB", true},
		{"Enniskillen", 54.3438, -7.6315, "GB", true},
		{"Stranraer", 54.9030, -5.0240, "GB", false},
		{"London", 51.5007, -0.1246, "GB", false},
		{"Letterkenny, Donegal", 54.9503, -7.7336, "IE", false},
	} {
		res, err := r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: c.lat, Longitude: c.lng}})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(res.LookupResults) == 0 || len(res.LookupResults[0].Jurisdictions) == 0 {
			t.Errorf("%s: no tax area", c.name)
			continue
		}
		if got := res.LookupResults[0].Jurisdictions[0].JurisdictionID; got != c.country {
			t.Errorf("%s: %s, want %s", c.name, got, c.country)
		}
		if got := c.country == "GB" && r.vat.RegionHasPoint("XI", c.lat, c.lng); got != c.xi {
			t.Errorf("%s: in the region XI %v, want %v", c.name, got, c.xi)
		}
	}
}

// TestAddressCountryXIContradicted: an address whose country is XI
// (Northern Ireland) but whose postcode lies outside Northern Ireland
// (London's SW1A, an Irish Eircode) stays in the tax area GB, as the
// country says, and the lookup flags the postcode that contradicts the
// country: BAD_REGION_FIELDS naming it, with a confidence of 70.
// Before, each was answered with confidence 100 and no status, so the
// strict address check let a Northern Irish address with a London
// postcode through. XI with a BT postcode, one of its counties
// or a district as mainDivision is not flagged.
func TestAddressCountryXIContradicted(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		in    wire.PostalAddress
		field string // the member flagged, "" for none
	}{
		{"London's postcode", wire.PostalAddress{City: "London", PostalCode: "SW1A 1AA", Country: "XI"}, "postalCode"},
		{"an Irish Eircode", wire.PostalAddress{City: "Dublin", PostalCode: "D02 X285", Country: "XI"}, "postalCode"},
		{"London's postcode, by name", wire.PostalAddress{City: "London", PostalCode: "SW1A 1AA", Country: "Northern Ireland"}, "postalCode"},
		{"a district as mainDivision", wire.PostalAddress{City: "Lisburn", MainDivision: "Lisburn and Castlereagh", PostalCode: "BT28 1AA", Country: "XI"}, ""},
		{"Belfast's postcode", wire.PostalAddress{City: "Belfast", PostalCode: "BT1 5GS", Country: "XI"}, ""},
		{"County Down", wire.PostalAddress{City: "Newry", MainDivision: "County Down", Country: "XI"}, ""},
		{"GB with London's postcode", wire.PostalAddress{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}, ""},
	} {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: c.in})
		if err != nil || len(res.LookupResults) != 1 {
			t.Errorf("%s: %v %+v", c.name, err, res)
			continue
		}
		lr := res.LookupResults[0]
		if got := ids(lr); !reflect.DeepEqual(got, []string{"GB"}) {
			t.Errorf("%s: jurisdictions %v, want [GB]", c.name, got)
		}
		var flagged []string
		for _, st := range lr.Statuses {
			if st.LookupResult == wire.BadRegionFields {
				flagged = append(flagged, st.Field)
			}
		}
		switch {
		case c.field == "" && (len(flagged) > 0 || lr.ConfidenceIndicator != "100"):
			t.Errorf("%s: flagged %v, confidence %s; want none, 100", c.name, flagged, lr.ConfidenceIndicator)
		case c.field != "" && (!reflect.DeepEqual(flagged, []string{c.field}) || lr.ConfidenceIndicator != "70"):
			t.Errorf("%s: flagged %v, confidence %s; want [%s], 70", c.name, flagged, lr.ConfidenceIndicator, c.field)
		}
	}
}
