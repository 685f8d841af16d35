package engine

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
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

// TestStoredSellerRegistrationsReachEInvoice: a seller whose VAT
// registration is stored in the tenant's profile sends none with its
// sale, and the calculation charges Germany's VAT as the registered
// seller's. The journal keeps the registration the calculation used (not
// the one that ended before the sale, nor another company's), so that
// the sale's e-invoice, UBL and CII, names the seller's VAT identifier
// and passes Levy's rules; before, the journal kept no registration and
// Render refused the e-invoice under BR-S-02. So it does when the line
// repeats the seller, which leaves the document's seller to no line. A
// request that sends registrations of its own keeps those alone.
func TestStoredSellerRegistrationsReachEInvoice(t *testing.T) {
	store := profile.NewMemory()
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "MUNICH", Jurisdiction: "DEU", Number: "DE 811 569 869", Type: "VAT Registration",
			EffectiveDate: civil.MustParse("2015-01-01"), EndDate: civil.MustParse("2019-12-31")},
		{CompanyCode: "MUNICH", Jurisdiction: "DEU", Number: "DE136695976", Type: "VAT Registration", EffectiveDate: civil.MustParse("2020-01-01")},
		{CompanyCode: "OTHER", Jurisdiction: "DEU", Number: "DE129273398", Type: "VAT Registration", EffectiveDate: civil.MustParse("2020-01-01")},
	}}
	if _, err := profile.NewService(store, profile.Config{}).Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, j := profileEngine(t, store)
	ctx := context.Background()
	const seller = `{"company": "MUNICH", "physicalOrigin": {"streetAddress1": "Marienplatz 8", "city": "München", "postalCode": "80331", "country": "DE"}`
	sale := func(id, regs, lineSeller string) *journal.Transaction {
		t.Helper()
		var req wire.SaleRequest
		mustDecode(t, []byte(`{
  "saleMessageType": "INVOICE", "transactionType": "SALE", "documentDate": "2026-05-04", "transactionId": "`+id+`", "documentNumber": "`+id+`",
  "currency": {"isoCurrencyCodeAlpha": "EUR"},
  "seller": `+seller+regs+`},
  "customer": {"customerCode": {"value": "C-1", "isBusinessIndicator": true}, "customerName": "Kunde GmbH",
    "destination": {"streetAddress1": "Unter den Linden 1", "city": "Berlin", "postalCode": "10117", "country": "DE"}},
  "lineItems": [{"lineItemId": "1", "lineItemDescription": "Lamp", "product": {"productClass": "GENERAL"},
    "quantity": {"value": 2, "unitOfMeasure": "C62"}, "unitPrice": 50, "extendedPrice": 100`+lineSeller+`}]}`), &req)
		r, err := e.Sale(ctx, &req)
		if err != nil {
			t.Fatal(err)
		}
		if tax := r.LineItems[0].Taxes; len(tax) != 1 || tax[0].CalculatedTax.String() != "19.00" || tax[0].NotRegisteredIndicator {
			t.Fatalf("%s: taxes %+v, want Germany's 19.00 charged", id, tax)
		}
		tx, err := j.Get(ctx, levy.DefaultTenant, id)
		if err != nil {
			t.Fatal(err)
		}
		return tx
	}

	tx := sale("SR-1", "", "")
	want := []journal.Registration{{Country: "DE", Number: "DE136695976", Type: "VAT Registration"}}
	if tx.Seller == nil || !reflect.DeepEqual(tx.Seller.Registrations, want) {
		t.Fatalf("the journal's seller %+v, want the registration stored in force %+v", tx.Seller, want)
	}
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		out, err := render.Render(tx, render.Options{Syntax: syntax})
		if err != nil {
			t.Fatalf("%s: %v", syntax, err)
		}
		if !strings.Contains(string(out.Content), ">DE136695976<") {
			t.Errorf("%s: the e-invoice names no seller VAT identifier DE136695976:\n%s", syntax, out.Content)
		}
	}

	// The line repeats the seller: the document's, which no line uses,
	// keeps the registration its company's line took from the profile,
	// the same party as the line's.
	tx = sale("SR-3", "", `, "seller": `+seller+`}`)
	if tx.Seller == nil || !reflect.DeepEqual(tx.Seller.Registrations, want) || tx.Lines[0].Seller == nil ||
		!reflect.DeepEqual(tx.Lines[0].Seller.Registrations, want) {
		t.Fatalf("a line repeating the seller: the journal's seller %+v, the line's %+v, want both with %+v", tx.Seller, tx.Lines[0].Seller, want)
	}
	if _, err := render.Render(tx, render.Options{}); err != nil {
		t.Errorf("a line repeating the seller: %v", err)
	}

	tx = sale("SR-2", `, "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE129273398", "taxRegistrationType": "VAT Registration"}]`, "")
	want = []journal.Registration{{Country: "DE", Number: "DE129273398", Type: "VAT Registration"}}
	if tx.Seller == nil || !reflect.DeepEqual(tx.Seller.Registrations, want) {
		t.Fatalf("the journal's seller %+v, want the request's registration alone %+v", tx.Seller, want)
	}
}
