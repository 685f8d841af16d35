package wire

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestDecodeRefusesNullItems: a null item of a list of objects is
// refused, naming the item, in the requests of every perspective (the
// decoder of the HTTP API). encoding/json leaves such an item its zero
// value, so that "lineItems":[null] was read as an empty line, which a
// sale, a purchase and an owner's movement calculated (with no tax) and
// an INVOICE stored. A null member (a party, a price) still means the
// member is absent, and a null item of a list of strings is still read
// as encoding/json reads it.
func TestDecodeRefusesNullItems(t *testing.T) {
	pad := `"documentNumber":"` + strings.Repeat("x", 40) + `",` // past the pass's item counting threshold
	cases := []struct {
		name  string
		body  string
		into  func() any
		field string
	}{
		{"sale", `{"saleMessageType":"INVOICE","lineItems":[null]}`, func() any { return new(SaleRequest) }, "lineItems[0]"},
		{"purchase", `{"purchaseMessageType":"ACCRUAL","lineItems":[null]}`, func() any { return new(PurchaseRequest) }, "lineItems[0]"},
		{"owner", `{"ownerMessageType":"INVENTORY_REMOVAL","lineItems":[ null ]}`, func() any { return new(OwnerRequest) }, "lineItems[0]"},
		{"after a line", `{"lineItems":[{"lineItemId":"1"},null]}`, func() any { return new(SaleRequest) }, "lineItems[1]"},
		{"child line", `{"lineItems":[{"lineItemId":"1","lineItems":[{"lineItemId":"2"},null]}]}`, func() any { return new(PurchaseRequest) }, "lineItems[0].lineItems[1]"},
		{"a registration", `{"customer":{"taxRegistrations":[null]}}`, func() any { return new(SaleRequest) }, "customer.taxRegistrations[0]"},
		{"long body", `{` + strings.Repeat(pad, 1) + `"lineItems":[{"lineItemId":"1","extendedPrice":` + strings.Repeat("1", 15) + `},{"lineItemId":"2"},` +
			strings.Repeat(`{"lineItemId":"3","lineItemDescription":"`+strings.Repeat("d", 100)+`"},`, 5) + `null]}`,
			func() any { return new(SaleRequest) }, "lineItems[7]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Decode(strings.NewReader(c.body), c.into(), 1<<20)
			var e *levy.Error
			if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != c.field || !strings.Contains(e.Message, "is null") {
				t.Errorf("Decode: %v; want invalid naming %s as null", err, c.field)
			}
		})
	}

	// Absent members and lists of scalars read as before.
	var r SaleRequest
	if err := Decode(strings.NewReader(`{"customer":null,"lineItems":[{"unitPrice":null,"lineItems":null}]}`), &r, 1<<20); err != nil || r.Customer != nil || len(r.LineItems) != 1 {
		t.Errorf("null members: %v, %+v", err, r)
	}
	var s struct {
		List []string `json:"list"`
	}
	if err := Decode(strings.NewReader(`{"list":["a",null]}`), &s, 1<<20); err != nil || len(s.List) != 2 {
		t.Errorf("null string item: %v, %q", err, s.List)
	}
}
