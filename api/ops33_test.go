package api

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestStoredIDsTodaysRulesRefuseOperable stores, in-process, transactions
// under IDs that a new transaction may no longer take over the wire ("."
// and "..", stored by the journal as any program using it may store
// them), and checks over HTTP on loopback that each can be found and
// deleted: the operations on a stored transaction took the rule of a
// new ID and answered 400, so that nothing over HTTP could remove it. An
// ID of whitespace alone, which a journal holds from before its rule,
// reaches the journal too (not found here, as none is stored), and an ID
// no journal holds (41 characters) is still refused.
func TestStoredIDsTodaysRulesRefuseOperable(t *testing.T) {
	ctx := context.Background()
	h, store := explainHarness(t)

	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"ops33-source","saleMessageType"`, 1)
	if a := h.post("/api/v2/supplies", invoice); a.status != http.StatusOK {
		t.Fatalf("invoice: %d %s", a.status, a.body)
	}
	src, err := store.Get(ctx, levy.DefaultTenant, "ops33-source")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ id, segment string }{{".", "%2E"}, {"..", "%2E%2E"}} {
		tx := *src
		tx.TransactionID = c.id
		if _, err := store.Post(ctx, levy.DefaultTenant, &tx); err != nil {
			t.Fatalf("post %q: %v", c.id, err)
		}
		if a := h.do("GET", "/api/v2/transaction-exists/"+c.segment, nil); a.status != http.StatusOK ||
			!strings.Contains(string(a.body), `"transactionExistsIndicator":"true"`) {
			t.Errorf("exists %q: %d %s", c.id, a.status, a.body)
		}
		if a := h.do("DELETE", "/api/v2/transactions/"+c.segment, nil); a.status != http.StatusOK {
			t.Errorf("delete %q: %d %s", c.id, a.status, a.body)
		}
		if ok, err := store.Exists(ctx, levy.DefaultTenant, c.id); ok || err != nil {
			t.Errorf("%q after its deletion over HTTP: exists = %v, %v", c.id, ok, err)
		}
	}
	for _, c := range []struct {
		method, path string
		status       int
		target       string
	}{
		{"DELETE", "/api/v2/transactions/%20%20%20", http.StatusNotFound, "id"},
		{"POST", "/api/v2/transactions/%20%20%20/rollback", http.StatusNotFound, "id"},
		{"POST", "/api/v2/transactions/%20%20%20/reversal", http.StatusNotFound, "id"},
		{"DELETE", "/api/v2/transactions/" + strings.Repeat("x", 41), http.StatusBadRequest, "id"},
	} {
		a := h.do(c.method, c.path, nil)
		if a.status != c.status {
			t.Errorf("%s %s: %d %s, want %d", c.method, c.path, a.status, a.body, c.status)
			continue
		}
		if items := errorsOf(t, a); items[0].Target != c.target {
			t.Errorf("%s %s: %+v, want an error about %s", c.method, c.path, items, c.target)
		}
	}
	if a := h.do("GET", "/api/v2/transaction-exists/%20%20%20", nil); a.status != http.StatusOK ||
		!strings.Contains(string(a.body), `"transactionExistsIndicator":"false"`) {
		t.Errorf("exists of spaces: %d %s", a.status, a.body)
	}
}
