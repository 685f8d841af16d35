package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestSaleToACountyByItsCode: a destination sent as a US county's FIPS
// code is taxed as an address of that county without a city is, with
// the districts that tax all of the county: Manhattan (New York County,
// 36061) at New York City's 8.875%, Los Angeles County (06037) at 9.75%
// outside its cities. They were taxed at the state's rate alone (4.00
// and 7.25 on 100.00), the county's own area holding no district.
func TestSaleToACountyByItsCode(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		code, state, county, tax string
	}{
		{"36061", "NY", "New York", "8.88"},
		{"06037", "CA", "Los Angeles", "9.75"},
	} {
		byCode := usSale("", "", "", "", "GENERAL", "100.00")
		byCode.Customer.Destination = &wire.Location{ExternalJurisdictionCode: c.code, Country: "US"}
		got, err := e.Sale(ctx, byCode)
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		byName := usSale("", "", c.state, "", "GENERAL", "100.00")
		byName.Customer.Destination.SubDivision = c.county
		want, err := e.Sale(ctx, byName)
		if err != nil {
			t.Fatalf("%s County: %v", c.county, err)
		}
		if got.TotalTax.String() != c.tax || want.TotalTax.String() != c.tax {
			t.Errorf("%s: tax %s by its code, %s by its name, want %s", c.code, got.TotalTax, want.TotalTax, c.tax)
		}
		if g, w := got.Customer.Destination.TaxAreaID, want.Customer.Destination.TaxAreaID; g != w {
			t.Errorf("%s: tax area %s by its code, %s by its name", c.code, g, w)
		}
	}
}

// TestSaleToATaxAreaIDOfAnotherDay: a destination sent as the tax area
// ID that lookups gave Los Angeles in 2024 (Measure H), on a document of
// 2026, is taxed with the jurisdictions in force in 2026 (Measure A) and
// says, in its taxAreaLookup, the ID of that day. It was taxed right but
// with a bare confidence of 100, the client keeping an ID that the
// lookups no longer give.
func TestSaleToATaxAreaIDOfAnotherDay(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	id := func(day string) string {
		t.Helper()
		res, err := e.Resolver().LookupAddress(ctx, wire.AddressLookupRequest{
			PostalAddress: wire.PostalAddress{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}, AsOfDate: civil.MustParse(day)})
		if err != nil {
			t.Fatal(err)
		}
		return res.LookupResults[0].TaxAreaID
	}
	old, now := id("2024-06-01"), id("2026-06-01")
	req := usSale("", "", "", "", "GENERAL", "100.00")
	req.Customer.Destination = &wire.Location{TaxAreaID: old}
	got, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if got.TotalTax.String() != "9.75" {
		t.Errorf("tax %s, want 9.75 (Measure A in force)", got.TotalTax)
	}
	lk := got.Customer.Destination.TaxAreaLookup
	if lk == nil || len(lk.Statuses) == 0 || !strings.Contains(lk.Statuses[0].Value, now) {
		t.Errorf("taxAreaLookup %+v does not name the ID %s of the document's day", lk, now)
	}
}
