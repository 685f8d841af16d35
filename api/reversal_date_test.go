package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestReversalNotBeforeItsOriginalOverHTTP stores an invoice of
// 2026-06-01 posted on 2026-06-03 and asks for its reversal: dated
// 2026-06-02, or with no date (the engine's today, 2026-06-01), the
// reversal would take the sale out of a period that never had it, and
// is answered 400 naming data.postingDate; dated 2026-06-03 it is
// stored.
func TestReversalNotBeforeItsOriginalOverHTTP(t *testing.T) {
	h := newHarness(t)
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"inv-rev-date","postingDate":"2026-06-03","saleMessageType"`, 1)
	var resp wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", invoice), &resp)
	for _, body := range []string{`{"data":{"transactionId":"inv-rev-date-r","postingDate":"2026-06-02"}}`, `{"data":{"transactionId":"inv-rev-date-r"}}`} {
		a := h.post("/api/v2/transactions/inv-rev-date/reversal", body)
		if a.status != http.StatusBadRequest {
			t.Fatalf("%s: status %d: %s", body, a.status, a.body)
		}
		if items := errorsOf(t, a); items[0].Target != "data.postingDate" || !strings.Contains(items[0].Message, "2026-06-03") {
			t.Errorf("%s: %+v; want data.postingDate, naming the original's posting date", body, items)
		}
	}
	var rev wire.ReversalResponse
	dataOf(t, h.post("/api/v2/transactions/inv-rev-date/reversal", `{"data":{"transactionId":"inv-rev-date-r","postingDate":"2026-06-03"}}`), &rev)
	if rev.TransactionID != "inv-rev-date-r" || rev.PostingDate != civil.MustParse("2026-06-03") {
		t.Fatalf("reversal: %+v", rev)
	}
}
