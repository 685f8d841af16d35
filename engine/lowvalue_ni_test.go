package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestLowValueNorthernIreland: goods sold from outside the United
// Kingdom and the EU to a consumer in Northern Ireland (a United Kingdom
// address with a BT postcode) in a consignment of £135 or less. From
// 2021-07-01 Northern Ireland applies the EU's rules on imported goods
// (the Windsor Framework, Article 8 and Annex 3): a seller registered for
// the Import One Stop Shop, in a member state or with HMRC, charges the
// United Kingdom's VAT at sale, and without IOSS the import VAT is
// charged at the border, whatever the seller's UK registration (HMRC,
// "VAT and overseas goods sold directly to customers in the UK";
// "Check if you can register for the VAT Import One Stop Shop Scheme",
// whose limit for Northern Ireland is £135). Before, Levy applied Great
// Britain's £135 rule in Belfast on every date: a seller registered for
// IOSS alone charged nothing there (the goods left China as a zero-rated
// export), and a seller registered in the United Kingdom without IOSS
// charged UK VAT at sale. From 2021-01-01 to 2021-06-30 the seller
// registered in the United Kingdom did account for the VAT of such
// goods, as it still does in London; a UK business that gives its UK VAT
// number still accounts for it by reverse charge.
func TestLowValueNorthernIreland(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	shanghai := &wire.Location{City: "Shanghai", PostalCode: "200000", Country: "CN"}
	belfast := &wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"}
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	gbReg := wire.TaxRegistration{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}
	ieIOSS := wire.TaxRegistration{ISOCountryCode: "IE", TaxRegistrationType: "Import One Stop Shop"}
	xiIOSS := wire.TaxRegistration{ISOCountryCode: "XI", TaxRegistrationType: "Import One Stop Shop"}
	for _, c := range []struct {
		name, date, price string
		from, to          *wire.Location
		seller, customer  []wire.TaxRegistration
		taxes, says       string
	}{
		{"£100 from Shanghai to Belfast, seller registered for IOSS in Ireland", "2026-06-01", "100.00", shanghai, belfast,
			[]wire.TaxRegistration{ieIOSS}, nil, "GB:TAXABLE:20.00:import-registered-seller", "Import One Stop Shop"},
		{"£100 from New York to Belfast, seller registered for IOSS with HMRC (XI)", "2026-06-01", "100.00", newYork, belfast,
			[]wire.TaxRegistration{xiIOSS}, nil, "GB:TAXABLE:20.00:import-registered-seller", "Import One Stop Shop"},
		{"£100 from New York to Belfast, seller registered in the UK and for IOSS", "2026-06-01", "100.00", newYork, belfast,
			[]wire.TaxRegistration{gbReg, ieIOSS}, nil, "GB:TAXABLE:20.00:import-registered-seller", "Import One Stop Shop"},
		{"£100 from New York to Belfast, seller registered in the UK without IOSS", "2026-06-01", "100.00", newYork, belfast,
			[]wire.TaxRegistration{gbReg}, nil, "GB:NONTAXABLE:0.00:import-at-border", "not registered for the Import One Stop Shop"},
		{"£200 from Shanghai to Belfast, seller registered for IOSS", "2026-06-01", "200.00", shanghai, belfast,
			[]wire.TaxRegistration{ieIOSS}, nil, "GB:NONTAXABLE:0.00:import-at-border", "above GBP 135"},
		{"£100 from New York to Belfast in March 2021, seller registered in the UK", "2021-03-01", "100.00", newYork, belfast,
			[]wire.TaxRegistration{gbReg}, nil, "GB:TAXABLE:20.00:import-registered-seller", "the United Kingdom's £135 rule"},
		{"£100 from New York to a Belfast business with its UK VAT number: reverse charge", "2026-06-01", "100.00", newYork, belfast,
			[]wire.TaxRegistration{gbReg}, []wire.TaxRegistration{gbReg}, "GB:TAXABLE:0.00:import-reverse-charge", "reverse charge"},
		{"£100 from New York to London, seller registered for IOSS alone: not in Great Britain", "2026-06-01", "100.00", newYork, london,
			[]wire.TaxRegistration{ieIOSS}, nil, "US:NONTAXABLE:0.00:us-export", ""},
		{"£100 from New York to London, seller registered in the UK without IOSS", "2026-06-01", "100.00", newYork, london,
			[]wire.TaxRegistration{gbReg}, nil, "GB:TAXABLE:20.00:import-registered-seller", "the United Kingdom's £135 rule"},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse(c.date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "GBP"},
			Seller:    &wire.Seller{PhysicalOrigin: c.from, TaxRegistrations: c.seller},
			Customer:  &wire.Customer{Destination: c.to, TaxRegistrations: c.customer},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(c.price)}}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := &r.LineItems[0]
		taxes, _ := schemeLine(l)
		says := ""
		for _, p := range l.AssistedParameters {
			if strings.HasPrefix(p.RuleName, "low-value-import") {
				says += p.Value
			}
		}
		if taxes != c.taxes || !strings.Contains(says, c.says) {
			t.Errorf("%s: %s (%s); want %s, saying %q", c.name, taxes, says, c.taxes, c.says)
		}
	}
}
