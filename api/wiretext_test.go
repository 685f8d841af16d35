package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestSaleRefusesControlTextOverHTTP posts quotations and invoices whose
// free text holds NUL or another C0 control character, across the
// seller, the customer, a line and its flexible fields: each is answered
// 400 naming the request's member, and no invoice is stored. Before, a
// quotation was answered 200 and an invoice was refused naming the
// journal's member (customer.name for customer.customerName).
func TestSaleRefusesControlTextOverHTTP(t *testing.T) {
	h := newHarness(t)
	members := []struct {
		path string
		// from is JSON of the quotation that to, %s standing for the
		// text, takes the place of.
		from, to string
	}{
		{"seller.division", `"seller":{`, `"seller":{"division":%s,`},
		{"customer.customerName", `"customer":{`, `"customer":{"customerName":%s,`},
		{"customer.destination.streetAddress2", `"streetAddress1":"200 N Spring St"`, `"streetAddress1":"200 N Spring St","streetAddress2":%s`},
		{"customer.destination.city", `"city":"Los Angeles"`, `"city":%s`},
		{"lineItems[0].lineItemDescription", `{"lineItemId":"1",`, `{"lineItemId":"1","lineItemDescription":%s,`},
		{"lineItems[1].customer.customerName", `{"lineItemId":"2",`, `{"lineItemId":"2","customer":{"customerName":%s},`},
		{"lineItems[0].flexibleFields.flexibleCodeFields[0].value", `{"lineItemId":"1",`, `{"lineItemId":"1","flexibleFields":{"flexibleCodeFields":[{"fieldId":1,"value":%s}]},`},
	}
	texts := []string{"Ann\x00Lee", "Ann\x07Lee", "Ann\x1bLee", "Ann\x7fLee\x0c"}
	n := 0
	for _, kind := range []string{"QUOTATION", "INVOICE"} {
		for _, m := range members {
			for _, text := range texts {
				n++
				quoted, err := json.Marshal(text)
				if err != nil {
					t.Fatal(err)
				}
				id := fmt.Sprintf("wiretext-http-%d", n)
				body := strings.Replace(quotation, `"QUOTATION"`, `"`+kind+`","transactionId":"`+id+`"`, 1)
				if !strings.Contains(body, m.from) {
					t.Fatalf("the quotation has no %s", m.from)
				}
				body = strings.Replace(body, m.from, fmt.Sprintf(m.to, quoted), 1)
				a := h.post("/api/v2/supplies", body)
				if a.status != http.StatusBadRequest {
					t.Errorf("%s %s with %q: status %d: %.200s", kind, m.path, text, a.status, a.body)
					continue
				}
				var found bool
				for _, e := range errorsOf(t, a) {
					found = found || e.Target == m.path
				}
				if !found {
					t.Errorf("%s %s with %q: %s; want an error naming %s", kind, m.path, text, a.body, m.path)
				}
				if a := h.do("GET", "/api/v2/transaction-exists/"+id, nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"false"`) {
					t.Errorf("%s %s with %q: stored: %s", kind, m.path, text, a.body)
				}
			}
		}
	}
	// A tab anywhere, and line breaks in a description, are kept.
	body := strings.Replace(quotation, `{"lineItemId":"1",`, `{"lineItemId":"1","lineItemDescription":"Widget\r\n\tblue",`, 1)
	body = strings.Replace(body, `"customer":{`, `"customer":{"customerName":"Zoë\tÅström",`, 1)
	dataOf(t, h.post("/api/v2/supplies", body), nil)
}
