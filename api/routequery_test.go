package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestRoutesThatReadNoQueryRefuseOne: the transaction operations and the
// tax area lookups read no query parameter, and refuse one, 400 naming
// it, before they change anything. DELETE
// /transactions/{id}?dryRun=true deleted the transaction, as though
// nothing had been asked, and a reversal sent with ?dryRun=true was
// stored.
func TestRoutesThatReadNoQueryRefuseOne(t *testing.T) {
	h := newHarness(t)
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"rq-1","saleMessageType"`, 1)
	if a := h.do("POST", "/api/v2/supplies", strings.NewReader(invoice)); a.status != http.StatusOK {
		t.Fatalf("storing the invoice: %d %.300s", a.status, a.body)
	}
	const area = `{"taxAreaId":"50000000"}`
	for _, c := range []struct{ method, path, body, param string }{
		{"DELETE", "/api/v2/transactions/rq-1?dryRun=true", "", "dryRun"},
		{"POST", "/api/v2/transactions/rq-1/reversal?dryRun=true", "", "dryRun"},
		{"POST", "/api/v2/transactions/rq-1/rollback?preview", "", "preview"},
		{"GET", "/api/v2/transaction-exists/rq-1?includeDeleted=true", "", "includeDeleted"},
		{"POST", "/vertex-ws/v2/address-lookup?strict=true", `{"postalAddress":{"city":"Denver","mainDivision":"CO","postalCode":"80202"}}`, "strict"},
		{"POST", "/api/v2/coordinates-lookup?x=1", `{"latitude":39.74,"longitude":-104.99}`, "x"},
		{"POST", "/api/v2/taxareaid-lookup?asOf=2020-01-01", area, "asOf"},
		{"POST", "/api/v2/external-jurisdiction-lookup?x=1", `{"jurisdictionCode":"08"}`, "x"},
		{"POST", "/api/v2/find-taxareas?limit=1", `[{"lookupId":"a","lookupRequest":` + area + `}]`, "limit"},
	} {
		var a answer
		if c.body == "" {
			a = h.do(c.method, c.path, nil)
		} else {
			a = h.do(c.method, c.path, strings.NewReader(c.body))
		}
		if a.status != http.StatusBadRequest {
			t.Errorf("%s %s: %d, want 400: %.300s", c.method, c.path, a.status, a.body)
			continue
		}
		items := errorsOf(t, a)
		if len(items) != 1 || items[0].Target != c.param || !strings.Contains(items[0].Message, "takes no query parameter") {
			t.Errorf("%s %s: %+v, want one error naming %s", c.method, c.path, items, c.param)
		}
	}
	a := h.do("GET", "/api/v2/transaction-exists/rq-1", nil)
	var ea ExistsAnswer
	if err := json.Unmarshal(a.body, &ea); err != nil || ea.TransactionExistsIndicator != "true" {
		t.Errorf("the transaction was deleted by DELETE ?dryRun=true: %d %s", a.status, a.body)
	}
	// Without a query, or with an empty one, the routes serve; the routes
	// that read parameters, and the service's own, keep their rules.
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/api/v2/transaction-exists/rq-1?", http.StatusOK},
		{"GET", "/api/v2/changed-taxareas?beginDate=2026-01-01&endDate=2026-02-01", http.StatusOK},
		{"GET", "/api/v2/changed-taxareas?beginDate=2026-01-01&until=2026-02-01", http.StatusBadRequest},
		{"GET", "/api/v2/openapi.json?v=2", http.StatusOK},
		{"GET", "/healthz?probe=lb", http.StatusOK},
		{"DELETE", "/api/v2/transactions/rq-1", http.StatusOK},
	} {
		if a := h.do(c.method, c.path, nil); a.status != c.status {
			t.Errorf("%s %s: %d, want %d: %.300s", c.method, c.path, a.status, c.status, a.body)
		}
	}
}

// TestLongParameterNameNotSentBack: a query parameter's name is quoted in
// the error, and is its target, cut after 64 bytes. A name of 60,000
// bytes was sent back whole, twice: 120 KB answered to one request.
func TestLongParameterNameNotSentBack(t *testing.T) {
	h := newHarness(t)
	long := strings.Repeat("a", 60000)
	for _, path := range []string{
		"/api/v2/changed-taxareas?beginDate=2026-01-01&" + long + "=1",
		"/api/v2/transaction-exists/t1?" + long,
		"/api/v2/transaction-exists/t1?" + long + "%01=1",
		"/api/v2/transaction-exists/t1?" + long + ";x=1",
	} {
		a := h.do("GET", path, nil)
		items := errorsOf(t, a)
		if a.status != http.StatusBadRequest || len(a.body) > 1024 || len(items) != 1 || len(items[0].Target) > 70 {
			t.Errorf("GET with a parameter name of %d bytes: %d, %d bytes: %.300s", len(long), a.status, len(a.body), a.body)
		}
	}
}
