package render_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// berlinInvoice returns an INVOICE of a Berlin shop registered for VAT
// to a Hamburg business, dated 2026-09-01, in currency, without lines.
func berlinInvoice(id, currency string) *wire.SaleRequest {
	return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-09-01"),
		TransactionID: id, Currency: &wire.Currency{ISOCurrencyCodeAlpha: currency},
		Seller: &wire.Seller{Company: "BERLIN-SHOP", PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE811907980", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}},
		Customer: &wire.Customer{CustomerName: "Hanse Kontor GmbH", Destination: &wire.Location{City: "Hamburg", PostalCode: "20095", Country: "DE"}}}
}

// storeSale calculates req with an engine over a journal of its own and
// returns the transaction the journal stored.
func storeSale(t *testing.T, req *wire.SaleRequest) *journal.Transaction {
	t.Helper()
	ctx := levy.WithTenant(context.Background(), levy.DefaultTenant)
	j := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, req.TransactionID)
	if err != nil {
		t.Fatal(err)
	}
	return tx
}
