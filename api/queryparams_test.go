package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestQueryOfTooManyParameters sends, over loopback, queries of more
// parameters than net/url reads (10,000): it reads none of them then,
// so that a calculation sent with ?dryRun=true among 10,000 others was
// calculated, stored when it was an invoice, as if it had no query, and
// a change query with its beginDate among them was told beginDate is
// required. A query of more than 1,000 parameters is refused 400 naming
// the query, before the request is read or stored; one of 1,000 is read
// as before, each unknown parameter named.
func TestQueryOfTooManyParameters(t *testing.T) {
	h := newHarness(t)
	params := func(first string, n int) string {
		var b strings.Builder
		b.WriteString(first)
		for i := range n {
			fmt.Fprintf(&b, "&p%d=1", i)
		}
		return b.String()
	}
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `"documentDate"`, `"transactionId":"QP-1","documentDate"`, 1)
	for _, c := range []struct {
		name, method, path, body string
	}{
		{"an invoice with dryRun among 10,000 others", "POST", "/api/v2/supplies?" + params("dryRun=true", 10000), invoice},
		{"an invoice with 1,001 parameters", "POST", "/api/v2/supplies?" + params("dryRun=true", 1000), invoice},
		{"a change query with 10,000 others", "GET", "/api/v2/changed-taxareas?" + params("beginDate=2026-01-01", 10000), ""},
		{"a batch with 10,000 parameters", "POST", "/api/v2/find-taxareas?" + params("x=1", 10000), "[]"},
	} {
		var a answer
		if c.body == "" {
			a = h.do(c.method, c.path, nil)
		} else {
			a = h.do(c.method, c.path, strings.NewReader(c.body))
		}
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: %d %.300s, want 400", c.name, a.status, a.body)
			continue
		}
		if errs := errorsOf(t, a); len(errs) != 1 || errs[0].Target != "query" || !strings.Contains(errs[0].Message, "at most 1000") {
			t.Errorf("%s: %.400s, want one error naming the query and its limit", c.name, a.body)
		}
	}
	if a := h.do("GET", "/api/v2/transaction-exists/QP-1", nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"false"`) {
		t.Errorf("a refused invoice was stored: %s", a.body)
	}
	// At the limit, the query is read: its unknown parameters are named.
	a := h.do("POST", "/api/v2/supplies?"+params("dryRun=true", 999), strings.NewReader(invoice))
	if errs := errorsOf(t, a); a.status != http.StatusBadRequest || len(errs) != 1000 || errs[0].Target != "dryRun" {
		t.Errorf("1,000 parameters: %d, %d errors, %.300s; want 400 naming each", a.status, len(errs), a.body)
	}
}
