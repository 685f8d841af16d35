package taxarea

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestDatedTaxAreaID: an address lookup on a day when a jurisdiction of
// the area is not in force (Los Angeles County's Measure H expired on
// 2025-03-31) gives out the taxAreaId of the jurisdictions left, which
// is no area's own; a lookup by that ID finds the same jurisdictions, as
// does a calculation that sends it back.
func TestDatedTaxAreaID(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, day := range []string{"2026-06-01", "2024-06-01"} {
		d := civil.MustParse(day)
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}, AsOfDate: d})
		if err != nil {
			t.Fatal(err)
		}
		want := res.LookupResults[0]
		byID, err := r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: want.TaxAreaID, AsOfDate: d})
		if err != nil {
			t.Fatalf("%s: the ID %s of the address lookup: %v", day, want.TaxAreaID, err)
		}
		got := byID.LookupResults[0]
		if got.TaxAreaID != want.TaxAreaID || !slices.Equal(ids(got), ids(want)) {
			t.Errorf("%s: by ID %s %v, by address %s %v", day, got.TaxAreaID, ids(got), want.TaxAreaID, ids(want))
		}
	}
	if _, err := r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: "02650841047330893"}); err == nil {
		t.Error("a dated ID with a leading zero was found")
	}
}
