package taxarea

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestAlandWrittenAsCountry: an address written as the country AX (or
// ALA), Åland, is Finland's VAT special territory FI-01, as one written
// as Finland with an Åland postcode is: Finland's VAT applies there at
// Finland's rates. Before, AX was a country of its own without tax, so
// that sales within Åland bore none. The address keeps its country.
func TestAlandWrittenAsCountry(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	today := civil.MustParse("2026-06-01")
	for _, a := range []wire.PostalAddress{
		{City: "Mariehamn", PostalCode: "22100", Country: "AX"},
		{City: "Mariehamn", PostalCode: "AX-22100", Country: "AX"},
		{City: "Jomala", Country: "AX"},
		{City: "Mariehamn", PostalCode: "22100", Country: "ALA"},
	} {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: a, AsOfDate: today})
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		lr := res.LookupResults[0]
		got := ids(lr)
		if len(got) != 2 || got[0] != "FI" || got[1] != "FI-01" {
			t.Errorf("%s %s: %v, want [FI FI-01]", a.Country, a.PostalCode, got)
		}
		if len(lr.PostalAddresses) != 1 || lr.PostalAddresses[0].Country != "ALA" {
			t.Errorf("%s %s: addresses %+v, want the country kept (ALA)", a.Country, a.PostalCode, lr.PostalAddresses)
		}
	}
	// Finland's mainland stays Finland's.
	res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{PostalCode: "00100", Country: "FI"}, AsOfDate: today})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(res.LookupResults[0]); len(got) != 1 || got[0] != "FI" {
		t.Errorf("FI 00100: %v, want [FI]", got)
	}
}
