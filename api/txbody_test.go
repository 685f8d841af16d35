package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestDeleteAndRollbackRefuseABodyOverHTTP sends DELETE and rollback
// requests, which take no body, with one: lines to delete (a client
// that thinks it deletes two lines of an invoice) and a version to
// roll back to. Each was ignored, and the whole transaction deleted or
// rolled back; each is answered 400 naming the member, and changes
// nothing: the invoice still exists, and is deleted afterwards by a
// request without a body (or with an empty object).
func TestDeleteAndRollbackRefuseABodyOverHTTP(t *testing.T) {
	h := newHarness(t)
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"inv-no-body","saleMessageType"`, 1)
	dataOf(t, h.post("/api/v2/supplies", invoice), nil)
	const path = "/api/v2/transactions/inv-no-body"
	for _, c := range []struct{ method, path, body, field string }{
		{"DELETE", path, `{"lineItems":[{"lineItemId":"1"},{"lineItemId":"2"}]}`, "lineItems"},
		{"DELETE", path, `{"data":{"transactionId":"inv-no-body"}}`, "data"},
		{"POST", path + "/rollback", `{"data":{"version":1}}`, "data"},
	} {
		a := h.do(c.method, c.path, strings.NewReader(c.body))
		if a.status != http.StatusBadRequest {
			t.Fatalf("%s %s %s: status %d: %s", c.method, c.path, c.body, a.status, a.body)
		}
		if items := errorsOf(t, a); len(items) != 1 || items[0].Target != c.field {
			t.Errorf("%s %s %s: %+v; want one error naming %s", c.method, c.path, c.body, items, c.field)
		}
		if a := h.do("GET", "/api/v2/transaction-exists/inv-no-body", nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"true"`) {
			t.Fatalf("%s %s %s was refused but deleted the invoice: %s", c.method, c.path, c.body, a.body)
		}
	}
	if a := h.do("DELETE", path, strings.NewReader(`{}`)); a.status != http.StatusOK {
		t.Fatalf("DELETE with an empty object: status %d: %s", a.status, a.body)
	}
	if a := h.do("GET", "/api/v2/transaction-exists/inv-no-body", nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"false"`) {
		t.Fatalf("the delete did not delete: %s", a.body)
	}
}
