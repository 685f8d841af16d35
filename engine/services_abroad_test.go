package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestServicesToConsumersAbroadFromUKAndSwitzerland: consultancy, legal
// and accounting services (PROFESSIONAL_SERVICES) that a supplier in the
// United Kingdom supplies to a consumer belonging outside it are supplied
// where the consumer belongs from 2021-01-01, EU consumers included (VAT
// Act 1994, Schedule 4A, paragraph 16): outside the scope of UK VAT,
// where Levy charged 20% (200.00 on 1000.00). Switzerland's general rule
// puts a service where its recipient lives, for consumers too (MWSTG,
// article 8(1)): a Zurich consultant's or repairer's services to a
// consumer abroad bear no Swiss VAT, where Levy charged 8.1% (81.00).
// Other services keep the supplier's VAT, as do personal care in
// Switzerland (article 8(2)(a)) and anything sold at home; before 2021
// the United Kingdom applied article 59 of the VAT Directive (EU
// consumers at 20%). Electronic services to a consumer in Hong Kong,
// which levies no VAT or GST, are supplied there (VAT Directive, article
// 58): one NONTAXABLE record of the Netherlands, where Levy gave no
// record at all. (Åland, written as the country AX, was the example;
// it is Finland's territory FI-01 now, TestAlandWrittenAsCountry.)
func TestServicesToConsumersAbroadFromUKAndSwitzerland(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	zurich := &wire.Location{City: "Zurich", PostalCode: "8001", Country: "CH"}
	paris := &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	newYork := &wire.Location{City: "New York", PostalCode: "10001", MainDivision: "NY", Country: "US"}
	manchester := &wire.Location{City: "Manchester", PostalCode: "M1 1AE", Country: "GB"}
	basel := &wire.Location{City: "Basel", PostalCode: "4051", Country: "CH"}
	hongKong := &wire.Location{City: "Hong Kong", Country: "HK"}
	fromLondon := func(date, class string, dest *wire.Location) *wire.SaleRequest {
		r := euSale(date, class, dest, false)
		r.Seller = &wire.Seller{PhysicalOrigin: london, TaxRegistrations: []wire.TaxRegistration{gbNumber}}
		return r
	}
	fromZurich := func(class string, dest *wire.Location) *wire.SaleRequest {
		r := euSale(today, class, dest, false)
		r.Seller = &wire.Seller{PhysicalOrigin: zurich, TaxRegistrations: []wire.TaxRegistration{chNumber}}
		return r
	}
	ukOut := placeTax{"GB", "0.00", UKServicesOutsideRule, wire.TaxResultNonTaxable}
	chOut := placeTax{"CH", "0.00", CHServicesAbroadRule, wire.TaxResultNonTaxable}
	cases := []placeCase{
		{"London consultancy to a consumer in Paris", fromLondon(today, "PROFESSIONAL_SERVICES", paris), ukOut},
		{"London consultancy to a consumer in Zurich", fromLondon(today, "PROFESSIONAL_SERVICES", zurich), ukOut},
		{"London consultancy to a consumer in New York", fromLondon(today, "PROFESSIONAL_SERVICES", newYork), ukOut},
		{"London consultancy to a consumer in Manchester", fromLondon(today, "PROFESSIONAL_SERVICES", manchester),
			placeTax{"GB", "200.00", "domestic-supply", wire.TaxResultTaxable}},
		{"London services to a consumer in Paris", fromLondon(today, "SERVICES", paris),
			placeTax{"GB", "200.00", "services-origin", wire.TaxResultTaxable}},
		{"London consultancy to a consumer in Paris in 2019", fromLondon("2019-06-01", "PROFESSIONAL_SERVICES", paris),
			placeTax{"GB", "200.00", "eu-b2c-services", wire.TaxResultTaxable}},
		{"London consultancy to a consumer in Zurich in 2019", fromLondon("2019-06-01", "PROFESSIONAL_SERVICES", zurich),
			placeTax{"GB", "0.00", EUServicesOutsideRule, wire.TaxResultNonTaxable}},
		{"Zurich consultancy to a consumer in Paris", fromZurich("PROFESSIONAL_SERVICES", paris), chOut},
		{"Zurich consultancy to a consumer in New York", fromZurich("PROFESSIONAL_SERVICES", newYork), chOut},
		{"Zurich repairs for a consumer in Paris", fromZurich("REPAIR_SERVICES", paris), chOut},
		{"Zurich consultancy to a consumer in Basel", fromZurich("PROFESSIONAL_SERVICES", basel),
			placeTax{"CH", "81.00", "domestic-supply", wire.TaxResultTaxable}},
		{"Zurich personal care for a consumer in Paris", fromZurich("PERSONAL_CARE_SERVICES", paris),
			placeTax{"CH", "81.00", "services-origin", wire.TaxResultTaxable}},
		{"Zurich consultancy to a business in Paris", func() *wire.SaleRequest {
			r := fromZurich("PROFESSIONAL_SERVICES", paris)
			r.Customer.TaxRegistrations = []wire.TaxRegistration{frNumber}
			r.Customer.CustomerCode = &wire.CustomerCode{IsBusinessIndicator: true}
			return r
		}(), placeTax{"FR", "0.00", "b2b-services-abroad", wire.TaxResultTaxable}},
		{"Amsterdam SaaS to a consumer in Hong Kong", euSale(today, "SAAS", hongKong, false),
			placeTax{"NL", "0.00", EUServicesOutsideRule, wire.TaxResultNonTaxable}},
	}
	checkPlaceCases(t, e, cases)
}
