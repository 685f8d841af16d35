package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestServicesToConsumersAbroadBySupplierPlace: other services
// (SERVICES) from the United Kingdom to a consumer in the United States
// are supplied where the supplier belongs (VAT Act 1994, section 7(10)),
// as to a consumer in France: 20%, where Levy took them for exported
// goods (export-zero-rated, 0.00). A supplier in Åland (FI 22xxx) supplies
// services under Finland's VAT Act, which places them as from mainland
// Finland: consultancy to a consumer outside the EU's VAT area is
// supplied where the consumer lives (VAT Directive, article 59(c)),
// outside the scope, where Levy charged Finland's 25.5% (255.00) to a
// consumer in Zurich and zero-rated it as an export to one in New York;
// other services from Åland bear Finland's VAT, to New York too.
// Consultancy from Åland to a consumer in Paris or Helsinki keeps
// Finland's VAT, as from Helsinki.
func TestServicesToConsumersAbroadBySupplierPlace(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	mariehamn := &wire.Location{City: "Mariehamn", PostalCode: "22100", Country: "FI"}
	helsinki := &wire.Location{City: "Helsinki", PostalCode: "00100", Country: "FI"}
	zurich := &wire.Location{City: "Zurich", PostalCode: "8001", Country: "CH"}
	paris := &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	newYork := &wire.Location{City: "New York", PostalCode: "10001", MainDivision: "NY", Country: "US"}
	from := func(date, class string, seller *wire.Location, reg wire.TaxRegistration, dest *wire.Location) *wire.SaleRequest {
		r := euSale(date, class, dest, false)
		r.Seller = &wire.Seller{PhysicalOrigin: seller, TaxRegistrations: []wire.TaxRegistration{reg}}
		return r
	}
	fi := wire.TaxRegistration{ISOCountryCode: "FI"}
	alandOut := placeTax{"FI-01", "0.00", EUServicesOutsideRule, wire.TaxResultNonTaxable}
	cases := []placeCase{
		{"London services to a consumer in New York", from(today, "SERVICES", london, gbNumber, newYork),
			placeTax{"GB", "200.00", "services-origin", wire.TaxResultTaxable}},
		{"London services to a consumer in New York in 2019", from("2019-06-01", "SERVICES", london, gbNumber, newYork),
			placeTax{"GB", "200.00", "services-origin", wire.TaxResultTaxable}},
		{"London consultancy to a consumer in New York", from(today, "PROFESSIONAL_SERVICES", london, gbNumber, newYork),
			placeTax{"GB", "0.00", UKServicesOutsideRule, wire.TaxResultNonTaxable}},
		{"London goods to a consumer in New York: an export", from(today, "GENERAL", london, gbNumber, newYork),
			placeTax{"GB", "0.00", "export-zero-rated", wire.TaxResultTaxable}},
		{"Mariehamn consultancy to a consumer in Zurich", from(today, "PROFESSIONAL_SERVICES", mariehamn, fi, zurich), alandOut},
		{"Mariehamn consultancy to a consumer in New York", from(today, "PROFESSIONAL_SERVICES", mariehamn, fi, newYork), alandOut},
		{"Mariehamn services to a consumer in New York", from(today, "SERVICES", mariehamn, fi, newYork),
			placeTax{"FI-01", "255.00", "services-origin", wire.TaxResultTaxable}},
		{"Mariehamn consultancy to a consumer in Paris", from(today, "PROFESSIONAL_SERVICES", mariehamn, fi, paris),
			placeTax{"FI-01", "255.00", "services-origin", wire.TaxResultTaxable}},
		{"Mariehamn consultancy to a consumer in Helsinki", from(today, "PROFESSIONAL_SERVICES", mariehamn, fi, helsinki),
			placeTax{"FI-01", "255.00", "services-origin", wire.TaxResultTaxable}},
		{"Helsinki consultancy to a consumer in Zurich, as before", from(today, "PROFESSIONAL_SERVICES", helsinki, fi, zurich),
			placeTax{"FI", "0.00", EUServicesOutsideRule, wire.TaxResultNonTaxable}},
	}
	checkPlaceCases(t, e, cases)
}
