package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Places of the EU VAT walk: a German seller in Berlin and its customers.
var (
	ewBerlin    = &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	ewParis     = &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	ewTallinn   = &wire.Location{City: "Tallinn", PostalCode: "10111", Country: "EE"}
	ewBelfast   = &wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"}
	ewZurich    = &wire.Location{City: "Zürich", PostalCode: "8001", Country: "CH"}
	ewLasPalmas = &wire.Location{City: "Las Palmas de Gran Canaria", PostalCode: "35001", Country: "ES"}
	ewBusingen  = &wire.Location{City: "Büsingen", PostalCode: "78266", Country: "DE"}
	ewMariehamn = &wire.Location{City: "Mariehamn", PostalCode: "22100", Country: "FI"}
	ewMonaco    = &wire.Location{City: "Monaco", PostalCode: "98000", Country: "MC"}
	ewLivigno   = &wire.Location{City: "Livigno", PostalCode: "23041", Country: "IT"}
	ewDouglas   = &wire.Location{City: "Douglas", PostalCode: "IM1 1AA", Country: "IM"}
	ewBratislav = &wire.Location{City: "Bratislava", PostalCode: "81101", Country: "SK"}
	ewBucharest = &wire.Location{City: "Bucuresti", PostalCode: "010011", Country: "RO"}
	ewHelsinki  = &wire.Location{City: "Helsinki", PostalCode: "00100", Country: "FI"}
	ewAthos     = &wire.Location{City: "Karyes", PostalCode: "63086", Country: "GR"}
	ewHelgoland = &wire.Location{City: "Helgoland", PostalCode: "27498", Country: "DE"}
	ewLondon    = &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	ewNewYork   = &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10118", Country: "US"}
)

// ewSale is an invoice of one line of 1000.00 EUR of class, dated date,
// from company, a German seller in Berlin with its German VAT number and
// the Union scheme, to a customer at dest with regs (a business when
// business is set).
func ewSale(date, company, class string, dest *wire.Location, business bool, regs ...wire.TaxRegistration) *wire.SaleRequest {
	return ewSaleFrom([]wire.TaxRegistration{deNumber, deUnion}, date, company, class, dest, business, regs...)
}

// ewSaleFrom is ewSale from a seller with the registrations seller.
func ewSaleFrom(seller []wire.TaxRegistration, date, company, class string, dest *wire.Location, business bool, regs ...wire.TaxRegistration) *wire.SaleRequest {
	cu := &wire.Customer{Destination: dest, TaxRegistrations: regs}
	if business {
		cu.CustomerCode = &wire.CustomerCode{IsBusinessIndicator: true}
	}
	return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:    &wire.Seller{Company: company, PhysicalOrigin: ewBerlin, TaxRegistrations: seller},
		Customer:  cu,
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: class}, ExtendedPrice: amt("1000.00")}}}
}

// ewSaleFromOrigin is ewSale to a consumer at dest of goods sent from orig.
func ewSaleFromOrigin(orig *wire.Location, date, company, class string, dest *wire.Location) *wire.SaleRequest {
	r := ewSale(date, company, class, dest, false)
	r.Seller.PhysicalOrigin = orig
	return r
}

// TestEUVATWalk puts the cases an EU VAT adviser would check through the
// engine over the real dataset, for a German seller (19%) whose EU-wide
// distance sales are EUR 2,000 (SMALL, within the union threshold of EUR
// 10,000 of VAT Directive article 59c) or EUR 50,000 (BIG, above it).
// Figures by hand on 1000.00: Germany 19% = 190.00, France 20% = 200.00,
// Estonia 22% = 220.00 until 2025-06-30 and 24% = 240.00 from 2025-07-01,
// the United Kingdom (Northern Ireland) 20% = 200.00.
func TestEUVATWalk(t *testing.T) {
	e, err := New(context.Background(), WithDistanceSales(fixedDistance{
		"SMALL": {Current: decimal.NewFromInt(2000), Source: "test"},
		"BIG":   {Current: decimal.NewFromInt(50000), Source: "test"},
		// EUR 9,000 and 9,001 this year: with this sale's 1,000 at and
		// just above the threshold; LASTYEAR above it last year only.
		"AT9000":   {Current: decimal.NewFromInt(9000), Source: "test"},
		"AT9001":   {Current: decimal.NewFromInt(9001), Source: "test"},
		"LASTYEAR": {Previous: decimal.NewFromInt(10001), Source: "test"},
	}))
	if err != nil {
		t.Fatal(err)
	}
	const day = "2026-06-01"
	deOnly := []wire.TaxRegistration{deNumber}
	frNum := wire.TaxRegistration{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}
	cases := []struct {
		name string
		req  *wire.SaleRequest
		want euOutcome
	}{
		// Article 138(1): exempt intra-Community supply, the buyer
		// accounts for the acquisition in France (article 40).
		{"1 B2B goods DE->FR with the buyer's French number", ewSale(day, "BIG", "GENERAL", ewParis, true, frNum),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		// Without a valid number of another member state the exemption
		// fails: supplied where dispatch begins (article 32), German VAT.
		{"2 B2B goods DE->FR without a number", ewSale(day, "BIG", "GENERAL", ewParis, true),
			euOutcome{EUBusinessNoNumberRule, "DE", "190.00", "SELLER", false}},
		// Article 59c(1): within EUR 10,000 the distance sale stays in
		// Germany, for a seller that has not opted for the Union scheme.
		{"3 B2C goods DE->FR within the threshold", ewSaleFrom(deOnly, day, "SMALL", "GENERAL", ewParis, false),
			euOutcome{DistanceWithinRule, "DE", "190.00", "SELLER", false}},
		// Article 59c(3): a seller within it may opt for taxation where
		// the goods arrive; Levy reads its Union scheme registration as
		// that option (docs/place-of-supply.md).
		{"3b B2C goods DE->FR within the threshold, Union scheme", ewSale(day, "SMALL", "GENERAL", ewParis, false),
			euOutcome{DistanceAboveRule, "FR", "200.00", "SELLER", false}},
		// Article 138(1)(b) wants a number of another member state: a
		// German number alone leaves the supply taxed in Germany.
		{"3c B2B goods DE->FR with a German number only", ewSale(day, "BIG", "GENERAL", ewParis, true, deNumber),
			euOutcome{EUDepartureNumberRule, "DE", "190.00", "SELLER", false}},
		// Article 33(a): above it, where the goods arrive; the Union
		// scheme lets the seller charge France's 20%.
		{"4 B2C goods DE->FR above the threshold", ewSale(day, "BIG", "GENERAL", ewParis, false),
			euOutcome{DistanceAboveRule, "FR", "200.00", "SELLER", false}},
		// Articles 44 and 196: the business customer's state, reverse
		// charge (with a French number Levy names its reverse-charge rule).
		{"5 B2B services DE->FR with a French number", ewSale(day, "BIG", "PROFESSIONAL_SERVICES", ewParis, true, frNum),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"5b B2B services DE->FR with the business indicator only", ewSale(day, "BIG", "PROFESSIONAL_SERVICES", ewParis, true),
			euOutcome{"eu-b2b-services", "FR", "0.00", "BUYER", true}},
		// Article 58 with 59c: above the threshold, France's VAT.
		{"6 B2C electronic services DE->FR above the threshold", ewSale(day, "BIG", "SAAS", ewParis, false),
			euOutcome{DistanceAboveRule, "FR", "200.00", "SELLER", false}},
		{"7 B2C electronic services DE->FR within the threshold", ewSaleFrom(deOnly, day, "SMALL", "SAAS", ewParis, false),
			euOutcome{DistanceWithinRule, "DE", "190.00", "SELLER", false}},
		// Windsor Framework (Protocol article 8): Northern Ireland is
		// treated as a member state for goods from 2021; a business with
		// an XI number takes the goods exempt, article 138.
		{"8 B2B goods DE->Northern Ireland with an XI number", ewSale(day, "BIG", "GENERAL", ewBelfast, true, xiNumber),
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		// For goods Northern Ireland's consumers are distance sales too
		// (Windsor Framework, article 8): above the threshold the United
		// Kingdom's 20%, declared through the Union scheme.
		{"8b B2C goods DE->Northern Ireland above the threshold", ewSale(day, "BIG", "GENERAL", ewBelfast, false),
			euOutcome{DistanceAboveRule, "GB", "200.00", "SELLER", false}},
		// Article 146(1)(a): an export, exempt with the right of deduction.
		{"9 goods DE->Switzerland", ewSale(day, "BIG", "GENERAL", ewZurich, false),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
		// Article 6(1)(b) and (2)(d): the Canary Islands and Büsingen
		// are outside the Union's VAT territory; goods sent there leave it.
		{"10 B2C goods DE->Canary Islands", ewSale(day, "BIG", "GENERAL", ewLasPalmas, false),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
		{"11 B2C goods DE->Büsingen", ewSale(day, "BIG", "GENERAL", ewBusingen, false),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
		// Article 6(1)(d): Åland likewise.
		{"12 B2C goods DE->Åland", ewSale(day, "BIG", "GENERAL", ewMariehamn, false),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
		// Estonia raised its standard rate from 22% to 24% on 2025-07-01
		// (vat-rate-corrections.csv); the rate of the supply's date applies
		// (article 63: chargeable when the goods are supplied).
		{"13 B2C goods DE->EE the day before Estonia's rise", ewSale("2025-06-30", "BIG", "GENERAL", ewTallinn, false),
			euOutcome{DistanceAboveRule, "EE", "220.00", "SELLER", false}},
		{"14 B2C goods DE->EE the day of Estonia's rise", ewSale("2025-07-01", "BIG", "GENERAL", ewTallinn, false),
			euOutcome{DistanceAboveRule, "EE", "240.00", "SELLER", false}},
		// Slovakia 20% -> 23% on 2025-01-01, Romania 19% -> 21% on
		// 2025-08-01, Finland 24% -> 25.5% on 2024-09-01 (the EU's rate
		// file, as the dataset has them).
		{"15 B2C goods DE->SK, 2024-12-31", ewSale("2024-12-31", "BIG", "GENERAL", ewBratislav, false),
			euOutcome{DistanceAboveRule, "SK", "200.00", "SELLER", false}},
		{"16 B2C goods DE->SK, 2025-01-01", ewSale("2025-01-01", "BIG", "GENERAL", ewBratislav, false),
			euOutcome{DistanceAboveRule, "SK", "230.00", "SELLER", false}},
		{"17 B2C goods DE->RO, 2025-07-31", ewSale("2025-07-31", "BIG", "GENERAL", ewBucharest, false),
			euOutcome{DistanceAboveRule, "RO", "190.00", "SELLER", false}},
		{"18 B2C goods DE->RO, 2025-08-01", ewSale("2025-08-01", "BIG", "GENERAL", ewBucharest, false),
			euOutcome{DistanceAboveRule, "RO", "210.00", "SELLER", false}},
		{"19 B2C goods DE->FI, 2024-08-31", ewSale("2024-08-31", "BIG", "GENERAL", ewHelsinki, false),
			euOutcome{DistanceAboveRule, "FI", "240.00", "SELLER", false}},
		{"20 B2C goods DE->FI, 2024-09-01", ewSale("2024-09-01", "BIG", "GENERAL", ewHelsinki, false),
			euOutcome{DistanceAboveRule, "FI", "255.00", "SELLER", false}},
		// Article 7 of the VAT Directive: Monaco is treated as France;
		// a distance sale there above the threshold bears France's 20%.
		{"21 B2C goods DE->Monaco", ewSale(day, "BIG", "GENERAL", ewMonaco, false),
			euOutcome{DistanceAboveRule, "FR", "200.00", "SELLER", false}},
		// Article 6(2)(b): Livigno is outside the VAT territory.
		{"22 B2C goods DE->Livigno", ewSale(day, "BIG", "GENERAL", ewLivigno, false),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
		// The Isle of Man is in the United Kingdom's VAT area, outside
		// the Union: an export (article 146).
		{"23 B2C goods DE->Isle of Man", ewSale(day, "BIG", "GENERAL", ewDouglas, false),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
		// A business in Northern Ireland without an XI number gives the
		// seller no number to exempt the goods with (article 138(1)(b)):
		// the seller's own VAT.
		{"24 B2B goods DE->Northern Ireland without a number", ewSale(day, "BIG", "GENERAL", ewBelfast, true),
			euOutcome{EUBusinessNoNumberRule, "DE", "190.00", "SELLER", false}},
		// Article 59(c): consultancy to a consumer outside the Union's
		// VAT area (Northern Ireland is, for services) is supplied there:
		// Germany's VAT does not apply, a NONTAXABLE record of it.
		{"25 B2C consultancy DE->Northern Ireland", ewSale(day, "BIG", "PROFESSIONAL_SERVICES", ewBelfast, false),
			euOutcome{EUServicesOutsideRule, "DE", "0.00", "", false}},
		// Article 59c(1): the threshold is not exceeded while this year's
		// sales, this one included, stay at or below EUR 10,000, and last
		// year's did; from the sale that exceeds it the arrival state's
		// VAT applies (here not registered there and not under the Union
		// scheme: NO_TAX, 0.00).
		{"26 B2C goods DE->FR reaching EUR 10,000 exactly", ewSaleFrom(deOnly, day, "AT9000", "GENERAL", ewParis, false),
			euOutcome{DistanceWithinRule, "DE", "190.00", "SELLER", false}},
		{"27 B2C goods DE->FR passing EUR 10,000", ewSaleFrom(deOnly, day, "AT9001", "GENERAL", ewParis, false),
			euOutcome{DistanceAboveRule, "FR", "0.00", "SELLER", false}},
		{"28 B2C goods DE->FR, above the threshold last year", ewSaleFrom(deOnly, day, "LASTYEAR", "GENERAL", ewParis, false),
			euOutcome{DistanceAboveRule, "FR", "0.00", "SELLER", false}},
		// Article 6(1)(a) and (b): Mount Athos and Heligoland are outside.
		{"29 B2C goods DE->Mount Athos", ewSale(day, "BIG", "GENERAL", ewAthos, false),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
		{"30 B2C goods DE->Heligoland", ewSale(day, "BIG", "GENERAL", ewHelgoland, false),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
		// A distance sale bears the arrival state's reduced rate for the
		// goods (article 98, annex III): France's 5.5% on food.
		{"31 B2C food DE->FR above the threshold", ewSale(day, "BIG", "FOOD", ewParis, false),
			euOutcome{"fr-food", "FR", "55.00", "SELLER", false}},
		// Before 2015 electronic services to consumers bore the
		// supplier's VAT (article 45); from 2015-01-01 the consumer's
		// (article 58 as amended by Directive 2008/8/EC).
		{"32 B2C electronic services DE->FR in 2014", ewSale("2014-06-01", "BIG", "SAAS", ewParis, false),
			euOutcome{"eu-b2c-services", "DE", "190.00", "SELLER", false}},
		{"33 B2C electronic services DE->FR on 2015-01-01", ewSale("2015-01-01", "BIG", "SAAS", ewParis, false),
			euOutcome{DistanceAboveRule, "FR", "200.00", "SELLER", false}},
		// In 2020 (the transition period of the Withdrawal Agreement,
		// article 127) the United Kingdom was still treated as a member
		// state: goods to a business there with its GB number exempt.
		{"34 B2B goods DE->Belfast in 2020 with a GB number", ewSale("2020-06-01", "BIG", "GENERAL", ewBelfast, true, gbNumber),
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		// A French number does not make a supply within Germany exempt.
		{"35 B2B goods within Germany to a French number", ewSale(day, "BIG", "GENERAL", ewBerlin, true, frNum),
			euOutcome{"domestic-supply", "DE", "190.00", "SELLER", false}},
		// Article 44: a Swiss business's services are supplied in
		// Switzerland; Levy names Switzerland's reverse charge (MWSTG,
		// article 45(1)(a)), 0.00 collected.
		{"36 B2B electronic services DE->Switzerland", ewSale(day, "BIG", "SAAS", ewZurich, true, chNumber),
			euOutcome{"b2b-services-abroad", "CH", "0.00", "BUYER", true}},
		// Article 59(c) against article 45: consultancy to a consumer in
		// New York is supplied there, general services in Germany.
		{"37 B2C consultancy DE->United States", ewSale(day, "BIG", "PROFESSIONAL_SERVICES", ewNewYork, false),
			euOutcome{EUServicesOutsideRule, "DE", "0.00", "", false}},
		{"38 B2C general services DE->United States", ewSale(day, "BIG", "SERVICES", ewNewYork, false),
			euOutcome{"services-origin", "DE", "190.00", "SELLER", false}},
		// Article 58 (and the United Kingdom's own rule): electronic
		// services to a consumer in London are the United Kingdom's; the
		// seller is not registered there, so nothing is charged.
		{"39 B2C electronic services DE->London", ewSale(day, "BIG", "SAAS", ewLondon, false),
			euOutcome{"digital-services-destination", "GB", "0.00", "SELLER", false}},
		// Article 31: goods that do not move are supplied where they are;
		// a German seller's goods sold from Paris to a consumer in Paris
		// are a French supply, which the Union scheme does not cover and
		// for which it is not registered in France.
		{"40 B2C goods within France from a German seller", ewSaleFromOrigin(ewParis, day, "BIG", "GENERAL", ewParis),
			euOutcome{"domestic-supply", "FR", "0.00", "SELLER", false}},
	}
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
			if r.TotalTax.String() != c.want.tax {
				t.Errorf("document's total tax %s, want %s", r.TotalTax, c.want.tax)
			}
		})
	}
}

// TestEUVATWalkCreditAndIncluded: a distance sale to France above the
// threshold returned (a credit of -1000.00) reverses France's 20%,
// -200.00; 1200.00 with tax included is 1000.00 net and 200.00 of tax.
func TestEUVATWalkCreditAndIncluded(t *testing.T) {
	e, err := New(context.Background(), WithDistanceSales(fixedDistance{"BIG": {Current: decimal.NewFromInt(50000), Source: "test"}}))
	if err != nil {
		t.Fatal(err)
	}
	credit := ewSale("2026-06-01", "BIG", "GENERAL", ewParis, false)
	credit.LineItems[0].ExtendedPrice = amt("-1000.00")
	incl := ewSale("2026-06-01", "BIG", "GENERAL", ewParis, false)
	incl.LineItems[0].ExtendedPrice = amt("1200.00")
	incl.LineItems[0].TaxIncludedIndicator = true
	for _, c := range []struct {
		name     string
		req      *wire.SaleRequest
		net, tax string
	}{
		{"a credit", credit, "-1000.00", "-200.00"},
		{"tax included", incl, "1000.00", "200.00"},
	} {
		r, err := e.Sale(context.Background(), c.req)
		if err != nil {
			t.Fatal(err)
		}
		l := r.LineItems[0]
		want := euOutcome{DistanceAboveRule, "FR", c.tax, "SELLER", false}
		if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, want)
		}
		if l.ExtendedPrice.String() != c.net {
			t.Errorf("%s: net %s, want %s", c.name, l.ExtendedPrice, c.net)
		}
	}
}

// TestEUVATWalkAcquisition: a German business with its German number
// buys goods a French vendor sends it to Berlin: an intra-Community
// acquisition (VAT Directive article 2(1)(b)(i), taxed where the goods
// arrive, article 40). Its accrual self-assesses and deducts Germany's VAT
// (articles 200 and 168(c)): 19% of 1000.00 = 190.00, food at Germany's
// 7% = 70.00, input and output, a reverse charge. Its purchase order
// estimates the same 190.00, input and output, where the vendor's exempt
// supply (article 138) charges nothing.
func TestEUVATWalkAcquisition(t *testing.T) {
	e := testEngine(t)
	req := func(mt wire.PurchaseMessageType, class string) *wire.PurchaseRequest {
		return &wire.PurchaseRequest{PurchaseMessageType: mt, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Vendor:    &wire.Vendor{PhysicalOrigin: ewParis, TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}}},
			Buyer:     &wire.Buyer{Destination: ewBerlin, TaxRegistrations: []wire.TaxRegistration{deNumber}},
			LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: class}, ExtendedPrice: amt("1000.00")}}}
	}
	for _, c := range []struct {
		name string
		req  *wire.PurchaseRequest
		want euOutcome
		io   wire.InputOutputType
	}{
		{"accrual of goods", req(wire.PurchaseAccrual, "GENERAL"), euOutcome{"eu-reverse-charge", "DE", "190.00", "BUYER", true}, wire.InputOutputTypeInputOutput},
		{"accrual of food", req(wire.PurchaseAccrual, "FOOD"), euOutcome{"de-food", "DE", "70.00", "BUYER", true}, wire.InputOutputTypeInputOutput},
		{"purchase order of goods", req(wire.PurchaseOrder, "GENERAL"), euOutcome{"eu-reverse-charge", "DE", "190.00", "BUYER", true}, wire.InputOutputTypeInputOutput},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Purchase(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			if io := l.Taxes[0].InputOutputType; c.io != "" && io != c.io {
				t.Errorf("input/output %s, want %s", io, c.io)
			}
		})
	}
}
