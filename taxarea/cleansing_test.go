package taxarea

import (
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestAddressFullWidthAndInvisibleCharacters: an address typed with the
// full-width forms of ASCII (an East Asian keyboard) or holding
// invisible format characters names the city, state and ZIP code that it
// shows. Denver with a full-width D, or with a zero-width space, was no
// place of Colorado: taxed outside Denver's city tax with confidence 80
// and a plain NORMAL, which the strict address check lets through; a
// full-width ZIP code was refused.
func TestAddressFullWidthAndInvisibleCharacters(t *testing.T) {
	want := lookupAddr(t, wire.PostalAddress{City: "Denver", MainDivision: "CO", PostalCode: "80202"}).LookupResults[0]
	if want.ConfidenceIndicator != "100" || want.TaxAreaID == "" {
		t.Fatalf("Denver 80202: confidence %s, tax area %q", want.ConfidenceIndicator, want.TaxAreaID)
	}
	for _, a := range []wire.PostalAddress{
		{City: "Ｄenver", MainDivision: "CO", PostalCode: "80202"},
		{City: "ＤＥＮＶＥＲ", MainDivision: "ＣＯ", PostalCode: "８０２０２"},
		{City: "Den\u200bver", MainDivision: "CO", PostalCode: "80202"},
		{City: "\ufeffDenver\u00ad", MainDivision: "C\u200dO", PostalCode: "80202\u2060"},
		{City: "Denver", MainDivision: "CO", PostalCode: "80202", Country: "ＵＳ"},
		{City: "Denver\u3000", MainDivision: "CO", PostalCode: "80202"},
	} {
		got := lookupAddr(t, a).LookupResults[0]
		if got.TaxAreaID != want.TaxAreaID || got.ConfidenceIndicator != want.ConfidenceIndicator || flagged(got.Statuses) {
			t.Errorf("%+q: tax area %s, confidence %s, statuses %v; want %s, %s as for Denver 80202",
				[]string{a.City, a.MainDivision, a.PostalCode, a.Country}, got.TaxAreaID, got.ConfidenceIndicator, got.Statuses, want.TaxAreaID, want.ConfidenceIndicator)
		}
	}
	// Look-alike letters of other scripts are no forms of Latin ones:
	// the Cyrillic С of this state is refused, naming it.
	_, err := resolver(t).LookupAddress(t.Context(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Denver", MainDivision: "\u0421O"}})
	wantField(t, err, levy.EInvalid, "postalAddress.mainDivision")
}

// TestAddressCityOfPunctuation: a city of punctuation alone, which a
// form that requires a city gets, is no city: the ZIP code's place comes
// first with the status that the tax area depends on the street address,
// as for an address without a city. It was a name that is no place,
// taxed outside every city of the county with confidence 80 and a plain
// NORMAL: Denver 80202, wholly in the city, without Denver's city tax.
func TestAddressCityOfPunctuation(t *testing.T) {
	want := lookupAddr(t, wire.PostalAddress{MainDivision: "CO", PostalCode: "80202"}).LookupResults
	for _, city := range []string{".", "-", " - ", "., -"} {
		got := lookupAddr(t, wire.PostalAddress{City: city, MainDivision: "CO", PostalCode: "80202"}).LookupResults
		if len(got) != len(want) || got[0].TaxAreaID != want[0].TaxAreaID || got[0].ConfidenceIndicator != want[0].ConfidenceIndicator ||
			len(got[0].Statuses) != 1 || got[0].Statuses[0].Value != want[0].Statuses[0].Value {
			t.Errorf("city %q: %s at %s %v; want %s at %s %v as without a city", city,
				got[0].TaxAreaID, got[0].ConfidenceIndicator, got[0].Statuses, want[0].TaxAreaID, want[0].ConfidenceIndicator, want[0].Statuses)
		}
	}
	// Without a ZIP code, a city of punctuation and a state is the state.
	res := lookupAddr(t, wire.PostalAddress{City: "-", MainDivision: "CO"}).LookupResults[0]
	if leafID(res) != "US-CO" {
		t.Errorf("city \"-\" in CO: %s, want the state", leafID(res))
	}
}
