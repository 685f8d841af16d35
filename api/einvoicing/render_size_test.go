package einvoicing

import (
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice"
)

// TestSubmitTransactionTooLarge: a stored invoice whose e-invoice is
// larger than the documents the server's e-invoicing takes
// (--einvoice-max-document) is refused by .../submit with 409 naming the
// transaction and both sizes, as what keeps the transaction from
// becoming a submitted e-invoice: the request's own body, the options,
// is small, and was answered 413 about the "body". Render still answers
// the document.
func TestSubmitTransactionTooLarge(t *testing.T) {
	j, e := journaledEngine(t)
	calcSale(t, e, "acme", strings.Replace(germanSale, "%s", "INV-1", 1))
	const limit = 2000 // the rendered CII has about 3,000 bytes
	h := newStrictHarness(t, einvoice.Config{AllowPrivateTargets: true, MaxDocumentBytes: limit}, WithJournal(j))
	opts := []byte(`{"syntax": "cii"}`)
	a := h.do("POST", "/einvoicing/v1/transactions/INV-1/render", "acme", opts, "Content-Type", "application/json")
	if a.status != 200 || len(a.body) <= limit {
		t.Fatalf("render: %d, %d bytes", a.status, len(a.body))
	}
	a = h.do("POST", "/einvoicing/v1/transactions/INV-1/submit", "acme", opts, "Content-Type", "application/json")
	if a.status != 409 || target(t, a) != "transactionId" || !strings.Contains(string(a.body), "2000") {
		t.Fatalf("submit: %d %s", a.status, a.body)
	}
}
