package oauth_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

var (
	engOnce sync.Once
	eng     *engine.Engine
	engErr  error
)

// clock is a settable time for the issuer and the handler.
type clock struct{ ns atomic.Int64 }

func (c *clock) now() time.Time      { return time.Unix(0, c.ns.Load()) }
func (c *clock) add(d time.Duration) { c.ns.Add(int64(d)) }
func (c *clock) set(t time.Time)     { c.ns.Store(t.UnixNano()) }

func newClock(t time.Time) *clock {
	c := &clock{}
	c.set(t)
	return c
}

// fixture is a server with tokens over loopback and what it logged.
type fixture struct {
	srv  *httptest.Server
	iss  *auth.Issuer
	clk  *clock
	logs *bytes.Buffer
	mu   *sync.Mutex
}

// sharedDir holds what the package's tests share.
var sharedDir string

func TestMain(m *testing.M) {
	var err error
	if sharedDir, err = os.MkdirTemp("", "levy-oauth-test-"); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(sharedDir)
	os.Exit(code)
}

func setup(t *testing.T) *fixture {
	t.Helper()
	return setupWith(t, func(clk *clock) *auth.Issuer { return authtest.Issuer(t, auth.Config{Now: clk.now}) })
}

// setupWith is setup with the issuer that newIssuer returns on the
// fixture's clock.
func setupWith(t *testing.T, newIssuer func(*clock) *auth.Issuer, opts ...oauth.Option) *fixture {
	t.Helper()
	clk := newClock(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	iss := newIssuer(clk)
	f := &fixture{iss: iss, clk: clk, logs: &bytes.Buffer{}, mu: &sync.Mutex{}}
	log := slog.New(slog.NewJSONHandler(lockedWriter{f.mu, f.logs}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h := oauth.New(iss, append([]oauth.Option{oauth.WithLogger(log), oauth.WithClock(clk.now)}, opts...)...)
	f.srv = serve(t, log, h)
	return f
}

// serve serves the token endpoints of h on the package's engine, logging
// to log, until the test ends.
func serve(t *testing.T, log *slog.Logger, h *oauth.Handler) *httptest.Server {
	t.Helper()
	engOnce.Do(func() {
		// The engine outlives the test that makes it: its journal lives in
		// a directory of the package's tests (TestMain removes it), not in
		// the first test's, which goes when that test ends.
		var store journal.Store
		store, engErr = badger.OpenJournal(context.Background(), filepath.Join(sharedDir, "journal"))
		if engErr == nil {
			eng, engErr = engine.New(context.Background(), engine.WithJournal(store))
		}
	})
	if engErr != nil {
		t.Fatal(engErr)
	}
	s, err := api.New(eng, append([]api.Option{api.WithLogger(log), api.WithAuthenticator(h.Authenticator())}, h.Mounts()...)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (f *fixture) logged() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.logs.String()
}

type reply struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

// send posts body to path with the content type and extra headers.
func (f *fixture) send(t *testing.T, method, path, contentType, body string, header ...string) reply {
	t.Helper()
	req, err := http.NewRequest(method, f.srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := f.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return readReply(resp)
}

// readReply reads resp and closes its body.
func readReply(resp *http.Response) reply {
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	r := reply{status: resp.StatusCode, header: resp.Header, raw: string(raw)}
	_ = json.Unmarshal(raw, &r.body)
	return r
}

func form(kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

const formType = "application/x-www-form-urlencoded"

func basic(id, secret string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id)+":"+url.QueryEscape(secret)))
}

func TestTokenEndpoint(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	good := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience)
	for _, path := range []string{"/oauth/token", "/oseries-auth/oauth/token"} {
		r := f.send(t, "POST", path, formType, good)
		if r.status != 200 || r.body["token_type"] != "Bearer" || r.body["access_token"] == "" || r.body["expires_in"] != float64(1200) ||
			r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s: %d %v %v", path, r.status, r.raw, r.header)
		}
	}
	js, _ := json.Marshal(map[string]string{"grant_type": "client_credentials", "client_id": cred.ClientID, "client_secret": secret, "audience": oauth.DefaultAudience})
	if r := f.send(t, "POST", "/oauth/token", "application/json", string(js)); r.status != 200 {
		t.Fatalf("JSON body: %d %s", r.status, r.raw)
	}
	if r := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "audience", oauth.DefaultAudience),
		"Authorization", basic(cred.ClientID, secret)); r.status != 200 {
		t.Fatalf("Basic: %d %s", r.status, r.raw)
	}

	// Refusals: the same answer for an unknown client and a wrong secret.
	unknown := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "client_id", "nobody", "client_secret", secret, "audience", oauth.DefaultAudience))
	wrong := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", "x"+secret, "audience", oauth.DefaultAudience))
	if unknown.status != 401 || unknown.body["error"] != "invalid_client" || unknown.raw != wrong.raw || wrong.status != 401 {
		t.Fatalf("unknown %d %s / wrong %d %s", unknown.status, unknown.raw, wrong.status, wrong.raw)
	}
	if r := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "audience", oauth.DefaultAudience),
		"Authorization", basic(cred.ClientID, "wrong")); r.status != 401 || !strings.HasPrefix(r.header.Get("WWW-Authenticate"), "Basic") {
		t.Fatalf("wrong Basic: %d %v", r.status, r.header)
	}
	cases := []struct {
		body, code string
		status     int
	}{
		{form("grant_type", "password", "client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience), "unsupported_grant_type", 400},
		{form("client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience), "invalid_request", 400},
		{form("grant_type", "client_credentials", "client_secret", secret, "audience", oauth.DefaultAudience), "invalid_request", 400},
		{form("grant_type", "client_credentials", "client_id", cred.ClientID, "audience", oauth.DefaultAudience), "invalid_request", 400},
		{form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", "levy://admin"), "invalid_target", 400},
		{"%zz=1", "invalid_request", 400},
	}
	for _, c := range cases {
		r := f.send(t, "POST", "/oauth/token", formType, c.body)
		if r.status != c.status || r.body["error"] != c.code || r.body["error_description"] == "" {
			t.Errorf("%s: %d %s, want %d %s", c.body, r.status, r.raw, c.status, c.code)
		}
	}
	if r := f.send(t, "POST", "/oauth/token", "application/xml", good); r.status != 400 || r.body["error"] != "invalid_request" {
		t.Errorf("application/xml: %d %s", r.status, r.raw)
	}
	if strings.Contains(f.logged(), secret) {
		t.Error("a secret was logged")
	}
}

func TestRateLimit(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	good := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience)
	for i := 0; i < 10; i++ {
		if r := f.send(t, "POST", "/oauth/token", formType, good); r.status != 200 {
			t.Fatalf("token %d: %d %s", i+1, r.status, r.raw)
		}
	}
	r := f.send(t, "POST", "/oauth/token", formType, good)
	want := "Client " + cred.ClientID + " audience " + oauth.DefaultAudience + " has exceeded the rate limit of 10 tokens/28800 seconds"
	if r.status != 400 || r.body["error"] != "invalid_request" || r.body["error_description"] != want {
		t.Fatalf("eleventh: %d %s", r.status, r.raw)
	}
	// The caching endpoint still answers with its cached token.
	if r := f.send(t, "POST", "/cached/oauth/token", formType, good); r.status != 200 {
		t.Fatalf("cached after the limit: %d %s", r.status, r.raw)
	}
	f.clk.add(28800 * time.Second)
	if r := f.send(t, "POST", "/oauth/token", formType, good); r.status != 200 {
		t.Fatalf("after the window: %d %s", r.status, r.raw)
	}
}

func TestCachedEndpoint(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	onlyAud := form("grant_type", "client_credentials", "audience", oauth.DefaultAudience)
	raw := base64.StdEncoding.EncodeToString([]byte(cred.ClientID + ":" + secret))
	first := f.send(t, "POST", "/cached/oauth/token", formType, onlyAud, "Authorization", "Basic "+raw)
	if first.status != 200 || first.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("first: %d %s", first.status, first.raw)
	}
	f.clk.add(5 * time.Minute)
	js := `{"audience":"` + oauth.DefaultAudience + `"}`
	second := f.send(t, "POST", "/cached/oauth/token", "application/json", js, "Authorization", "Bearer "+raw)
	if second.status != 200 || second.body["access_token"] != first.body["access_token"] || second.body["expires_in"] != float64(900) {
		t.Fatalf("second: %d %s (first %s)", second.status, second.raw, first.raw)
	}
	inBody := form("client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience)
	if r := f.send(t, "POST", "/cached/oauth/token", formType, inBody); r.status != 200 || r.body["access_token"] != first.body["access_token"] {
		t.Fatalf("credentials in the body: %d %s", r.status, r.raw)
	}
	f.clk.add(15 * time.Minute)
	third := f.send(t, "POST", "/cached/oauth/token", formType, onlyAud, "Authorization", "Basic "+raw)
	if third.status != 200 || third.body["access_token"] == first.body["access_token"] || third.body["expires_in"] != float64(1200) {
		t.Fatalf("after expiry: %d %s", third.status, third.raw)
	}
	if r := f.send(t, "POST", "/cached/oauth/token", formType, onlyAud, "Authorization", "Bearer !!!"); r.status != 401 || r.body["error"] != "invalid_client" {
		t.Fatalf("garbage credentials: %d %s", r.status, r.raw)
	}
	if r := f.send(t, "POST", "/cached/oauth/token", formType, inBody, "Authorization", "Basic "+raw); r.status != 400 {
		t.Fatalf("credentials twice: %d %s", r.status, r.raw)
	}
}

func TestBearerChecks(t *testing.T) {
	f := setup(t)
	_, _ = authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience, oauth.DefaultAdminAudience)
	tokA := authtest.Token(t, f.iss, "acme", oauth.DefaultAudience)
	tokB := authtest.Token(t, f.iss, "globex", oauth.DefaultAudience)
	adminTok := authtest.Token(t, f.iss, "acme", oauth.DefaultAdminAudience)
	const invoice = `{"transactionId":"bearer-1","saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01",
	 "seller":{"company":"ACME"},"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
	 "lineItems":[{"lineItemId":"1","quantity":{"value":1},"unitPrice":10}]}`
	if r := f.send(t, "POST", "/api/v2/supplies", "application/json", invoice, "Authorization", "Bearer "+tokA); r.status != 200 {
		t.Fatalf("tenant acme: %d %s", r.status, r.raw)
	}
	exists := func(tok string) reply {
		return f.send(t, "GET", "/api/v2/transaction-exists/bearer-1", "", "", "Authorization", "Bearer "+tok)
	}
	if r := exists(tokA); r.status != 200 || r.body["transactionExistsIndicator"] != "true" {
		t.Fatalf("acme sees its invoice: %s", r.raw)
	}
	if r := exists(tokB); r.status != 200 || r.body["transactionExistsIndicator"] != "false" {
		t.Fatalf("globex sees acme's invoice: %s", r.raw)
	}
	tampered := []byte(tokA)
	tampered[len(tampered)/3] ^= 1
	for name, hdr := range map[string]string{
		"missing": "", "not bearer": "Basic " + tokA, "empty": "Bearer ", "garbage": "Bearer not-a-token",
		"tampered": "Bearer " + string(tampered), "huge": "Bearer " + strings.Repeat("A", 100000),
	} {
		r := f.send(t, "GET", "/api/v2/transaction-exists/bearer-1", "", "", "Authorization", hdr)
		errs, _ := r.body["errors"].([]any)
		// Without a Bearer token there is no error code (RFC 6750 §3.1).
		challenge := `Bearer realm="levy", error="invalid_token"`
		if name == "missing" || name == "not bearer" {
			challenge = `Bearer realm="levy"`
		}
		if r.status != 401 || r.header.Get("WWW-Authenticate") != challenge || len(errs) == 0 {
			t.Errorf("%s: %d %v %s", name, r.status, r.header.Get("WWW-Authenticate"), r.raw)
		}
	}
	if r := exists(adminTok); r.status != 403 {
		t.Errorf("an admin token on the API: %d %s", r.status, r.raw)
	}
	f.clk.add(21 * time.Minute)
	if r := exists(tokA); r.status != 401 {
		t.Errorf("an expired token: %d %s", r.status, r.raw)
	}
	if strings.Contains(f.logged(), tokA) || strings.Contains(f.logged(), tokB) {
		t.Error("a token was logged")
	}
}

func TestRevokedTokensStop(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	r := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience))
	tok, _ := r.body["access_token"].(string)
	if r := f.send(t, "GET", "/api/v2/transaction-exists/x", "", "", "Authorization", "Bearer "+tok); r.status != 200 {
		t.Fatalf("before: %d", r.status)
	}
	if _, err := f.iss.Revoke(context.Background(), cred.ClientID); err != nil {
		t.Fatal(err)
	}
	if r := f.send(t, "GET", "/api/v2/transaction-exists/x", "", "", "Authorization", "Bearer "+tok); r.status != 401 {
		t.Fatalf("after revocation: %d", r.status)
	}
}

// TestClientCredentials has the Go client get its token from the server
// once and reuse it for every call.
func TestClientCredentials(t *testing.T) {
	f := setup(t)
	f.clk.set(time.Now()) // the client judges expiry with the real clock
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	var tokenCalls atomic.Int32
	counting := &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		if r.URL.Path == "/oauth/token" {
			tokenCalls.Add(1)
		}
		return http.DefaultTransport.RoundTrip(r)
	})}
	c, err := client.New(f.srv.URL+"/api/v2", client.WithHTTPClient(counting),
		client.WithClientCredentials(f.srv.URL+"/oauth/token", cred.ClientID, secret, oauth.DefaultAudience))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if _, err := c.TransactionExists(context.Background(), "x"); err != nil {
			t.Fatal(err)
		}
	}
	if n := tokenCalls.Load(); n != 1 {
		t.Fatalf("%d token requests for 3 calls", n)
	}
	bad, _ := client.New(f.srv.URL+"/api/v2", client.WithClientCredentials(f.srv.URL+"/oauth/token", cred.ClientID, "wrong", oauth.DefaultAudience))
	if _, err := bad.TransactionExists(context.Background(), "x"); err == nil || !strings.Contains(err.Error(), "invalid_client") {
		t.Fatalf("a wrong secret: %v", err)
	}
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
