package render_test

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestRenderNorthernIrelandIntraCommunity: under the Windsor Framework
// goods sent from Munich to a business in Belfast that gave its XI
// number, and from Belfast to a business in Paris that gave its French
// one, are intra-community supplies (the engine's eu-reverse-charge): the
// invoice states category K, "Intra-Community supply" (VATEX-EU-IC), and
// the parties' numbers, the Belfast trader's under XI. Before, the United Kingdom being no member state, the render
// took the Belfast lines for a plain reverse charge (AE).
func TestRenderNorthernIrelandIntraCommunity(t *testing.T) {
	e, j := journaledEngine(t)
	belfast := &wire.Location{StreetAddress1: "1 Donegall Square", City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"}
	xi := wire.TaxRegistration{ISOCountryCode: "XI", TaxRegistrationNumber: "XI000472631"}
	for _, c := range []struct {
		id                  string
		seller              *wire.Seller
		customer            *wire.Customer
		sellerVAT, buyerVAT string
	}{
		{"WF-DE-XI",
			&wire.Seller{Company: "Bayern Werkzeug GmbH", PhysicalOrigin: &wire.Location{City: "München", PostalCode: "80331", Country: "DE"},
				TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}}},
			&wire.Customer{CustomerName: "Lagan Tools Ltd", Destination: belfast, TaxRegistrations: []wire.TaxRegistration{xi},
				CustomerCode: &wire.CustomerCode{Value: "LAGAN", IsBusinessIndicator: true}},
			"DE136695976", "XI000472631"},
		{"WF-XI-FR",
			&wire.Seller{Company: "Lagan Tools Ltd", PhysicalOrigin: belfast, TaxRegistrations: []wire.TaxRegistration{xi}},
			&wire.Customer{CustomerName: "Atelier Lumière SARL", Destination: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"},
				TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}},
				CustomerCode:     &wire.CustomerCode{Value: "LUMIERE", IsBusinessIndicator: true}},
			"XI000472631", "FR40303265045"},
		// A United Kingdom registration written with the prefix XI is the
		// Belfast trader's Northern Irish number, as the engine reads it
		// (a GB registration with an XI number): the invoice names it, not
		// the Austrian number the buyer listed first. Before, it named
		// ATU10223006.
		{"WF-DE-GBXI",
			&wire.Seller{Company: "Bayern Werkzeug GmbH", PhysicalOrigin: &wire.Location{City: "München", PostalCode: "80331", Country: "DE"},
				TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}}},
			&wire.Customer{CustomerName: "Lagan Tools Ltd", Destination: belfast,
				TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "AT", TaxRegistrationNumber: "ATU10223006"},
					{ISOCountryCode: "GB", TaxRegistrationNumber: "XI 000 4726 31"}},
				CustomerCode: &wire.CustomerCode{Value: "LAGAN", IsBusinessIndicator: true}},
			"DE136695976", "XI000472631"},
	} {
		d := renderGoodsSale(t, e, j, c.id, c.seller, c.customer, "eu-reverse-charge")
		if len(d.TaxTotals) == 0 || len(d.TaxTotals[0].Subtotals) != 1 || d.TaxTotals[0].Subtotals[0].Category.ID != "K" {
			t.Errorf("%s: the breakdown is not one K subtotal: %+v", c.id, d.TaxTotals)
			continue
		}
		if d.Supplier.VATID != c.sellerVAT || d.Customer.VATID != c.buyerVAT {
			t.Errorf("%s: the VAT identifiers are %q (seller) and %q (buyer), want %s and %s", c.id, d.Supplier.VATID, d.Customer.VATID, c.sellerVAT, c.buyerVAT)
		}
	}
}
