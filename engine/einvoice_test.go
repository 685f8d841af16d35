package engine

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestStoredSaleKeepsEInvoiceParts: a stored sale keeps what its
// e-invoice needs besides its amounts: the seller and the customer (their
// codes, the customer's name, their addresses with the country the
// calculation resolved, their registrations), each line's item, and a
// line's own customer where it names one; a quotation stores nothing.
func TestStoredSaleKeepsEInvoiceParts(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	var req wire.SaleRequest
	if err := json.Unmarshal([]byte(`{
  "saleMessageType": "INVOICE", "transactionType": "SALE", "documentDate": "2026-09-01", "transactionId": "EI-1", "documentNumber": "2026-0815",
  "currency": {"isoCurrencyCodeAlpha": "EUR"},
  "seller": {"company": "MUNICH-GMBH", "physicalOrigin": {"streetAddress1": "Marienplatz 8", "city": "München", "postalCode": "80331", "country": "de"},
    "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE136695976", "taxRegistrationType": "VAT Registration"}]},
  "customer": {"customerCode": {"value": "C-77", "isBusinessIndicator": true}, "customerName": "Atelier Lumière SARL",
    "destination": {"streetAddress1": "12 rue de Rivoli", "city": "Paris", "postalCode": "75001", "country": "FR"},
    "taxRegistrations": [{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045", "taxRegistrationType": "VAT Registration"}]},
  "lineItems": [
    {"lineItemId": "1", "lineItemDescription": "Desk lamp", "product": {"productClass": "GENERAL", "value": "LAMP-9"},
     "quantity": {"value": 4, "unitOfMeasure": "EA"}, "unitPrice": 25.00, "extendedPrice": 100.00, "freight": 10.00},
    {"lineItemId": "2", "product": {"productClass": "GENERAL"}, "extendedPrice": 50.00,
     "customer": {"customerName": "Other GmbH", "destination": {"city": "Berlin", "postalCode": "10115", "country": "DE"}}}
  ]}`), &req); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Sale(ctx, &req); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", "EI-1")
	if err != nil {
		t.Fatal(err)
	}
	s, c := tx.Seller, tx.Customer
	if s == nil || s.Code != "MUNICH-GMBH" || s.Address == nil || s.Address.Country != "DE" || s.Address.Street1 != "Marienplatz 8" ||
		len(s.Registrations) != 1 || s.Registrations[0].Number != "DE136695976" || s.Registrations[0].Type != "VAT Registration" {
		t.Errorf("seller %+v %+v", s, s.Address)
	}
	if c == nil || c.Code != "C-77" || c.Name != "Atelier Lumière SARL" || !c.Business || c.Address.Country != "FR" || c.Address.PostalCode != "75001" {
		t.Errorf("customer %+v", c)
	}
	if len(tx.Lines) != 2 {
		t.Fatalf("%d lines", len(tx.Lines))
	}
	it := tx.Lines[0].Item
	if it == nil || it.Description != "Desk lamp" || it.ProductCode != "LAMP-9" || it.Quantity.String() != "4" || it.Unit != "EA" ||
		it.UnitPrice == nil || it.UnitPrice.String() != "25.00" || it.Freight.String() != "10.00" || tx.Lines[0].Customer != nil {
		t.Errorf("line 1: %+v %+v", it, tx.Lines[0].Customer)
	}
	if lc := tx.Lines[1].Customer; lc == nil || lc.Name != "Other GmbH" || lc.Address.Country != "DE" {
		t.Errorf("line 2's customer %+v", lc)
	}
	// A reversal keeps them, with the freight negated as the amounts are.
	rev, err := j.Reverse(ctx, "acme", "EI-1", journal.Reversal{TransactionID: "EI-1-R"})
	if err != nil {
		t.Fatal(err)
	}
	if rev.Customer == nil || rev.Customer.Name != c.Name || rev.Lines[0].Item.Freight.String() != "-10.00" || tx.Lines[0].Item.Freight.String() != "10.00" {
		t.Errorf("reversal %+v %+v", rev.Customer, rev.Lines[0].Item)
	}
}
