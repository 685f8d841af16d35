package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestStoredTextWithNULRefused sends invoices whose customer name,
// street or line description holds U+0000 (NUL). A journal over Badger
// stored them and one over PostgreSQL failed with 500; each is answered
// 400 naming the request's member (validation refuses it before the
// journal, whose own check names its member), and nothing is stored.
func TestStoredTextWithNULRefused(t *testing.T) {
	h := newHarness(t)
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	cases := []struct{ name, from, to, target string }{
		{"name", `"customer":{`, `"customer":{"customerName":"Ann\u0000Smith",`, "customer.customerName"},
		{"street", `"200 N Spring St"`, `"200 N\u0000Spring St"`, "customer.destination.streetAddress1"},
		{"description", `{"lineItemId":"1",`, `{"lineItemId":"1","lineItemDescription":"\u0000",`, "lineItems[0].lineItemDescription"},
	}
	for _, c := range cases {
		id := "ops3-nul-" + c.name
		body := strings.Replace(invoice, c.from, c.to, 1)
		body = strings.Replace(body, `{"saleMessageType"`, `{"transactionId":"`+id+`","saleMessageType"`, 1)
		a := h.post("/api/v2/supplies", body)
		if a.status != http.StatusBadRequest {
			t.Fatalf("%s: status %d: %s", c.name, a.status, a.body)
		}
		if items := errorsOf(t, a); items[0].Target != c.target || !strings.Contains(items[0].Message, "U+0000") {
			t.Errorf("%s: %+v; want %s, saying U+0000", c.name, items, c.target)
		}
		e := h.do("GET", "/api/v2/transaction-exists/"+id, nil)
		if e.status != http.StatusOK || !strings.Contains(string(e.body), `"transactionExistsIndicator":"false"`) {
			t.Errorf("%s: the refused invoice exists: %d %s", c.name, e.status, e.body)
		}
	}
}
