package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestChildLineTakesParentMappedClass: a child line that sends no class
// and no code of its own is taxed on the class its enclosing line takes
// from the tenant's profile (a kit sold by its SKU, or bought by its
// commodity code, that the profile maps to CLOTHING), as it is on one
// the enclosing line sends. The child took only a class sent, so a kit
// the profile maps was taxed on its own class and its components as
// GENERAL: Minneapolis's general sales tax on clothing.
func TestChildLineTakesParentMappedClass(t *testing.T) {
	e := engineOfProfile(t, profile.ChangeSet{Products: []profile.Product{{Code: "KIT-1", Class: "CLOTHING"},
		{CodeType: "UNSPSC", Code: "53101500", Class: "CLOTHING"}}})
	ctx := context.Background()
	date := civil.MustParse("2026-03-02")
	mpls := &wire.Location{StreetAddress1: "350 S 5th St", City: "Minneapolis", MainDivision: "MN", PostalCode: "55415", Country: "US"}
	sale, clothing, general := minneapolisSales(t, e)
	for name, kit := range map[string]wire.SaleLineItem{
		"by SKU":            {LineItemID: "kit", Product: &wire.Product{Value: "KIT-1"}},
		"by commodity code": {LineItemID: "kit", CommodityCode: &wire.CommodityCode{CommodityCodeType: "UNSPSC", Value: "53101500"}},
	} {
		kit.LineItems = []wire.SaleLineItem{{LineItemID: "a", ExtendedPrice: amt("100.00")},
			{LineItemID: "b", LineItems: []wire.SaleLineItem{{LineItemID: "b1", ExtendedPrice: amt("100.00")}}}}
		r := sale([]wire.SaleLineItem{kit})
		kids := r.LineItems[0].LineItems
		if got := kids[0].TotalTax.String(); got != clothing {
			t.Errorf("sale, kit mapped %s: child a: tax %s, want %s as CLOTHING (%s as GENERAL)", name, got, clothing, general)
		}
		if got := kids[1].LineItems[0].TotalTax.String(); got != clothing {
			t.Errorf("sale, kit mapped %s: grandchild b1: tax %s, want %s as CLOTHING", name, got, clothing)
		}
	}

	// A code the profile maps to nothing gives the children no class:
	// it is refused on the parent, naming it, as without a profile.
	unmapped := wire.SaleLineItem{LineItemID: "kit", CommodityCode: &wire.CommodityCode{CommodityCodeType: "UNSPSC", Value: "99999999"},
		LineItems: []wire.SaleLineItem{{LineItemID: "a", ExtendedPrice: amt("100.00")}}}
	_, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: date,
		Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: sfAddr}, Customer: &wire.Customer{Destination: mpls}, LineItems: []wire.SaleLineItem{unmapped}})
	if err == nil || !strings.Contains(err.Error(), "lineItems[0].commodityCode") {
		t.Errorf("sale, kit of an unmapped commodity code: err %v, want a refusal naming lineItems[0].commodityCode", err)
	}

	purchase := func(lines []wire.PurchaseLineItem) string {
		t.Helper()
		r, err := e.Purchase(ctx, &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseOrder, TransactionType: wire.TransactionTypePurchase, DocumentDate: date,
			Vendor: &wire.Vendor{PhysicalOrigin: sfAddr}, Buyer: &wire.Buyer{Company: "ACME", Destination: mpls}, LineItems: lines})
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0].LineItems[0].TotalTax.String()
	}
	child := []wire.PurchaseLineItem{{LineItemID: "p1", ExtendedPrice: amt("1000.00")}}
	sent := purchase([]wire.PurchaseLineItem{{LineItemID: "p", Purchase: &wire.Purchase{PurchaseClass: "CLOTHING"}, LineItems: child}})
	mapped := purchase([]wire.PurchaseLineItem{{LineItemID: "p", CommodityCode: &wire.CommodityCode{CommodityCodeType: "UNSPSC", Value: "53101500"}, LineItems: child}})
	if mapped != sent {
		t.Errorf("purchase child of a kit mapped by its commodity code: tax %s, want %s as under a kit sent as CLOTHING", mapped, sent)
	}

	owner := func(parent wire.OwnerLineItem) string {
		t.Helper()
		parent.LineItems = []wire.OwnerLineItem{{LineItemID: "o1", ExtendedPrice: amt("1000.00")}}
		r, err := e.Owner(ctx, &wire.OwnerRequest{OwnerMessageType: wire.OwnerAssetMovement, DocumentDate: date,
			Owner: &wire.Owner{Company: "ACME", PhysicalOrigin: sfAddr, Destination: mpls}, LineItems: []wire.OwnerLineItem{parent}})
		if err != nil {
			t.Fatal(err)
		}
		return r.TotalTax.String()
	}
	ownSent := owner(wire.OwnerLineItem{LineItemID: "o", Purchase: &wire.Purchase{PurchaseClass: "CLOTHING"}})
	ownMapped := owner(wire.OwnerLineItem{LineItemID: "o", CommodityCode: &wire.CommodityCode{CommodityCodeType: "UNSPSC", Value: "53101500"}})
	if ownMapped != ownSent {
		t.Errorf("owner child of a kit mapped by its commodity code: tax %s, want %s as under a kit sent as CLOTHING", ownMapped, ownSent)
	}
}
