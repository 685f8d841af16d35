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
