package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestVendorsTaxIsTheBuyersInputTax: a tax's inputOutputType says, from
// the perspective of the calculation, whether it is input or output
// tax. On the buyer's side (POST /procurement) the tax the vendor
// charges is the buyer's input tax, which it deducts or pays with the
// invoice; it was answered OUTPUT, as on the vendor's own invoice, so
// that an accounts payable system that books a tax by its type booked
// the VAT of a purchase, Berlin to Munich at 19% (190.00 on 1000.00),
// as VAT it owed. Every kind of the buyer that calculates what the
// vendor charges answers INPUT, and so does a purchase in Atlanta (4% +
// 3% + 1.9%, 89.00 on 1000.00); the same supply sold (POST /supplies)
// stays OUTPUT, the seller's, and the buyer's reverse charge on an
// accrual INPUT_OUTPUT (TestEUAcquisitionWithANumberOfAThirdState).
func TestVendorsTaxIsTheBuyersInputTax(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	munich := &wire.Location{City: "Munich", PostalCode: "80331", Country: "DE"}
	vendorNumber := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}
	buyerNumber := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE129273398"}
	german := func(mt wire.PurchaseMessageType) *wire.PurchaseRequest {
		l := wire.PurchaseLineItem{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}
		if mt == wire.PurchaseDistributeTax {
			l.InputTotalTax = amt("190.00")
		}
		r := &wire.PurchaseRequest{PurchaseMessageType: mt, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, PostToJournal: new(bool),
			Vendor:    &wire.Vendor{PhysicalOrigin: berlin, TaxRegistrations: []wire.TaxRegistration{vendorNumber}},
			Buyer:     &wire.Buyer{Destination: munich, TaxRegistrations: []wire.TaxRegistration{buyerNumber}},
			LineItems: []wire.PurchaseLineItem{l}}
		if purchaseModes[mt].compare {
			r.ChargedTax = amt("190.00") // the vendor's invoice
		}
		return r
	}
	kinds := []wire.PurchaseMessageType{wire.PurchaseOrder, wire.PurchaseInvoiceVerification, wire.PurchaseDistributeTax,
		wire.PurchaseERS, wire.PurchaseAPInvoiceSync, wire.PurchaseConditionalProcurement}
	for _, mt := range kinds {
		resp, err := e.Purchase(ctx, german(mt))
		if err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		taxes := resp.LineItems[0].Taxes
		if len(taxes) != 1 {
			t.Fatalf("%s: %d taxes, want Germany's VAT alone", mt, len(taxes))
		}
		tx := taxes[0]
		if tx.Jurisdiction.JurisdictionID != "DE" || tx.CalculatedTax.String() != "190.00" || tx.TaxCollectedFromParty != wire.TaxCollectedFromSeller {
			t.Fatalf("%s: %s %s collected from %s, want DE 190.00 that the vendor charges", mt, tx.Jurisdiction.JurisdictionID, tx.CalculatedTax, tx.TaxCollectedFromParty)
		}
		if tx.InputOutputType != wire.InputOutputTypeInput {
			t.Errorf("%s: the vendor's VAT is %s, want INPUT: the buyer's input tax", mt, tx.InputOutputType)
		}
	}

	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseInvoiceVerification, wire.PurchaseERS} {
		r := accrual(mt, "", "1000.00")
		r.PostToJournal = new(bool)
		resp, err := e.Purchase(ctx, r)
		if err != nil {
			t.Fatalf("Atlanta %s: %v", mt, err)
		}
		if resp.TotalTax.String() != "89.00" {
			t.Errorf("Atlanta %s: totalTax %s, want 89.00", mt, resp.TotalTax)
		}
		for _, tx := range resp.LineItems[0].Taxes {
			if tx.InputOutputType != wire.InputOutputTypeInput {
				t.Errorf("Atlanta %s: %s's tax is %s, want INPUT", mt, tx.Jurisdiction.JurisdictionID, tx.InputOutputType)
			}
		}
	}

	sale := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:    &wire.Seller{PhysicalOrigin: berlin, TaxRegistrations: []wire.TaxRegistration{vendorNumber}},
		Customer:  &wire.Customer{Destination: munich, TaxRegistrations: []wire.TaxRegistration{buyerNumber}},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}}
	resp, err := e.Sale(ctx, sale)
	if err != nil {
		t.Fatal(err)
	}
	if tx := resp.LineItems[0].Taxes[0]; tx.CalculatedTax.String() != "190.00" || tx.InputOutputType != wire.InputOutputTypeOutput {
		t.Errorf("the sale: %s %s, want 190.00 OUTPUT, the seller's", tx.CalculatedTax, tx.InputOutputType)
	}
}
