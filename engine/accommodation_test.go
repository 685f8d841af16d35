package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// The tests of this file check ACCOMMODATION, the class of hotel rooms,
// holiday lets and campsites: a service connected with immovable
// property, taxed where the property is (VAT Directive, article 47, and
// its counterparts in the United Kingdom, Switzerland, Norway, Canada,
// Australia and the US states) for business and consumer customers alike.
// The property is the seller's physical origin; the customer's address
// (a guest's home, a business's seat) does not move the tax, and a
// business customer does not account for it under a reverse charge.

// Hotels and customers of the tests.
var (
	hotelBerlin = &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	hotelParis  = &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	hotelLondon = &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	hotelZurich = &wire.Location{City: "Zürich", PostalCode: "8001", Country: "CH"}
	hotelOslo   = &wire.Location{City: "Oslo", PostalCode: "0150", Country: "NO"}
	hotelSydney = &wire.Location{City: "Sydney", PostalCode: "2000", Country: "AU"}
	guestNY     = &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10118", Country: "US"}
	guestLyon   = &wire.Location{City: "Lyon", PostalCode: "69001", Country: "FR"}
	guestMunich = &wire.Location{City: "München", PostalCode: "80331", Country: "DE"}
	guestStockh = &wire.Location{City: "Stockholm", PostalCode: "111 20", Country: "SE"}
)

// hotelInvoice returns an invoice of one line of 1000.00 of class, in
// currency, from a seller at origin (the property) that lists no
// registrations, to a customer at dest, a business when business is set,
// with the given registrations.
func hotelInvoice(date, class, currency string, origin, dest *wire.Location, business bool, regs ...wire.TaxRegistration) *wire.SaleRequest {
	cu := &wire.Customer{Destination: dest, TaxRegistrations: regs}
	if business {
		cu.CustomerCode = &wire.CustomerCode{IsBusinessIndicator: true}
	}
	return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: currency},
		Seller: &wire.Seller{PhysicalOrigin: origin}, Customer: cu,
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: class}, ExtendedPrice: amt("1000.00")}}}
}

// TestAccommodationTaxedWhereThePropertyIs sends stays at hotels to
// customers elsewhere; each line's one VAT or GST record names the
// class's rule of the property's country (its reduced or special rate)
// or, where the country taxes the class at its standard rate, the
// sourcing rule property-location. The case of the brief: a German hotel billing a
// French business that gives its French VAT number bears Germany's 7%
// (70.00 of 1000.00), collected by the hotel, with no reverse charge; a
// French hotel billing a consumer in New York bears France's 10%
// (100.00). The same holds for a business without a number, for a
// consumer of another member state, and outside the EU: a London hotel
// billing a French business bears the UK's 20%, a Zürich hotel billing a
// German business Switzerland's special rate of 3.8% (2024 to 2027), an
// Oslo hotel billing a Swedish business Norway's 12%, a Sydney hotel
// billing a French business Australia's 10%. Figures by hand.
func TestAccommodationTaxedWhereThePropertyIs(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	cases := []struct {
		name string
		req  *wire.SaleRequest
		want euOutcome
	}{
		{"a German hotel, a French business with its number", hotelInvoice(today, "ACCOMMODATION", "EUR", hotelBerlin, euParis, true, frNumber),
			euOutcome{"de-accommodation-2010-01-01", "DE", "70.00", "SELLER", false}},
		{"a German hotel, a French number alone", hotelInvoice(today, "ACCOMMODATION", "EUR", hotelBerlin, euParis, false, frNumber),
			euOutcome{"de-accommodation-2010-01-01", "DE", "70.00", "SELLER", false}},
		{"a German hotel, a French business without a number", hotelInvoice(today, "ACCOMMODATION", "EUR", hotelBerlin, euParis, true),
			euOutcome{"de-accommodation-2010-01-01", "DE", "70.00", "SELLER", false}},
		{"a German hotel, a French consumer", hotelInvoice(today, "ACCOMMODATION", "EUR", hotelBerlin, guestLyon, false),
			euOutcome{"de-accommodation-2010-01-01", "DE", "70.00", "SELLER", false}},
		{"a French hotel, a consumer in New York", hotelInvoice(today, "ACCOMMODATION", "EUR", hotelParis, guestNY, false),
			euOutcome{"fr-accommodation-2012-01-01", "FR", "100.00", "SELLER", false}},
		{"a French hotel, a business in New York", hotelInvoice(today, "ACCOMMODATION", "EUR", hotelParis, guestNY, true),
			euOutcome{"fr-accommodation-2012-01-01", "FR", "100.00", "SELLER", false}},
		{"a London hotel, a French business with its number", hotelInvoice(today, "ACCOMMODATION", "GBP", hotelLondon, euParis, true, frNumber),
			euOutcome{PropertyRule, "GB", "200.00", "SELLER", false}},
		{"a Zürich hotel, a German business with its number", hotelInvoice(today, "ACCOMMODATION", "CHF", hotelZurich, guestMunich, true, deNumber),
			euOutcome{"ch-accommodation-2024-01-01", "CH", "38.00", "SELLER", false}},
		{"an Oslo hotel, a Swedish business", hotelInvoice(today, "ACCOMMODATION", "NOK", hotelOslo, guestStockh, true),
			euOutcome{"no-accommodation-2021-10-01", "NO", "120.00", "SELLER", false}},
		{"a Sydney hotel, a French business", hotelInvoice(today, "ACCOMMODATION", "AUD", hotelSydney, euParis, true, frNumber),
			euOutcome{PropertyRule, "AU", "100.00", "SELLER", false}},
	}
	for _, c := range cases {
		resp, err := e.Sale(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := resp.LineItems[0]
		if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestAccommodationLeavesTheGeneralRuleOfOtherServices sends the same
// invoices of a German seller to a French business for SERVICES and
// PROFESSIONAL_SERVICES: the general rule for business customers is
// unchanged (the customer's member state, reverse charge), and so is
// the rule for consumers (the supplier's member state, 19%).
func TestAccommodationLeavesTheGeneralRuleOfOtherServices(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	cases := []struct {
		name string
		req  *wire.SaleRequest
		want euOutcome
	}{
		{"services, a French business with its number", hotelInvoice(today, "SERVICES", "EUR", hotelBerlin, euParis, true, frNumber),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"services, a French business without a number", hotelInvoice(today, "SERVICES", "EUR", hotelBerlin, euParis, true),
			euOutcome{"eu-b2b-services", "FR", "0.00", "BUYER", true}},
		{"professional services, a French business", hotelInvoice(today, "PROFESSIONAL_SERVICES", "EUR", hotelBerlin, euParis, true),
			euOutcome{"eu-b2b-services", "FR", "0.00", "BUYER", true}},
		{"services, a French consumer", hotelInvoice(today, "SERVICES", "EUR", hotelBerlin, guestLyon, false),
			euOutcome{"eu-b2c-services", "DE", "190.00", "SELLER", false}},
	}
	for _, c := range cases {
		resp, err := e.Sale(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := resp.LineItems[0]
		if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestAccommodationGuestHomeDoesNotMoveTheTax sends stays whose customer
// lives in another province or state of the same country: a Vancouver
// hotel billing a guest from Toronto bears the GST and British Columbia's
// PST on accommodation (8%), not Ontario's HST (Excise Tax Act, Schedule
// IX: the province where the property is); a New York City hotel billing a guest from Los
// Angeles bears New York's sales tax as a sale within New York, and no
// Californian tax.
func TestAccommodationGuestHomeDoesNotMoveTheTax(t *testing.T) {
	e := testEngine(t)
	vancouver := &wire.Location{City: "Vancouver", MainDivision: "BC", PostalCode: "V6B 1A1", Country: "CA"}
	toronto := &wire.Location{City: "Toronto", MainDivision: "ON", PostalCode: "M5H 2N2", Country: "CA"}
	resp, err := e.Sale(context.Background(), hotelInvoice("2026-06-01", "ACCOMMODATION", "CAD", vancouver, toronto, false))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, x := range resp.LineItems[0].Taxes {
		ids = append(ids, x.Jurisdiction.JurisdictionID+" "+x.CalculatedTax.String())
	}
	if got := strings.Join(ids, ", "); got != "CA 50.00, CA-BC 80.00" {
		t.Errorf("a Vancouver hotel, a guest from Toronto: %s, want CA 50.00, CA-BC 80.00 (GST and British Columbia's PST on accommodation, 8%%)", got)
	}

	la := &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	nyc := &wire.Location{StreetAddress1: "350 5th Ave", City: "New York", MainDivision: "NY", PostalCode: "10118", Country: "US"}
	resp, err = e.Sale(context.Background(), hotelInvoice("2026-06-01", "ACCOMMODATION", "USD", nyc, la, false))
	if err != nil {
		t.Fatal(err)
	}
	state := false
	for _, x := range resp.LineItems[0].Taxes {
		id := x.Jurisdiction.JurisdictionID
		if strings.HasPrefix(id, "US-CA") || strings.HasPrefix(id, "US-06") {
			t.Errorf("a New York hotel, a guest from Los Angeles: a Californian tax %s %s", id, x.CalculatedTax)
		}
		if id == "US-NY" {
			state = true
			if x.TaxType != wire.TaxTypeSales || x.CalculatedTax.String() != "40.00" {
				t.Errorf("a New York hotel, a guest from Los Angeles: New York's tax %s %s, want SALES 40.00", x.TaxType, x.CalculatedTax)
			}
		}
	}
	if !state {
		t.Errorf("a New York hotel, a guest from Los Angeles: no tax of New York State: %+v", resp.LineItems[0].Taxes)
	}
}

// TestAccommodationSitusOverrideWins: a situs override of the request
// still decides where a stay is taxed, as for every class: a Berlin
// hotel's line sent to the destination, Lyon, bears France's 10%.
func TestAccommodationSitusOverrideWins(t *testing.T) {
	e := testEngine(t)
	req := hotelInvoice("2026-06-01", "ACCOMMODATION", "EUR", hotelBerlin, guestLyon, false)
	req.LineItems[0].SitusOverride = &wire.SitusOverride{TaxingLocation: wire.Destination}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	if got := euLineOutcome(t, "override", l.Taxes, l.TotalTax.String()); got.jurisdiction != "FR" || got.tax != "100.00" {
		t.Errorf("a situs override to the destination: %+v, want France's 10%%, 100.00", got)
	}
}

// TestAccommodationRatesEU sends domestic stays in each member state on
// both sides of the changes that the rows of vat-product-classes.csv hold:
// Germany's 7% from 2010 (5% in the second half of 2020), France's 5.5%,
// 7% in 2012 and 2013 and 10% since, the Netherlands' 21% from 2026,
// Belgium's 12% from March 2026, Austria's 13% of 2016 to 2018 and 5% of
// 2020 and 2021, Ireland's 9% and 13.5% periods, Finland's move to the 14%
// rate in 2025 and its cut to 13.5%, Lithuania's 12% and Estonia's 13%,
// Slovakia's 10% from 2019 and 5% from 2025, Czechia's 10% from July 2020
// and 12% from 2024, Greece's 13% from October 2015, Romania's 5% of 2018
// to 2022 and 11% from August 2025, Cyprus's 5% of 2020, and the rates in
// force on 2026-11-28 elsewhere.
func TestAccommodationRatesEU(t *testing.T) {
	const a = "ACCOMMODATION"
	checkVATClassRates(t, []vatClassCase{
		{"Berlin", "10115", "DE", "2009-12-31", a, "0.19"},
		{"Berlin", "10115", "DE", "2010-01-01", a, "0.07"},
		{"Berlin", "10115", "DE", "2020-08-01", a, "0.05"},
		{"Berlin", "10115", "DE", "2026-11-28", a, "0.07"},
		{"Paris", "75001", "FR", "2011-12-31", a, "0.055"},
		{"Paris", "75001", "FR", "2012-01-01", a, "0.07"},
		{"Paris", "75001", "FR", "2014-01-01", a, "0.1"},
		{"Amsterdam", "1011 AB", "NL", "2018-12-31", a, "0.06"},
		{"Amsterdam", "1011 AB", "NL", "2025-12-31", a, "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-01-01", a, "0.21"},
		{"Bruxelles", "1000", "BE", "2026-02-28", a, "0.06"},
		{"Bruxelles", "1000", "BE", "2026-03-01", a, "0.12"},
		{"Wien", "1010", "AT", "2016-04-30", a, "0.1"},
		{"Wien", "1010", "AT", "2016-05-01", a, "0.13"},
		{"Wien", "1010", "AT", "2018-11-01", a, "0.1"},
		{"Wien", "1010", "AT", "2021-12-31", a, "0.05"},
		{"Wien", "1010", "AT", "2026-11-28", a, "0.1"},
		{"Dublin", "D02 X285", "IE", "2011-06-30", a, "0.135"},
		{"Dublin", "D02 X285", "IE", "2011-07-01", a, "0.09"},
		{"Dublin", "D02 X285", "IE", "2019-01-01", a, "0.135"},
		{"Dublin", "D02 X285", "IE", "2020-11-01", a, "0.09"},
		{"Dublin", "D02 X285", "IE", "2026-11-28", a, "0.135"},
		{"Helsinki", "00100", "FI", "2024-12-31", a, "0.1"},
		{"Helsinki", "00100", "FI", "2025-01-01", a, "0.14"},
		{"Helsinki", "00100", "FI", "2026-01-01", a, "0.135"},
		{"Vilnius", "01100", "LT", "2025-12-31", a, "0.09"},
		{"Vilnius", "01100", "LT", "2026-01-01", a, "0.12"},
		{"Tallinn", "10111", "EE", "2024-12-31", a, "0.09"},
		{"Tallinn", "10111", "EE", "2025-01-01", a, "0.13"},
		{"Tallinn", "10111", "EE", "2026-11-28", a, "0.13"},
		{"Bratislava", "811 01", "SK", "2018-12-31", a, "0.2"},
		{"Bratislava", "811 01", "SK", "2019-01-01", a, "0.1"},
		{"Bratislava", "811 01", "SK", "2025-01-01", a, "0.05"},
		{"Praha", "11000", "CZ", "2020-06-30", a, "0.15"},
		{"Praha", "11000", "CZ", "2020-07-01", a, "0.1"},
		{"Praha", "11000", "CZ", "2024-01-01", a, "0.12"},
		{"Athina", "10431", "GR", "2015-09-30", a, "0.06"},
		{"Athina", "10431", "GR", "2015-10-01", a, "0.13"},
		{"Bucuresti", "010011", "RO", "2018-10-31", a, "0.09"},
		{"Bucuresti", "010011", "RO", "2018-11-01", a, "0.05"},
		{"Bucuresti", "010011", "RO", "2023-01-01", a, "0.09"},
		{"Bucuresti", "010011", "RO", "2025-08-01", a, "0.11"},
		{"Nicosia", "1010", "CY", "2020-07-01", a, "0.05"},
		{"Nicosia", "1010", "CY", "2021-01-11", a, "0.09"},
		{"Roma", "00100", "IT", "2026-11-28", a, "0.1"},
		{"Madrid", "28001", "ES", "2026-11-28", a, "0.1"},
		{"Kobenhavn", "1050", "DK", "2026-11-28", a, "0.25"},
		{"Budapest", "1051", "HU", "2026-11-28", a, "0.18"},
		{"Luxembourg", "1009", "LU", "2026-11-28", a, "0.03"},
		{"Lisboa", "1100-148", "PT", "2026-11-28", a, "0.06"},
		{"Warszawa", "00-001", "PL", "2026-11-28", a, "0.08"},
		{"Valletta", "VLT 1010", "MT", "2026-11-28", a, "0.07"},
		{"Riga", "LV-1050", "LV", "2026-11-28", a, "0.12"},
		{"Ljubljana", "1000", "SI", "2026-11-28", a, "0.095"},
		{"Zagreb", "10000", "HR", "2026-11-28", a, "0.13"},
		{"Sofia", "1000", "BG", "2026-11-28", a, "0.09"},
		{"Stockholm", "111 20", "SE", "2026-11-28", a, "0.12"},
	})
}

// TestAccommodationRatesOutsideTheEU sends domestic stays in the United
// Kingdom (standard-rated, 5% from July 15, 2020, 12.5% from October 1,
// 2021, standard again from April 1, 2022), Switzerland and Liechtenstein
// (the special rate of 3.8%, 3.7% from 2018, 3.8% from 2024 until the end
// of 2027, then the standard rate), Norway (12%, 6% from April 2020 to
// September 2021), Iceland (11%), Canada (the GST, and the HST of an HST
// province or Alberta's 4% tourism levy) and Australia (10%).
func TestAccommodationRatesOutsideTheEU(t *testing.T) {
	const a = "ACCOMMODATION"
	gb := func(date, rate string) worldClassCase {
		return worldClassCase{"London", "", "SW1A 1AA", "GB", "GBP", date, a, one(rate)}
	}
	ch := func(date, rate string) worldClassCase {
		return worldClassCase{"Zürich", "", "8001", "CH", "CHF", date, a, one(rate)}
	}
	no := func(date, rate string) worldClassCase {
		return worldClassCase{"Oslo", "", "0150", "NO", "NOK", date, a, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		gb("2020-07-14", "0.2"), gb("2020-07-15", "0.05"), gb("2021-09-30", "0.05"), gb("2021-10-01", "0.125"),
		gb("2022-03-31", "0.125"), gb("2022-04-01", "0.2"),
		ch("2017-12-31", "0.038"), ch("2018-01-01", "0.037"), ch("2023-12-31", "0.037"), ch("2024-01-01", "0.038"),
		ch("2027-12-31", "0.038"), ch("2028-01-01", "0.081"),
		{"Vaduz", "", "9490", "LI", "CHF", "2026-06-01", a, one("0.038")},
		no("2019-06-01", "0.12"), no("2020-04-01", "0.06"), no("2021-09-30", "0.06"), no("2021-10-01", "0.12"),
		{"Reykjavík", "", "101", "IS", "ISK", "2026-06-01", a, one("0.11")},
		{"Calgary", "AB", "T2P 0A1", "CA", "CAD", "2026-06-01", a, []string{"0.05", "0.04"}},
		{"Toronto", "ON", "M5V 3L9", "CA", "CAD", "2026-06-01", a, []string{"0.05", "0.08"}},
		{"Sydney", "", "2000", "AU", "AUD", "2026-06-01", a, one("0.1")},
	})
}
