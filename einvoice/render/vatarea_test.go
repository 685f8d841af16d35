package render_test

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestRenderVATAreasAndTerritories: goods sent from Munich to a business
// in Monaco that gave its French VAT number are an intra-community supply
// to France (Monaco is in France's VAT area: Article 7 of the VAT
// directive), which the engine exempts (eu-reverse-charge) and the invoice
// must state as category K; before, the renderer compared the addresses'
// countries (MC is no member state) and stated AE, a domestic reverse
// charge. The buyer's address is in Monaco: its country code (BT-55) is
// MC, where before the journal kept the country the calculation resolved
// the address to, FR. The same goods sent to a business in Las Palmas are
// an export out of the EU's VAT area (the Canary Islands, Article 6),
// category G, with the buyer in ES, as before. Each sale is calculated and stored by the engine and rendered
// from the journal.
func TestRenderVATAreasAndTerritories(t *testing.T) {
	e, j := journaledEngine(t)
	de := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}
	for _, c := range []struct {
		id       string
		to       *wire.Location
		regs     []wire.TaxRegistration
		rule     string
		category string
		country  string // the buyer's country code (BT-55)
	}{
		{"MC-1", &wire.Location{City: "Monaco", PostalCode: "98000", Country: "MC"},
			[]wire.TaxRegistration{{ISOCountryCode: "MC", TaxRegistrationNumber: "FR40303265045"}}, "eu-reverse-charge", "K", "MC"},
		{"CN-1", &wire.Location{City: "Las Palmas de Gran Canaria", PostalCode: "35001", Country: "ES"},
			[]wire.TaxRegistration{{ISOCountryCode: "ES", TaxRegistrationNumber: "ESA28015865"}}, "export-zero-rated", "G", "ES"},
	} {
		d := renderGoodsSale(t, e, j, c.id,
			&wire.Seller{Company: "Isar GmbH", PhysicalOrigin: &wire.Location{City: "München", PostalCode: "80331", Country: "DE"},
				TaxRegistrations: []wire.TaxRegistration{de}},
			&wire.Customer{CustomerName: "Rocher SAM", Destination: c.to,
				TaxRegistrations: c.regs, CustomerCode: &wire.CustomerCode{Value: "ROCHER", IsBusinessIndicator: true}},
			c.rule)
		if len(d.TaxTotals) == 0 || len(d.TaxTotals[0].Subtotals) != 1 || d.TaxTotals[0].Subtotals[0].Category.ID != c.category {
			t.Errorf("%s: the breakdown is not one %s subtotal: %+v", c.id, c.category, d.TaxTotals)
		}
		if d.Customer.CountryCode != c.country {
			t.Errorf("%s: the buyer's country code is %q, want %s", c.id, d.Customer.CountryCode, c.country)
		}
	}
}
