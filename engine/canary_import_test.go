package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestImportIntoTheEUByTheImporter: goods dispatched from outside the
// EU's VAT area into a member state are supplied where their dispatch
// begins, and the import VAT is collected at the border from the
// importer (VAT Directive 2006/112/EC, articles 30, 32 and 201); the
// supplier's supply is in the member state of importation only when it
// is the importer itself (article 32, second paragraph), which a request
// says with the delivery term DDP. The Canary Islands are outside the
// EU's VAT area (article 6): goods sent from Las Palmas to Madrid by a
// seller registered in Spain are imported into Spain. Before, such a
// seller charged Spain's 21% at sale to a business, and to a consumer
// before 2021-07-01 (when the Import One Stop Shop took consumers'
// consignments over); a German-registered seller likewise charged 19% on
// goods sent from New York to a Berlin business. Now they meet the VAT at
// the border unless delivered duty paid, and the delivery term is not
// reported as not acted on for them. A seller that imports the goods
// itself, delivered duty paid, charges the VAT of the member state where
// it is registered whatever their value: the EUR 150 limit of the Import
// One Stop Shop no longer sends its consignment to the border (before, a
// consumer's EUR 100 from a seller without IOSS, or EUR 200 above the
// limit, met the VAT at the border even delivered duty paid).
func TestImportIntoTheEUByTheImporter(t *testing.T) {
	e := testEngine(t)
	es := []wire.TaxRegistration{{ISOCountryCode: "ES", TaxRegistrationNumber: "ESA28015865"}}
	de := []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}}
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	ieIOSS := wire.TaxRegistration{ISOCountryCode: "IE", TaxRegistrationType: "Import One Stop Shop"}
	for _, c := range []struct {
		name, date string
		from, to   *wire.Location
		business   bool
		regs       []wire.TaxRegistration
		ddp        bool
		want       string
	}{
		{"Las Palmas to a Madrid business", "2026-06-01", vtLasPalmas, vtMadrid, true, es, false, "ES:NONTAXABLE:0.00:import-at-border"},
		{"Las Palmas to a Madrid business, DDP", "2026-06-01", vtLasPalmas, vtMadrid, true, es, true, "ES:TAXABLE:21.00:import-registered-seller"},
		{"Las Palmas to a Madrid consumer in 2020", "2020-06-01", vtLasPalmas, vtMadrid, false, es, false, "ES:NONTAXABLE:0.00:import-at-border"},
		{"Las Palmas to a Madrid consumer in 2020, DDP", "2020-06-01", vtLasPalmas, vtMadrid, false, es, true, "ES:TAXABLE:21.00:import-registered-seller"},
		{"Las Palmas to a Madrid consumer in 2026: IOSS decides, not registered for it", "2026-06-01", vtLasPalmas, vtMadrid, false, es, false, "ES:NONTAXABLE:0.00:import-at-border"},
		{"Las Palmas to a Madrid consumer in 2026, DDP: the seller imports", "2026-06-01", vtLasPalmas, vtMadrid, false, es, true, "ES:TAXABLE:21.00:import-registered-seller"},
		{"EUR 200 from Las Palmas to a Madrid consumer in 2026, IOSS and DDP: above EUR 150, the seller imports", "2026-06-01", vtLasPalmas, vtMadrid, false, append(es, ieIOSS), true, "ES:TAXABLE:42.00:import-registered-seller"},
		{"EUR 200 from Las Palmas to a Madrid consumer in 2026, IOSS: above EUR 150, the border", "2026-06-01", vtLasPalmas, vtMadrid, false, append(es, ieIOSS), false, "ES:NONTAXABLE:0.00:import-at-border"},
		{"New York to a Berlin business", "2026-06-01", newYork, berlin, true, de, false, "US:NONTAXABLE:0.00:us-export"},
		{"New York to a Berlin business, DDP", "2026-06-01", newYork, berlin, true, de, true, "DE:TAXABLE:19.00:import-registered-seller"},
	} {
		req := vaSale(c.date, "", "GENERAL", c.from, c.to, c.business, c.regs, nil)
		if strings.HasPrefix(c.name, "EUR 200") {
			req.LineItems[0].ExtendedPrice = amt("200.00")
		}
		if c.ddp {
			req.DeliveryTerm = wire.DeliveryTermDDP
		}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := &r.LineItems[0]
		if got, _ := schemeLine(l); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
		for _, p := range l.AssistedParameters {
			if p.ParamName == "deliveryTerm" && p.RuleName == NotActedOnRule {
				t.Errorf("%s: the delivery term said not acted on", c.name)
			}
		}
	}
}
