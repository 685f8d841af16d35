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

// TestRenderDomesticReverseCharge: mobile phones sold from Munich to a
// business in Berlin, both registered for German VAT. At 6,000.00 the
// sale is reverse charged in Germany (UStG § 13b Abs. 2 Nr. 10, the
// engine's domestic-reverse-charge): its e-invoice, rendered from the
// journal as UBL and as CII, puts the line and the breakdown in category
// AE at 0%, with the exemption reason code VATEX-EU-AE and no VAT
// amount, and states the seller's and the buyer's German VAT
// identifiers, which EN 16931 asks of a reverse charge (BR-AE-02 to
// BR-AE-04); the document passes the rules' checks. At 4,999.99, below
// the threshold, the seller charges 19%, 950.00, in category S.
func TestRenderDomesticReverseCharge(t *testing.T) {
	e, j := journaledEngine(t)
	ctx := context.Background()
	seller := &wire.Seller{Company: "Funk GmbH", PhysicalOrigin: &wire.Location{StreetAddress1: "Marienplatz 8", City: "München", PostalCode: "80331", Country: "DE"},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: "VAT Registration"}}}
	customer := &wire.Customer{CustomerName: "Handel Berlin GmbH", CustomerCode: &wire.CustomerCode{Value: "HB", IsBusinessIndicator: true},
		Destination:      &wire.Location{StreetAddress1: "Unter den Linden 1", City: "Berlin", PostalCode: "10117", Country: "DE"},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE129273398", TaxRegistrationType: "VAT Registration"}}}
	for _, c := range []struct {
		id, price, cat, percent, tax, code string
	}{
		{"DRC-1", "6000.00", "AE", "0", "0.00", "VATEX-EU-AE"},
		{"DRC-2", "4999.99", "S", "19", "950.00", ""},
	} {
		price := money.MustParse(c.price)
		r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
			TransactionID: c.id, DocumentNumber: c.id, DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller: seller, Customer: customer,
			LineItems: []wire.SaleLineItem{{LineItemID: "1", LineItemDescription: "Mobile phones", Product: &wire.Product{ProductClass: "MOBILE_PHONES"}, ExtendedPrice: &price}}})
		if err != nil {
			t.Fatal(err)
		}
		stored, err := j.Get(ctx, levy.DefaultTenant, r.TransactionID)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range walkRender(t, stored, render.Options{}) {
			syntax := []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII}[i]
			if len(d.Lines) != 1 || d.Lines[0].TaxCategory.ID != c.cat || d.Lines[0].TaxCategory.Percent.Value.String() != c.percent {
				t.Errorf("%s %v: line category %+v, want %s at %s%%", c.id, syntax, d.Lines, c.cat, c.percent)
			}
			if len(d.TaxTotals) == 0 || len(d.TaxTotals[0].Subtotals) != 1 {
				t.Fatalf("%s %v: breakdown %+v", c.id, syntax, d.TaxTotals)
			}
			sub := d.TaxTotals[0].Subtotals[0]
			if sub.Category.ID != c.cat || sub.Category.ExemptionReasonCode != c.code || sub.TaxAmount.Value.StringFixed(2) != c.tax ||
				sub.TaxableAmount.Value.StringFixed(2) != c.price {
				t.Errorf("%s %v: breakdown %+v, want %s on %s, reason %q, tax %s", c.id, syntax, sub, c.cat, c.price, c.code, c.tax)
			}
			if d.Supplier.VATID != "DE136695976" || d.Customer.VATID != "DE129273398" {
				t.Errorf("%s %v: VAT identifiers %q and %q", c.id, syntax, d.Supplier.VATID, d.Customer.VATID)
			}
		}
	}
}
