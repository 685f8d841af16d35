package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestReversalRefusesUnknownMembersOverHTTP asks for reversals whose
// bodies hold a member that a reversal does not have: lines to reverse
// (a reversal is of the whole transaction), a misspelt posting date or
// document number, a member beside data. Each would have reversed the
// whole transaction, dated today, with the original's document number;
// each is answered 400 naming the member, and stores nothing: the
// transaction is reversed afterwards by a body that has only the
// reversal's members.
func TestReversalRefusesUnknownMembersOverHTTP(t *testing.T) {
	h := newHarness(t)
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"inv-rev-members","saleMessageType"`, 1)
	dataOf(t, h.post("/api/v2/supplies", invoice), nil)
	const path = "/api/v2/transactions/inv-rev-members/reversal"
	for _, c := range []struct{ body, field string }{
		{`{"data":{"transactionId":"inv-rev-members-r","lineItems":[{"lineItemId":"1"}]}}`, "data.lineItems"},
		{`{"data":{"transactionId":"inv-rev-members-r","posting_date":"2026-06-05"}}`, "data.posting_date"},
		{`{"data":{"transactionId":"inv-rev-members-r","documentNo":"CN-1"}}`, "data.documentNo"},
		{`{"data":{"transactionId":"inv-rev-members-r"},"lineItems":[{"lineItemId":"1"}]}`, "lineItems"},
		{`{"transactionId":"inv-rev-members-r"}`, "transactionId"},
	} {
		a := h.post(path, c.body)
		if a.status != http.StatusBadRequest {
			t.Fatalf("%s: status %d: %s", c.body, a.status, a.body)
		}
		if items := errorsOf(t, a); len(items) != 1 || items[0].Target != c.field {
			t.Errorf("%s: %+v; want one error naming %s", c.body, items, c.field)
		}
	}
	if a := h.do("GET", "/api/v2/transaction-exists/inv-rev-members-r", nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"false"`) {
		t.Fatalf("a refused reversal was stored: %s", a.body)
	}
	var rev wire.ReversalResponse
	dataOf(t, h.post(path, `{"data":{"transactionId":"inv-rev-members-r","postingDate":"2026-06-05","documentNumber":"CN-1"}}`), &rev)
	if rev.TransactionID != "inv-rev-members-r" || rev.PostingDate != civil.MustParse("2026-06-05") || rev.DocumentNumber != "CN-1" {
		t.Fatalf("reversal: %+v", rev)
	}
}
