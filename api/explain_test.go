package api

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// explainHarness is a server on loopback whose engine stores into a Badger
// journal of its own, which it returns, so that a test can see it empty.
func explainHarness(t *testing.T) (*harness, journal.Store) {
	t.Helper()
	ctx := context.Background()
	store, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	s, err := New(e, WithLogger(slog.New(slog.NewJSONHandler(logs, nil))))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &harness{t: t, api: s, srv: srv, logs: logs}, store
}

// explainedOf decodes an explanation's answer: the response part as sent,
// and the explanation.
func explainedOf(t *testing.T, a answer) (json.RawMessage, wire.Explanation) {
	t.Helper()
	var x struct {
		Response    json.RawMessage  `json:"response"`
		Explanation wire.Explanation `json:"explanation"`
	}
	dataOf(t, a, &x)
	return x.Response, x.Explanation
}

// rawData returns the data member of an answer as sent.
func rawData(t *testing.T, a answer) json.RawMessage {
	t.Helper()
	var d json.RawMessage
	dataOf(t, a, &d)
	return d
}

// TestExplainOverHTTP: POST /explain/supplies answers, beside the
// response that POST /supplies gives byte for byte, the explanation of
// the six taxes of a Los Angeles quotation, each with its rule and a
// reason; under both base paths; the explanations of a purchase and of
// an owner's movement likewise.
func TestExplainOverHTTP(t *testing.T) {
	h, _ := explainHarness(t)
	want := rawData(t, h.post("/api/v2/supplies", quotation))
	for _, base := range Bases {
		resp, ex := explainedOf(t, h.post(base+"/explain/supplies", quotation))
		if !bytes.Equal(resp, want) {
			t.Errorf("%s: the response differs from /supplies':\n%s\n%s", base, resp, want)
		}
		if len(ex) != 2 || len(ex[0].Taxes) != 6 || len(ex[1].Taxes) != 6 {
			t.Fatalf("%s: explanation %+v, want two lines of six taxes", base, ex)
		}
		var sale wire.SaleResponse
		if err := json.Unmarshal(resp, &sale); err != nil {
			t.Fatal(err)
		}
		for k, l := range ex {
			for i, x := range l.Taxes {
				w := sale.LineItems[k].Taxes[i]
				if x.JurisdictionID != w.Jurisdiction.JurisdictionID || x.RuleID == "" || x.RuleID != w.CalculationRuleID.Value || x.Reason == "" ||
					!x.CalculatedTax.Equal(w.CalculatedTax) {
					t.Errorf("%s: line %d, tax %d: %+v, the response's %s by %s", base, k, i, x, w.Jurisdiction.JurisdictionID, w.CalculationRuleID.Value)
				}
			}
		}
	}
	purchase := strings.NewReplacer(`"saleMessageType":"QUOTATION"`, `"purchaseMessageType":"PURCHASE_ORDER"`, `"transactionType":"SALE"`, `"transactionType":"PURCHASE"`,
		`"seller"`, `"vendor"`, `"customer"`, `"buyer"`).Replace(quotation)
	want = rawData(t, h.post("/api/v2/procurement", purchase))
	resp, ex := explainedOf(t, h.post("/api/v2/explain/procurement", purchase))
	if !bytes.Equal(resp, want) || len(ex) != 2 {
		t.Errorf("purchase: %s\n%s\n%+v", resp, want, ex)
	}
	// An owner's movement is stored (a journal is there): Owner gives
	// the transactionId it stores, an explanation none when none is
	// sent, so the request sends one.
	owner := `{"transactionId":"explain-owner-1","ownerMessageType":"INVENTORY_REMOVAL","documentDate":"2026-06-01",
 "owner":{"company":"ACME","destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[{"lineItemId":"1","quantity":{"value":2},"unitPrice":19.99},{"lineItemId":"2","quantity":{"value":1},"unitPrice":50}]}`
	want = rawData(t, h.post("/api/v2/owner", owner))
	resp, ex = explainedOf(t, h.post("/api/v2/explain/owner", owner))
	if !bytes.Equal(resp, want) || len(ex) != 2 || len(ex[0].Taxes) != 6 {
		t.Errorf("owner: %s\n%s\n%+v", resp, want, ex)
	}
}

// TestExplainStoresNothingOverHTTP sends INVOICEs, with and without a
// transactionId, to POST /explain/supplies of a server with a journal:
// each is answered, and the journal stays empty; the same INVOICE to
// POST /supplies is stored.
func TestExplainStoresNothingOverHTTP(t *testing.T) {
	h, store := explainHarness(t)
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	withID := strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"explain-inv-1","saleMessageType"`, 1)
	for _, body := range []string{invoice, withID} {
		resp, ex := explainedOf(t, h.post("/api/v2/explain/supplies", body))
		if len(ex) != 2 || len(ex[0].Taxes) != 6 {
			t.Errorf("explanation %+v", ex)
		}
		var sale wire.SaleResponse
		if err := json.Unmarshal(resp, &sale); err != nil {
			t.Fatal(err)
		}
		if body == invoice && sale.TransactionID != "" {
			t.Errorf("an explanation gave the transactionId %q of a transaction it did not store", sale.TransactionID)
		}
	}
	n := 0
	if err := store.Scan(context.Background(), levy.DefaultTenant, civil.Date{}, civil.Date{}, func(*journal.Transaction) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("the journal holds %d transactions after explanations", n)
	}
	if a := h.do("GET", "/api/v2/transaction-exists/explain-inv-1", nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"false"`) {
		t.Errorf("exists after the explanation: %s", a.body)
	}
	dataOf(t, h.post("/api/v2/supplies", withID), nil)
	if a := h.do("GET", "/api/v2/transaction-exists/explain-inv-1", nil); !strings.Contains(string(a.body), `"transactionExistsIndicator":"true"`) {
		t.Errorf("the invoice was not stored by /supplies: %s", a.body)
	}
}

// TestExplainBadInputOverHTTP: what a calculation route refuses, the
// explanation refuses with the same status and the same errors.
func TestExplainBadInputOverHTTP(t *testing.T) {
	h, _ := explainHarness(t)
	cases := []struct{ path, ctype, body string }{
		{"/supplies", "application/json", `{"saleMessageType": "QUOTATION",`},
		{"/supplies", "application/json", "\x00\x01\xff garbage"},
		{"/supplies", "application/json", `{"saleMessageType": 5}`},
		{"/supplies", "application/json", `{"lineItems":[{"quantity":{"value":"two"}}]}`},
		{"/supplies", "application/json", `{"saleMessageType":"ESTIMATE","transactionType":"SALE","documentNumber":"` + strings.Repeat("9", 51) + `","lineItems":[{"lineItemId":"1","quantity":{"value":1},"unitPrice":1}]}`},
		{"/supplies", "application/json", strings.Replace(quotation, `"US"}}`, `"ZZ"}}`, 1)},
		{"/supplies", "application/json", ``},
		{"/supplies", "text/plain", quotation},
		{"/procurement", "application/json", `{"purchaseMessageType":"ACCRUAL"}`},
		{"/owner", "application/json", `[1,2,3]`},
		{"/owner", "application/json", `{"ownerMessageType":"INVENTORY_REMOVAL","noSuchMember":1}`},
	}
	errs := func(a answer) string {
		var eb ErrorBody
		if err := json.Unmarshal(a.body, &eb); err != nil {
			t.Fatalf("%s", a.body)
		}
		b, _ := json.Marshal(eb.Errors)
		return string(b)
	}
	send := func(path, ctype, body string) answer {
		var r *strings.Reader
		if body != "" {
			r = strings.NewReader(body)
		}
		if r == nil {
			return h.do("POST", path, nil, "Content-Type", ctype)
		}
		return h.do("POST", path, r, "Content-Type", ctype)
	}
	for _, c := range cases {
		want := send("/api/v2"+c.path, c.ctype, c.body)
		got := send("/api/v2/explain"+c.path, c.ctype, c.body)
		if want.status < 400 || want.status >= 500 || got.status != want.status || errs(got) != errs(want) {
			t.Errorf("%s %.60q: explained %d %s, calculated %d %s", c.path, c.body, got.status, got.body, want.status, want.body)
		}
	}
	if a := h.post("/api/v2/explain/supplies", quotation); a.status != http.StatusOK {
		t.Errorf("after bad input: %d %s", a.status, a.body)
	}
}
