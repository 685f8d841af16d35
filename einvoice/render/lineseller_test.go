package render_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/wire"
)

// TestRenderLineRepeatsSeller: an ERP that sends the seller on every
// line as well as on the document (the same company, address and VAT
// registration) sells one seller's goods, whose e-invoice names that
// seller; before, Render refused it as a line naming "a seller of its
// own", as it accepted a line repeating the customer. A line whose seller
// is another company is still refused, naming both.
func TestRenderLineRepeatsSeller(t *testing.T) {
	e, j := journaledEngine(t)
	ctx := context.Background()
	const seller = `{"company": "BERLIN-SHOP", "physicalOrigin": {"streetAddress1": "Invalidenstrasse 117", "city": "Berlin", "postalCode": "10115", "country": "DE"},
    "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE811907980", "taxRegistrationType": "VAT Registration"}]}`
	sale := func(id, lineSeller string) error {
		t.Helper()
		var req wire.SaleRequest
		if err := json.Unmarshal([]byte(`{"saleMessageType": "INVOICE", "transactionType": "SALE", "documentDate": "2026-09-01", "transactionId": "`+id+`",
  "documentNumber": "`+id+`", "currency": {"isoCurrencyCodeAlpha": "EUR"}, "seller": `+seller+`,
  "customer": {"customerName": "Hanse Kontor GmbH", "customerCode": {"value": "HK-1", "isBusinessIndicator": true},
    "destination": {"streetAddress1": "Ballindamm 40", "city": "Hamburg", "postalCode": "20095", "country": "DE"}},
  "lineItems": [{"lineItemId": "1", "product": {"productClass": "GENERAL"}, "extendedPrice": 50.00, "seller": `+lineSeller+`},
    {"lineItemId": "2", "product": {"productClass": "GENERAL"}, "extendedPrice": 20.00, "seller": `+lineSeller+`}]}`), &req); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Sale(ctx, &req); err != nil {
			t.Fatal(err)
		}
		tx, err := j.Get(ctx, levy.DefaultTenant, id)
		if err != nil {
			t.Fatal(err)
		}
		for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
			out, err := render.Render(tx, render.Options{Syntax: syntax})
			if err != nil {
				return err
			}
			d, err := ubl.Read(out.Content)
			if err != nil {
				t.Fatal(err)
			}
			if d.Supplier.VATID != "DE811907980" || d.Totals.PayableAmount.Value.String() != "83.3" {
				t.Errorf("%s %s: seller %q, payable %s; want DE811907980, 83.30", id, syntax, d.Supplier.VATID, d.Totals.PayableAmount.Value)
			}
		}
		return nil
	}
	if err := sale("LS-1", seller); err != nil {
		t.Errorf("the lines repeat the document's seller: %v", err)
	}
	other := strings.Replace(seller, "BERLIN-SHOP", "BERLIN-OUTLET", 1)
	err := sale("LS-2", other)
	if err == nil || !strings.Contains(err.Error(), "names a seller of its own") || !strings.Contains(err.Error(), "BERLIN-OUTLET") || !strings.Contains(err.Error(), "BERLIN-SHOP") {
		t.Errorf("the lines name another seller: %v, want a refusal naming BERLIN-OUTLET and BERLIN-SHOP", err)
	}
}
