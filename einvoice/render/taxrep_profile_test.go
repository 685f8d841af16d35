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
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestRenderTaxRepresentativeFromProfile: the Dutch seller of
// TestRenderTaxRepresentative stores its registrations in the tenant's
// profile, the German one (DEU: a bare DE is Delaware) with its fiscal
// representative in Hamburg (its address's country written deu), and sends none with its sale of
// 1000.00 euros to a consumer in Berlin. The calculation takes the
// stored registrations and charges Germany's VAT (190.00) under the
// German number; the journal keeps the German registration's
// representative, its country as its alpha-2 code, and none for the
// Dutch one; and the invoice, in UBL and in CII, names it as the seller's
// tax representative (BG-11: BT-62, BT-63 with its prefix, BG-12) and
// passes Levy's rules. Before, a stored registration had no
// representative, and the invoice named none.
func TestRenderTaxRepresentativeFromProfile(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "GRACHTEN", Jurisdiction: "NL", Number: "NL004909665B07", Type: wire.TaxRegistrationTypeVAT},
		{CompanyCode: "GRACHTEN", Jurisdiction: "DEU", Number: "DE136695976", Type: wire.TaxRegistrationTypeVAT,
			Representative: &profile.Representative{Name: " Elbe Steuervertretung GmbH ", Number: "129 273 398",
				Address: &profile.RepresentativeAddress{Street1: "Jungfernstieg 7", City: "Hamburg", PostalCode: "20354", Country: "deu"}}},
	}}
	if _, err := profile.NewService(store, profile.Config{}).Apply(ctx, levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithProfileStore(store), engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	amsterdam := &wire.Location{StreetAddress1: "Herengracht 182", City: "Amsterdam", PostalCode: "1016 BR", Country: "NL"}
	price := money.MustParse("1000.00")
	if _, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: "TRP-1", DocumentNumber: "TRP-1", DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:    &wire.Seller{Company: "GRACHTEN", PhysicalOrigin: amsterdam},
		Customer:  &wire.Customer{CustomerName: "Max Mustermann", Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}}); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "TRP-1")
	if err != nil {
		t.Fatal(err)
	}
	if !tx.TotalTax.Equal(money.MustParse("190.00")) {
		t.Fatalf("the sale's tax is %s, want Germany's 19%% of 1000.00", tx.TotalTax)
	}
	var de, nl *journal.Registration
	for i := range tx.Seller.Registrations {
		switch r := &tx.Seller.Registrations[i]; r.Country {
		case "DE":
			de = r
		case "NL":
			nl = r
		}
	}
	if de == nil || nl == nil {
		t.Fatalf("the journal keeps the seller's registrations as %+v, want the stored NL and DE ones", tx.Seller.Registrations)
	}
	if rep := de.Representative; rep == nil || rep.Name != "Elbe Steuervertretung GmbH" || rep.Number != "129 273 398" || rep.Address == nil ||
		rep.Address.Country != "DE" || rep.Address.City != "Hamburg" || rep.Address.Street1 != "Jungfernstieg 7" || rep.Address.PostalCode != "20354" {
		t.Fatalf("the journal keeps the stored German registration's representative as %+v", de.Representative)
	}
	if nl.Representative != nil {
		t.Errorf("the stored Dutch registration, which names no representative, keeps %+v", nl.Representative)
	}
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		r, d := read(t, tx, render.Options{Syntax: syntax, DueDate: civil.MustParse("2026-07-01")})
		if d.Supplier.VATID != "DE136695976" {
			t.Errorf("%s: the seller's VAT identifier is %q, want its stored German number", syntax, d.Supplier.VATID)
		}
		el := "TaxRepresentativeParty"
		if syntax == ubl.SyntaxCII {
			el = "SellerTaxRepresentativeTradeParty"
		}
		for _, want := range []string{el, "Elbe Steuervertretung GmbH", "DE129273398", "Jungfernstieg 7", "20354"} {
			if !bytes.Contains(r.Content, []byte(want)) {
				t.Errorf("%s: the invoice does not hold %q (the stored representative, BG-11):\n%s", syntax, want, r.Content)
			}
		}
		for _, p := range d.Check() {
			if strings.HasPrefix(p.Code, "BR-") {
				t.Errorf("%s: %s %s: %s", syntax, p.Flag, p.Code, p.Message)
			}
		}
	}
}
