package journaladmin_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// server is an API over an engine and a Badger journal with the token
// routes and the journal's admin routes, on loopback; newServer's limits,
// when given, are those of its exports.
type server struct {
	url   string
	store journal.Store
	iss   *auth.Issuer
}

func newServer(t *testing.T, limits ...journaladmin.ExportLimits) *server {
	t.Helper()
	return newServerWith(t, func(store journal.Store, _ *engine.Engine, log *slog.Logger) []journaladmin.Option {
		var hopts []journaladmin.Option
		for _, l := range limits {
			hopts = append(hopts, journaladmin.WithExporter(journaladmin.NewExporter(store, l, log)))
		}
		return hopts
	})
}

// newServerWith is newServer with the handler's options that with makes
// from the journal, the engine and the logger.
func newServerWith(t *testing.T, with func(journal.Store, *engine.Engine, *slog.Logger) []journaladmin.Option) *server {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	store, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(quiet))
	if err != nil {
		t.Fatal(err)
	}
	iss := authtest.Issuer(t, auth.Config{NoActivationDelay: true})
	tokens := oauth.New(iss, oauth.WithLogger(quiet))
	opts := append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	opts = append(opts, journaladmin.New(store, tokens.AdminAuthenticator(), append(with(store, e, quiet), journaladmin.WithLogger(quiet))...).Mounts()...)
	srv, err := api.New(e, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &server{url: ts.URL, store: store, iss: iss}
}

// send sends a request with a bearer token (none when empty).
func (s *server) send(t *testing.T, method, path, token, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.url+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// post posts a golden request of the engine's test data as an INVOICE
// with transaction ID id.
func (s *server) post(t *testing.T, token, name, id string) {
	t.Helper()
	body := journaltest.Invoice(t, filepath.Join("..", "..", "engine", "testdata", "golden", name+".request.json"), id)
	if resp, b := s.send(t, "POST", "/api/v2/supplies", token, string(body)); resp.StatusCode != 200 {
		t.Fatalf("posting %s: %d %s", id, resp.StatusCode, b)
	}
}

// TestJournalRoutes posts invoices of two tenants through the API and
// reads the journal back through the admin routes: the report and the
// exports are those the journal gives in-process, for the token's tenant
// only, and a missing or wrong token or a bad parameter is answered with
// an error that names it.
func TestJournalRoutes(t *testing.T) {
	s := newServer(t)
	acmeAPI := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	globexAPI := authtest.Token(t, s.iss, "globex", oauth.DefaultAudience)
	acmeAdmin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	globexAdmin := authtest.Token(t, s.iss, "globex", oauth.DefaultAdminAudience)
	s.post(t, acmeAPI, "sale-de-tax-included-invoice", "INV-DE-1")
	s.post(t, acmeAPI, "sale-us-nexus-exemption-evidence", "INV-US-1")
	s.post(t, globexAPI, "sale-us-ca-los-angeles-quotation", "INV-GLOBEX")

	ctx := context.Background()
	from, to := civil.MustParse("2026-03-01"), civil.MustParse("2026-06-30")
	for _, c := range []struct {
		tenant, token string
		txs           int
	}{{"acme", acmeAdmin, 2}, {"globex", globexAdmin, 1}} {
		resp, body := s.send(t, "GET", "/admin/v1/journal/report?from=2026-03-01&to=2026-06-30", c.token, "")
		if resp.StatusCode != 200 {
			t.Fatalf("%s report: %d %s", c.tenant, resp.StatusCode, body)
		}
		var got struct {
			Data journal.Report `json:"data"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		want, err := journal.Summarize(ctx, s.store, c.tenant, from, to)
		if err != nil {
			t.Fatal(err)
		}
		gotJSON, _ := json.Marshal(got.Data)
		wantJSON, _ := json.Marshal(want)
		if !bytes.Equal(gotJSON, wantJSON) || got.Data.Tenant != c.tenant || got.Data.Transactions != c.txs {
			t.Errorf("%s report over HTTP:\n%s\nin-process:\n%s", c.tenant, gotJSON, wantJSON)
		}

		for _, f := range []journal.Format{journal.JSONLines, journal.CSV} {
			resp, body := s.send(t, "GET", "/admin/v1/journal/export?from=2026-03-01&to=2026-06-30&format="+string(f), c.token, "")
			var want bytes.Buffer
			n, err := journal.Export(ctx, s.store, c.tenant, from, to, f, &want, nil)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != 200 || !bytes.Equal(body, want.Bytes()) || n != c.txs {
				t.Errorf("%s export %s: %d\n%s\nin-process (%d transactions):\n%s", c.tenant, f, resp.StatusCode, body, n, want.Bytes())
			}
			if got := resp.Trailer.Get(journaladmin.TrailerCount); got != map[string]string{"acme": "2", "globex": "1"}[c.tenant] ||
				resp.Trailer.Get(journaladmin.TrailerError) != "" {
				t.Errorf("%s export %s: trailers %v, want %s: %d", c.tenant, f, resp.Trailer, journaladmin.TrailerCount, c.txs)
			}
			media := map[journal.Format]string{journal.JSONLines: "application/x-ndjson", journal.CSV: "text/csv; charset=utf-8"}[f]
			if resp.Header.Get("Content-Type") != media {
				t.Errorf("%s export %s: Content-Type %q, want %q", c.tenant, f, resp.Header.Get("Content-Type"), media)
			}
		}
	}

	// Refusals, each naming what is wrong.
	for _, c := range []struct {
		name, path, token string
		status            int
		target, message   string
	}{
		{"no token", "/admin/v1/journal/report", "", 401, "", "access token is required"},
		{"an API token", "/admin/v1/journal/export", acmeAPI, 403, "", "may not use this route"},
		{"a malformed token", "/admin/v1/journal/report", "not-a-token", 401, "", ""},
		{"another tenant", "/admin/v1/journal/report?tenant=globex", acmeAdmin, 403, "tenant", "own tenant, acme"},
		{"another tenant's export", "/admin/v1/journal/export?tenant=globex", acmeAdmin, 403, "tenant", "own tenant, acme"},
		{"a bad date", "/admin/v1/journal/report?from=2026-02-3", acmeAdmin, 400, "from", "YYYY-MM-DD"},
		{"no day of the calendar", "/admin/v1/journal/report?from=2026-02-30", acmeAdmin, 400, "from", "not a day of the calendar: February 2026 has 28 days"},
		{"a reversed period", "/admin/v1/journal/report?from=2026-03-02&to=2026-03-01", acmeAdmin, 400, "to", "before from"},
		{"an unknown format", "/admin/v1/journal/export?format=xlsx", acmeAdmin, 400, "format", "jsonl or csv"},
		// A value of 40 KB is quoted cut after 64 bytes, not sent back whole.
		{"a date of 40 KB", "/admin/v1/journal/report?from=" + strings.Repeat("2", 40000), acmeAdmin, 400, "from", strings.Repeat("2", 64) + "…\" is not a date"},
		{"a format of 40 KB", "/admin/v1/journal/export?format=" + strings.Repeat("x", 40000), acmeAdmin, 400, "format", strings.Repeat("x", 64) + "…\" is not an export format"},
		{"a format for the report", "/admin/v1/journal/report?format=csv", acmeAdmin, 400, "format", "not a parameter"},
		{"a parameter twice", "/admin/v1/journal/report?to=2026-03-01&to=2026-03-02", acmeAdmin, 400, "to", "once"},
	} {
		resp, body := s.send(t, "GET", c.path, c.token, "")
		var e struct {
			Errors []struct{ Code, Message, Target string } `json:"errors"`
		}
		if err := json.Unmarshal(body, &e); err != nil || resp.StatusCode != c.status || len(e.Errors) == 0 ||
			e.Errors[0].Target != c.target || !strings.Contains(e.Errors[0].Message, c.message) {
			t.Errorf("%s: %d %.400s; want %d naming %q with %.100q", c.name, resp.StatusCode, body, c.status, c.target, c.message)
		}
		if len(body) > 1024 {
			t.Errorf("%s: the refusal has %d bytes, quoting the request back", c.name, len(body))
		}
		if strings.Contains(string(body), "INV-") || resp.Trailer.Get(journaladmin.TrailerCount) != "" {
			t.Errorf("%s: the refusal shows journal data: %s", c.name, body)
		}
	}

	// A journal that fails while the export streams: the status is
	// sent, so the trailer says the export is incomplete, without the
	// fault itself; the report, not yet begun, answers 503: a closed
	// journal cannot serve now (its host is shutting down), and the same
	// request may succeed later.
	if err := s.store.Close(); err != nil {
		t.Fatal(err)
	}
	resp, body := s.send(t, "GET", "/admin/v1/journal/export", acmeAdmin, "")
	if resp.StatusCode != 200 || resp.Trailer.Get(journaladmin.TrailerCount) != "" ||
		!strings.Contains(resp.Trailer.Get(journaladmin.TrailerError), "reading the journal failed after 0 transactions") ||
		!strings.Contains(resp.Trailer.Get(journaladmin.TrailerError), resp.Header.Get("X-Request-Id")) {
		t.Errorf("an export over a closed journal: %d %s, trailers %v", resp.StatusCode, body, resp.Trailer)
	}
	if resp, body := s.send(t, "GET", "/admin/v1/journal/report", acmeAdmin, ""); resp.StatusCode != 503 || resp.Header.Get("Retry-After") != "1" ||
		!strings.Contains(string(body), `"code":"unavailable"`) {
		t.Errorf("a report over a closed journal: %d %s", resp.StatusCode, body)
	}
}

// stalled asks the server for path with token over a connection of its
// own, reads the answer's status and headers, and reads no further.
func (s *server) stalled(t *testing.T, path, token string) (net.Conn, *http.Response) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	req, err := http.NewRequest("GET", s.url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if err := req.Write(conn); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		t.Fatal(err)
	}
	return conn, resp
}

// TestExportLimitPerTenant holds an export of acme open (its client
// stops reading an export of some 11 MiB) on a server that runs one
// export per tenant: a second export of acme is answered 429 with
// Retry-After and a message that says why, globex's export is not held
// up, and once acme's client goes away its export ends and gives its
// place back.
func TestExportLimitPerTenant(t *testing.T) {
	s := newServer(t, journaladmin.ExportLimits{PerTenant: 1})
	journaltest.PostBulk(t, s.store, "acme", 3000)
	acme := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	globex := authtest.Token(t, s.iss, "globex", oauth.DefaultAdminAudience)

	conn, resp := s.stalled(t, "/admin/v1/journal/export", acme)
	if resp.StatusCode != 200 {
		t.Fatalf("acme's first export: %s", resp.Status)
	}
	resp, body := s.send(t, "GET", "/admin/v1/journal/export?format=csv", acme, "")
	var e struct {
		Errors []struct{ Code, Message string } `json:"errors"`
	}
	if err := json.Unmarshal(body, &e); err != nil || resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "10" ||
		len(e.Errors) != 1 || e.Errors[0].Code != levy.ETooMany || !strings.Contains(e.Errors[0].Message, "tenant acme has 1 journal export running, the most") {
		t.Fatalf("acme's second export: %s, Retry-After %q, %s", resp.Status, resp.Header.Get("Retry-After"), body)
	}
	if resp, _ := s.send(t, "GET", "/admin/v1/journal/export", globex, ""); resp.StatusCode != 200 || resp.Trailer.Get(journaladmin.TrailerCount) != "0" {
		t.Fatalf("globex's export while acme's runs: %s, trailers %v", resp.Status, resp.Trailer)
	}

	// The client goes away: the export's next write fails, it ends, and
	// acme may export again.
	conn.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, _ := s.send(t, "GET", "/admin/v1/journal/export?from=2026-01-01&to=2026-01-01", acme, "")
		if resp.StatusCode == 200 {
			break
		}
		if resp.StatusCode != http.StatusTooManyRequests || time.Now().After(deadline) {
			t.Fatalf("acme's export after its client went away: %s", resp.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
