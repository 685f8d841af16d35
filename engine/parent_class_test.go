package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestChildLineTakesParentClass checks that a child line that sends no
// class, product code or commodity code of its own is taxed on its
// parent's class (productClass of a sale, purchaseClass of a purchase
// or owner line), as it takes its parent's seller and customer; a child
// with a class of its own keeps it. Before, the parent's class was
// unused without a word and the child was taxed as GENERAL: clothing
// bought in Minneapolis under a parent of class CLOTHING bore
// Minnesota's general sales tax. A child that sends a commodity code
// that no tenant profile maps was still taxed as GENERAL: it takes its
// parent's class too.
func TestChildLineTakesParentClass(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	date := civil.MustParse("2026-03-02")
	mpls := &wire.Location{StreetAddress1: "350 S 5th St", City: "Minneapolis", MainDivision: "MN", PostalCode: "55415", Country: "US"}

	sale, clothing, general := minneapolisSales(t, e)
	r := sale([]wire.SaleLineItem{{LineItemID: "kit", Product: &wire.Product{ProductClass: "CLOTHING"}, LineItems: []wire.SaleLineItem{
		{LineItemID: "a", ExtendedPrice: amt("100.00")},
		{LineItemID: "b", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")},
		{LineItemID: "c", CommodityCode: &wire.CommodityCode{CommodityCodeType: "UNSPSC", Value: "53101500"}, ExtendedPrice: amt("100.00")},
		{LineItemID: "d", LineItems: []wire.SaleLineItem{{LineItemID: "d1", ExtendedPrice: amt("100.00")}}},
	}}})
	kids := r.LineItems[0].LineItems
	// c sends a commodity code that nothing maps (the engine has no
	// tenant profile): it is taxed on its parent's class too.
	for i, want := range []string{clothing, general, clothing} {
		if got := kids[i].TotalTax.String(); got != want {
			t.Errorf("sale child %s: tax %s, want %s (CLOTHING %s, GENERAL %s)", kids[i].LineItemID, got, want, clothing, general)
		}
	}
	if got := kids[3].LineItems[0].TotalTax.String(); got != clothing {
		t.Errorf("sale grandchild d1: tax %s, want %s, its grandparent's CLOTHING", got, clothing)
	}

	purchase := func(lines []wire.PurchaseLineItem) *wire.PurchaseResponse {
		t.Helper()
		r, err := e.Purchase(ctx, &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseOrder, TransactionType: wire.TransactionTypePurchase, DocumentDate: date,
			Vendor: &wire.Vendor{PhysicalOrigin: sfAddr}, Buyer: &wire.Buyer{Company: "ACME", Destination: mpls}, LineItems: lines})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	clothes := purchase([]wire.PurchaseLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "CLOTHING"}, ExtendedPrice: amt("1000.00")}}).TotalTax.String()
	plain := purchase([]wire.PurchaseLineItem{{LineItemID: "1", ExtendedPrice: amt("1000.00")}}).TotalTax.String()
	if clothes == plain {
		t.Fatalf("Minneapolis taxes a purchase of CLOTHING as GENERAL (%s): the test needs classes taxed apart", clothes)
	}
	p := purchase([]wire.PurchaseLineItem{{LineItemID: "p", Purchase: &wire.Purchase{PurchaseClass: "CLOTHING"},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "p1", ExtendedPrice: amt("1000.00")}}}})
	if got := p.LineItems[0].LineItems[0].TotalTax.String(); got != clothes {
		t.Errorf("purchase child: tax %s, want %s as CLOTHING (%s as GENERAL)", got, clothes, plain)
	}

	owner := func(lines []wire.OwnerLineItem) string {
		t.Helper()
		r, err := e.Owner(ctx, &wire.OwnerRequest{OwnerMessageType: wire.OwnerAssetMovement, DocumentDate: date,
			Owner: &wire.Owner{Company: "ACME", PhysicalOrigin: sfAddr, Destination: mpls}, LineItems: lines})
		if err != nil {
			t.Fatal(err)
		}
		return r.TotalTax.String()
	}
	ownClothes := owner([]wire.OwnerLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "CLOTHING"}, ExtendedPrice: amt("1000.00")}})
	ownChild := owner([]wire.OwnerLineItem{{LineItemID: "o", Purchase: &wire.Purchase{PurchaseClass: "CLOTHING"},
		LineItems: []wire.OwnerLineItem{{LineItemID: "o1", ExtendedPrice: amt("1000.00")}}}})
	if ownChild != ownClothes {
		t.Errorf("owner child: tax %s, want %s as CLOTHING", ownChild, ownClothes)
	}
}

// TestChildLineClassBesideItsCode: a child line that sends a code (a
// product value or a commodity code) and no class is taxed on the class
// the tenant's profile maps the code to, and on its parent's class when
// the profile maps the code to nothing; the unknown-product-code
// parameter then names the class it was taxed as. It was taxed as
// GENERAL, the parent's CLOTHING unused.
func TestChildLineClassBesideItsCode(t *testing.T) {
	e := engineOfProfile(t, profile.ChangeSet{Products: []profile.Product{{CodeType: "UNSPSC", Code: "10101501", Class: "GENERAL"}}})
	sale, clothing, general := minneapolisSales(t, e)
	r := sale([]wire.SaleLineItem{{LineItemID: "kit", Product: &wire.Product{ProductClass: "CLOTHING"}, LineItems: []wire.SaleLineItem{
		{LineItemID: "mapped", CommodityCode: &wire.CommodityCode{CommodityCodeType: "UNSPSC", Value: "10101501"}, ExtendedPrice: amt("100.00")},
		{LineItemID: "unmapped", CommodityCode: &wire.CommodityCode{CommodityCodeType: "UNSPSC", Value: "99999999"}, ExtendedPrice: amt("100.00")},
		{LineItemID: "sku", Product: &wire.Product{Value: "NO-SUCH-SKU"}, ExtendedPrice: amt("100.00")},
	}}})
	kids := r.LineItems[0].LineItems
	for i, want := range []string{general, clothing, clothing} {
		if got := kids[i].TotalTax.String(); got != want {
			t.Errorf("child %s: tax %s, want %s (CLOTHING %s, GENERAL %s)", kids[i].LineItemID, got, want, clothing, general)
		}
	}
	for i, param := range []string{"commodityCode", "product.value"} {
		k := kids[i+1]
		found := false
		for _, p := range k.AssistedParameters {
			found = found || p.RuleName == UnknownProductCodeRule && p.ParamName == param && p.Value == "CLOTHING"
		}
		if !found {
			t.Errorf("child %s: parameters %+v, want %s on %s naming CLOTHING", k.LineItemID, k.AssistedParameters, UnknownProductCodeRule, param)
		}
	}
}

// TestInheritedUnknownClassNamesTheParent: a child line taxed on a class
// it took from an enclosing line, which no rule knows, carries the
// unknown-product-class parameter naming the member that sent the class,
// the parent's (lineItems[0].productClass, or .purchase.purchaseClass),
// not its own productClass, which it did not send. A class the child
// sends itself is still named by its own member.
func TestInheritedUnknownClassNamesTheParent(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	date := civil.MustParse("2026-03-02")
	mpls := &wire.Location{StreetAddress1: "350 S 5th St", City: "Minneapolis", MainDivision: "MN", PostalCode: "55415", Country: "US"}
	unknownAt := func(ps []wire.AssistedParameter) string {
		for _, p := range ps {
			if p.RuleName == unknownClassRule {
				return p.ParamName
			}
		}
		return ""
	}
	r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: date,
		Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: sfAddr}, Customer: &wire.Customer{Destination: mpls},
		LineItems: []wire.SaleLineItem{{LineItemID: "kit", Product: &wire.Product{ProductClass: "NO-SUCH-CLASS"}, LineItems: []wire.SaleLineItem{
			{LineItemID: "a", ExtendedPrice: amt("100.00")},
			{LineItemID: "b", Product: &wire.Product{ProductClass: "ANOTHER-UNKNOWN"}, ExtendedPrice: amt("100.00")},
			{LineItemID: "c", LineItems: []wire.SaleLineItem{{LineItemID: "c1", ExtendedPrice: amt("100.00")}}},
		}}}})
	if err != nil {
		t.Fatal(err)
	}
	kids := r.LineItems[0].LineItems
	for _, c := range []struct {
		l    *wire.SaleResponseLineItem
		want string
	}{{&kids[0], "lineItems[0].productClass"}, {&kids[1], "productClass"}, {&kids[2].LineItems[0], "lineItems[0].productClass"}} {
		if got := unknownAt(c.l.AssistedParameters); got != c.want {
			t.Errorf("sale line %s: %s names %q, want %q", c.l.LineItemID, unknownClassRule, got, c.want)
		}
	}

	p, err := e.Purchase(ctx, &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseOrder, TransactionType: wire.TransactionTypePurchase, DocumentDate: date,
		Vendor: &wire.Vendor{PhysicalOrigin: sfAddr}, Buyer: &wire.Buyer{Company: "ACME", Destination: mpls},
		LineItems: []wire.PurchaseLineItem{
			{LineItemID: "plain", ExtendedPrice: amt("10.00")},
			{LineItemID: "p", Purchase: &wire.Purchase{PurchaseClass: "NO-SUCH-CLASS"},
				LineItems: []wire.PurchaseLineItem{{LineItemID: "p1", ExtendedPrice: amt("1000.00")}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := unknownAt(p.LineItems[1].LineItems[0].AssistedParameters), "lineItems[1].purchase.purchaseClass"; got != want {
		t.Errorf("purchase child: %s names %q, want %q", unknownClassRule, got, want)
	}

	o, err := e.Owner(ctx, &wire.OwnerRequest{OwnerMessageType: wire.OwnerAssetMovement, DocumentDate: date,
		Owner: &wire.Owner{Company: "ACME", PhysicalOrigin: sfAddr, Destination: mpls},
		LineItems: []wire.OwnerLineItem{{LineItemID: "o", Purchase: &wire.Purchase{PurchaseClass: "NO-SUCH-CLASS"},
			LineItems: []wire.OwnerLineItem{{LineItemID: "o1", ExtendedPrice: amt("1000.00")}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := unknownAt(o.LineItems[0].LineItems[0].AssistedParameters), "lineItems[0].purchase.purchaseClass"; got != want {
		t.Errorf("owner child: %s names %q, want %q", unknownClassRule, got, want)
	}
}

// minneapolisSales returns sale, which calculates a QUOTATION of the lines
// from San Francisco to Minneapolis on 2026-03-02, and the tax of one line
// of 100.00 of CLOTHING and of GENERAL there, which differ (Minnesota does
// not tax clothing), so that a test can tell which class a line was
// taxed on.
func minneapolisSales(t *testing.T, e *Engine) (sale func([]wire.SaleLineItem) *wire.SaleResponse, clothing, general string) {
	t.Helper()
	mpls := &wire.Location{StreetAddress1: "350 S 5th St", City: "Minneapolis", MainDivision: "MN", PostalCode: "55415", Country: "US"}
	sale = func(lines []wire.SaleLineItem) *wire.SaleResponse {
		t.Helper()
		r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-03-02"), Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: sfAddr},
			Customer: &wire.Customer{Destination: mpls}, LineItems: lines})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	flat := func(class string) string {
		t.Helper()
		return sale([]wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: class}, ExtendedPrice: amt("100.00")}}).TotalTax.String()
	}
	clothing, general = flat("CLOTHING"), flat("GENERAL")
	if clothing == general {
		t.Fatalf("Minneapolis taxes CLOTHING as GENERAL (%s): the test needs classes taxed apart", clothing)
	}
	return sale, clothing, general
}
