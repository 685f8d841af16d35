package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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

	"github.com/levytax/levy/internal/pgtest"
)

// node is one levy serve of a cluster.
type node struct {
	base  string
	token string // of the node's development credential
}

// startCluster runs n levy serve nodes over one new PostgreSQL database,
// each with a data directory of its own (for its development credential
// and its delivered documents), and returns them with the database URL.
func startCluster(t *testing.T, n int, args ...string) ([]node, string) {
	t.Helper()
	db := pgtest.URL(t)
	nodes := make([]node, n)
	for i := range nodes {
		// A data directory that does not exist yet: serve makes it.
		dir := filepath.Join(t.TempDir(), "node")
		base, stop, _, token := startServe(t, dir, serveConfig{}, append([]string{"--database", db}, args...)...)
		t.Cleanup(func() {
			if err := stop(); err != nil {
				t.Errorf("node %d: %v", i, err)
			}
		})
		nodes[i] = node{base: base, token: token}
	}
	return nodes, db
}

// tokenRequest asks node base for a token of the credential.
func tokenRequest(base, id, secret string) (int, string, error) {
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}, "audience": {"verx://migration-api"}}
	resp, err := http.PostForm(base+"/oauth/token", form)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&tok)
	return resp.StatusCode, tok.AccessToken, nil
}

// TestClusterTokens runs three nodes over one database: the token rate
// limit is exact however the requests spread over the nodes (100 at once
// give exactly 10 tokens), a token of one node is good on every node, and
// a revocation made through the database reaches every node within 5 s.
func TestClusterTokens(t *testing.T) {
	nodes, db := startCluster(t, 3)
	code, out, errOut := runCLI(t, "clients", "create", "--database", db, "--tenant", "acme", "--audience", "verx://migration-api", "--active-now")
	if code != 0 {
		t.Fatalf("clients create: exit %d\n%s", code, errOut)
	}
	var cred struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
	}
	if err := json.Unmarshal([]byte(out), &cred); err != nil || cred.ClientID == "" || cred.ClientSecret == "" {
		t.Fatalf("clients create printed %s (%v)", out, err)
	}

	var wg sync.WaitGroup
	var granted, limited atomic.Int64
	var mu sync.Mutex
	var tokens []string
	for i := range 100 {
		wg.Go(func() {
			status, tok, err := tokenRequest(nodes[i%3].base, cred.ClientID, cred.ClientSecret)
			switch {
			case err != nil:
				t.Error(err)
			case status == 200:
				granted.Add(1)
				mu.Lock()
				tokens = append(tokens, tok)
				mu.Unlock()
			case status == 400 || status == 429:
				limited.Add(1)
			default:
				t.Errorf("token request: %d", status)
			}
		})
	}
	wg.Wait()
	if granted.Load() != 10 || limited.Load() != 90 {
		t.Fatalf("100 token requests over 3 nodes: %d granted, %d refused; want exactly 10 granted", granted.Load(), limited.Load())
	}

	tok := tokens[0]
	for i, n := range nodes {
		resp := authed(t, "POST", n.base+"/api/v2/supplies", tok, strings.NewReader(serveQuotation))
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("the token on node %d before the revocation: %d", i, resp.StatusCode)
		}
	}
	if code, _, errOut := runCLI(t, "clients", "revoke", "--database", db, "--", cred.ClientID); code != 0 {
		t.Fatalf("clients revoke: exit %d\n%s", code, errOut)
	}
	revoked := time.Now()
	for i, n := range nodes {
		for {
			resp := authed(t, "POST", n.base+"/api/v2/supplies", tok, strings.NewReader(serveQuotation))
			resp.Body.Close()
			if resp.StatusCode == 401 {
				t.Logf("node %d refuses the revoked token after %s", i, time.Since(revoked).Round(time.Millisecond))
				break
			}
			if time.Since(revoked) > 5*time.Second {
				t.Fatalf("node %d still accepts a token revoked %s ago", i, time.Since(revoked).Round(time.Millisecond))
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// TestClusterEInvoices submits documents to three nodes over one
// database: every document is processed once and completes, and the
// webhook target gets each status of each document once, in order,
// whichever node sent it.
func TestClusterEInvoices(t *testing.T) {
	var mu sync.Mutex
	got := map[string][]string{} // statuses by document, in arrival order
	keys := map[string]string{}  // idempotency key by document and status
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev struct{ DocumentID, Status string }
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &ev); err != nil {
			t.Errorf("event: %v", err)
		}
		mu.Lock()
		defer mu.Unlock()
		k := ev.DocumentID + "/" + ev.Status
		if prev, ok := keys[k]; ok {
			t.Errorf("%s arrived twice (keys %s and %s)", k, prev, r.Header.Get("Idempotency-Key"))
		}
		keys[k] = r.Header.Get("Idempotency-Key")
		got[ev.DocumentID] = append(got[ev.DocumentID], ev.Status)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer target.Close()

	nodes, _ := startCluster(t, 3, "--webhook-min-backoff", "20ms", "--webhook-max-backoff", "200ms")
	// One tenant, default: every node's development credential belongs
	// to it, so a connection made through one node serves them all.
	resp := authed(t, "POST", nodes[0].base+"/einvoicing/v1/webhooks", nodes[0].token,
		strings.NewReader(`{"targetUrl":"`+target.URL+`/events","secretKey":"cluster-test-secret-0123456789abcdef","events":"all"}`))
	if resp.StatusCode != 201 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("webhook: %d %s", resp.StatusCode, b)
	}
	resp.Body.Close()

	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 12 {
		n := nodes[i%3]
		req, _ := http.NewRequest("POST", n.base+"/einvoicing/v1/documents",
			bytes.NewReader(bytes.Replace(doc, []byte("LVY-2026-0042"), fmt.Appendf(nil, "CLUSTER-%d", i), 1)))
		req.Header.Set("Authorization", "Bearer "+n.token)
		req.Header.Set("Content-Type", "application/xml")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var a struct{ Data struct{ DocumentID string } }
		err = json.NewDecoder(resp.Body).Decode(&a)
		resp.Body.Close()
		if resp.StatusCode != 202 || err != nil {
			t.Fatalf("submit %d: %d %v", i, resp.StatusCode, err)
		}
		ids = append(ids, a.Data.DocumentID)
	}
	want := []string{"Pending", "In Progress", "Completed"}
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		done := 0
		for _, id := range ids {
			if len(got[id]) >= len(want) {
				done++
			}
		}
		mu.Unlock()
		if done == len(ids) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d documents have all their events after 30 s", done, len(ids))
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Let a duplicate, if any node were to send one, arrive.
	time.Sleep(300 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	for _, id := range ids {
		if fmt.Sprint(got[id]) != fmt.Sprint(want) {
			t.Errorf("events of %s: %v, want %v", id, got[id], want)
		}
	}
}

// TestClusterDatabaseDown refuses connections to a node's database while
// it runs: a calculation that stores is answered 503 with Retry-After,
// not 500, /healthz says which stores fail, and both recover when the
// database is back.
func TestClusterDatabaseDown(t *testing.T) {
	nodes, db := startCluster(t, 1)
	n := nodes[0]
	name := pgtest.Name(t, db)
	post := func(id string) *http.Response {
		body := strings.Replace(serveQuotation, `"serve-1"`, `"`+id+`"`, 1)
		return authed(t, "POST", n.base+"/api/v2/supplies", n.token, strings.NewReader(body))
	}
	if resp := post("up-1"); resp.StatusCode != 200 {
		t.Fatalf("an invoice with the database up: %d", resp.StatusCode)
	}
	pgtest.Exec(t, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS false")
	pgtest.Exec(t, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"+name+"'")
	resp := post("down-1")
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), `"unavailable"`) {
		t.Errorf("an invoice with the database down: %d %s %s", resp.StatusCode, resp.Header.Get("Retry-After"), b)
	}
	hz, err := http.Get(n.base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(hz.Body)
	hz.Body.Close()
	if hz.StatusCode != 503 || !strings.Contains(string(b), "journal") {
		t.Errorf("/healthz with the database down: %d %s", hz.StatusCode, b)
	}
	pgtest.Exec(t, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS true")
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp := post("up-2")
		resp.Body.Close()
		if resp.StatusCode == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("an invoice after the database came back: %d", resp.StatusCode)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestClusterDatabaseRefusingConnections: a database that refuses new
// connections with an error of its own (here "not currently accepting
// connections", as an operator's ALLOW_CONNECTIONS false or a database
// being dropped or recovered gives) cannot be reached, as one that is
// down: every calculation that stores is answered 503 with Retry-After,
// not 500, however many connections the node's pool held when it began.
func TestClusterDatabaseRefusingConnections(t *testing.T) {
	nodes, db := startCluster(t, 1)
	n := nodes[0]
	name := pgtest.Name(t, db)
	pgtest.Exec(t, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS false")
	t.Cleanup(func() { pgtest.Exec(t, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS true") })
	pgtest.Exec(t, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"+name+"'")
	// The first requests meet the connections that were ended; the later
	// ones find none and must connect.
	for i := range 4 {
		body := strings.Replace(serveQuotation, `"serve-1"`, fmt.Sprintf(`"refused-%d"`, i), 1)
		resp := authed(t, "POST", n.base+"/api/v2/supplies", n.token, strings.NewReader(body))
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("invoice %d with the database refusing connections: %d %s, want 503 with Retry-After", i, resp.StatusCode, b)
		}
	}
}

// TestClusterDatabaseDownNamesNoHost refuses connections to a node's
// database and asks the node what an outsider may: a token for a made-up
// client (no token needed), /healthz (none either), and a calculation
// that stores (a tenant's token). Each is answered 503, and none of the
// answers names the database, its user, the socket's directory or the
// server's message, which the database's driver puts in its errors; the
// node's log has them, for the operator.
func TestClusterDatabaseDownNamesNoHost(t *testing.T) {
	db := pgtest.URL(t)
	u, err := url.Parse(db)
	if err != nil {
		t.Fatal(err)
	}
	name, socketDir := strings.TrimPrefix(u.Path, "/"), u.Query().Get("host")
	base, stop, logs, token := startServe(t, filepath.Join(t.TempDir(), "node"), serveConfig{}, "--database", db)
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			stop()
		}
	})
	pgtest.Exec(t, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS false")
	t.Cleanup(func() { pgtest.Exec(t, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS true") })
	pgtest.Exec(t, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"+name+"'")

	answers := map[string]*http.Response{}
	answers["a token for a made-up client"], err = http.PostForm(base+"/oauth/token", url.Values{"grant_type": {"client_credentials"},
		"client_id": {"made-up"}, "client_secret": {"made-up-secret"}, "audience": {"verx://migration-api"}})
	if err != nil {
		t.Fatal(err)
	}
	if answers["/healthz"], err = http.Get(base + "/healthz"); err != nil {
		t.Fatal(err)
	}
	body := strings.Replace(serveQuotation, `"serve-1"`, `"down-1"`, 1)
	answers["an invoice"] = authed(t, "POST", base+"/api/v2/supplies", token, strings.NewReader(body))
	for what, resp := range answers {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("%s with the database down: %d %s, want 503", what, resp.StatusCode, b)
		}
		for _, secret := range []string{name, socketDir, "user=", "database=", "SQLSTATE", "FATAL"} {
			if strings.Contains(string(b), secret) {
				t.Errorf("%s with the database down answers %q, which names %q", what, b, secret)
			}
		}
	}
	stopped = true
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), name) {
		t.Errorf("the log does not name the database that could not be reached:\n%s", logs.String())
	}
}
