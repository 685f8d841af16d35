package render_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestRenderSellerVATIdentifierOfChargedVAT: a Dutch seller registered
// for VAT in the Netherlands and in Germany (not under the Union scheme)
// sells goods of 1000.00 euros from Amsterdam. To a consumer in Berlin
// it charges Germany's VAT (19%, 190.00), which it owes under its German
// number: its e-invoice names that number as the seller's VAT identifier
// (BT-31; VAT Directive article 226(3)); before, it named the Dutch one
// of the seller's address beside German VAT. To a business in Berlin
// (an intra-community supply, K, the buyer accounting for the VAT) and
// to a consumer in Amsterdam (Dutch VAT) it supplies under its Dutch
// number, whichever order the registrations are listed in.
func TestRenderSellerVATIdentifierOfChargedVAT(t *testing.T) {
	e, j := journaledEngine(t)
	ctx := context.Background()
	nl := wire.TaxRegistration{ISOCountryCode: "NL", TaxRegistrationNumber: "NL004909665B07", TaxRegistrationType: "VAT Registration"}
	de := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: "VAT Registration"}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	amsterdam := &wire.Location{City: "Amsterdam", PostalCode: "1012", Country: "NL"}
	business := &wire.Customer{CustomerName: "Spree Handel GmbH", Destination: berlin, CustomerCode: &wire.CustomerCode{Value: "SH", IsBusinessIndicator: true},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE811907980"}}}
	n := 0
	for _, regs := range [][]wire.TaxRegistration{{nl, de}, {de, nl}} {
		for _, c := range []struct {
			name      string
			customer  *wire.Customer
			cat, want string
		}{
			{"a consumer in Berlin", &wire.Customer{CustomerName: "Max Mustermann", Destination: berlin}, "S", "DE136695976"},
			{"a business in Berlin", business, "K", "NL004909665B07"},
			{"a consumer in Amsterdam", &wire.Customer{CustomerName: "Anna de Vries", Destination: amsterdam}, "S", "NL004909665B07"},
		} {
			n++
			id := "SV-" + string(rune('0'+n))
			price := money.MustParse("1000.00")
			if _, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
				TransactionID: id, DocumentNumber: id, DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
				Seller:    &wire.Seller{Company: "Grachten BV", PhysicalOrigin: amsterdam, TaxRegistrations: regs},
				Customer:  c.customer,
				LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}}); err != nil {
				t.Fatal(err)
			}
			tx, err := j.Get(ctx, levy.DefaultTenant, id)
			if err != nil {
				t.Fatal(err)
			}
			for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
				out, err := render.Render(tx, render.Options{Syntax: syntax})
				if err != nil {
					t.Fatalf("%s, %s first, %s: %v", c.name, regs[0].ISOCountryCode, syntax, err)
				}
				d, err := ubl.Read(out.Content)
				if err != nil {
					t.Fatal(err)
				}
				if len(d.TaxTotals) == 0 || len(d.TaxTotals[0].Subtotals) != 1 || d.TaxTotals[0].Subtotals[0].Category.ID != c.cat {
					t.Fatalf("%s: the breakdown is not one %s subtotal: %+v", c.name, c.cat, d.TaxTotals)
				}
				if d.Supplier.VATID != c.want {
					t.Errorf("%s, %s registration first, %s: the seller's VAT identifier is %q, want %q", c.name, regs[0].ISOCountryCode, syntax, d.Supplier.VATID, c.want)
				}
			}
		}
	}
}
