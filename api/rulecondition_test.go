package api

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/engine"
)

// TestHostConditionFailsOnALine serves a rule file whose condition
// fails on some lines' facts (an index out of range when the usage has
// no "-") and sends such a line, and one it decides: the first is
// answered 400 naming the line and the rule, the second is calculated.
// Before, the first was a 500 ("the server failed to answer"). A
// condition that fails on every line is refused when the engine is
// built (rules.TestCompileRefusesFailingConditions).
func TestHostConditionFailsOnALine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rules.json")
	file := `{"version": 1, "rules": [{"id": "acme-usage-suffix", "outcome": "EXEMPT",
  "when": "usage == \"\" || usage == \"RESALE\" || split(usage, \"-\")[1] == \"EXEMPT\""}]}`
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(context.Background(), engine.WithRuleFiles(path))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(e)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	h := &harness{t: t, api: s, srv: srv, logs: &syncBuffer{}}
	body := func(usage string) string {
		return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME"},
 "customer":{"destination":{"city":"Albany","mainDivision":"NY","postalCode":"12207","country":"US"}},
 "lineItems":[{"lineItemId":"1","quantity":{"value":1},"unitPrice":100},
  {"lineItemId":"2","quantity":{"value":1},"unitPrice":100,"usage":"` + usage + `"}]}`
	}
	a := h.post("/api/v2/supplies", body("MFG"))
	if a.status != 400 {
		t.Fatalf("a line whose facts fail the condition: status %d, want 400: %s", a.status, a.body)
	}
	items := errorsOf(t, a)
	if items[0].Target != "lineItems[1]" || !strings.Contains(items[0].Message, "acme-usage-suffix") || !strings.Contains(items[0].Message, "index out of range") {
		t.Errorf("error %+v, want one naming lineItems[1], the rule and the failure", items[0])
	}
	if a := h.post("/api/v2/supplies", body("MFG-EXEMPT")); a.status != 200 || !strings.Contains(string(a.body), "acme-usage-suffix") {
		t.Errorf("a line the condition decides: %d %s", a.status, a.body)
	}
}
