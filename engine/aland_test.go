package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestAlandByFinnishPostcode: an address written as Finland with one of
// Åland's postcodes (22100 to 22999, Posti) is in Åland (FI-01), outside
// the EU's VAT area (VAT Directive, article 6(1)(d)) but within Finland's
// VAT at Finland's rates, as Guadeloupe is within France's. Levy took it
// for mainland Finland:
//
//   - goods from Amsterdam to a consumer at FI 22100 under the Union
//     scheme bore Finland's 25.5% (255.00 on 1000.00); they are an export,
//     zero-rated in the Netherlands;
//   - goods from Helsinki to Mariehamn bore 25.5% as a domestic sale; they
//     cross the tax border, an export, and the other way an import whose
//     VAT is collected at the border;
//   - consultancy from Amsterdam to a consumer in Åland bore the
//     Netherlands' 21%: article 59 supplies it outside the Union.
//
// Sales within Åland keep Finland's VAT at Finland's rates on every date
// (25.5% now, 24% in 2023, 23% in 2011, books at 13.5%), and services
// between Helsinki and Åland stay within Finland's VAT (the tax border is
// for goods), as those between Paris and Guadeloupe stay within France's
// (BOI-TVA-GEO-20-40: the overseas departments are no third territories
// for services), where article 59 had put Paris's consultancy to a
// consumer in Guadeloupe outside the scope of French VAT. Needs the dataset regenerated with Åland's row of
// internal/datagen/curated/vat-territory-postcodes.csv.
func TestAlandByFinnishPostcode(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	mariehamn := &wire.Location{City: "Mariehamn", PostalCode: "22100", Country: "FI"}
	jomala := &wire.Location{City: "Jomala", PostalCode: "22150", Country: "FI"}
	helsinki := &wire.Location{City: "Helsinki", PostalCode: "00100", Country: "FI"}
	fromFinland := func(date, class string, from, to *wire.Location) *wire.SaleRequest {
		r := euSale(date, class, to, false)
		r.Seller = &wire.Seller{PhysicalOrigin: from, TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "FI"}}}
		return r
	}
	cases := []placeCase{
		{"goods from Amsterdam to a consumer at FI 22100: an export", euSale(today, "GENERAL", mariehamn, false),
			placeTax{"NL", "0.00", "export-zero-rated", wire.TaxResultTaxable}},
		{"consultancy from Amsterdam to a consumer at FI 22100", euSale(today, "PROFESSIONAL_SERVICES", mariehamn, false),
			placeTax{"NL", "0.00", EUServicesOutsideRule, wire.TaxResultNonTaxable}},
		{"goods from Helsinki to Mariehamn: an export", fromFinland(today, "GENERAL", helsinki, mariehamn),
			placeTax{"FI", "0.00", "export-zero-rated", wire.TaxResultTaxable}},
		{"goods from Mariehamn to Helsinki: an import", fromFinland(today, "GENERAL", mariehamn, helsinki),
			placeTax{"FI", "0.00", "import-at-border", wire.TaxResultNonTaxable}},
		{"within Åland: Finland's 25.5%", fromFinland(today, "GENERAL", mariehamn, jomala),
			placeTax{"FI-01", "255.00", "domestic-supply", wire.TaxResultTaxable}},
		{"within Åland in 2023: Finland's 24%", fromFinland("2023-06-01", "GENERAL", mariehamn, jomala),
			placeTax{"FI-01", "240.00", "domestic-supply", wire.TaxResultTaxable}},
		{"within Åland in 2011: Finland's 23%", fromFinland("2011-06-01", "GENERAL", mariehamn, jomala),
			placeTax{"FI-01", "230.00", "domestic-supply", wire.TaxResultTaxable}},
		{"books within Åland: Finland's 13.5%", fromFinland(today, "BOOKS", mariehamn, jomala),
			placeTax{"FI-01", "135.00", "fi-books-2026-01-01", wire.TaxResultTaxable}},
		{"consultancy from Helsinki to a consumer in Mariehamn: Finland's VAT", fromFinland(today, "PROFESSIONAL_SERVICES", helsinki, mariehamn),
			placeTax{"FI", "255.00", "services-origin", wire.TaxResultTaxable}},
		{"goods within Helsinki, as before", fromFinland(today, "GENERAL", helsinki, helsinki),
			placeTax{"FI", "255.00", "domestic-supply", wire.TaxResultTaxable}},
		{"consultancy from Paris to a consumer in Pointe-à-Pitre: France's VAT", func() *wire.SaleRequest {
			r := euSale(today, "PROFESSIONAL_SERVICES", vtPointeAPitre, false)
			r.Seller = &wire.Seller{PhysicalOrigin: euParis, TaxRegistrations: []wire.TaxRegistration{frNumber}}
			return r
		}(), placeTax{"FR", "200.00", "services-origin", wire.TaxResultTaxable}},
	}
	checkPlaceCases(t, e, cases)
}
