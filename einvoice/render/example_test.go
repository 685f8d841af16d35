package render_test

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// A host renders the e-invoice of a sale that its engine stored in the
// journal: Render writes the UBL document and checks it with the rules
// of EN 16931, and package ubl reads it back as a receiver would.
func ExampleRender() {
	ctx := context.Background()
	j := journal.NewMemory()
	hundred := money.MustParse("100.00")
	e, err := engine.New(ctx, engine.WithJournal(j))
	if err != nil {
		panic(err)
	}
	_, err = e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-09-01"), TransactionID: "INV-7", Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: &wire.Seller{Company: "BERLIN-SHOP", PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE811907980", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}},
		Customer:  &wire.Customer{CustomerName: "Hanse Kontor GmbH", Destination: &wire.Location{City: "Hamburg", PostalCode: "20095", Country: "DE"}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &hundred}},
	})
	if err != nil {
		panic(err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "INV-7")
	if err != nil {
		panic(err)
	}
	r, err := render.Render(tx, render.Options{DueDate: civil.MustParse("2026-10-01")})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Syntax, r.Kind, r.Number, "peppol", r.Peppol, "warnings", len(r.Warnings))
	doc, err := ubl.Parse(r.Content)
	if err != nil {
		panic(err)
	}
	fmt.Println(doc.ID, doc.IssueDate, doc.Currency, doc.Totals.PayableAmount.Value.StringFixed(2), "problems", len(doc.Check()))
	// Output:
	// UBL Invoice INV-7 peppol false warnings 0
	// INV-7 2026-09-01 EUR 119.00 problems 0
}
