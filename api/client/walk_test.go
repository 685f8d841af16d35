package client_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/engine"
	"golang.org/x/oauth2"
)

// walkServer is a Levy server on loopback with tokens of lifetime ttl,
// by the real clock, that records every token request (its path, its
// form and whether it carried an Authorization header) and the
// Authorization header of every other request.
type walkServer struct {
	srv *httptest.Server
	iss *auth.Issuer

	mu     sync.Mutex
	asked  []url.Values // the forms of the token requests
	header []string     // their Authorization headers
	calls  []string     // the Authorization headers of the API calls
}

func newWalkServer(t *testing.T, ttl time.Duration) *walkServer {
	t.Helper()
	ctx := context.Background()
	iss, err := auth.NewIssuer(ctx, auth.NewMemory(), auth.Config{TTL: ttl, Hash: auth.HashParams{Time: 1, Memory: 8, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.DiscardHandler)
	tokens := oauth.New(iss, oauth.WithLogger(quiet))
	s, err := api.New(eng, append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)...)
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	ws := &walkServer{iss: iss}
	ws.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/oauth/token") {
			body, _ := io.ReadAll(r.Body)
			q, _ := url.ParseQuery(string(body))
			ws.mu.Lock()
			ws.asked = append(ws.asked, q)
			ws.header = append(ws.header, r.Header.Get("Authorization"))
			ws.mu.Unlock()
			r.Body = io.NopCloser(strings.NewReader(string(body)))
		} else {
			ws.mu.Lock()
			ws.calls = append(ws.calls, r.Header.Get("Authorization"))
			ws.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ws.srv.Close)
	return ws
}

// credential makes a credential of tenant acme for audiences.
func (ws *walkServer) credential(t *testing.T, activeNow bool, audiences ...string) (string, string) {
	t.Helper()
	cred, secret, err := ws.iss.Create(context.Background(), "acme", audiences, activeNow)
	if err != nil {
		t.Fatal(err)
	}
	return cred.ClientID, secret
}

// tokenRequests returns the number of token requests so far.
func (ws *walkServer) tokenRequests() int {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	return len(ws.asked)
}

// tokensCarried returns the distinct Authorization headers of the API
// calls so far.
func (ws *walkServer) tokensCarried() map[string]bool {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	out := map[string]bool{}
	for _, h := range ws.calls {
		out[h] = true
	}
	return out
}

// newWalkClient returns a client of ws with credentials for the token
// endpoint at path.
func newWalkClient(t *testing.T, ws *walkServer, path, id, secret, audience string) *client.Client {
	t.Helper()
	c, err := client.New(ws.srv.URL+"/api/v2", client.WithHTTPClient(ws.srv.Client()),
		client.WithClientCredentials(ws.srv.URL+path, id, secret, audience))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestClientCredentialsWalk follows WithClientCredentials as a host uses
// it: the token request it sends (client_secret_post: every parameter in
// a form, no Authorization header), one token for many calls, sequential
// and concurrent, and a new token when the kept one comes within the
// client's margin of its expiry.
func TestClientCredentialsWalk(t *testing.T) {
	ctx := context.Background()
	ws := newWalkServer(t, 20*time.Minute)
	id, secret := ws.credential(t, true, oauth.DefaultAudience)
	c := newWalkClient(t, ws, "/cached/oauth/token", id, secret, oauth.DefaultAudience)

	for i := range 3 {
		if _, err := c.Sale(ctx, quotation()); err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := c.Sale(ctx, quotation())
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("a concurrent call: %v", err)
		}
	}
	if n := ws.tokenRequests(); n != 1 {
		t.Errorf("%d token requests for 11 calls, want 1", n)
	}
	if n := len(ws.tokensCarried()); n != 1 {
		t.Errorf("the calls carried %d tokens, want 1", n)
	}
	ws.mu.Lock()
	q, h := ws.asked[0], ws.header[0]
	ws.mu.Unlock()
	want := url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}, "audience": {oauth.DefaultAudience}}
	if h != "" || len(q) != len(want) {
		t.Errorf("the token request: form %v, Authorization %q, want the form %v and no header", q, h, want)
	}
	for k, v := range want {
		if q.Get(k) != v[0] {
			t.Errorf("the token request's %s is %q, want %q", k, q.Get(k), v[0])
		}
	}
}

// TestClientCredentialsRenewWalk: with tokens of 11 seconds, the client
// keeps its token for about one second (it renews 10 seconds before the
// expiry that expires_in gives), then asks the standard endpoint for a
// new one, which the next call carries.
func TestClientCredentialsRenewWalk(t *testing.T) {
	ctx := context.Background()
	ws := newWalkServer(t, 11*time.Second)
	id, secret := ws.credential(t, true, oauth.DefaultAudience)
	c := newWalkClient(t, ws, "/oauth/token", id, secret, oauth.DefaultAudience)
	if _, err := c.Sale(ctx, quotation()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	if _, err := c.Sale(ctx, quotation()); err != nil {
		t.Fatal(err)
	}
	if n := ws.tokenRequests(); n != 2 {
		t.Errorf("%d token requests, want 2: one renewal", n)
	}
	if n := len(ws.tokensCarried()); n != 2 {
		t.Errorf("the calls carried %d tokens, want 2", n)
	}
}

// TestClientCredentialsKeyRetiredWalk: the operator retires the signing
// key at once, so the server refuses the kept token (401) long before it
// expires. The client drops it, gets a new one from the caching endpoint
// (which does not hand back its cached token of the retired key) and
// sends the call once more: the host sees no error.
func TestClientCredentialsKeyRetiredWalk(t *testing.T) {
	ctx := context.Background()
	ws := newWalkServer(t, 20*time.Minute)
	id, secret := ws.credential(t, true, oauth.DefaultAudience)
	c := newWalkClient(t, ws, "/cached/oauth/token", id, secret, oauth.DefaultAudience)
	if _, err := c.Sale(ctx, quotation()); err != nil {
		t.Fatal(err)
	}
	keys := ws.iss.Keys()
	if len(keys) == 0 {
		t.Fatal("no signing key")
	}
	for _, k := range keys {
		if _, err := ws.iss.RetireKey(ctx, k.KeyID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Sale(ctx, quotation()); err != nil {
		t.Fatalf("after the key was retired: %v", err)
	}
	if n := ws.tokenRequests(); n != 2 {
		t.Errorf("%d token requests, want 2", n)
	}
	if n := len(ws.tokensCarried()); n != 2 {
		t.Errorf("the calls carried %d tokens, want the old one (refused) and a new one", n)
	}
}

// TestClientCredentialsRefusedWalk: a credential the token endpoint
// refuses fails the call with Levy's code of the OAuth error and the
// endpoint's error kept (an *oauth2.RetrieveError), before any call
// reaches the API: a wrong secret is unauthorized, an audience the
// credential lacks and a credential not active yet (the 15 minutes after
// its creation) are forbidden.
func TestClientCredentialsRefusedWalk(t *testing.T) {
	ctx := context.Background()
	ws := newWalkServer(t, 20*time.Minute)
	id, secret := ws.credential(t, true, oauth.DefaultAudience)
	lateID, lateSecret := ws.credential(t, false, oauth.DefaultAudience)
	for _, c := range []struct {
		name, id, secret, audience, code, oauthCode string
	}{
		{"wrong secret", id, "x" + secret, oauth.DefaultAudience, levy.EUnauthorized, "invalid_client"},
		{"unknown client", "no-such-client", secret, oauth.DefaultAudience, levy.EUnauthorized, "invalid_client"},
		{"another audience", id, secret, oauth.DefaultAdminAudience, levy.EForbidden, "invalid_target"},
		{"not active yet", lateID, lateSecret, oauth.DefaultAudience, levy.EForbidden, "unauthorized_client"},
	} {
		for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
			cl := newWalkClient(t, ws, path, c.id, c.secret, c.audience)
			_, err := cl.Sale(ctx, quotation())
			var re *oauth2.RetrieveError
			if err == nil || levy.ErrorCode(err) != c.code || !errors.As(err, &re) || re.ErrorCode != c.oauthCode {
				t.Errorf("%s at %s: %v (code %q), want %s with the endpoint's %s", c.name, path, err, levy.ErrorCode(err), c.code, c.oauthCode)
			}
			if err != nil && strings.Contains(err.Error(), c.secret) {
				t.Errorf("%s at %s: the error quotes the secret", c.name, path)
			}
		}
	}
	if n := len(ws.tokensCarried()); n != 0 {
		t.Errorf("%d calls reached the API without a token", n)
	}
}
