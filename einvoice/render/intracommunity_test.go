package render_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestRenderIntraCommunityBuyerNumber: goods sent from Amsterdam to a
// business in Paris that gave the seller its Dutch VAT number (of the
// departure state, on which the supply cannot be exempt) and its German
// one (on which it is: Article 138(1) of the VAT directive, the engine's
// eu-reverse-charge). The invoice, an intra-community supply (category
// K), states as the buyer's VAT identifier (BT-48) the German number the
// exemption rests on (Article 226(4)), whichever order the customer
// listed them in; before, it stated the first, the Dutch one. The sale
// is calculated and stored by the engine and rendered from the journal.
func TestRenderIntraCommunityBuyerNumber(t *testing.T) {
	e, j := journaledEngine(t)
	nl := wire.TaxRegistration{ISOCountryCode: "NL", TaxRegistrationNumber: "NL004909665B07"}
	de := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}
	for i, regs := range [][]wire.TaxRegistration{{nl, de}, {de, nl}} {
		d := renderGoodsSale(t, e, j, []string{"IC-1", "IC-2"}[i],
			&wire.Seller{Company: "Grachten BV", PhysicalOrigin: &wire.Location{City: "Amsterdam", PostalCode: "1012", Country: "NL"},
				TaxRegistrations: []wire.TaxRegistration{nl}},
			&wire.Customer{CustomerName: "Atelier Lumière SARL", Destination: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"},
				TaxRegistrations: regs, CustomerCode: &wire.CustomerCode{Value: "LUMIERE", IsBusinessIndicator: true}},
			"eu-reverse-charge")
		if len(d.TaxTotals) == 0 || len(d.TaxTotals[0].Subtotals) != 1 || d.TaxTotals[0].Subtotals[0].Category.ID != "K" {
			t.Fatalf("the breakdown is not one K subtotal: %+v", d.TaxTotals)
		}
		if d.Customer.VATID != "DE136695976" {
			t.Errorf("customer's numbers %s then %s: the buyer's VAT identifier is %q, want the German DE136695976",
				regs[0].TaxRegistrationNumber, regs[1].TaxRegistrationNumber, d.Customer.VATID)
		}
	}
}

// journaledEngine returns an engine that stores its invoices in a
// journal in memory, and the journal.
func journaledEngine(t *testing.T) (*engine.Engine, journal.Store) {
	t.Helper()
	j := journal.NewMemory()
	e, err := engine.New(context.Background(), engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	return e, j
}

// renderGoodsSale calculates and stores an INVOICE of 2026-06-01 under
// id, one GENERAL line of 1000.00 euros from seller to customer, checks
// that the engine taxed it under rule, renders it as UBL from the
// journal, and returns the document read back, which must pass the
// checks without a fatal fault.
func renderGoodsSale(t *testing.T, e *engine.Engine, j journal.Store, id string, seller *wire.Seller, customer *wire.Customer, rule string) *ubl.Document {
	t.Helper()
	ctx := context.Background()
	price := money.MustParse("1000.00")
	r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: id, DocumentNumber: id,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: seller, Customer: customer,
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}})
	if err != nil {
		t.Fatal(err)
	}
	if tx := r.LineItems[0].Taxes[0]; tx.CalculationRuleID == nil || tx.CalculationRuleID.Value != rule {
		t.Fatalf("%s: the sale's rule is %v, want %s", id, tx.CalculationRuleID, rule)
	}
	stored, err := j.Get(ctx, levy.DefaultTenant, r.TransactionID)
	if err != nil {
		t.Fatal(err)
	}
	out, err := render.Render(stored, render.Options{Syntax: ubl.SyntaxUBL})
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	d, err := ubl.Read(out.Content)
	if err != nil {
		t.Fatal(err)
	}
	if ps := d.Check(); ubl.HasFatal(ps) {
		t.Fatalf("%s: %v\n%s", id, ps, out.Content)
	}
	return d
}
