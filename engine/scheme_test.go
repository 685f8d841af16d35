package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// schemeLine sums up a line's taxes for the tests of the EU's special
// schemes: jurisdiction:result:tax:rule, one per tax, and the line's
// total tax.
func schemeLine(l *wire.SaleResponseLineItem) (taxes, total string) {
	var got []string
	for _, x := range l.Taxes {
		rule := ""
		if x.CalculationRuleID != nil {
			rule = x.CalculationRuleID.Value
		}
		got = append(got, x.Jurisdiction.JurisdictionID+":"+string(x.TaxResult)+":"+x.CalculatedTax.String()+":"+rule)
	}
	return strings.Join(got, " "), l.TotalTax.String()
}

// TestSchemeRegistrationIsNotACountryRegistration: a registration for
// one of the EU's special schemes (taxRegistrationType "Union Scheme",
// "Non-Union Scheme", "Import One Stop Shop") covers what the scheme
// covers, and is not a registration for VAT in the member state that
// identifies the seller for it. Before, Levy read the scheme
// registration's country as a full registration there:
//
//   - goods of EUR 100 sent from New York to a German business by a seller
//     whose only German registration is for IOSS bore German VAT of 19.00
//     charged by the seller (import-registered-seller), though IOSS covers
//     distance sales to consumers alone (VAT Directive, articles 369l and
//     14(4)) and the business pays the import VAT at the border (Levy's
//     us-export: no tax the seller charges);
//   - the same seller's subscription sold to a consumer in Berlin bore
//     German VAT, though IOSS covers no services: the seller is not
//     registered in Germany, nor for the non-Union scheme;
//   - a seller whose only German registration is for the Union scheme
//     charged German VAT on a sale within Germany, which the Union scheme
//     does not cover (article 369b: supplies in a member state other than
//     the one of identification, or distance sales of goods; the seller's
//     own domestic sales are declared in its ordinary VAT return);
//   - an IOSS registration in France made the seller "registered in the
//     country of import" for goods above EUR 150 sold to a French
//     business.
//
// Now each is decided as for a seller without the registration: the
// goods leave the United States as an export, and the others are NO_TAX for a
// seller not registered where the tax is due. The scheme's own sales
// still bear the VAT (TestLowValueImports, TestNonUnionScheme,
// TestImportSchemeIsNotTheUnionScheme).
func TestSchemeRegistrationIsNotACountryRegistration(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	munich := &wire.Location{City: "München", PostalCode: "80331", Country: "DE"}
	deIOSS := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationType: "Import One Stop Shop"}
	frIOSS := wire.TaxRegistration{ISOCountryCode: "FR", TaxRegistrationType: "Import One Stop Shop"}
	deUnionOnly := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: "Union Scheme"}
	for _, c := range []struct {
		name     string
		from, to *wire.Location
		class    string
		price    string
		seller   []wire.TaxRegistration
		customer []wire.TaxRegistration
		taxes    string
		total    string
	}{
		{"€100 of goods from New York to a German business, seller with IOSS in Germany", newYork, berlin, "GENERAL", "100.00",
			[]wire.TaxRegistration{deIOSS}, []wire.TaxRegistration{deNumber},
			"US:NONTAXABLE:0.00:us-export", "0.00"},
		{"€100 of goods from New York to a German business, seller with the Union scheme in Germany", newYork, berlin, "GENERAL", "100.00",
			[]wire.TaxRegistration{deUnionOnly}, []wire.TaxRegistration{deNumber},
			"US:NONTAXABLE:0.00:us-export", "0.00"},
		{"a subscription from New York to a consumer in Berlin, seller with IOSS in Germany", newYork, berlin, "SAAS", "100.00",
			[]wire.TaxRegistration{deIOSS}, nil,
			"DE:NO_TAX:0.00:digital-services-destination", "0.00"},
		{"goods within Germany, seller with the Union scheme in Germany alone", munich, berlin, "GENERAL", "100.00",
			[]wire.TaxRegistration{deUnionOnly}, nil,
			"DE:NO_TAX:0.00:domestic-supply", "0.00"},
		{"goods within Germany, seller registered in Germany and for the Union scheme", munich, berlin, "GENERAL", "100.00",
			[]wire.TaxRegistration{deNumber, deUnionOnly}, nil,
			"DE:TAXABLE:19.00:domestic-supply", "19.00"},
		{"€200 of goods from New York to a French business, seller with IOSS in France", newYork, euParis, "GENERAL", "200.00",
			[]wire.TaxRegistration{frIOSS}, []wire.TaxRegistration{frNumber},
			"US:NONTAXABLE:0.00:us-export", "0.00"},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:    &wire.Seller{PhysicalOrigin: c.from, TaxRegistrations: c.seller},
			Customer:  &wire.Customer{Destination: c.to, TaxRegistrations: c.customer},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: c.class}, ExtendedPrice: amt(c.price)}}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		taxes, total := schemeLine(&r.LineItems[0])
		if taxes != c.taxes || total != c.total {
			t.Errorf("%s: %s, total %s; want %s, total %s", c.name, taxes, total, c.taxes, c.total)
		}
	}
}

// TestSchemeServicesDated: what the EU's Union and non-Union schemes
// cover, by date. Until 2021-06-30 they were the mini one stop shop
// (MOSS): telecommunication, broadcasting and electronic services to
// consumers alone (VAT Directive, articles 358 to 369k as in force from
// 2015-01-01). From 2021-07-01 (Council Directive (EU) 2017/2455, which
// amended article 358a and articles 369a and 369b) the non-Union scheme
// covers every service to a consumer whose place of supply is in a
// member state, and the Union scheme every such service in a member
// state where the seller is not established, and the intra-Community
// distance sales of goods.
//
// Before, the non-Union scheme covered electronic services alone on
// every date: a hotel stay in Paris sold by a seller established outside
// the EU under the non-Union scheme was NO_TAX, the seller "not
// registered in France"; the Union scheme covered no accommodation
// either; and it covered distance sales of goods before 2021-07-01,
// when it did not (the Union scheme of a Dutch seller charged French VAT
// on goods sent to Paris in 2020).
func TestSchemeServicesDated(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	nonUnion := []wire.TaxRegistration{{ISOCountryCode: "NL", TaxRegistrationType: "Non-Union Scheme"}}
	deOSS := []wire.TaxRegistration{deNumber, {ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: "Union Scheme"}}
	nlOSS := []wire.TaxRegistration{nlNumber, nlUnion}
	for _, c := range []struct {
		name, date, class string
		from, to          *wire.Location
		seller            []wire.TaxRegistration
		taxes             string
	}{
		{"a hotel stay in Paris sold under the non-Union scheme to a consumer from New York", "2026-06-01", "ACCOMMODATION", euParis, newYork,
			nonUnion, "FR:TAXABLE:10.00:fr-accommodation-2012-01-01"},
		{"the same stay on 2021-06-30: MOSS covered no accommodation", "2021-06-30", "ACCOMMODATION", euParis, newYork,
			nonUnion, "FR:NO_TAX:0.00:fr-accommodation-2012-01-01"},
		{"the same stay on 2021-07-01", "2021-07-01", "ACCOMMODATION", euParis, newYork,
			nonUnion, "FR:TAXABLE:10.00:fr-accommodation-2012-01-01"},
		{"a subscription from New York to Paris under the non-Union scheme in 2020", "2020-06-01", "SAAS", newYork, euParis,
			nonUnion, "FR:TAXABLE:20.00:digital-services-destination"},
		{"a hotel stay in Paris sold by a German seller under the Union scheme to a consumer in Berlin", "2026-06-01", "ACCOMMODATION", euParis, berlin,
			deOSS, "FR:TAXABLE:10.00:fr-accommodation-2012-01-01"},
		{"the same stay in 2020: MOSS covered no accommodation", "2020-06-01", "ACCOMMODATION", euParis, berlin,
			deOSS, "FR:NO_TAX:0.00:fr-accommodation-2012-01-01"},
		{"goods from Amsterdam to a consumer in Paris under the Union scheme", "2026-06-01", "GENERAL", amsterdam, euParis,
			nlOSS, "FR:TAXABLE:20.00:eu-b2c-destination"},
		{"the same goods in 2020: MOSS covered no goods, the seller is not registered in France", "2020-06-01", "GENERAL", amsterdam, euParis,
			nlOSS, "FR:NO_TAX:0.00:eu-b2c-destination"},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse(c.date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:    &wire.Seller{PhysicalOrigin: c.from, TaxRegistrations: c.seller},
			Customer:  &wire.Customer{Destination: c.to},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: c.class}, ExtendedPrice: amt("100.00")}}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if taxes, _ := schemeLine(&r.LineItems[0]); taxes != c.taxes {
			t.Errorf("%s: %s; want %s", c.name, taxes, c.taxes)
		}
	}
}
