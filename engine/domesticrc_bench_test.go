package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// domesticRCQuotation is a one-line QUOTATION of EUR 6,000.00 of mobile
// phones from a seller in Munich to a buyer in Berlin, both registered for
// Germany's VAT: above the EUR 5,000 of UStG § 13b(2) no. 10, so the
// domestic reverse charge reaches it (domesticReverse weighs the
// document's supply against the threshold).
func domesticRCQuotation() *wire.SaleRequest {
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: &wire.Seller{Company: "S", PhysicalOrigin: &wire.Location{City: "München", PostalCode: "80331", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}},
		Customer: &wire.Customer{Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE129273398", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "MOBILE_PHONES"}, ExtendedPrice: amt("6000.00")}}}
}

// BenchmarkQuotation1DomesticReverseCharge is a one-line QUOTATION that a
// domestic reverse charge reaches (domesticRCQuotation), on the engine of
// BenchmarkQuotation1: its ratio to BenchmarkFloor and to
// BenchmarkQuotation1 in the same run is what the threshold's weighing and
// the reverse charge add to a plain line (benchmarks/README.md).
func BenchmarkQuotation1DomesticReverseCharge(b *testing.B) {
	e := testEngine(b)
	req := domesticRCQuotation()
	ctx := context.Background()
	r, err := e.Sale(ctx, req)
	if err != nil {
		b.Fatal(err)
	}
	x := r.LineItems[0].Taxes[0]
	if x.CalculationRuleID == nil || x.CalculationRuleID.Value != DomesticReverseChargeRule || x.ReasonCode != "REVERSE_CHARGE" {
		b.Fatalf("the line is not reverse charged: %+v", x)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Sale(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}
