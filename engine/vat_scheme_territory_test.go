package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestEUSchemesReachRegionalTerritories: Madeira and the Azores lie in
// the EU's VAT area and tax at Portugal's regional rates (Código do IVA,
// article 18(3); Decree-Law 347/85), so a seller registered for the
// Union scheme charges their rates on a distance sale or an electronic
// service to a consumer there and declares them through the scheme, as
// it does Portugal's mainland rates (VAT Directive, articles 369a to
// 369k), and Jungholz's 19% likewise; the Import One Stop Shop likewise covers goods of EUR 150 or
// less sent there from outside the EU (articles 369l to 369x). Levy
// gave the seller's scheme nexus in countries only, so the territory's
// record came out NO_TAX, the seller not registered. Figures by hand:
// 1000.00 at Madeira's 22% is 220.00, at the Azores' 16% 160.00, at
// Jungholz's 19% (Austria's VAT Act, § 10) 190.00;
// 100.00 at 22% is 22.00.
func TestEUSchemesReachRegionalTerritories(t *testing.T) {
	e := testEngine(t)
	funchal := &wire.Location{City: "Funchal", PostalCode: "9000-001", Country: "PT"}
	pontaDelgada := &wire.Location{City: "Ponta Delgada", PostalCode: "9500-001", Country: "PT"}
	lisbon := &wire.Location{City: "Lisbon", PostalCode: "1100-148", Country: "PT"}
	jungholz := &wire.Location{City: "Jungholz", PostalCode: "6691", Country: "AT"}
	zurich := &wire.Location{City: "Zurich", PostalCode: "8001", Country: "CH"}
	ioss := func(date string, dest *wire.Location) *wire.SaleRequest {
		return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller: &wire.Seller{PhysicalOrigin: zurich, TaxRegistrations: []wire.TaxRegistration{chNumber,
				{ISOCountryCode: "IE", TaxRegistrationType: "Import One Stop Shop"}}},
			Customer:  &wire.Customer{Destination: dest},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
	}
	cases := []struct {
		name             string
		req              *wire.SaleRequest
		juris, tax, rule string
	}{
		{"goods to a consumer in Funchal", euSale("2026-06-01", "GENERAL", funchal, false), "PT-30", "220.00", "eu-b2c-destination"},
		{"goods to a consumer in Ponta Delgada", euSale("2026-06-01", "GENERAL", pontaDelgada, false), "PT-20", "160.00", "eu-b2c-destination"},
		{"software to a consumer in Funchal", euSale("2026-06-01", "SAAS", funchal, false), "PT-30", "220.00", "eu-b2c-destination"},
		{"goods to a consumer in Jungholz", euSale("2026-06-01", "GENERAL", jungholz, false), "AT-X-JUNGHOLZ", "190.00", "eu-b2c-destination"},
		{"goods to a consumer in Lisbon, as before", euSale("2026-06-01", "GENERAL", lisbon, false), "PT", "230.00", "eu-b2c-destination"},
		{"IOSS, goods from Zurich to Funchal", ioss("2026-06-01", funchal), "PT-30", "22.00", "import-registered-seller"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Sale(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if len(l.Taxes) != 1 {
				t.Fatalf("%d taxes, want one: %+v", len(l.Taxes), l.Taxes)
			}
			tx := l.Taxes[0]
			rule := ""
			if tx.CalculationRuleID != nil {
				rule = tx.CalculationRuleID.Value
			}
			if tx.Jurisdiction.JurisdictionID != c.juris || tx.TaxResult != wire.TaxResultTaxable || tx.CalculatedTax.String() != c.tax ||
				rule != c.rule || tx.NotRegisteredIndicator || r.TotalTax.String() != c.tax {
				t.Errorf("got %s %s %s rule %s notRegistered %v, document %s; want %s TAXABLE %s rule %s",
					tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CalculatedTax, rule, tx.NotRegisteredIndicator, r.TotalTax, c.juris, c.tax, c.rule)
			}
		})
	}
}
