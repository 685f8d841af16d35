package api

import (
	"reflect"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestUnknownPurchaseClassOverHTTP checks, over HTTP, that a procurement
// line whose purchaseClass no rule knows (DIGITAL_SERVICES) is answered
// with status 200, charged as a GENERAL line is, and flagged under its
// own member: paramName purchase.purchaseClass, ruleName
// unknown-product-class, the class sent as originalValue, GENERAL as
// value.
func TestUnknownPurchaseClassOverHTTP(t *testing.T) {
	h := newHarness(t)
	buy := func(class string) wire.PurchaseResponseLineItem {
		t.Helper()
		var r wire.PurchaseResponse
		dataOf(t, h.post("/api/v2/procurement", `{"purchaseMessageType":"PURCHASE_ORDER","transactionType":"PURCHASE","documentDate":"2026-06-01",
 "vendor":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
 "buyer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"`+class+`"},"extendedPrice":100}]}`), &r)
		if len(r.LineItems) != 1 {
			t.Fatalf("%s: %d lines, want 1", class, len(r.LineItems))
		}
		return r.LineItems[0]
	}
	general, unknown := buy("GENERAL"), buy("DIGITAL_SERVICES")
	want := []wire.AssistedParameter{{ParamName: "purchase.purchaseClass", Phase: wire.PhasePre, RuleName: "unknown-product-class",
		OriginalValue: "DIGITAL_SERVICES", Value: "GENERAL"}}
	if !reflect.DeepEqual(unknown.AssistedParameters, want) {
		t.Errorf("DIGITAL_SERVICES: parameters %+v, want %+v", unknown.AssistedParameters, want)
	}
	if len(general.AssistedParameters) != 0 {
		t.Errorf("GENERAL: parameters %+v, want none", general.AssistedParameters)
	}
	if unknown.TotalTax.String() != general.TotalTax.String() || unknown.TotalTax.Sign() == 0 {
		t.Errorf("DIGITAL_SERVICES charged %s, GENERAL %s: want the same, not zero", unknown.TotalTax, general.TotalTax)
	}
}
