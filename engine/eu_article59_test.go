package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestEUConsultancyToConsumersOutsideTheUnion: a Dutch seller's legal,
// accounting or consultancy services (PROFESSIONAL_SERVICES) to a
// consumer who lives outside the EU's VAT area are supplied where the
// consumer lives (VAT Directive, article 59(c)): no Dutch VAT, one
// NONTAXABLE record of the Netherlands that says why. Levy charged the
// Netherlands' 21% (210.00 on 1000.00) as for a consumer inside the
// Union, where the general rule of article 45 does put the supply at the
// supplier (unchanged, as are other services, electronic services and
// services to a business). Northern Ireland is outside the Union for
// services, the Canary Islands outside its VAT area (article 6). To a
// consumer in the United States Levy took every service for a zero-rated
// export of goods: other services (article 45) bear the Netherlands'
// 21% there as anywhere outside the Union.
func TestEUConsultancyToConsumersOutsideTheUnion(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	zurich := &wire.Location{City: "Zurich", PostalCode: "8001", Country: "CH"}
	newYork := &wire.Location{City: "New York", PostalCode: "10001", MainDivision: "NY", Country: "US"}
	belfast := &wire.Location{City: "Belfast", PostalCode: "BT1 1AA", Country: "GB"}
	lasPalmas := &wire.Location{City: "Las Palmas", PostalCode: "35001", Country: "ES"}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	outside := func() placeTax { return placeTax{"NL", "0.00", EUServicesOutsideRule, wire.TaxResultNonTaxable} }
	cases := []placeCase{
		{"consultancy to a consumer in Zurich", euSale(today, "PROFESSIONAL_SERVICES", zurich, false), outside()},
		{"consultancy to a consumer in New York", euSale(today, "PROFESSIONAL_SERVICES", newYork, false), outside()},
		{"consultancy to a consumer in Belfast", euSale(today, "PROFESSIONAL_SERVICES", belfast, false), outside()},
		{"consultancy to a consumer in Las Palmas", euSale(today, "PROFESSIONAL_SERVICES", lasPalmas, false), outside()},
		{"consultancy to a consumer in Berlin, as before", euSale(today, "PROFESSIONAL_SERVICES", berlin, false),
			placeTax{"NL", "210.00", "eu-b2c-services", wire.TaxResultTaxable}},
		{"other services to a consumer in Zurich, as before", euSale(today, "SERVICES", zurich, false),
			placeTax{"NL", "210.00", "services-origin", wire.TaxResultTaxable}},
		{"other services to a consumer in New York", euSale(today, "SERVICES", newYork, false),
			placeTax{"NL", "210.00", "services-origin", wire.TaxResultTaxable}},
		{"consultancy to a business in Zurich, as before", euSale(today, "PROFESSIONAL_SERVICES", zurich, true, chNumber),
			placeTax{"CH", "0.00", "b2b-services-abroad", wire.TaxResultTaxable}},
	}
	checkPlaceCases(t, e, cases)
}
