package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestDotTransactionIDsRefusedOverHTTP sends an invoice, and asks for a
// reversal, under the transaction IDs "." and "..". Stored, such a
// transaction could never be deleted, reversed, rolled back or found:
// "." and ".." are the dot segments that clients and the server take
// out of a URL path, so /transactions/.. names no transaction (it is
// answered 404 "there is no /api/v2/transactions/.."). Each is refused
// with a 400 naming the member, and stores nothing; IDs that merely
// hold dots are stored and reached by their path.
func TestDotTransactionIDsRefusedOverHTTP(t *testing.T) {
	h := newHarness(t)
	invoice := func(id string) string {
		s := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
		return strings.Replace(s, `{"saleMessageType"`, `{"transactionId":"`+id+`","saleMessageType"`, 1)
	}
	for _, id := range []string{".", ".."} {
		a := h.post("/api/v2/supplies", invoice(id))
		if a.status != http.StatusBadRequest {
			t.Fatalf("invoice %q: status %d: %s", id, a.status, a.body)
		}
		if items := errorsOf(t, a); len(items) != 1 || items[0].Target != "transactionId" {
			t.Errorf("invoice %q: %+v; want one error naming transactionId", id, items)
		}
	}
	dataOf(t, h.post("/api/v2/supplies", invoice("inv-dots")), nil)
	for _, id := range []string{".", ".."} {
		a := h.post("/api/v2/transactions/inv-dots/reversal", `{"data":{"transactionId":"`+id+`"}}`)
		if a.status != http.StatusBadRequest {
			t.Fatalf("reversal %q: status %d: %s", id, a.status, a.body)
		}
		if items := errorsOf(t, a); len(items) != 1 || items[0].Target != "data.transactionId" {
			t.Errorf("reversal %q: %+v; want one error naming data.transactionId", id, items)
		}
	}
	for _, id := range []string{"...", ".a.", "a..b"} {
		dataOf(t, h.post("/api/v2/supplies", invoice(id)), nil)
		if a := h.do("GET", "/api/v2/transaction-exists/"+id, nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"true"`) {
			t.Errorf("%q is not found by its path: %d %s", id, a.status, a.body)
		}
		if a := h.do("DELETE", "/api/v2/transactions/"+id, nil); a.status != http.StatusOK {
			t.Errorf("%q is not deleted by its path: %d %s", id, a.status, a.body)
		}
	}
	if a := h.do("GET", "/api/v2/transaction-exists/inv-dots", nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"true"`) {
		t.Fatalf("inv-dots: %s", a.body)
	}
}
