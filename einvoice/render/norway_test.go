package render_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestRenderNorwegianVATIdentifier: a Norwegian seller's VAT identifier
// (BT-31) is NO, its organisation number and MVA, as Peppol BIS's rule
// NO-R-001 requires, however its VAT registration gives the number:
// jurisdiction/taxreg takes the organisation number with or without MVA.
// Before, a registration that gave the organisation number alone (or
// with dashes) made the invoice state "NO974760673", and Levy refused to
// render the Peppol invoice for breaking NO-R-001.
func TestRenderNorwegianVATIdentifier(t *testing.T) {
	e, j := journaledEngine(t)
	ctx := context.Background()
	for i, number := range []string{"NO 974 760 673 MVA", "974760673", "974 760 673", "no-974-760-673-mva"} {
		id := fmt.Sprintf("NO-%d", i+1)
		price := money.MustParse("1000.00")
		r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
			TransactionID: id, DocumentNumber: id,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "NOK"},
			Seller: &wire.Seller{Company: "Fjord AS", PhysicalOrigin: &wire.Location{City: "Oslo", PostalCode: "0150", Country: "NO"},
				TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "NO", TaxRegistrationNumber: number}}},
			Customer: &wire.Customer{CustomerName: "Kunde AS", Destination: &wire.Location{City: "Bergen", PostalCode: "5003", Country: "NO"},
				CustomerCode: &wire.CustomerCode{Value: "KUNDE", IsBusinessIndicator: true}},
			LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}})
		if err != nil {
			t.Fatal(err)
		}
		stored, err := j.Get(ctx, levy.DefaultTenant, r.TransactionID)
		if err != nil {
			t.Fatal(err)
		}
		out, err := render.Render(stored, render.Options{Syntax: ubl.SyntaxUBL,
			SellerEndpoint: "0192:974760673", BuyerEndpoint: "0192:923609016",
			DueDate: civil.MustParse("2026-07-01"), BuyerReference: "REF-1"})
		if err != nil {
			t.Errorf("registration %q: %v", number, err)
			continue
		}
		d, err := ubl.Read(out.Content)
		if err != nil {
			t.Fatal(err)
		}
		if d.Supplier.VATID != "NO974760673MVA" {
			t.Errorf("registration %q: the seller's VAT identifier is %q, want NO974760673MVA", number, d.Supplier.VATID)
		}
		if ps := d.Check(); ubl.HasFatal(ps) {
			t.Errorf("registration %q: %v", number, ps)
		}
	}
}
