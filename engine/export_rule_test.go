package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestExportOfReducedRateGoodsNamesTheExport: goods of a class with a
// reduced rate of its own (books, food at 7% in Germany) sent from
// Leipzig to a buyer in New York are zero-rated exports, and the tax
// names the export's rule, as a GENERAL line's does. Before, it named the
// class's rule (de-books) at a rate of 0, which reads as a rate of 0 for
// books in Germany, and an e-invoice stated such a line as a zero-rated
// supply (Z) instead of an export (G).
func TestExportOfReducedRateGoodsNamesTheExport(t *testing.T) {
	e, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-09-01"),
		Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: &wire.Seller{Company: "LINDENLICHT", PhysicalOrigin: &wire.Location{City: "Leipzig", PostalCode: "04109", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE813495721", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}},
		Customer: &wire.Customer{CustomerName: "Hudson Lighting Inc.", Destination: &wire.Location{City: "New York", PostalCode: "10001", MainDivision: "NY", Country: "US"}}}
	classes := []string{"GENERAL", "BOOKS", "FOOD", "NEWSPAPERS"}
	for _, c := range classes {
		p := money.MustParse("10.00")
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: c, Product: &wire.Product{ProductClass: c}, ExtendedPrice: &p})
	}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range r.LineItems {
		if len(l.Taxes) != 1 {
			t.Fatalf("%s: %d taxes", classes[i], len(l.Taxes))
		}
		tx := l.Taxes[0]
		if tx.CalculationRuleID == nil || tx.CalculationRuleID.Value != "export-zero-rated" || !tx.CalculatedTax.IsZero() ||
			tx.TaxResult != wire.TaxResultTaxable {
			t.Errorf("%s: rule %v, tax %v, result %s, want export-zero-rated, 0.00, TAXABLE", classes[i], tx.CalculationRuleID, tx.CalculatedTax, tx.TaxResult)
		}
	}
}
