package engine

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestStoredMappingToUnknownClass: a profile product mapping is checked
// against the classes Levy knows when it is stored (profile.Validator,
// products[i].class), but a mapping stored before the content or the
// rules that knew its class changed still reaches the calculation. The
// line is then taxed as GENERAL, as a request's unknown class is, and
// says both what the code mapped to (product-code-class, the stored
// class as value) and that no rule knows that class
// (unknown-product-class), so the tenant sees the stale mapping.
func TestStoredMappingToUnknownClass(t *testing.T) {
	store := profile.NewMemory()
	// A validator of an older content that knew the class.
	svc := profile.NewService(store, profile.Config{Validator: profile.Validator{Class: func(string) bool { return true }}})
	cs := profile.ChangeSet{Products: []profile.Product{{Code: "SKU-OLD", Class: "RETIRED_CLASS"}}}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	sale := func(class, sku string) *wire.SaleResponseLineItem {
		t.Helper()
		req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", class, "100.00")
		req.LineItems[0].Product.Value = sku
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return &r.LineItems[0]
	}
	general, mapped := sale("GENERAL", ""), sale("", "SKU-OLD")
	want := []wire.AssistedParameter{
		{ParamName: "product.value", Phase: wire.PhasePre, RuleName: ProductCodeRule, OriginalValue: "SKU-OLD", Value: "RETIRED_CLASS"},
		{ParamName: "productClass", Phase: wire.PhasePre, RuleName: unknownClassRule, OriginalValue: "RETIRED_CLASS", Value: "GENERAL"},
	}
	if !reflect.DeepEqual(mapped.AssistedParameters, want) {
		t.Errorf("parameters %+v, want %+v", mapped.AssistedParameters, want)
	}
	if mapped.TotalTax.String() != general.TotalTax.String() || general.TotalTax.Sign() == 0 {
		t.Errorf("the stale mapping taxed %s, GENERAL %s: want the same, not zero", mapped.TotalTax, general.TotalTax)
	}
	if mapped.Product == nil || mapped.Product.ProductClass != "GENERAL" {
		t.Errorf("the response's product %+v, want the class GENERAL it was taxed as", mapped.Product)
	}

	// Stored today, the mapping is refused naming its class.
	_, err := profile.NewService(profile.NewMemory(), profile.Config{}).Apply(context.Background(), levy.DefaultTenant, "test", cs)
	if err == nil || !strings.Contains(err.Error(), "products[0].class") {
		t.Fatalf("storing a mapping to RETIRED_CLASS: %v, want an error naming products[0].class", err)
	}
}
