package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestTexasDestinationUseTax sells from a place of business in Texas to
// a buyer elsewhere in Texas. The sale is consummated at the seller's
// place of business and bears its local sales taxes; where those come to
// less than the 2% cap, the seller also collects the local use tax of
// each kind of jurisdiction (city, county, special purpose district,
// transit authority, in that order) at the place of delivery whose sales
// tax it did not collect, up to the cap (34 Tex. Admin. Code 3.334, the
// local use tax due on items shipped or delivered into another local
// jurisdiction, as amended in 2020 "to implement the requirement that a
// seller located in Texas collects local use tax when the seller ships or
// delivers a taxable item into a local jurisdiction where those use taxes
// exceed the local sales tax where the sale is consummated", 45 TexReg,
// May 22, 2020; the order of the kinds: Texas Comptroller publication
// 94-105, Local Sales and Use Tax Collection, A Guide for Sellers). A
// municipal development district is a special purpose district, not a
// city tax (34 TAC 3.334(a), the definition of city sales and use tax).
// Levy charged the origin's taxes alone.
//
// By hand, 100.00 of goods delivered to 1500 Marilla St, Dallas (city
// 1%, DART 1%):
//   - from unincorporated Borden County (county 1%, no city, district or
//     transit tax; Comptroller's rate change notice of 2023-10-01): state
//     6.25 + Borden County 1.00 + Dallas city use tax 1.00 (the cap is
//     then reached, DART gets nothing) = 8.25; Levy gave 7.25;
//   - from Rio Hondo (city 1.5%, municipal development district 0.25%;
//     the notice of 2023-10-01): state 6.25 + city 1.50 + district 0.25,
//     no Dallas city use tax (a city sales tax was collected), DART's use
//     tax on the 0.25% the cap leaves = 0.25, 8.25 in all; Levy gave 8.00;
//   - from Houston (city 1%, METRO 1%): the cap is reached at the origin,
//     8.25 with no tax of Dallas;
//   - Rio Hondo to a buyer in Rio Hondo: 8.00, no use tax of anyone.
//
// Groceries (FOOD) are exempt from both, 0.00.
func TestTexasDestinationUseTax(t *testing.T) {
	e := testEngine(t)
	origins := map[string][4]string{
		"Borden":    {"100 Main St", "Gail", "TX", "79738"},
		"Rio Hondo": {"121 W Colorado Ave", "Rio Hondo", "TX", "78583"},
		"Houston":   {"901 Bagby St", "Houston", "TX", "77002"},
	}
	dallas := [4]string{"1500 Marilla St", "Dallas", "TX", "75201"}
	for _, c := range []struct {
		from  string
		to    [4]string
		class string
		total string
		dest  map[string]string // the destination's taxes: jurisdiction -> tax
	}{
		{"Borden", dallas, "GENERAL", "8.25", map[string]string{"US-4819000": "1.00"}},
		{"Rio Hondo", dallas, "GENERAL", "8.25", map[string]string{"US-TX-D-DART": "0.25"}},
		{"Houston", dallas, "GENERAL", "8.25", nil},
		{"Rio Hondo", origins["Rio Hondo"], "GENERAL", "8.00", nil},
		{"Borden", dallas, "FOOD", "0.00", nil},
	} {
		name := c.from + " to " + c.to[1] + " " + c.class
		o := origins[c.from]
		req := usSale(c.to[0], c.to[1], c.to[2], c.to[3], c.class, "100.00")
		req.Seller.PhysicalOrigin = &wire.Location{StreetAddress1: o[0], City: o[1], MainDivision: o[2], PostalCode: o[3], Country: "US"}
		// A second line of the same kind takes the first one's taxes
		// (template.go): both must bear the use tax.
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: "2", Product: &wire.Product{ProductClass: c.class},
			Quantity: &wire.Measure{Value: amt("1")}, ExtendedPrice: amt("100.00")})
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, l := range resp.LineItems {
			if got := l.TotalTax.String(); got != c.total {
				t.Errorf("%s, line %s: tax %s, want %s", name, l.LineItemID, got, c.total)
			}
			seen := map[string]string{}
			for _, x := range l.Taxes {
				if x.Situs != wire.Destination {
					continue
				}
				if x.TaxResult == wire.TaxResultTaxable {
					seen[x.Jurisdiction.JurisdictionID] = x.CalculatedTax.String()
					if x.TaxType != wire.TaxTypeSellerUse {
						t.Errorf("%s, line %s: %s is of type %s, want %s", name, l.LineItemID, x.Jurisdiction.JurisdictionID, x.TaxType, wire.TaxTypeSellerUse)
					}
				}
			}
			if len(seen) != len(c.dest) {
				t.Errorf("%s, line %s: the destination's taxes %v, want %v", name, l.LineItemID, seen, c.dest)
				continue
			}
			for id, want := range c.dest {
				if seen[id] != want {
					t.Errorf("%s, line %s: %s bears %q, want %s", name, l.LineItemID, id, seen[id], want)
				}
			}
		}
	}
}
