package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestSalesFromTheUSAbroad: a seller in Austin, Texas, selling outside
// the United States. No US sales tax reaches any of these sales, but the
// consumer's country taxes electronic services where the consumer lives
// whoever supplies them (the EU's Article 58, Canada's GST/HST and
// provincial rules for non-resident digital suppliers), and a seller
// registered in the country of import charges its tax on goods sold
// there. Before, every such line was a `us-export` with no tax: SaaS to
// a consumer in Berlin bore no German VAT. Goods to consumers, services
// that are not electronic, and anything to a business abroad stay
// `us-export`; a seller whose registrations do not include Germany gets
// Germany's VAT as NO_TAX, flagged not registered.
func TestSalesFromTheUSAbroad(t *testing.T) {
	e := testEngine(t)
	austin := &wire.Location{City: "Austin", MainDivision: "TX", PostalCode: "78701", Country: "US"}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	winnipeg := &wire.Location{City: "Winnipeg", MainDivision: "MB", PostalCode: "R3C 0A1", Country: "CA"}
	hongKong := &wire.Location{City: "Hong Kong", Country: "HK"}
	usReg := wire.TaxRegistration{ISOCountryCode: "US", MainDivision: "TX", TaxRegistrationNumber: "12345678901"}
	gbReg := wire.TaxRegistration{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}
	sale := func(class string, dest *wire.Location, business bool, sellerRegs ...wire.TaxRegistration) *wire.SaleRequest {
		cu := &wire.Customer{Destination: dest}
		if business {
			cu.CustomerCode = &wire.CustomerCode{IsBusinessIndicator: true}
		}
		return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"),
			Seller:       &wire.Seller{PhysicalOrigin: austin, TaxRegistrations: sellerRegs},
			Customer:     cu,
			LineItems:    []wire.SaleLineItem{{Product: &wire.Product{ProductClass: class}, ExtendedPrice: amt("100.00")}}}
	}
	for _, c := range []struct {
		name  string
		req   *wire.SaleRequest
		total string
		taxes string // jurisdiction:result:tax:rule, one per tax
	}{
		{"SaaS to a consumer in Berlin", sale("SAAS", berlin, false), "19.00", "DE:TAXABLE:19.00:digital-services-destination"},
		{"streaming to a consumer in Berlin", sale("DIGITAL_STREAMING", berlin, false), "19.00", "DE:TAXABLE:19.00:digital-services-destination"},
		{"SaaS to a consumer in Winnipeg", sale("SAAS", winnipeg, false), "12.00",
			"CA:TAXABLE:5.00:digital-services-destination CA-MB:TAXABLE:7.00:digital-services-destination"},
		{"SaaS to Berlin, seller registered in Texas alone", sale("SAAS", berlin, false, usReg), "0.00", "DE:NO_TAX:0.00:digital-services-destination"},
		{"goods to London, seller registered in the UK", sale("GENERAL", london, false, gbReg), "20.00", "GB:TAXABLE:20.00:import-registered-seller"},
		{"goods to a consumer in Berlin", sale("GENERAL", berlin, false), "0.00", "US:NONTAXABLE:0.00:us-export"},
		{"SaaS to a business in Berlin", sale("SAAS", berlin, true), "0.00", "US:NONTAXABLE:0.00:us-export"},
		{"a professional service to a consumer in Berlin", sale("PROFESSIONAL_SERVICES", berlin, false), "0.00", "US:NONTAXABLE:0.00:us-export"},
		{"SaaS to a consumer in Hong Kong", sale("SAAS", hongKong, false), "0.00", "US:NONTAXABLE:0.00:us-export"},
	} {
		r, err := e.Sale(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := r.LineItems[0]
		var got []string
		for _, x := range l.Taxes {
			rule := ""
			if x.CalculationRuleID != nil {
				rule = x.CalculationRuleID.Value
			}
			got = append(got, x.Jurisdiction.JurisdictionID+":"+string(x.TaxResult)+":"+x.CalculatedTax.String()+":"+rule)
		}
		if l.TotalTax.String() != c.total || strings.Join(got, " ") != c.taxes {
			t.Errorf("%s: total %s, taxes %s; want %s, %s", c.name, l.TotalTax, strings.Join(got, " "), c.total, c.taxes)
		}
	}
}
