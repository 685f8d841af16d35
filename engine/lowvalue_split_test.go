package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestLowValueNorthernIrelandApartFromGreatBritain: from 2021-07-01 goods
// to Northern Ireland follow the EU's Import One Stop Shop and goods to
// Great Britain the United Kingdom's £135 rule, so a document's goods to
// London and to Belfast are two consignments, each weighed against £135
// on its own. A seller registered in the United Kingdom and for IOSS
// sells £100 to London and £100 to Belfast on one document: each is
// within £135 and bears UK VAT of 20.00 at sale. Before, both were one
// "GB" consignment of £200, above £135, and met the VAT at the border.
// In March 2021, when both followed the United Kingdom's rule, they are
// still one consignment of £200 (above the limit), as two addresses in
// one country are.
func TestLowValueNorthernIrelandApartFromGreatBritain(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	belfast := &wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"}
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	regs := []wire.TaxRegistration{{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"},
		{ISOCountryCode: "IE", TaxRegistrationType: "Import One Stop Shop"}}
	for _, c := range []struct {
		date           string
		london, belfst string // each line's taxes (schemeLine)
		says           []string
	}{
		{"2026-06-01", "GB:TAXABLE:20.00:import-registered-seller", "GB:TAXABLE:20.00:import-registered-seller",
			[]string{"GBP 100.00 (the document's goods to GB, one consignment)", "GBP 100.00 (the document's goods to Northern Ireland, one consignment)"}},
		{"2021-03-01", "GB:NONTAXABLE:0.00:import-at-border", "GB:NONTAXABLE:0.00:import-at-border",
			[]string{"GBP 200.00 (the document's goods to GB, one consignment)", "GBP 200.00 (the document's goods to GB, one consignment)"}},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse(c.date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "GBP"},
			Seller:   &wire.Seller{PhysicalOrigin: newYork, TaxRegistrations: regs},
			Customer: &wire.Customer{Destination: london},
			LineItems: []wire.SaleLineItem{
				{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")},
				{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00"), Customer: &wire.Customer{Destination: belfast}},
			}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.date, err)
		}
		for i, want := range []string{c.london, c.belfst} {
			l := &r.LineItems[i]
			if got, _ := schemeLine(l); got != want {
				t.Errorf("%s, line %d: %s, want %s", c.date, i+1, got, want)
			}
			says := ""
			for _, p := range l.AssistedParameters {
				if strings.HasPrefix(p.RuleName, "low-value-import") {
					says += p.Value
				}
			}
			if !strings.Contains(says, c.says[i]) {
				t.Errorf("%s, line %d: the reason %q does not say %q", c.date, i+1, says, c.says[i])
			}
		}
	}
}
