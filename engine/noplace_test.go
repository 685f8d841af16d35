package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestLineWithoutAPlaceSaysSo: a sale, a purchase and an owner's
// movement that send no location at all bear no tax, and each line says
// why (no-location) instead of answering a total tax of zero without a
// word; a line with a location says nothing of the kind.
func TestLineWithoutAPlaceSaysSo(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	day := civil.MustParse("2026-06-01")
	says := func(name string, ps []wire.AssistedParameter) {
		t.Helper()
		for _, p := range ps {
			if p.RuleName == NoPlaceRule && p.ParamName == "destination" && p.Value != "" {
				return
			}
		}
		t.Errorf("%s: the line does not say it has no place: %+v", name, ps)
	}
	sale, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: day,
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	if !sale.TotalTax.Decimal().IsZero() {
		t.Errorf("a sale with no place: total tax %s", sale.TotalTax)
	}
	says("a sale", sale.LineItems[0].AssistedParameters)

	purchase, err := e.Purchase(ctx, &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase, DocumentDate: day,
		LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	says("a purchase", purchase.LineItems[0].AssistedParameters)

	owner, err := e.Owner(ctx, &wire.OwnerRequest{OwnerMessageType: wire.OwnerAssetMovement, DocumentDate: day,
		LineItems: []wire.OwnerLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	says("an owner's movement", owner.LineItems[0].AssistedParameters)

	placed, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: day,
		Customer:  &wire.Customer{Destination: atlanta},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range placed.LineItems[0].AssistedParameters {
		if p.RuleName == NoPlaceRule {
			t.Errorf("a placed line says it has no place: %+v", p)
		}
	}
}
