package oauth_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/badger"
)

// TestStoreFaultsInOAuthForm sends token requests to a server whose
// credential store fails: its Badger directory deleted under it (the
// store refuses writes as unavailable), then closed (unavailable too: a
// host shutting down), then failing to read (a fault). An OAuth client reads the reason of any failure of a token
// endpoint in the error member of the JSON object (RFC 6749 §5.2), so
// both endpoints answer these failures in that form too: 503
// temporarily_unavailable with Retry-After, and 500 server_error naming
// the request ID, logged as a fault.
func TestStoreFaultsInOAuthForm(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "auth")
	store, err := badger.OpenAuth(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	faulty := &faultyStore{Store: store}
	f := setupWith(t, func(clk *clock) *auth.Issuer {
		iss, err := auth.NewIssuer(ctx, faulty, auth.Config{Now: clk.now, Hash: authtest.FastHash()})
		if err != nil {
			t.Fatal(err)
		}
		return iss
	})
	c, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	ask := form("grant_type", "client_credentials", "client_id", c.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience)
	if r := f.send(t, "POST", "/oauth/token", formType, ask); r.status != 200 {
		t.Fatalf("before the fault: %d %s", r.status, r.raw)
	}

	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/oauth/token", "/cached/oauth/token", "/oseries-auth/oauth/token"} {
		r := f.send(t, "POST", path, formType, ask)
		desc, _ := r.body["error_description"].(string)
		if r.status != 503 || r.body["error"] != "temporarily_unavailable" || desc == "" || r.body["errors"] != nil ||
			r.header.Get("Retry-After") != "1" || r.header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s, store directory gone: %d %v %s", path, r.status, r.header, r.raw)
		}
	}

	// The directory is gone, so Badger cannot close cleanly; the store
	// answers ErrClosed from now on, which says it cannot serve now.
	_ = store.Close()
	for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
		r := f.send(t, "POST", path, formType, ask)
		desc, _ := r.body["error_description"].(string)
		if r.status != 503 || r.body["error"] != "temporarily_unavailable" || !strings.Contains(desc, "closed") || r.body["errors"] != nil ||
			r.header.Get("Retry-After") != "1" || r.header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s, store closed: %d %v %s", path, r.status, r.header, r.raw)
		}
	}

	// A store that fails to read: a fault of the server.
	faulty.fault.Store(true)
	for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
		r := f.send(t, "POST", path, formType, ask)
		desc, _ := r.body["error_description"].(string)
		id := r.header.Get("X-Request-Id")
		if r.status != 500 || r.body["error"] != "server_error" || id == "" || !strings.Contains(desc, id) || r.body["errors"] != nil {
			t.Errorf("%s, store failing: %d %v %s", path, r.status, r.header, r.raw)
		}
		if !strings.Contains(f.logged(), `"request_id":"`+id+`"`) || !strings.Contains(f.logged(), `"msg":"request failed"`) {
			t.Errorf("%s: the fault of request %s is not logged as one:\n%s", path, id, f.logged())
		}
	}
	if strings.Contains(f.logged(), secret) {
		t.Error("the log holds the client secret")
	}
}

// faultyStore is a credential store whose Get fails, once fault is set,
// with an error that is no *levy.Error: a fault of the server.
type faultyStore struct {
	auth.Store
	fault atomic.Bool
}

func (s *faultyStore) Get(ctx context.Context, clientID string) (auth.Record, error) {
	if s.fault.Load() {
		return auth.Record{}, errors.New("auth: get: the disk failed")
	}
	return s.Store.Get(ctx, clientID)
}
