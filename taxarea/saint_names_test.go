package taxarea

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestSaintFortMountSpelledEitherWay: a city whose name holds "St.",
// "Ste.", "Ft." or "Mt." after its first word (Lake St. Louis, as the
// Census writes it) or begins with "Sainte" (Sainte Genevieve, as the
// postal tables write Ste. Genevieve) is the same place spelled out or
// abbreviated, with its city tax. Lake Saint Louis, MO, 63367, and
// Sainte Genevieve, MO, 63670, the postal names, were placed outside the
// city (confidence 80, status NORMAL alone), so a sale there lost the
// city's 2% without a word; so was 63367 without a city, as its postal
// name found no place.
func TestSaintFortMountSpelledEitherWay(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a     wire.PostalAddress
		place string
		conf  string
	}{
		{wire.PostalAddress{City: "Lake St. Louis", MainDivision: "MO", PostalCode: "63367"}, "US-2940043", "100"},
		{wire.PostalAddress{City: "Lake Saint Louis", MainDivision: "MO", PostalCode: "63367"}, "US-2940043", "100"},
		{wire.PostalAddress{City: "LAKE ST LOUIS", MainDivision: "MO"}, "US-2940043", "100"},
		{wire.PostalAddress{City: "Lake Saint Louis", MainDivision: "MO"}, "US-2940043", "100"},
		{wire.PostalAddress{PostalCode: "63367"}, "US-2940043", "60"},
		{wire.PostalAddress{City: "Ste. Genevieve", MainDivision: "MO", PostalCode: "63670"}, "US-2964180", "100"},
		{wire.PostalAddress{City: "Sainte Genevieve", MainDivision: "MO", PostalCode: "63670"}, "US-2964180", "100"},
		{wire.PostalAddress{City: "Saint Genevieve", MainDivision: "MO", PostalCode: "63670"}, "US-2964180", "100"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Errorf("%+v: %v", c.a, err)
			continue
		}
		res := resp.LookupResults[0]
		if !slices.Contains(ids(res), c.place) || res.ConfidenceIndicator != c.conf {
			t.Errorf("%+v: %v at %s, want %s at %s", c.a, ids(res), res.ConfidenceIndicator, c.place, c.conf)
		}
	}
}
