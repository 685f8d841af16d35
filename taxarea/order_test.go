package taxarea

import (
	"context"
	"strconv"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestAddressResultsInOrderOfConfidence: the results of an address
// lookup come most likely first, and no result has more confidence than
// the one before it. Where the city named lies mostly in a county of the
// ZIP code other than the one with most of its land, that county comes
// first with confidence 90, but the one with most of the land followed
// with its share: Atlanta 30317 gave Fulton County at 90, then DeKalb at
// 99; New York, NY, without a ZIP code, Queens at 90, then Manhattan at
// 96. The sweep sends every incorporated place in several counties by
// its name and state, and every ZIP code in several counties with its
// postal name.
func TestAddressResultsInOrderOfConfidence(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	lookup := func(a wire.PostalAddress) []wire.LookupResult {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: a})
		if err != nil {
			return nil // an address the lookup does not take
		}
		return res.LookupResults
	}
	for _, a := range []wire.PostalAddress{
		{City: "Atlanta", MainDivision: "GA", PostalCode: "30317"},
		{City: "New York", MainDivision: "NY"},
	} {
		res := lookup(a)
		if len(res) < 2 {
			t.Fatalf("%+v: %d results, want several", a, len(res))
		}
		ordered(t, a.City+" "+a.PostalCode, res)
	}
	places, zips := 0, 0
	for k := range r.local.NumPlaces() {
		p := r.local.PlaceAt(k)
		if p.Incorporated && len(p.Counties) > 1 {
			places++
			ordered(t, p.Name+", "+p.State, lookup(wire.PostalAddress{City: p.Name, MainDivision: p.State}))
		}
	}
	for _, z := range r.postal.All() {
		if len(z.Counties) > 1 {
			zips++
			ordered(t, z.Place+", "+z.State+" "+z.Code, lookup(wire.PostalAddress{City: z.Place, MainDivision: z.State, PostalCode: z.Code}))
		}
	}
	t.Logf("%d places and %d ZIP codes in several counties", places, zips)
}

// countyOf returns the county of a result.
func countyOf(res wire.LookupResult) string {
	for _, j := range res.Jurisdictions {
		if j.JurisdictionType.String() == "COUNTY" {
			return j.JurisdictionID
		}
	}
	return ""
}

// ordered checks that the confidence of results never rises from one to
// the next.
func ordered(t *testing.T, what string, results []wire.LookupResult) {
	t.Helper()
	for i := 1; i < len(results); i++ {
		prev, _ := strconv.Atoi(results[i-1].ConfidenceIndicator)
		cur, _ := strconv.Atoi(results[i].ConfidenceIndicator)
		if cur > prev {
			t.Errorf("%s: result %d (%s) has confidence %d, above the %d of result %d (%s)",
				what, i, countyOf(results[i]), cur, prev, i-1, countyOf(results[i-1]))
		}
	}
}
