package render_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestRenderRepresentativeOfASellerWithoutANumber: a seller established
// outside the EU sells goods of 1000.00 euros from a warehouse in Hamburg
// to a consumer in Berlin, and charges Germany's VAT (19%: 190.00) under
// a German registration that has no number of its own and names its
// fiscal representative in Hamburg. The journal keeps the registration,
// without a number, with its representative; the e-invoice, in UBL and
// in CII, states no seller's VAT identifier (BT-31) and names the
// representative (BG-11), whose VAT identifier (BT-63) is the one that
// EN 16931 takes in its place (BR-S-02), and passes Levy's rules. Before,
// the registration was not kept, and the invoice was refused for want of
// a seller's VAT identifier.
// A registration without a number that names no representative, or one
// that names neither a country nor a jurisdiction, is still not kept.
func TestRenderRepresentativeOfASellerWithoutANumber(t *testing.T) {
	e, j := journaledEngine(t)
	ctx := context.Background()
	hamburg := &wire.Location{StreetAddress1: "Am Sandtorkai 50", City: "Hamburg", PostalCode: "20457", Country: "DE"}
	rep := &wire.FiscalRepresentative{BusinessName: "Elbe Steuervertretung GmbH", TaxRegistrationNumber: "129 273 398",
		Address: &wire.Location{StreetAddress1: "Jungfernstieg 7", City: "Hamburg", PostalCode: "20354", Country: "DE"}}
	sale := func(id string, regs ...wire.TaxRegistration) {
		t.Helper()
		price := money.MustParse("1000.00")
		if _, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
			TransactionID: id, DocumentNumber: id, DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:    &wire.Seller{Company: "Hudson Lamps Inc", PhysicalOrigin: hamburg, TaxRegistrations: regs},
			Customer:  &wire.Customer{CustomerName: "Max Mustermann", Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
			LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}}); err != nil {
			t.Fatal(err)
		}
	}

	sale("RN-1", wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationType: "VAT Registration", FiscalRepresentative: rep})
	tx, err := j.Get(ctx, levy.DefaultTenant, "RN-1")
	if err != nil {
		t.Fatal(err)
	}
	if !tx.TotalTax.Equal(money.MustParse("190.00")) {
		t.Fatalf("the sale's tax is %s, want Germany's 19%% of 1000.00", tx.TotalTax)
	}
	if regs := tx.Seller.Registrations; len(regs) != 1 || regs[0].Country != "DE" || regs[0].Number != "" || regs[0].Representative == nil ||
		regs[0].Representative.Name != "Elbe Steuervertretung GmbH" {
		t.Fatalf("the journal keeps the seller's registrations as %+v", regs)
	}
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		r, d := read(t, tx, render.Options{Syntax: syntax, DueDate: civil.MustParse("2026-07-01")})
		if d.Supplier.VATID != "" {
			t.Errorf("%s: the seller's VAT identifier is %q, want none", syntax, d.Supplier.VATID)
		}
		if !bytes.Contains(r.Content, []byte("Elbe Steuervertretung GmbH")) || !bytes.Contains(r.Content, []byte("DE129273398")) {
			t.Errorf("%s: the invoice does not name the representative and its VAT identifier DE129273398:\n%s", syntax, r.Content)
		}
		for _, p := range d.Check() {
			if strings.HasPrefix(p.Code, "BR-") {
				t.Errorf("%s: %s %s: %s", syntax, p.Flag, p.Code, p.Message)
			}
		}
	}

	for _, c := range []struct {
		name string
		reg  wire.TaxRegistration
	}{
		{"no representative", wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationType: "VAT Registration"}},
		{"no country", wire.TaxRegistration{TaxRegistrationType: "VAT Registration", FiscalRepresentative: rep}},
	} {
		id := "RN-" + c.name
		sale(id, c.reg)
		tx, err := j.Get(ctx, levy.DefaultTenant, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(tx.Seller.Registrations) != 0 {
			t.Errorf("a registration without a number and with %s is kept as %+v", c.name, tx.Seller.Registrations)
		}
	}
}

// TestRepresentedSellerWithoutCompanyCode: a seller that charges
// Germany's VAT through its representative, without a number of its own
// and without a company code, has nothing that EN 16931 takes as the
// seller's identifier (BR-CO-26: BT-29, BT-30 or BT-31; the
// representative's BT-63 is not one). The refusal says to calculate the
// sale again with the seller's company code, not to store a VAT
// registration it does not have.
func TestRepresentedSellerWithoutCompanyCode(t *testing.T) {
	e, j := journaledEngine(t)
	ctx := context.Background()
	rep := &wire.FiscalRepresentative{BusinessName: "Elbe Steuervertretung GmbH", TaxRegistrationNumber: "129 273 398",
		Address: &wire.Location{StreetAddress1: "Jungfernstieg 7", City: "Hamburg", PostalCode: "20354", Country: "DE"}}
	price := money.MustParse("1000.00")
	if _, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: "RN-NOCODE", DocumentNumber: "RN-NOCODE", DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: &wire.Seller{PhysicalOrigin: &wire.Location{StreetAddress1: "Am Sandtorkai 50", City: "Hamburg", PostalCode: "20457", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationType: "VAT Registration", FiscalRepresentative: rep}}},
		Customer:  &wire.Customer{CustomerName: "Max Mustermann", Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}}); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "RN-NOCODE")
	if err != nil {
		t.Fatal(err)
	}
	_, err = render.Render(tx, render.Options{SellerName: "Hudson Lamps Inc", DueDate: civil.MustParse("2026-07-01")})
	if err == nil || !strings.Contains(err.Error(), "BR-CO-26") || !strings.Contains(err.Error(), "seller.company") ||
		strings.Contains(err.Error(), "store the seller's VAT registration") {
		t.Errorf("the invoice of a represented seller without a company code: %v, want it refused under BR-CO-26 asking for seller.company", err)
	}
}
