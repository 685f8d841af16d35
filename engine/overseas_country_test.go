package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestOverseasDepartmentsWrittenAsCountry: an address written as the
// country GP, MQ, RE, GF or YT is in France's overseas department FR-971
// to FR-976 (taxarea.TerritoryCountry), and a sale there is taxed as one
// to the address written as France with the department's postcode. A
// sale within Guadeloupe between addresses written GP bore no tax at all
// (GP a country without tax); it bears France's 8.5% under FR-971, as
// between addresses written FR 97110. Within Guyane and Mayotte no VAT
// applies (General Tax Code, article 294): one NONTAXABLE record of the
// territory, as for FR 97300. Goods from Paris to Guadeloupe written GP
// are an export, as to FR 97110 (and as before).
func TestOverseasDepartmentsWrittenAsCountry(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	none := []wire.TaxRegistration(nil)
	at := func(city, postcode, country string) *wire.Location {
		return &wire.Location{City: city, PostalCode: postcode, Country: country}
	}
	// Each case is a sale between places written with the territories'
	// ISO 3166-1 codes and the same sale written FR with their postcodes.
	cases := []struct {
		name           string
		from, to       *wire.Location
		asFrom, asTo   *wire.Location
		want           euOutcome
		wantTaxability wire.TaxResult
	}{
		{"within Guadeloupe written GP", at("Pointe-à-Pitre", "97110", "GP"), at("Basse-Terre", "97100", "GP"),
			vtPointeAPitre, at("Basse-Terre", "97100", "FR"),
			euOutcome{"domestic-supply", "FR-971", "8.50", "SELLER", false}, wire.TaxResultTaxable},
		{"within Martinique written MQ", at("Fort-de-France", "97200", "MQ"), at("Le Lamentin", "97232", "MQ"),
			vtFortDeFrance, at("Le Lamentin", "97232", "FR"),
			euOutcome{"domestic-supply", "FR-972", "8.50", "SELLER", false}, wire.TaxResultTaxable},
		{"within La Réunion written RE", at("Saint-Denis", "97400", "RE"), at("Saint-Pierre", "97410", "RE"),
			at("Saint-Denis", "97400", "FR"), at("Saint-Pierre", "97410", "FR"),
			euOutcome{"domestic-supply", "FR-974", "8.50", "SELLER", false}, wire.TaxResultTaxable},
		{"Guadeloupe to Martinique written GP and MQ: one area", at("Pointe-à-Pitre", "97110", "GP"), at("Fort-de-France", "97200", "MQ"),
			vtPointeAPitre, vtFortDeFrance,
			euOutcome{"domestic-supply", "FR-971", "8.50", "SELLER", false}, wire.TaxResultTaxable},
		{"Paris to Guadeloupe written GP: an export", vtParis, at("Pointe-à-Pitre", "97110", "GP"),
			vtParis, vtPointeAPitre,
			euOutcome{"export-zero-rated", "FR", "0.00", "SELLER", false}, wire.TaxResultTaxable},
		{"within Guyane written GF: no VAT", at("Cayenne", "97300", "GF"), at("Kourou", "97310", "GF"),
			at("Cayenne", "97300", "FR"), at("Kourou", "97310", "FR"),
			euOutcome{OutsideVATRule, "FR-973", "0.00", "", false}, wire.TaxResultNonTaxable},
		{"within Mayotte written YT: no VAT", at("Mamoudzou", "97600", "YT"), at("Mamoudzou", "97600", "YT"),
			at("Mamoudzou", "97600", "FR"), at("Mamoudzou", "97600", "FR"),
			euOutcome{OutsideVATRule, "FR-976", "0.00", "", false}, wire.TaxResultNonTaxable},
	}
	outcome := func(t *testing.T, name string, from, to *wire.Location) (euOutcome, wire.TaxResult) {
		t.Helper()
		r, err := e.Sale(context.Background(), vaSale(today, vaCompany, "GENERAL", from, to, false, none, none))
		if err != nil {
			t.Fatal(err)
		}
		l := r.LineItems[0]
		got := euLineOutcome(t, name, l.Taxes, l.TotalTax.String())
		if got.rule == OutsideVATRule {
			got.from = "" // a NONTAXABLE record is collected from no one
		}
		if r.TotalTax.String() != got.tax {
			t.Errorf("%s: document total %s, line %s", name, r.TotalTax, got.tax)
		}
		return got, l.Taxes[0].TaxResult
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, res := outcome(t, c.name, c.from, c.to)
			if got != c.want || res != c.wantTaxability {
				t.Errorf("got %+v %s, want %+v %s", got, res, c.want, c.wantTaxability)
			}
			asFrance, asRes := outcome(t, c.name+" written FR", c.asFrom, c.asTo)
			if got != asFrance || res != asRes {
				t.Errorf("got %+v %s, but %+v %s written FR with the postcodes", got, res, asFrance, asRes)
			}
		})
	}
}

// TestOverseasDepartmentWrittenAsCountryStored: a stored sale keeps the
// country of an address written GP, though Levy taxes it as France's
// FR-971: the e-invoice of a sale to Pointe-à-Pitre says GP, as before,
// and not FR, which would make goods sent there from Paris a domestic
// sale (partyAddress keeps a country that names the special
// territory resolved). It guards the e-invoice against the new mapping.
func TestOverseasDepartmentWrittenAsCountryStored(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	r := vaSale("2026-06-01", vaCompany, "GENERAL", vtParis, &wire.Location{City: "Pointe-à-Pitre", PostalCode: "97110", Country: "GP"},
		false, nil, nil)
	r.SaleMessageType = wire.SaleInvoice
	r.TransactionID = "GP-1"
	if _, err := e.Sale(ctx, r); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", "GP-1")
	if err != nil {
		t.Fatal(err)
	}
	if c := tx.Customer; c == nil || c.Address == nil || c.Address.Country != "GP" {
		t.Errorf("customer %+v, want the address's country GP", c)
	}
}

// TestRegistrationWrittenAsTerritoryCountry: a tax registration whose
// isoCountryCode is a special territory's ISO 3166-1 code is one with
// the territory's country, as its addresses are: Åland's businesses hold
// Finnish VAT numbers (AX, or ALA, is Finland's FI-01), Guadeloupe's and
// La Réunion's French ones. Before, a seller in Mariehamn registered as
// AX was registered nowhere that Levy taxes, so that its sale within
// Åland bore no tax (NO_TAX) where one registered as FI bears Finland's
// 25.5%, and its Finnish number was not checked (no scheme for AX:
// validation not available). Now it bears 25.5% and the number is
// checked as Finland's (its syntax found valid).
func TestRegistrationWrittenAsTerritoryCountry(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	mariehamn := &wire.Location{City: "Mariehamn", PostalCode: "22100", Country: "FI"}
	jomala := &wire.Location{City: "Jomala", PostalCode: "22150", Country: "FI"}
	saintDenis := &wire.Location{City: "Saint-Denis", PostalCode: "97400", Country: "FR"}
	cases := []struct {
		name     string
		from, to *wire.Location
		reg      wire.TaxRegistration
		want     euOutcome
		// number: the registration's number is checked, and its
		// syntax found valid.
		number bool
	}{
		{"Åland, registered as AX", mariehamn, jomala, wire.TaxRegistration{ISOCountryCode: "AX", TaxRegistrationNumber: "FI02454436"},
			euOutcome{"domestic-supply", "FI-01", "25.50", "SELLER", false}, true},
		{"Åland, registered as ALA", mariehamn, jomala, wire.TaxRegistration{ISOCountryCode: "ALA"},
			euOutcome{"domestic-supply", "FI-01", "25.50", "SELLER", false}, false},
		{"Åland, registered as FI (as before)", mariehamn, jomala, wire.TaxRegistration{ISOCountryCode: "FI", TaxRegistrationNumber: "FI02454436"},
			euOutcome{"domestic-supply", "FI-01", "25.50", "SELLER", false}, true},
		{"Guadeloupe, registered as GP", vtPointeAPitre, vtPointeAPitre, wire.TaxRegistration{ISOCountryCode: "GP"},
			euOutcome{"domestic-supply", "FR-971", "8.50", "SELLER", false}, false},
		{"La Réunion, registered as RE", saintDenis, saintDenis, wire.TaxRegistration{ISOCountryCode: "RE"},
			euOutcome{"domestic-supply", "FR-974", "8.50", "SELLER", false}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := vaSale(today, vaCompany, "GENERAL", c.from, c.to, false, []wire.TaxRegistration{c.reg}, nil)
			r, err := e.Sale(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if len(l.Taxes) != 1 || l.Taxes[0].TaxResult != wire.TaxResultTaxable {
				t.Fatalf("taxes %+v, want one TAXABLE", l.Taxes)
			}
			if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			if !c.number {
				return
			}
			regs := r.Seller.TaxRegistrations
			if len(regs) != 1 || regs[0].ValidationResult == nil || regs[0].ValidationResult.IsSyntaxValid == nil || !*regs[0].ValidationResult.IsSyntaxValid {
				t.Errorf("registrations %+v, want the number's syntax valid", regs)
			} else if regs[0].ISOCountryCode != c.reg.ISOCountryCode {
				t.Errorf("registration's country %s, want it echoed as written (%s)", regs[0].ISOCountryCode, c.reg.ISOCountryCode)
			}
		})
	}
}
