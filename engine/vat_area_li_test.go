package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// Places and numbers of the Liechtenstein tests.
var (
	liVaduz  = &wire.Location{City: "Vaduz", PostalCode: "9490", Country: "LI"}
	liZurich = &wire.Location{City: "Zürich", PostalCode: "8001", Country: "CH"}
	liBern   = &wire.Location{City: "Bern", PostalCode: "3011", Country: "CH"}
	// A Liechtenstein business's number is one of the five digits its
	// tax administration gives, not a CHE number.
	liNumber = wire.TaxRegistration{ISOCountryCode: "LI", TaxRegistrationNumber: "12345"}
)

// TestLiechtensteinInSwissVATArea: Liechtenstein is in Switzerland's VAT
// area (the treaty of 28 October 1994, in force from 1995-01-01, and its
// agreement of 12 July 2012, article 2: one common area of application
// of VAT; the dataset's row in vat-areas.csv). A Swiss seller's sale to
// Vaduz is a domestic Swiss one at Switzerland's 8.1% (100.00 gives
// 8.10), not an export; a sale from Vaduz to Bern is domestic too, also
// under a Liechtenstein registration whose number is Liechtenstein's own
// five digits (checked as Liechtenstein's, so the registration counts);
// and goods from Germany to Vaduz leave the EU as goods to Zürich do.
// Each case is checked against its twin between Swiss places: the line's
// taxes and assisted parameters must be the same.
func TestLiechtensteinInSwissVATArea(t *testing.T) {
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	const today = "2026-06-01"
	none := []wire.TaxRegistration(nil)
	cases := []twinCase{
		{"Switzerland to Liechtenstein",
			vaSale(today, vaCompany, "GENERAL", liZurich, liVaduz, false, none, none),
			vaSale(today, vaCompany, "GENERAL", liZurich, liBern, false, none, none),
			euOutcome{"domestic-supply", "CH", "8.10", "SELLER", false}},
		{"Liechtenstein to Switzerland",
			vaSale(today, vaCompany, "GENERAL", liVaduz, liBern, false, none, none),
			vaSale(today, vaCompany, "GENERAL", liZurich, liBern, false, none, none),
			euOutcome{"domestic-supply", "CH", "8.10", "SELLER", false}},
		{"a Liechtenstein seller with its own number, to Switzerland",
			vaSale(today, vaCompany, "GENERAL", liVaduz, liBern, false, []wire.TaxRegistration{liNumber}, none),
			vaSale(today, vaCompany, "GENERAL", liZurich, liBern, false, []wire.TaxRegistration{chNumber}, none),
			euOutcome{"domestic-supply", "CH", "8.10", "SELLER", false}},
		{"Germany to a consumer in Liechtenstein: an export",
			vaSale(today, vaCompany, "GENERAL", vaMunich, liVaduz, false, none, none),
			vaSale(today, vaCompany, "GENERAL", vaMunich, liZurich, false, none, none),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
	}
	checkTwins(t, e, cases, func(t *testing.T, r *wire.SaleResponse) {
		if l := r.LineItems[0]; l.Taxes[0].NotRegisteredIndicator {
			t.Errorf("the seller is not registered: %+v", l.Taxes[0])
		}
		// Liechtenstein's number is checked as Liechtenstein's, whose
		// syntax Levy does not know, not as a Swiss CHE number.
		for _, reg := range r.Seller.TaxRegistrations {
			if vr := reg.ValidationResult; reg.ISOCountryCode == "LI" &&
				(vr == nil || vr.ValidationInfo == wire.ValidationInfoSyntaxInvalid || vr.TaxRegistrationNumberNormalized != "12345") {
				t.Errorf("Liechtenstein's number %s: %+v", reg.TaxRegistrationNumber, vr)
			}
		}
	})
}
