package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestNorthernIrelandImporterRule: from 2021-07-01 goods imported into
// Northern Ireland follow the EU's rules on goods (Windsor Framework,
// Article 8 and Annex 3, applying VAT Directive 2006/112/EC, articles 30,
// 32 and 201): goods sent from New York to Belfast are supplied where
// their dispatch begins and the importer pays the import VAT at the
// border, unless the seller imports them itself, delivered duty paid
// (article 32, second paragraph), and then charges UK VAT on its sale,
// whatever the £135 limit says, as Levy does for a member state
// (TestImportIntoTheEUByTheImporter). The seller is registered in the
// United Kingdom, not for the Import One Stop Shop.
func TestNorthernIrelandImporterRule(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	belfast := &wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"}
	gb := []wire.TaxRegistration{{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}}
	for _, c := range []struct {
		name, price   string
		business, ddp bool
		want          string
	}{
		{"£100 to a consumer, DDP", "100.00", false, true, "GB:TAXABLE:20.00:import-registered-seller"}, // fails on main
		{"£200 to a consumer, DDP", "200.00", false, true, "GB:TAXABLE:40.00:import-registered-seller"}, // fails on main
		{"£200 to a business without a number", "200.00", true, false, "US:NONTAXABLE:0.00:us-export"},  // fails on main: 40.00
		{"£200 to a business without a number, DDP", "200.00", true, true, "GB:TAXABLE:40.00:import-registered-seller"},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "GBP"},
			Seller:    &wire.Seller{PhysicalOrigin: newYork, TaxRegistrations: gb},
			Customer:  &wire.Customer{Destination: belfast},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(c.price)}}}
		if c.business {
			req.Customer.CustomerCode = &wire.CustomerCode{IsBusinessIndicator: true}
		}
		if c.ddp {
			req.DeliveryTerm = wire.DeliveryTermDDP
		}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got, _ := schemeLine(&r.LineItems[0]); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
