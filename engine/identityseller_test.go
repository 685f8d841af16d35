package engine

import (
	"context"
	"reflect"
	"strings"
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

// TestStoredCVRBesideAnSENumber: a Danish company whose VAT number is an
// SE number of its own (DK32123457) sends that VAT registration with its
// sale, and its tenant's profile stores its CVR number (13585628) as a
// Commercial Registration, as docs/einvoicing.md says such a seller
// does. The journal keeps the VAT registration sent, then the stored CVR
// number, and the Peppol e-invoice states the CVR number as the seller's
// legal registration identifier (BT-30, scheme 0184). Before, the
// journal kept the VAT registration alone, and BT-30 was the SE number's
// digits, no CVR number.
func TestStoredCVRBesideAnSENumber(t *testing.T) {
	store := profile.NewMemory()
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "HAVN", Jurisdiction: "DK", Number: "13585628", Type: wire.TaxRegistrationTypeCommercialRegistration, EffectiveDate: civil.MustParse("2020-01-01")},
	}}
	if _, err := profile.NewService(store, profile.Config{}).Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, j := profileEngine(t, store)
	ctx := context.Background()
	se := wire.TaxRegistration{ISOCountryCode: "DK", TaxRegistrationNumber: "DK32123457", TaxRegistrationType: wire.TaxRegistrationTypeVAT}
	r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: "SE-1", DocumentNumber: "SE-1", DocumentDate: civil.MustParse("2026-05-04"),
		Currency: &wire.Currency{ISOCurrencyCodeAlpha: "DKK"},
		Seller: &wire.Seller{Company: "HAVN", TaxRegistrations: []wire.TaxRegistration{se},
			PhysicalOrigin: &wire.Location{StreetAddress1: "Vesterbrogade 1", City: "København V", PostalCode: "1620", Country: "DK"}},
		Customer: &wire.Customer{CustomerName: "Jysk Handel A/S", CustomerCode: &wire.CustomerCode{Value: "JH", IsBusinessIndicator: true},
			Destination:      &wire.Location{StreetAddress1: "Åboulevarden 2", City: "Aarhus C", PostalCode: "8000", Country: "DK"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DK", TaxRegistrationNumber: "DK21314900"}}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", LineItemDescription: "Lamp", Product: &wire.Product{ProductClass: "GENERAL"},
			ExtendedPrice: amt("1000.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	if tax := r.LineItems[0].TotalTax.String(); tax != "250.00" {
		t.Fatalf("total tax %s, want Denmark's 25%% (250.00)", tax)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "SE-1")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tx.Seller.Registrations); n != 2 || tx.Seller.Registrations[0].Number != "DK32123457" ||
		tx.Seller.Registrations[1].Type != string(wire.TaxRegistrationTypeCommercialRegistration) {
		t.Fatalf("the journal's seller registrations %+v, want the VAT registration sent, then the stored CVR number", tx.Seller.Registrations)
	}
	out, err := render.Render(tx, render.Options{SellerEndpoint: "0184:13585628", BuyerEndpoint: "0184:21314900", BuyerReference: "REF-1",
		DueDate: civil.MustParse("2026-06-01")})
	if err != nil {
		t.Fatal(err)
	}
	if want := `<cbc:CompanyID schemeID="0184">13585628</cbc:CompanyID>`; !strings.Contains(string(out.Content), want) {
		t.Errorf("the Peppol invoice does not hold %s:\n%s", want, out.Content)
	}
	if !strings.Contains(string(out.Content), ">DK32123457<") {
		t.Errorf("the Peppol invoice does not name the seller's VAT identifier DK32123457")
	}
}
