package render_test

import (
	"fmt"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestRenderVATIdentifierCanonical: the VAT identifiers of an e-invoice
// (BT-31, BT-48) are the parties' numbers in the canonical form of
// jurisdiction/taxreg, whatever separators the request wrote them with
// and whether it named the country by its alpha-2 or alpha-3 code: a
// number is the country's VAT prefix and the number, without separators
// (the form VIES and the member states' registers give it). Before, only
// white space was dropped, so the invoice stated "DE136.695.976" for a
// German number written with dots and "DEU136695976" for one whose
// registration named Germany "DEU"; an Irish buyer named "IRL", or a
// Greek one named by the VAT prefix "EL", was not matched to its address
// either, and the invoice named its Austrian number. The numbers pass
// their check digits (IE6388047V is Google Ireland Limited's, as its
// invoices state it); an old 8-digit Greek number takes its leading 0. A
// number written with Northern Ireland's prefix XI keeps it, in a
// registration of GB or of XI. A registration that names no country is
// the country of the VAT prefix its number is written with.
func TestRenderVATIdentifierCanonical(t *testing.T) {
	e, j := journaledEngine(t)
	seller := &wire.Seller{Company: "Grachten BV", PhysicalOrigin: &wire.Location{City: "Amsterdam", PostalCode: "1012", Country: "NL"},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "NLD", TaxRegistrationNumber: "nl 0049.09.665.b07"}}}
	for i, c := range []struct {
		reg          wire.TaxRegistration
		city, postal string
		country      string
		want         string
	}{
		{wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE 136.695.976"}, "Berlin", "10115", "DE", "DE136695976"},
		{wire.TaxRegistration{ISOCountryCode: "DEU", TaxRegistrationNumber: "136695976"}, "Berlin", "10115", "DE", "DE136695976"},
		{wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "136-695-976"}, "Berlin", "10115", "DE", "DE136695976"},
		{wire.TaxRegistration{ISOCountryCode: "IRL", TaxRegistrationNumber: "ie 6388047 v"}, "Dublin", "D04", "IE", "IE6388047V"},
		{wire.TaxRegistration{ISOCountryCode: "EL", TaxRegistrationNumber: "94012834"}, "Athens", "105 57", "GR", "EL094012834"},
		{wire.TaxRegistration{ISOCountryCode: "GB", TaxRegistrationNumber: "XI 000 4726 31"}, "Belfast", "BT1 5GS", "GB", "XI000472631"},
		{wire.TaxRegistration{ISOCountryCode: "XI", TaxRegistrationNumber: "xi-000-4726-31"}, "Belfast", "BT1 5GS", "GB", "XI000472631"},
		// A registration that names no country is its number's prefix's.
		{wire.TaxRegistration{TaxRegistrationNumber: "de 136.695.976"}, "Berlin", "10115", "DE", "DE136695976"},
		{wire.TaxRegistration{TaxRegistrationNumber: "EL 094.012.834"}, "Athens", "105 57", "GR", "EL094012834"},
	} {
		id := fmt.Sprintf("VATID-%d", i+1)
		regs := []wire.TaxRegistration{c.reg}
		if c.country != "GB" {
			// A registration of another member state, listed first: the
			// number of the buyer's own country is still the one chosen.
			regs = []wire.TaxRegistration{{ISOCountryCode: "AT", TaxRegistrationNumber: "ATU10223006"}, c.reg}
		}
		d := renderGoodsSale(t, e, j, id, seller,
			&wire.Customer{CustomerName: "Kunde", Destination: &wire.Location{City: c.city, PostalCode: c.postal, Country: c.country},
				TaxRegistrations: regs, CustomerCode: &wire.CustomerCode{Value: "K", IsBusinessIndicator: true}},
			"eu-reverse-charge")
		if d.Supplier.VATID != "NL004909665B07" {
			t.Errorf("%s: the seller's VAT identifier is %q, want NL004909665B07", id, d.Supplier.VATID)
		}
		if d.Customer.VATID != c.want {
			t.Errorf("%s: the buyer's number %q (%s): VAT identifier %q, want %q", id, c.reg.TaxRegistrationNumber, c.reg.ISOCountryCode, d.Customer.VATID, c.want)
		}
	}
}
