package taxarea

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestBrazilAddress checks that a Brazilian address resolves to its state
// and municipality: by name with the state (accents and case aside), by
// IBGE code, by a name that only one state has, and that a bad state or
// CEP is refused with the member named.
func TestBrazilAddress(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	cases := []struct {
		name          string
		addr          wire.PostalAddress
		want          string // the last jurisdiction
		conf          string
		flagged       string // the member a status names, if any
		wantCity, cep string
	}{
		{"by name", wire.PostalAddress{City: "São Paulo", MainDivision: "SP", PostalCode: "01310100", Country: "BR"}, "BR-3550308", "100", "", "São Paulo", "01310-100"},
		{"folded", wire.PostalAddress{City: "SAO PAULO", MainDivision: "sao paulo", Country: "BRA"}, "BR-3550308", "100", "", "São Paulo", ""},
		{"by IBGE code", wire.PostalAddress{City: "2927408", Country: "Brazil"}, "BR-2927408", "100", "", "Salvador", ""},
		{"apostrophe", wire.PostalAddress{City: "Santa Barbara D Oeste", MainDivision: "SP", Country: "BR"}, "BR-3545803", "100", "", "Santa Bárbara d'Oeste", ""},
		{"state alone", wire.PostalAddress{MainDivision: "RJ", Country: "BR"}, "BR-RJ", "50", "", "", ""},
		{"unknown city", wire.PostalAddress{City: "Gotham", MainDivision: "RJ", Country: "BR"}, "BR-RJ", "80", "city", "Gotham", ""},
		{"code of another state", wire.PostalAddress{City: "3550308", MainDivision: "RJ", Country: "BR"}, "BR-3550308", "90", "city", "São Paulo", ""},
		{"unique name without state", wire.PostalAddress{City: "Campinas", Country: "BR"}, "BR-3509502", "90", "", "Campinas", ""},
		{"country alone", wire.PostalAddress{Country: "BR"}, "BR", "40", "", "", ""},
	}
	for _, c := range cases {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: c.addr})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		lr := res.LookupResults[0]
		last := lr.Jurisdictions[len(lr.Jurisdictions)-1].JurisdictionID
		if last != c.want || lr.ConfidenceIndicator != c.conf {
			t.Errorf("%s: %s with confidence %s, want %s with %s", c.name, last, lr.ConfidenceIndicator, c.want, c.conf)
		}
		flagged := ""
		for _, s := range lr.Statuses {
			if s.LookupResult != wire.Normal {
				flagged = s.Field
			}
		}
		if flagged != c.flagged {
			t.Errorf("%s: statuses %+v, want one naming %q", c.name, lr.Statuses, c.flagged)
		}
		if pa := lr.PostalAddresses[0]; pa.City != c.wantCity || pa.PostalCode != c.cep || pa.Country != "BRA" {
			t.Errorf("%s: address %+v", c.name, pa)
		}
	}
	for _, c := range []struct {
		addr  wire.PostalAddress
		field string
	}{
		{wire.PostalAddress{City: "Campinas", MainDivision: "XX", Country: "BR"}, "postalAddress.mainDivision"},
		{wire.PostalAddress{City: "Campinas", MainDivision: "SP", PostalCode: "1310-100", Country: "BR"}, "postalAddress.postalCode"},
		{wire.PostalAddress{City: "9999999", Country: "BR"}, "postalAddress.city"},
	} {
		_, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: c.addr})
		var e *levy.Error
		if !errors.As(err, &e) || e.Field != c.field {
			t.Errorf("%+v: %v, want an error on %s", c.addr, err, c.field)
		}
	}
	// The IBGE code is the municipality's external code.
	res, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "3304557", Country: "BR"})
	if err != nil || len(res.LookupResults) != 1 || len(res.LookupResults[0].Jurisdictions) != 3 || res.LookupResults[0].Jurisdictions[1].JurisdictionID != "BR-RJ" {
		t.Errorf("IBGE 3304557: %+v %v", res, err)
	}
}
