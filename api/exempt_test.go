package api

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCertificateNumberSaysExemptOverHTTP sends, on loopback, a sale whose
// customer names an exemption certificate number, a sale whose one line
// has a customer of its own with a number, and a purchase whose buyer has
// one, none of them with isTaxExempt: the number exempts the party on
// every line it reaches, and the response's copy of the party says so
// with isTaxExempt true, as the wire format does. A party without a number
// keeps isTaxExempt absent.
func TestCertificateNumberSaysExemptOverHTTP(t *testing.T) {
	h := newHarness(t)
	const seller = `"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}}`
	const dest = `"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`
	const line = `{"lineItemId":"1","product":{"productClass":"GENERAL"},"extendedPrice":100}`

	var sale wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",`+seller+`,
 "customer":{`+dest+`,"exemptionCertificate":{"exemptionCertificateNumber":"EX-100"}},"lineItems":[`+line+`]}`), &sale)
	if sale.Customer == nil || !sale.Customer.IsTaxExempt {
		t.Errorf("document customer with a certificate number: isTaxExempt not set: %+v", sale.Customer)
	}
	if !sale.TotalTax.IsZero() {
		t.Errorf("document customer with a certificate number: total tax %s, want 0", sale.TotalTax)
	}

	var perLine wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",`+seller+`,
 "customer":{`+dest+`},"lineItems":[`+line+`,
 {"lineItemId":"2","product":{"productClass":"GENERAL"},"extendedPrice":100,
  "customer":{`+dest+`,"exemptionCertificate":{"exemptionCertificateNumber":"EX-200"}}}]}`), &perLine)
	if perLine.Customer == nil || perLine.Customer.IsTaxExempt {
		t.Errorf("document customer without a number: isTaxExempt set: %+v", perLine.Customer)
	}
	if len(perLine.LineItems) != 2 {
		t.Fatalf("%d lines, want 2", len(perLine.LineItems))
	}
	if c := perLine.LineItems[1].Customer; c == nil || !c.IsTaxExempt {
		t.Errorf("line customer with a certificate number: isTaxExempt not set: %+v", c)
	}
	if perLine.LineItems[0].Customer != nil {
		t.Errorf("line 1 sent no customer and got one: %+v", perLine.LineItems[0].Customer)
	}

	var purchase wire.PurchaseResponse
	dataOf(t, h.post("/api/v2/procurement", `{"purchaseMessageType":"PURCHASE_ORDER","transactionType":"PURCHASE","documentDate":"2026-06-01",
 "vendor":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
 "buyer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"},"exemptionCertificate":{"exemptionCertificateNumber":"EX-300"}},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":100}]}`), &purchase)
	if purchase.Buyer == nil || !purchase.Buyer.IsTaxExempt {
		t.Errorf("buyer with a certificate number: isTaxExempt not set: %+v", purchase.Buyer)
	}
}
