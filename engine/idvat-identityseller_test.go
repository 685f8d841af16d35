package engine

import (
	"context"
	"reflect"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestRepeatedSellerWithOnlyAnIdentityNumber: an ERP repeats the seller
// on its line, and the seller (document's and line's alike) sends only
// its trade register number (a Commercial Registration), while its
// German VAT registration is stored in the tenant's profile. A seller
// that sends only numbers that identify it takes its stored
// registrations, as one that sends none does: the line's does, and so
// must the document's, which no line uses. The journal keeps one seller
// on the document and on the line (the stored VAT registration, then
// the number sent), and the e-invoice is rendered. Before, the
// document's seller kept the trade register number alone, unlike the
// line's, and Render refused the e-invoice as one whose line names a
// seller of its own.
func TestRepeatedSellerWithOnlyAnIdentityNumber(t *testing.T) {
	store := profile.NewMemory()
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "MUNICH", Jurisdiction: "DEU", Number: "DE136695976", Type: wire.TaxRegistrationTypeVAT, EffectiveDate: civil.MustParse("2020-01-01")},
	}}
	if _, err := profile.NewService(store, profile.Config{}).Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, j := profileEngine(t, store)
	ctx := context.Background()
	seller := func() *wire.Seller {
		return &wire.Seller{Company: "MUNICH",
			PhysicalOrigin: &wire.Location{StreetAddress1: "Marienplatz 8", City: "München", PostalCode: "80331", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "HRB 86891",
				TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}}
	}
	r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: "RS-1", DocumentNumber: "RS-1", DocumentDate: civil.MustParse("2026-05-04"),
		Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, Seller: seller(),
		Customer: &wire.Customer{CustomerName: "Kunde GmbH", CustomerCode: &wire.CustomerCode{Value: "C-1", IsBusinessIndicator: true},
			Destination: &wire.Location{StreetAddress1: "Unter den Linden 1", City: "Berlin", PostalCode: "10117", Country: "DE"}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", LineItemDescription: "Lamp", Seller: seller(),
			Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := schemeLine(&r.LineItems[0]); got != "DE:TAXABLE:19.00:domestic-supply" {
		t.Fatalf("taxes %s, want Germany's 19.00 charged under the stored registration", got)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "RS-1")
	if err != nil {
		t.Fatal(err)
	}
	want := []journal.Registration{{Country: "DE", Number: "DE136695976", Type: "VAT Registration"},
		{Country: "DE", Number: "HRB 86891", Type: "Commercial Registration"}}
	if tx.Seller == nil || !reflect.DeepEqual(tx.Seller.Registrations, want) {
		t.Errorf("the journal's document seller %+v, want %+v", tx.Seller, want)
	}
	if ls := tx.Lines[0].Seller; ls == nil || !reflect.DeepEqual(ls.Registrations, want) {
		t.Errorf("the journal's line seller %+v, want %+v", ls, want)
	}
	if _, err := render.Render(tx, render.Options{}); err != nil {
		t.Errorf("render: %v", err)
	}
}
