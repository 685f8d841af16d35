package engine

import (
	"context"
	"reflect"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Places of the VAT area tests.
var (
	vaNice    = &wire.Location{City: "Nice", PostalCode: "06000", Country: "FR"}
	vaMonaco  = &wire.Location{City: "Monaco", PostalCode: "98000", Country: "MC"}
	vaMunich  = &wire.Location{City: "München", PostalCode: "80331", Country: "DE"}
	vaLondon  = &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	vaDouglas = &wire.Location{City: "Douglas", PostalCode: "IM1 1AA", Country: "IM"}

	// A Monegasque business holds a French number; it may say the
	// registration is with Monaco's services (MC) or France's (FR).
	mcNumber = wire.TaxRegistration{ISOCountryCode: "MC", TaxRegistrationNumber: "FR40303265045"}
	// A Manx business holds a GB number from the island's Customs and
	// Excise.
	imNumber  = wire.TaxRegistration{ISOCountryCode: "IM", TaxRegistrationNumber: "GB000472631"}
	deUnion   = wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: "Union Scheme"}
	vaCompany = "ANY"
)

// vaSale is a quotation of one line of 100.00 EUR of class, dated date,
// from a seller at from (company, registrations sellerRegs) to a customer
// at to (registrations customerRegs, a business when business is set).
func vaSale(date, company, class string, from, to *wire.Location, business bool, sellerRegs, customerRegs []wire.TaxRegistration) *wire.SaleRequest {
	cu := &wire.Customer{Destination: to, TaxRegistrations: customerRegs}
	if business {
		cu.CustomerCode = &wire.CustomerCode{IsBusinessIndicator: true}
	}
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:    &wire.Seller{Company: company, PhysicalOrigin: from, TaxRegistrations: sellerRegs},
		Customer:  cu,
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: class}, ExtendedPrice: amt("100.00")}}}
}

// TestVATAreas: Monaco is in France's VAT area (Article 7 of the VAT
// Directive; Article 15 of the Franco-Monegasque tax convention of 1963)
// and the Isle of Man in the United Kingdom's (the Customs and Excise
// Agreement of 1979, in force for VAT from 1980-04-01). A sale to or from
// Monaco is taxed as one to or from France: France's VAT, rates and
// product-class treatments and the rules of a French domestic or intra-EU
// sale (the distance-sales threshold, the Union scheme, the reverse
// charge for a Monegasque business's French number). A sale between the
// United Kingdom and the Isle of Man is a domestic British one at 20%, and
// goods from the island to France are exported from the United Kingdom
// after 2020, an intra-EU distance sale before. Each case is checked
// against its twin with France's or the United Kingdom's own place (the
// line's taxes and assisted parameters must be the same) and against
// figures by hand: 100.00 at France's 20% is 20.00, at its 5.5% for food
// 5.50, at Germany's 19% 19.00, at the United Kingdom's 20% 20.00.
// Before, each of these was an export (or import) between two countries.
func TestVATAreas(t *testing.T) {
	// Figures of the seller's EU distance sales: SMALL below the
	// threshold of EUR 10,000, BIG above it.
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithDistanceSales(fixedDistance{
			"SMALL": {Current: decimal.NewFromInt(2000), Source: "test"},
			"BIG":   {Current: decimal.NewFromInt(50000), Source: "test"},
		}))
	if err != nil {
		t.Fatal(err)
	}
	const today = "2026-06-01"
	none := []wire.TaxRegistration(nil)
	cases := []twinCase{
		{"France to Monaco, general goods",
			vaSale(today, vaCompany, "GENERAL", vaNice, vaMonaco, false, none, none),
			vaSale(today, vaCompany, "GENERAL", vaNice, euParis, false, none, none),
			euOutcome{"domestic-supply", "FR", "20.00", "SELLER", false}},
		{"France to Monaco, food at France's reduced rate",
			vaSale(today, vaCompany, "FOOD", vaNice, vaMonaco, false, none, none),
			vaSale(today, vaCompany, "FOOD", vaNice, euParis, false, none, none),
			euOutcome{"fr-food", "FR", "5.50", "SELLER", false}},
		{"Monaco to France",
			vaSale(today, vaCompany, "GENERAL", vaMonaco, euParis, false, none, none),
			vaSale(today, vaCompany, "GENERAL", vaNice, euParis, false, none, none),
			euOutcome{"domestic-supply", "FR", "20.00", "SELLER", false}},
		{"Germany to a consumer in Monaco, above the distance-sales threshold",
			vaSale(today, "BIG", "GENERAL", vaMunich, vaMonaco, false, none, none),
			vaSale(today, "BIG", "GENERAL", vaMunich, euParis, false, none, none),
			euOutcome{"eu-b2c-destination", "FR", "20.00", "SELLER", false}},
		{"Germany to a consumer in Monaco, within the threshold",
			vaSale(today, "SMALL", "GENERAL", vaMunich, vaMonaco, false, none, none),
			vaSale(today, "SMALL", "GENERAL", vaMunich, euParis, false, none, none),
			euOutcome{"eu-distance-threshold", "DE", "19.00", "SELLER", false}},
		{"Germany to a consumer in Monaco, under the Union scheme",
			vaSale(today, "SMALL", "FOOD", vaMunich, vaMonaco, false, []wire.TaxRegistration{deNumber, deUnion}, none),
			vaSale(today, "SMALL", "FOOD", vaMunich, euParis, false, []wire.TaxRegistration{deNumber, deUnion}, none),
			euOutcome{"fr-food", "FR", "5.50", "SELLER", false}},
		{"Germany to a Monegasque business with a French number",
			vaSale(today, vaCompany, "GENERAL", vaMunich, vaMonaco, true, none, []wire.TaxRegistration{frNumber}),
			vaSale(today, vaCompany, "GENERAL", vaMunich, euParis, true, none, []wire.TaxRegistration{frNumber}),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"Germany to a Monegasque business whose French number is given as Monaco's",
			vaSale(today, vaCompany, "GENERAL", vaMunich, vaMonaco, true, none, []wire.TaxRegistration{mcNumber}),
			vaSale(today, vaCompany, "GENERAL", vaMunich, euParis, true, none, []wire.TaxRegistration{frNumber}),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"the United Kingdom to the Isle of Man",
			vaSale(today, vaCompany, "GENERAL", vaLondon, vaDouglas, false, none, none),
			vaSale(today, vaCompany, "GENERAL", vaLondon, vaLondon, false, none, none),
			euOutcome{"domestic-supply", "GB", "20.00", "SELLER", false}},
		{"the Isle of Man to the United Kingdom",
			vaSale(today, vaCompany, "GENERAL", vaDouglas, vaLondon, false, none, none),
			vaSale(today, vaCompany, "GENERAL", vaLondon, vaLondon, false, none, none),
			euOutcome{"domestic-supply", "GB", "20.00", "SELLER", false}},
		{"a Manx seller registered with the island's Customs and Excise, to the United Kingdom",
			vaSale(today, vaCompany, "GENERAL", vaDouglas, vaLondon, false, []wire.TaxRegistration{imNumber}, none),
			vaSale(today, vaCompany, "GENERAL", vaLondon, vaLondon, false, []wire.TaxRegistration{gbNumber}, none),
			euOutcome{"domestic-supply", "GB", "20.00", "SELLER", false}},
		{"the Isle of Man to France after 2020: an export",
			vaSale(today, vaCompany, "GENERAL", vaDouglas, euParis, false, none, none),
			vaSale(today, vaCompany, "GENERAL", vaLondon, euParis, false, none, none),
			euOutcome{"export-zero-rated", "GB", "0.00", "SELLER", false}},
		{"the Isle of Man to France in 2020: a distance sale within the EU",
			vaSale("2020-06-01", "BIG", "GENERAL", vaDouglas, euParis, false, none, none),
			vaSale("2020-06-01", "BIG", "GENERAL", vaLondon, euParis, false, none, none),
			euOutcome{"eu-b2c-destination", "FR", "20.00", "SELLER", false}},
	}
	checkTwins(t, e, cases, nil)
}

// twinCase is a sale whose one line must have the outcome want and the
// same taxes and assisted parameters as its twin's, a sale between places
// of one country.
type twinCase struct {
	name      string
	req, twin *wire.SaleRequest
	want      euOutcome
}

// checkTwins runs each case, and extra, when not nil, on the response of
// its sale.
func checkTwins(t *testing.T, e *Engine, cases []twinCase, extra func(t *testing.T, r *wire.SaleResponse)) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Sale(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			if extra != nil {
				extra(t, r)
			}
			tw, err := e.Sale(context.Background(), c.twin)
			if err != nil {
				t.Fatal(err)
			}
			tl := tw.LineItems[0]
			if !reflect.DeepEqual(l.Taxes, tl.Taxes) {
				t.Errorf("taxes differ from the twin's:\n%+v\n%+v", l.Taxes, tl.Taxes)
			}
			if !reflect.DeepEqual(l.AssistedParameters, tl.AssistedParameters) {
				t.Errorf("assisted parameters differ from the twin's:\n%+v\n%+v", l.AssistedParameters, tl.AssistedParameters)
			}
		})
	}
}

// TestVATAreaStoredRegistration: a seller's registration stored in the
// tenant's profile for the Isle of Man (as the island's Customs and
// Excise registers it) covers a sale from Douglas to London, in the
// United Kingdom's VAT area: 100.00 at 20% is 20.00, as under a
// registration stored for GB. One stored for Jersey does not.
func TestVATAreaStoredRegistration(t *testing.T) {
	for _, c := range []struct {
		jurisdiction string
		registered   bool
	}{{"IM", true}, {"GB", true}, {"JE", false}} {
		store := profile.NewMemory()
		svc := profile.NewService(store, profile.Config{})
		cs := profile.ChangeSet{Registrations: []profile.Registration{
			{CompanyCode: "MANX", Jurisdiction: c.jurisdiction, Number: "GB000472631", EffectiveDate: civil.MustParse("2020-01-01")},
		}}
		if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
			t.Fatal(err)
		}
		e, _ := profileEngine(t, store)
		r, err := e.Sale(context.Background(), vaSale("2026-06-01", "MANX", "GENERAL", vaDouglas, vaLondon, false, nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		tx := r.LineItems[0].Taxes[0]
		got := !tx.NotRegisteredIndicator && tx.CalculatedTax.String() == "20.00" && tx.Jurisdiction.JurisdictionID == "GB"
		if got != c.registered {
			t.Errorf("registration stored for %s: %s %s, not registered %v; want registered %v", c.jurisdiction,
				tx.Jurisdiction.JurisdictionID, tx.CalculatedTax, tx.NotRegisteredIndicator, c.registered)
		}
	}
}
