package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

var (
	engineOnce sync.Once
	sharedEng  *engine.Engine
	engineErr  error
	journalDir string
)

func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if journalDir != "" {
		os.RemoveAll(journalDir)
	}
	os.Exit(code)
}

// testEngine is one engine for the package's tests, with a Badger
// journal in a temporary directory and a fixed today.
func testEngine(t testing.TB) *engine.Engine {
	t.Helper()
	engineOnce.Do(func() {
		journalDir, engineErr = os.MkdirTemp("", "levy-api-test")
		if engineErr != nil {
			return
		}
		var store journal.Store
		store, engineErr = badger.OpenJournal(context.Background(), filepath.Join(journalDir, "journal"))
		if engineErr != nil {
			return
		}
		sharedEng, engineErr = engine.New(context.Background(), engine.WithJournal(store),
			engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return sharedEng
}

// harness is a server on loopback and what it logged.
type harness struct {
	t    testing.TB
	api  *Server
	srv  *httptest.Server
	logs *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newHarness(t testing.TB, opts ...Option) *harness {
	t.Helper()
	logs := &syncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s, err := New(testEngine(t), append([]Option{WithLogger(log)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &harness{t: t, api: s, srv: srv, logs: logs}
}

// answer is one HTTP exchange as the tests see it.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// do sends a request and checks the answer against the OpenAPI document
// that the server serves.
func (h *harness) do(method, path string, body io.Reader, header ...string) answer {
	h.t.Helper()
	req, err := http.NewRequest(method, h.srv.URL+path, body)
	if err != nil {
		h.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := h.srv.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	checkAnswer(h.t, h.api, req, resp.StatusCode, resp.Header, b)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			h.t.Errorf("%s %s: the answer is not JSON: %v", method, path, err)
		} else if p := nullAt(v, ""); p != "" {
			h.t.Errorf("%s %s: the answer holds a null at %s", method, path, p)
		}
	}
	return answer{resp.StatusCode, resp.Header, b}
}

// nullAt returns the path of the first null in v, or "".
func nullAt(v any, path string) string {
	switch x := v.(type) {
	case nil:
		return path + "(null)"
	case map[string]any:
		for k, e := range x {
			if p := nullAt(e, path+"."+k); p != "" {
				return p
			}
		}
	case []any:
		for i, e := range x {
			if p := nullAt(e, fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	}
	return ""
}

func (h *harness) post(path, body string) answer {
	h.t.Helper()
	return h.do("POST", path, strings.NewReader(body))
}

// errorsOf decodes an error answer.
func errorsOf(t testing.TB, a answer) []ErrorItem {
	t.Helper()
	var eb ErrorBody
	if err := json.Unmarshal(a.body, &eb); err != nil || len(eb.Errors) == 0 {
		t.Fatalf("not an error body (%v): %s", err, a.body)
	}
	if eb.Meta.App == "" || eb.Meta.TimeReceived.IsZero() {
		t.Errorf("error body without meta: %s", a.body)
	}
	return eb.Errors
}

// dataOf decodes the data member of a successful answer into v and
// checks its meta.
func dataOf(t testing.TB, a answer, v any) {
	t.Helper()
	if a.status != http.StatusOK {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	var env struct {
		Data json.RawMessage `json:"data"`
		Meta *Meta           `json:"meta"`
	}
	if err := json.Unmarshal(a.body, &env); err != nil {
		t.Fatalf("not an envelope: %v: %s", err, a.body)
	}
	if env.Meta == nil || env.Meta.App == "" || env.Meta.TimeReceived.IsZero() || env.Meta.TimeElapsed < 0 {
		t.Errorf("bad meta: %s", a.body)
	}
	if v != nil {
		if err := json.Unmarshal(env.Data, v); err != nil {
			t.Fatalf("data: %v: %s", err, env.Data)
		}
	}
}

// TestGoldenOverHTTP sends every golden request of the engine under both
// base paths and finds the engine's golden response as the data.
func TestGoldenOverHTTP(t *testing.T) {
	h := newHarness(t)
	files, err := filepath.Glob("../engine/testdata/golden/*.request.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden requests: %v", err)
	}
	endpoint := map[string]string{"sale": "/supplies", "purchase": "/procurement", "owner": "/owner"}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".request.json")
		req, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".request.json") + ".response.json")
		if err != nil {
			t.Fatal(err)
		}
		for _, base := range Bases {
			t.Run(name+base, func(t *testing.T) {
				a := h.post(base+endpoint[strings.SplitN(name, "-", 2)[0]], string(req))
				var got map[string]any
				dataOf(t, a, &got)
				var exp map[string]any
				if err := json.Unmarshal(want, &exp); err != nil {
					t.Fatal(err)
				}
				if _, ok := exp["transactionId"]; !ok {
					delete(got, "transactionId") // generated for a stored calculation
				}
				g, _ := json.MarshalIndent(got, "", "  ")
				e, _ := json.MarshalIndent(exp, "", "  ")
				if !bytes.Equal(g, e) {
					t.Errorf("data differs from the golden response:\n%s", g)
				}
			})
		}
	}
}

const quotation = `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME"},
 "customer":{"destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[{"lineItemId":"1","quantity":{"value":2},"unitPrice":19.99},{"lineItemId":"2","product":{"productClass":"CLOTHING"},"quantity":{"value":1},"unitPrice":50}]}`

func TestBadInput(t *testing.T) {
	h := newHarness(t)
	deep := strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000)
	long := strings.Repeat("x", 41)
	cases := []struct {
		name         string
		method, path string
		body         string
		status       int
		targets      []string // each must be among the answer's targets
	}{
		{"malformed JSON", "POST", "/api/v2/supplies", `{"saleMessageType": "QUOTATION",`, 400, nil},
		{"garbage", "POST", "/api/v2/supplies", "\x00\x01\xff garbage", 400, nil},
		{"wrong type", "POST", "/api/v2/supplies", `{"saleMessageType": 5}`, 400, []string{"saleMessageType"}},
		{"wrong nested type", "POST", "/api/v2/supplies", `{"lineItems":[{"quantity":{"value":"two"}}]}`, 400, []string{"lineItems[0].quantity.value"}},
		{"every violation", "POST", "/api/v2/supplies", `{"saleMessageType":"ESTIMATE","transactionType":"SALE","documentNumber":"` + strings.Repeat("9", 51) + `","lineItems":[{"lineItemId":"1","quantity":{"value":1},"unitPrice":1}]}`,
			400, []string{"saleMessageType", "documentNumber"}},
		{"deep nesting", "POST", "/api/v2/procurement", deep, 400, nil},
		{"not an object", "POST", "/api/v2/owner", `[1,2,3]`, 400, nil},
		{"empty body", "POST", "/api/v2/supplies", ``, 400, nil},
		{"transaction ID too long", "DELETE", "/api/v2/transactions/" + long, "", 400, []string{"id"}},
		{"existence ID too long", "GET", "/api/v2/transaction-exists/" + long, "", 400, []string{"transactionid"}},
		{"reversal ID too long", "POST", "/api/v2/transactions/" + long + "/reversal", "", 400, []string{"id"}},
		{"unknown transaction", "DELETE", "/api/v2/transactions/no-such-transaction", "", 404, nil},
		{"rollback of unknown", "POST", "/vertex-ws/v2/transactions/no-such-transaction/rollback", "", 404, nil},
		{"reversal body too long", "POST", "/api/v2/transactions/abc/reversal", `{"data":{"transactionId":"` + long + `"}}`, 400, []string{"data.transactionId"}},
		{"missing beginDate", "GET", "/api/v2/changed-taxareas", "", 400, []string{"beginDate"}},
		{"malformed beginDate", "GET", "/api/v2/changed-taxareas?beginDate=2026-13-01", "", 400, []string{"beginDate"}},
		{"malformed endDate", "GET", "/api/v2/changed-taxareas?beginDate=2026-01-01&endDate=tomorrow", "", 400, []string{"endDate"}},
		{"reversed range", "GET", "/api/v2/changed-taxareas?beginDate=2026-02-01&endDate=2026-01-01", "", 400, []string{"endDate"}},
		{"bad tax area ID", "GET", "/api/v2/changed-taxareas/abc?beginDate=2026-01-01", "", 400, []string{"taxareaid"}},
		{"unknown tax area", "GET", "/api/v2/changed-taxareas/12345?beginDate=2026-01-01", "", 404, []string{"taxareaid"}},
		{"latitude out of range", "POST", "/api/v2/coordinates-lookup", `{"coordinates":{"latitude":91,"longitude":0}}`, 400, []string{"coordinates.latitude"}},
		{"missing coordinates", "POST", "/api/v2/coordinates-lookup", `{}`, 400, []string{"coordinates"}},
		{"batch search too long an ID", "POST", "/api/v2/find-taxareas", `[{"lookupId":"` + long + `","lookupRequest":{"taxAreaId":"1"}}]`, 400, []string{"[0].lookupId"}},
		{"batch not an array", "POST", "/api/v2/find-taxareas", `{"lookupId":"1"}`, 400, nil},
		{"unknown path", "GET", "/api/v2/no-such-thing", "", 404, nil},
		{"unknown base", "POST", "/api/v3/supplies", quotation, 404, nil},
		{"wrong method", "GET", "/api/v2/supplies", "", 405, nil},
		{"wrong method on a parameter path", "PUT", "/api/v2/transactions/abc", "", 405, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var body io.Reader
			if c.body != "" {
				body = strings.NewReader(c.body)
			}
			a := h.do(c.method, c.path, body)
			if a.status != c.status {
				t.Fatalf("status %d, want %d: %s", a.status, c.status, a.body)
			}
			items := errorsOf(t, a)
			for _, want := range c.targets {
				found := false
				for _, it := range items {
					found = found || it.Target == want
				}
				if !found {
					t.Errorf("no error with target %q in %s", want, a.body)
				}
			}
		})
	}
	if a := h.post("/api/v2/supplies", quotation); a.status != 200 {
		t.Fatalf("the server does not answer after bad input: %d %s", a.status, a.body)
	}
}

func TestWrongMethodSaysAllow(t *testing.T) {
	h := newHarness(t)
	a := h.do("GET", "/api/v2/supplies", nil)
	if a.status != 405 || a.header.Get("Allow") != "POST" {
		t.Fatalf("status %d Allow %q", a.status, a.header.Get("Allow"))
	}
	a = h.do("PATCH", "/api/v2/transactions/abc", nil)
	if a.status != 405 || a.header.Get("Allow") != "DELETE" {
		t.Fatalf("status %d Allow %q", a.status, a.header.Get("Allow"))
	}
}

func TestBodyLimitAndContentType(t *testing.T) {
	h := newHarness(t, WithBodyLimit(1024))
	big := `{"saleMessageType":"QUOTATION","documentNumber":"` + strings.Repeat("x", 2000) + `"}`
	a := h.post("/api/v2/supplies", big)
	if a.status != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	errorsOf(t, a)
	a = h.do("POST", "/api/v2/supplies", strings.NewReader(quotation), "Content-Type", "text/plain")
	if a.status != http.StatusUnsupportedMediaType {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	if items := errorsOf(t, a); items[0].Target != "Content-Type" {
		t.Errorf("target %q", items[0].Target)
	}
	a = h.do("POST", "/api/v2/transactions/x/reversal", strings.NewReader(big))
	if a.status != http.StatusRequestEntityTooLarge {
		t.Fatalf("reversal: status %d: %s", a.status, a.body)
	}
	if _, err := New(testEngine(t), WithBodyLimit(0)); err == nil {
		t.Error("a zero body limit was accepted")
	}
}

func TestTransactionsOverHTTP(t *testing.T) {
	h := newHarness(t)
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"inv-http-1","saleMessageType"`, 1)
	var resp wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", invoice), &resp)
	if resp.TransactionID != "inv-http-1" || resp.TotalTax.IsZero() {
		t.Fatalf("invoice: %+v", resp)
	}
	exists := func(id string) string {
		t.Helper()
		a := h.do("GET", "/api/v2/transaction-exists/"+id, nil)
		var ea ExistsAnswer
		if err := json.Unmarshal(a.body, &ea); err != nil || a.status != 200 || ea.TransactionID != id || ea.Meta.App == "" {
			t.Fatalf("exists: %d %s", a.status, a.body)
		}
		return ea.TransactionExistsIndicator
	}
	if got := exists("inv-http-1"); got != "true" {
		t.Fatalf("exists = %q", got)
	}
	var rev wire.ReversalResponse
	dataOf(t, h.post("/api/v2/transactions/inv-http-1/reversal", `{"data":{"transactionId":"inv-http-1-rev","postingDate":"2026-06-02"}}`), &rev)
	if rev.TransactionID != "inv-http-1-rev" || rev.PostingDate != civil.MustParse("2026-06-02") {
		t.Fatalf("reversal: %+v", rev)
	}
	if a := h.post("/api/v2/transactions/inv-http-1/reversal", ""); a.status != http.StatusConflict {
		t.Fatalf("second reversal: %d %s", a.status, a.body)
	}
	if a := h.post("/api/v2/transactions/inv-http-1/rollback", ""); a.status != http.StatusConflict {
		t.Fatalf("rollback without a sync: %d %s", a.status, a.body)
	}
	a := h.do("DELETE", "/vertex-ws/v2/transactions/inv-http-1-rev", nil)
	var da DeleteAnswer
	if err := json.Unmarshal(a.body, &da); err != nil || a.status != 200 || da.TransactionID != "inv-http-1-rev" {
		t.Fatalf("delete: %d %s", a.status, a.body)
	}
	if got := exists("inv-http-1-rev"); got != "false" {
		t.Fatalf("after delete, exists = %q", got)
	}
	if a := h.do("DELETE", "/api/v2/transactions/inv-http-1-rev", nil); a.status != 404 {
		t.Fatalf("second delete: %d %s", a.status, a.body)
	}
	// A reversal without a body reverses with defaults.
	second := strings.Replace(invoice, "inv-http-1", "inv-http-2", 1)
	dataOf(t, h.post("/api/v2/supplies", second), nil)
	a = h.do("POST", "/api/v2/transactions/inv-http-2/reversal", nil)
	dataOf(t, a, &rev)
	if rev.TransactionID == "" || rev.TransactionID == "inv-http-2" {
		t.Fatalf("reversal without a body: %s", a.body)
	}
}

func TestLookupsOverHTTP(t *testing.T) {
	h := newHarness(t)
	type result struct {
		LookupResults []struct {
			TaxAreaID     string `json:"taxAreaId"`
			Jurisdictions []struct {
				JurisdictionID string `json:"jurisdictionId"`
			} `json:"jurisdictions"`
		} `json:"lookupResults"`
	}
	var addr result
	dataOf(t, h.post("/api/v2/address-lookup", `{"postalAddress":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118"},"asOfDate":"2026-06-01"}`), &addr)
	if len(addr.LookupResults) == 0 || addr.LookupResults[0].TaxAreaID == "" {
		t.Fatalf("address lookup: %+v", addr)
	}
	area := addr.LookupResults[0].TaxAreaID
	var pt result
	dataOf(t, h.post("/api/v2/coordinates-lookup", `{"coordinates":{"latitude":34.0522,"longitude":-118.2437}}`), &pt)
	if len(pt.LookupResults) == 0 {
		t.Fatal("no coordinates result")
	}
	var byID result
	dataOf(t, h.post("/vertex-ws/v2/taxareaid-lookup", `{"taxAreaId":"`+area+`"}`), &byID)
	if len(byID.LookupResults) != 1 || byID.LookupResults[0].TaxAreaID != area {
		t.Fatalf("tax area lookup: %+v", byID)
	}
	var ext result
	dataOf(t, h.post("/api/v2/external-jurisdiction-lookup", `{"externalJurisdictionCode":"06037","country":"US"}`), &ext)
	if len(ext.LookupResults) == 0 {
		t.Fatal("no government code result")
	}
	var batch []struct {
		LookupID string   `json:"lookupId"`
		Results  []result `json:"results"`
	}
	dataOf(t, h.post("/api/v2/find-taxareas", `[{"lookupId":"a","lookupRequest":{"taxAreaId":"`+area+`"}},
		{"lookupId":"b","lookupRequest":{"coordinates":{"latitude":48.85837,"longitude":2.294481}}}]`), &batch)
	if len(batch) != 2 || batch[0].LookupID != "a" || batch[1].LookupID != "b" {
		t.Fatalf("batch: %+v", batch)
	}
	// A batch of no searches is answered with no results; the body null
	// is refused (TestBadInputTable).
	batch = nil
	dataOf(t, h.post("/api/v2/find-taxareas", `[]`), &batch)
	if batch == nil || len(batch) != 0 {
		t.Fatalf("empty batch: %+v", batch)
	}
	var ids []string
	dataOf(t, h.do("GET", "/api/v2/changed-taxareas?beginDate=2026-10-01&endDate=2026-10-01", nil), &ids)
	if len(ids) == 0 {
		t.Fatal("no changed tax areas on 2026-10-01")
	}
	var ch ChangedAnswer
	dataOf(t, h.do("GET", "/api/v2/changed-taxareas/"+ids[0]+"?beginDate=2026-10-01&endDate=2026-10-01", nil), &ch)
	if !ch.Changed {
		t.Errorf("%s listed as changed but answers changed=false", ids[0])
	}
}

// tokenAuth is a stand-in for the access-token layer: the bearer token
// is the tenant's name, "forbidden" may not use the API, and anything
// else is refused.
type tokenAuth struct{}

func (tokenAuth) Authenticate(r *http.Request) (Principal, error) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	switch {
	case !ok || tok == "":
		return Principal{}, &levy.Error{Code: levy.EUnauthorized, Message: "an access token is required"}
	case tok == "forbidden":
		return Principal{}, &levy.Error{Code: levy.EForbidden, Message: "this token may not use the calculation API"}
	}
	return Principal{Tenant: tok, Client: "test"}, nil
}

func TestAuthenticatorAndTenants(t *testing.T) {
	h := newHarness(t, WithAuthenticator(tokenAuth{}))
	a := h.post("/api/v2/supplies", quotation)
	if a.status != 401 || !strings.HasPrefix(a.header.Get("WWW-Authenticate"), "Bearer") {
		t.Fatalf("without a token: %d %q %s", a.status, a.header.Get("WWW-Authenticate"), a.body)
	}
	if a := h.do("POST", "/api/v2/supplies", strings.NewReader(quotation), "Authorization", "Bearer forbidden"); a.status != 403 {
		t.Fatalf("forbidden token: %d %s", a.status, a.body)
	}
	if a := h.do("GET", "/api/v2/openapi.json", nil); a.status != 200 {
		t.Fatalf("the document needs no token, got %d", a.status)
	}
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"tenant-a-1","saleMessageType"`, 1)
	if a := h.do("POST", "/api/v2/supplies", strings.NewReader(invoice), "Authorization", "Bearer tenant-a"); a.status != 200 {
		t.Fatalf("tenant-a invoice: %d %s", a.status, a.body)
	}
	for tenant, want := range map[string]string{"tenant-a": "true", "tenant-b": "false"} {
		a := h.do("GET", "/api/v2/transaction-exists/tenant-a-1", nil, "Authorization", "Bearer "+tenant)
		var ea ExistsAnswer
		if err := json.Unmarshal(a.body, &ea); err != nil || ea.TransactionExistsIndicator != want {
			t.Errorf("%s sees %s", tenant, a.body)
		}
	}
	if a := h.do("DELETE", "/api/v2/transactions/tenant-a-1", nil, "Authorization", "Bearer tenant-b"); a.status != 404 {
		t.Errorf("tenant-b deleted tenant-a's transaction: %d", a.status)
	}
	if !strings.Contains(h.logs.String(), `"tenant":"tenant-a"`) {
		t.Errorf("the log names no tenant:\n%s", h.logs.String())
	}
}

func TestFaultsAreLoggedNotLeaked(t *testing.T) {
	h := newHarness(t, WithOperation(Operation{Method: "GET", Path: "/boom", ID: "boom", Tag: "Test", Summary: "Panics.", Public: true},
		http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
			panic("secret internal detail")
		})))
	a := h.do("GET", "/boom", nil, "X-Request-Id", "req-boom-1")
	if a.status != 500 || a.header.Get("X-Request-Id") != "req-boom-1" {
		t.Fatalf("status %d id %q", a.status, a.header.Get("X-Request-Id"))
	}
	items := errorsOf(t, a)
	if strings.Contains(string(a.body), "secret") || !strings.Contains(items[0].Message, "req-boom-1") {
		t.Errorf("500 body: %s", a.body)
	}
	var line map[string]any
	for _, l := range strings.Split(strings.TrimSpace(h.logs.String()), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && m["request_id"] == "req-boom-1" {
			line = m
		}
	}
	if line == nil || line["level"] != "ERROR" || !strings.Contains(fmt.Sprint(line["error"]), "secret internal detail") || line["status"] != float64(500) {
		t.Fatalf("fault log: %v\n%s", line, h.logs.String())
	}
	if a := h.post("/api/v2/supplies", quotation); a.status != 200 {
		t.Fatalf("after a panic: %d", a.status)
	}
}

func TestRequestIDLogsMetricsHealth(t *testing.T) {
	h := newHarness(t)
	a := h.post("/api/v2/supplies", quotation)
	id := a.header.Get("X-Request-Id")
	if a.status != 200 || len(id) < 16 {
		t.Fatalf("status %d request ID %q", a.status, id)
	}
	// The line is written once the answer is sent, so it may come a moment
	// after the answer.
	var line map[string]any
	for wait := time.Now().Add(5 * time.Second); line == nil && time.Now().Before(wait); time.Sleep(time.Millisecond) {
		for _, l := range strings.Split(strings.TrimSpace(h.logs.String()), "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(l), &m) == nil && m["request_id"] == id {
				line = m
			}
		}
	}
	if line == nil || line["route"] != "POST /api/v2/supplies" || line["status"] != float64(200) || line["tenant"] != levy.DefaultTenant || line["duration"] == nil {
		t.Fatalf("log line: %v", line)
	}
	if a := h.do("GET", "/api/v2/supplies", nil, "X-Request-Id", "bad id with spaces"); a.header.Get("X-Request-Id") == "bad id with spaces" {
		t.Error("an unsafe request ID was echoed")
	}
	a = h.do("GET", "/metrics", nil)
	if a.status != 200 || !strings.Contains(string(a.body), `levy_http_requests_total{route="POST /api/v2/supplies",status="200"} 1`) ||
		!strings.Contains(string(a.body), "levy_http_request_duration_seconds_bucket") || !strings.Contains(string(a.body), "go_goroutines") {
		t.Fatalf("metrics:\n%s", a.body)
	}
	a = h.do("GET", "/healthz", nil)
	if a.status != 200 || !strings.Contains(string(a.body), `"ok"`) {
		t.Fatalf("healthz: %d %s", a.status, a.body)
	}
}

func TestOpenAPIServed(t *testing.T) {
	h := newHarness(t)
	for _, base := range Bases {
		a := h.do("GET", base+"/openapi.json", nil)
		var doc struct {
			OpenAPI string `json:"openapi"`
			Info    struct {
				Version string `json:"version"`
			} `json:"info"`
		}
		if err := json.Unmarshal(a.body, &doc); err != nil || a.status != 200 || doc.Info.Version != "2.9.0" || !strings.HasPrefix(doc.OpenAPI, "3.") {
			t.Fatalf("%s: %d %v %.200s", base, a.status, err, a.body)
		}
	}
}

// TestConcurrentRequests drives the server from many goroutines at once.
func TestConcurrentRequests(t *testing.T) {
	h := newHarness(t)
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				resp, err := h.srv.Client().Post(h.srv.URL+"/api/v2/supplies", "application/json", strings.NewReader(quotation))
				if err != nil {
					errs <- err.Error()
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					errs <- resp.Status
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
