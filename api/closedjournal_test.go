package api

import (
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestClosedJournalUnavailable: an invoice sent after the host closed
// the engine's journal (a shutdown under way) is answered 503, code
// unavailable, with Retry-After, as one whose journal cannot take
// writes: the journal cannot serve now, and the same request sent again
// may succeed. It was answered 500, a fault of the server, though
// nothing failed.
func TestClosedJournalUnavailable(t *testing.T) {
	h, store := explainHarness(t)
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"inv-closed-1","saleMessageType"`, 1)
	a := h.post("/api/v2/supplies", invoice)
	if a.status != 503 || a.header.Get("Retry-After") != "1" {
		t.Fatalf("invoice into a closed journal: %d %v %s", a.status, a.header, a.body)
	}
	if items := errorsOf(t, a); items[0].Code != levy.EUnavailable || !strings.Contains(items[0].Message, "closed") {
		t.Errorf("invoice into a closed journal: %+v", items)
	}
}
