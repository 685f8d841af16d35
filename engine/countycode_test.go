package engine

import (
	"context"
	"testing"

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
