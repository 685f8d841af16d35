package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestLowValueGSTRegisteredBusiness: Australia and New Zealand tax low
// value goods sold from abroad at sale only when they are sold to
// consumers. A GST-registered business that gives its number (its ABN,
// stating that it is registered; its New Zealand GST number) is not
// charged GST by the supplier and accounts itself for any GST due, by
// reverse charge (ATO, "Sales of low value imported goods to Australian
// GST-registered businesses" and "Information for business purchasers";
// Inland Revenue, "What low value goods are": the rules do not apply to
// goods sold to GST-registered businesses for their business). As the
// United Kingdom's £135 rule does, the customer's registration of the
// country with a number decides: A$800 from New York to a Sydney business
// with its ABN is reverse charged (rule import-reverse-charge, no GST
// charged); before, the registered supplier charged it GST of 80.00. A
// business without a number is treated as a consumer (80.00 charged), and
// above the limit the goods meet GST at the border as before. New
// Zealand likewise: NZ$500 to an Auckland business with its GST number is
// reverse charged (before, 75.00 charged).
func TestLowValueGSTRegisteredBusiness(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	sydney := &wire.Location{City: "Sydney", MainDivision: "NSW", PostalCode: "2000", Country: "AU"}
	auckland := &wire.Location{City: "Auckland", PostalCode: "1010", Country: "NZ"}
	auSeller := []wire.TaxRegistration{{ISOCountryCode: "AU"}}
	nzSeller := []wire.TaxRegistration{{ISOCountryCode: "NZ"}}
	abn := []wire.TaxRegistration{{ISOCountryCode: "AU", TaxRegistrationNumber: "51 824 753 556"}}
	gstNZ := []wire.TaxRegistration{{ISOCountryCode: "NZ", TaxRegistrationNumber: "49-091-850"}}
	for _, c := range []struct {
		name, currency, price string
		to                    *wire.Location
		seller, customer      []wire.TaxRegistration
		business              bool
		taxes, says           string
	}{
		{"A$800 to a Sydney business with its ABN", "AUD", "800.00", sydney, auSeller, abn, true,
			"AU:TAXABLE:0.00:import-reverse-charge", "gave its VAT or GST number of AU"},
		{"A$800 to a Sydney business without a number", "AUD", "800.00", sydney, auSeller, nil, true,
			"AU:TAXABLE:80.00:import-registered-seller", "within AUD 1000"},
		{"A$800 to a Sydney consumer", "AUD", "800.00", sydney, auSeller, nil, false,
			"AU:TAXABLE:80.00:import-registered-seller", "within AUD 1000"},
		{"A$1,200 to a Sydney business with its ABN", "AUD", "1200.00", sydney, auSeller, abn, true,
			"AU:NONTAXABLE:0.00:import-at-border", "above AUD 1000"},
		{"NZ$500 to an Auckland business with its GST number", "NZD", "500.00", auckland, nzSeller, gstNZ, true,
			"NZ:TAXABLE:0.00:import-reverse-charge", "gave its VAT or GST number of NZ"},
		{"NZ$500 to an Auckland consumer", "NZD", "500.00", auckland, nzSeller, nil, false,
			"NZ:TAXABLE:75.00:import-registered-seller", "within NZD 1000"},
	} {
		cust := &wire.Customer{Destination: c.to, TaxRegistrations: c.customer}
		if c.business {
			cust.CustomerCode = &wire.CustomerCode{Value: "B-1", IsBusinessIndicator: true}
		}
		r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: c.currency},
			Seller:    &wire.Seller{PhysicalOrigin: newYork, TaxRegistrations: c.seller},
			Customer:  cust,
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(c.price)}}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := &r.LineItems[0]
		if got, _ := schemeLine(l); got != c.taxes {
			t.Errorf("%s: %s, want %s", c.name, got, c.taxes)
		}
		says := ""
		for _, p := range l.AssistedParameters {
			if strings.HasPrefix(p.RuleName, "low-value-import") {
				says += p.Value
			}
		}
		if !strings.Contains(says, c.says) {
			t.Errorf("%s: the reason %q does not say %q", c.name, says, c.says)
		}
	}
}
