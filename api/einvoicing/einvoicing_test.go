package einvoicing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

var (
	engineOnce sync.Once
	sharedEng  *engine.Engine
	engineErr  error
)

// testEngine is the engine behind the test servers; the e-invoicing
// routes do not use it, the API around them does.
func testEngine(t testing.TB) *engine.Engine {
	engineOnce.Do(func() {
		sharedEng, engineErr = engine.New(context.Background(), engine.WithJournal(journal.NewMemory()))
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return sharedEng
}

// harness is a Levy server with e-invoicing and real tokens on loopback.
type harness struct {
	t      *testing.T
	url    string
	svc    *einvoice.Service
	tokens map[string]string // by tenant; "admin" is the operator's
}

// newHarness is newStrictHarness with private targets allowed, for the
// receivers of the tests on loopback, and a document limit of 64 KiB.
func newHarness(t *testing.T, cfg einvoice.Config) *harness {
	cfg.AllowPrivateTargets = true
	return newStrictHarness(t, cfg, WithBodyLimit(64<<10))
}

// openService opens an e-invoicing service over a Badger store in dir,
// delivering to dir/outbox unless cfg says otherwise; the function it
// returns closes both.
func openService(tb testing.TB, dir string, cfg einvoice.Config) (*einvoice.Service, func() error) {
	tb.Helper()
	store, err := badger.OpenEInvoice(context.Background(), dir)
	if err != nil {
		tb.Fatal(err)
	}
	if cfg.OutboxDir == "" {
		cfg.OutboxDir = filepath.Join(dir, "outbox")
	}
	svc, err := einvoice.New(context.Background(), store, cfg)
	if err != nil {
		_ = store.Close()
		tb.Fatal(err)
	}
	return svc, func() error { return errors.Join(svc.Close(), store.Close()) }
}

// newStrictHarness is a harness whose service has cfg as it is, and whose
// handler has opts.
func newStrictHarness(t *testing.T, cfg einvoice.Config, opts ...Option) *harness {
	return newServerHarness(t, cfg, slog.New(slog.DiscardHandler), 0, opts...)
}

// newServerHarness is newStrictHarness whose server logs to log and has
// readTimeout as its read timeout (none when 0).
func newServerHarness(t *testing.T, cfg einvoice.Config, log *slog.Logger, readTimeout time.Duration, opts ...Option) *harness {
	iss := authtest.Issuer(t, auth.Config{NoActivationDelay: true})
	tokens := oauth.New(iss, oauth.WithReaderAudiences(consoleAudience))
	if cfg.MinBackoff == 0 {
		cfg.MinBackoff = 10 * time.Millisecond
		cfg.MaxBackoff = 50 * time.Millisecond
	}
	svc, closeSvc := openService(t, t.TempDir(), cfg)
	t.Cleanup(func() { _ = closeSvc() })
	h := New(svc, append([]Option{WithAuthenticator(tokens.Authenticator()), WithAdminAuthenticator(tokens.AdminAuthenticator())}, opts...)...)
	apiOpts := append([]api.Option{api.WithLogger(log)}, tokens.Mounts()...)
	srv, err := api.New(testEngine(t), append(apiOpts, h.Mounts()...)...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Config.ReadTimeout, ts.Config.IdleTimeout = readTimeout, time.Minute
	ts.Start()
	t.Cleanup(ts.Close)
	return &harness{t: t, url: ts.URL, svc: svc, tokens: map[string]string{
		"acme":   authtest.Token(t, iss, "acme", oauth.DefaultAudience),
		"globex": authtest.Token(t, iss, "globex", oauth.DefaultAudience),
		"admin":  authtest.Token(t, iss, "ops", oauth.DefaultOperatorAudience),
		// The tenants' own admin tokens.
		"acme-admin":   authtest.Token(t, iss, "acme", oauth.DefaultAdminAudience),
		"globex-admin": authtest.Token(t, iss, "globex", oauth.DefaultAdminAudience),
		// acme's read-only token, as the web console holds one.
		"acme-console": authtest.Token(t, iss, "acme", consoleAudience),
	}}
}

// answer is an HTTP answer.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// do sends a request as who ("" for no token) with headers in pairs.
func (h *harness) do(method, path, who string, body []byte, headers ...string) answer {
	h.t.Helper()
	req, err := http.NewRequest(method, h.url+path, bytes.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	if who != "" {
		req.Header.Set("Authorization", "Bearer "+h.tokens[who])
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if strings.Contains(string(b), "null") && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		h.t.Errorf("%s %s: the answer holds null: %s", method, path, b)
	}
	return answer{resp.StatusCode, resp.Header, b}
}

// data decodes the data member of an answer.
func data[T any](t *testing.T, a answer) T {
	t.Helper()
	var env struct {
		Data T `json:"data"`
	}
	if err := json.Unmarshal(a.body, &env); err != nil {
		t.Fatalf("%v: %s", err, a.body)
	}
	return env.Data
}

// target returns the first error target of an answer.
func target(t *testing.T, a answer) string {
	t.Helper()
	var body api.ErrorBody
	if err := json.Unmarshal(a.body, &body); err != nil || len(body.Errors) == 0 {
		t.Fatalf("not an error body: %s", a.body)
	}
	return body.Errors[0].Target
}

func invoice(t *testing.T) []byte {
	b, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const secret = "0123456789abcdef0123456789abcdef-receiver"

// consoleAudience is the reader audience of the test servers: its
// tokens read and change nothing.
const consoleAudience = "levy://console"

func TestEndToEnd(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	// The customer's receiver, built with package webhook.
	var mu sync.Mutex
	var got []webhook.Event
	mux := http.NewServeMux()
	rcvSrv := httptest.NewServer(mux)
	defer rcvSrv.Close()
	targetURL := rcvSrv.URL + "/levy-events"
	rcv, err := webhook.NewReceiver([]byte(secret), targetURL, func(_ context.Context, ev webhook.Event, _ []byte) error {
		mu.Lock()
		got = append(got, ev)
		mu.Unlock()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/levy-events", rcv)

	conn := `{"targetUrl":"` + targetURL + `","secretKey":"` + secret + `","events":"all","includeMetadata":true}`
	a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(conn), "Content-Type", "application/json")
	if a.status != 201 || strings.Contains(string(a.body), secret) {
		t.Fatalf("create webhook: %d %s", a.status, a.body)
	}
	c := data[einvoice.Connection](t, a)
	if !einvoice.IsGUID(c.WebhookID) || c.TenantID != "acme" || !c.Events.All || !c.IncludeMetadata || a.header.Get("Location") != "/einvoicing/v1/webhooks/"+c.WebhookID {
		t.Fatalf("connection %+v", c)
	}
	a = h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml")
	if a.status != 202 {
		t.Fatalf("submit: %d %s", a.status, a.body)
	}
	d := data[einvoice.Document](t, a)
	if d.Status != "Pending" || d.TenantID != "acme" || d.DocumentNumber != "LVY-2026-0042" || a.header.Get("Location") != "/einvoicing/v1/documents/"+d.DocumentID {
		t.Fatalf("submitted %+v", d)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		a = h.do("GET", "/einvoicing/v1/documents/"+d.DocumentID, "acme", nil)
		if a.status != 200 {
			t.Fatalf("get: %d %s", a.status, a.body)
		}
		if d = data[einvoice.Document](t, a); d.Status == "Completed" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("still %s", d.Status)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the receiver accepted %d events", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	for i, want := range []string{"Pending", "In Progress", "Completed"} {
		if got[i].Status != want || got[i].DocumentID != d.DocumentID || got[i].Metadata == nil {
			t.Errorf("event %d: %+v", i, got[i])
		}
	}
	mu.Unlock()
	if a := h.do("GET", "/einvoicing/v1/documents/"+d.DocumentID+"/content", "acme", nil); a.status != 200 || !bytes.Equal(a.body, invoice(t)) || a.header.Get("Content-Type") != "application/xml" {
		t.Errorf("content: %d %s", a.status, a.header.Get("Content-Type"))
	}
	// Tenancy.
	for _, path := range []string{"/einvoicing/v1/documents/" + d.DocumentID, "/einvoicing/v1/documents/" + d.DocumentID + "/content", "/einvoicing/v1/webhooks/" + c.WebhookID} {
		if a := h.do("GET", path, "globex", nil); a.status != 404 {
			t.Errorf("globex GET %s: %d", path, a.status)
		}
	}
	if a := h.do("GET", "/einvoicing/v1/webhooks", "globex", nil); a.status != 200 || len(data[[]einvoice.Connection](t, a)) != 0 {
		t.Errorf("globex's list: %s", a.body)
	}
	a = h.do("GET", "/einvoicing/v1/webhooks", "acme", nil)
	if list := data[[]einvoice.Connection](t, a); len(list) != 1 || strings.Contains(string(a.body), secret) {
		t.Errorf("acme's list: %s", a.body)
	}
	if a := h.do("DELETE", "/einvoicing/v1/webhooks?webhookId="+c.WebhookID, "globex", nil); a.status != 404 {
		t.Errorf("globex deleted acme's connection: %d", a.status)
	}
	if a := h.do("DELETE", "/einvoicing/v1/webhooks?webhookId="+c.WebhookID, "acme", nil); a.status != 200 {
		t.Errorf("delete: %d %s", a.status, a.body)
	}
	if a := h.do("DELETE", "/einvoicing/v1/webhooks/"+c.WebhookID, "acme", nil); a.status != 404 {
		t.Errorf("delete twice: %d %s", a.status, a.body)
	}
}

func TestBadRequests(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	json := "application/json"
	for _, tc := range []struct {
		name, method, path, who, contentType string
		body                                 []byte
		status                               int
		target                               string
	}{
		{"no token", "POST", "/einvoicing/v1/documents", "", "application/xml", invoice(t), 401, ""},
		{"admin token on a tenant route", "POST", "/einvoicing/v1/documents", "admin", "application/xml", invoice(t), 403, ""},
		{"json document", "POST", "/einvoicing/v1/documents", "acme", json, invoice(t), 415, "Content-Type"},
		{"no content type", "POST", "/einvoicing/v1/documents", "acme", "", invoice(t), 415, "Content-Type"},
		{"empty document", "POST", "/einvoicing/v1/documents", "acme", "application/xml", nil, 400, "body"},
		{"too large", "POST", "/einvoicing/v1/documents", "acme", "application/xml", bytes.Repeat([]byte("x"), 65<<10), 413, "body"},
		{"bad document id", "GET", "/einvoicing/v1/documents/INV-1", "acme", "", nil, 400, "documentId"},
		{"unknown document", "GET", "/einvoicing/v1/documents/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f", "acme", "", nil, 404, "documentId"},
		{"webhook not json", "POST", "/einvoicing/v1/webhooks", "acme", "text/plain", []byte(`{}`), 415, "Content-Type"},
		{"webhook garbage", "POST", "/einvoicing/v1/webhooks", "acme", json, []byte(`{"targetUrl":`), 400, ""},
		{"webhook unknown field", "POST", "/einvoicing/v1/webhooks", "acme", json, []byte(`{"targetUrl":"https://a.example/x","secretKey":"` + secret + `","events":"all","colour":1}`), 400, "colour"},
		{"webhook http", "POST", "/einvoicing/v1/webhooks", "acme", json, []byte(`{"targetUrl":"http://a.example/x","secretKey":"` + secret + `","events":"all"}`), 400, "targetUrl"},
		{"webhook short secret", "POST", "/einvoicing/v1/webhooks", "acme", json, []byte(`{"targetUrl":"https://a.example/x","secretKey":"short","events":"all"}`), 400, "secretKey"},
		{"webhook bad events", "POST", "/einvoicing/v1/webhooks", "acme", json, []byte(`{"targetUrl":"https://a.example/x","secretKey":"` + secret + `","events":["Sent"]}`), 400, "events[0]"},
		{"webhook events wrong type", "POST", "/einvoicing/v1/webhooks", "acme", json, []byte(`{"targetUrl":"https://a.example/x","secretKey":"` + secret + `","events":7}`), 400, "events"},
		{"delete without id", "DELETE", "/einvoicing/v1/webhooks", "acme", "", nil, 400, "webhookId"},
		{"delete bad id", "DELETE", "/einvoicing/v1/webhooks/x", "acme", "", nil, 400, "webhookId"},
		{"dead letters as a tenant", "GET", "/admin/v1/einvoicing/dead-letters", "acme", "", nil, 403, ""},
		{"replay bad id", "POST", "/admin/v1/einvoicing/dead-letters/x/replay", "admin", "", nil, 400, "eventId"},
		{"replay unknown", "POST", "/admin/v1/einvoicing/dead-letters/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f/replay", "admin", "", nil, 404, "eventId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var headers []string
			if tc.contentType != "" {
				headers = []string{"Content-Type", tc.contentType}
			}
			a := h.do(tc.method, tc.path, tc.who, tc.body, headers...)
			if a.status != tc.status {
				t.Fatalf("status %d, want %d: %s", a.status, tc.status, a.body)
			}
			if tc.target != "" && !strings.HasPrefix(target(t, a), tc.target) {
				t.Errorf("target %q, want %q: %s", target(t, a), tc.target, a.body)
			}
		})
	}
	if a := h.do("GET", "/admin/v1/einvoicing/dead-letters", "admin", nil); a.status != 200 || len(data[[]einvoice.DeadLetter](t, a)) != 0 {
		t.Errorf("dead letters: %d %s", a.status, a.body)
	}
	if a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "text/xml; charset=utf-8"); a.status != 202 {
		t.Errorf("after the bad requests: %d %s", a.status, a.body)
	}
}

// TestSubmitIdempotencyKey: a repeat of a document under its
// Idempotency-Key answers 200 with the first record. The review's finding
// Low 6: another document under a key already used was answered 200 with
// the first document's record, and never submitted; it is refused 409
// naming Idempotency-Key, and stores nothing. Another tenant's key of the
// same name is its own.
func TestSubmitIdempotencyKey(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml", "Idempotency-Key", "batch-9-doc-1")
	b := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml", "Idempotency-Key", "batch-9-doc-1")
	first := data[einvoice.Document](t, a)
	if a.status != 202 || b.status != 200 || first.DocumentID != data[einvoice.Document](t, b).DocumentID {
		t.Errorf("%d %d", a.status, b.status)
	}
	second := bytes.Replace(invoice(t), []byte("LVY-2026-0042"), []byte("LVY-2026-0043"), 1)
	c := h.do("POST", "/einvoicing/v1/documents", "acme", second, "Content-Type", "application/xml", "Idempotency-Key", "batch-9-doc-1")
	if c.status != http.StatusConflict || target(t, c) != "Idempotency-Key" || !strings.Contains(string(c.body), first.DocumentID) {
		t.Fatalf("another document under the key: %d %s", c.status, c.body)
	}
	if c.header.Get("Location") != "" {
		t.Errorf("the refusal names a document: %s", c.header.Get("Location"))
	}
	// The second invoice goes through under a key of its own, and the
	// first key still answers for the first invoice.
	d := h.do("POST", "/einvoicing/v1/documents", "acme", second, "Content-Type", "application/xml", "Idempotency-Key", "batch-9-doc-2")
	if d.status != 202 || data[einvoice.Document](t, d).DocumentNumber != "LVY-2026-0043" {
		t.Errorf("the second invoice under its own key: %d %s", d.status, d.body)
	}
	if e := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml", "Idempotency-Key", "batch-9-doc-1"); e.status != 200 || data[einvoice.Document](t, e).DocumentID != first.DocumentID {
		t.Errorf("the first invoice again: %d %s", e.status, e.body)
	}
	if g := h.do("POST", "/einvoicing/v1/documents", "globex", second, "Content-Type", "application/xml", "Idempotency-Key", "batch-9-doc-1"); g.status != 202 {
		t.Errorf("globex's own key: %d %s", g.status, g.body)
	}
}

func TestDeadLetterRoutes(t *testing.T) {
	h := newHarness(t, einvoice.Config{MaxAttempts: 2})
	var healthy atomic.Bool
	var keys []string
	var mu sync.Mutex
	tg := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !healthy.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		mu.Lock()
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer tg.Close()
	conn := `{"targetUrl":"` + tg.URL + `","secretKey":"` + secret + `","events":["Completed"]}`
	if a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(conn), "Content-Type", "application/json"); a.status != 201 {
		t.Fatalf("create webhook: %d %s", a.status, a.body)
	}
	if a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml"); a.status != 202 {
		t.Fatalf("submit: %d %s", a.status, a.body)
	}
	var dead []einvoice.DeadLetter
	deadline := time.Now().Add(10 * time.Second)
	for len(dead) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no dead letter")
		}
		time.Sleep(10 * time.Millisecond)
		dead = data[[]einvoice.DeadLetter](t, h.do("GET", "/admin/v1/einvoicing/dead-letters?tenant=acme", "admin", nil))
	}
	if dead[0].Status != "Completed" || dead[0].Attempts != 2 || !strings.Contains(dead[0].LastError, "503") {
		t.Errorf("dead letter %+v", dead[0])
	}
	if a := h.do("GET", "/admin/v1/einvoicing/dead-letters?tenant=globex", "admin", nil); len(data[[]einvoice.DeadLetter](t, a)) != 0 {
		t.Errorf("globex's dead letters: %s", a.body)
	}
	if a := h.do("POST", "/admin/v1/einvoicing/dead-letters/"+dead[0].EventID+"/replay", "acme", nil); a.status != 403 {
		t.Errorf("a tenant replayed: %d", a.status)
	}
	healthy.Store(true)
	if a := h.do("POST", "/admin/v1/einvoicing/dead-letters/"+dead[0].EventID+"/replay", "admin", nil); a.status != 200 {
		t.Fatalf("replay: %d %s", a.status, a.body)
	}
	for {
		mu.Lock()
		n := len(keys)
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the replayed event never came")
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	if keys[0] != dead[0].EventID {
		t.Errorf("replayed with key %s, want %s", keys[0], dead[0].EventID)
	}
	mu.Unlock()
}

// TestMemberNames: the names of the top-level members only, whatever the
// values nest.
func TestMemberNames(t *testing.T) {
	got := memberNames([]byte(`{"targetUrl":"https://a.example/x","events":["Error",{"x":[1,{"colour":2}]}],"b":{"c":{}},"e":null,"f":[]}`))
	if want := []string{"targetUrl", "events", "b", "e", "f"}; !slices.Equal(got, want) {
		t.Errorf("memberNames = %v, want %v", got, want)
	}
	if got := memberNames([]byte(`[1]`)); got != nil {
		t.Errorf("memberNames of an array = %v", got)
	}
	err := knownMembers("a webhook connection", []string{"targetUrl", "TargetURL", "colour", "Shape"}, connectionMembers...)
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) != 2 || errs[0].Field != "Shape" || errs[1].Field != "colour" {
		t.Errorf("knownMembers = %v", err)
	}
}
