package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// limitServer is a Levy server on loopback whose tokens live ttl by a
// clock that the test moves on (real time plus skip), with the real rate
// limit of the standard token endpoint (auth's default: 10 tokens per
// client and audience per 8 hours). It records the tokens that the
// calculations arrived with, and counts the token requests.
type limitServer struct {
	srv      *httptest.Server
	id, sec  string
	ttl      time.Duration
	skip     atomic.Int64 // nanoseconds the server's clock is ahead of time.Now
	requests atomic.Int32 // token requests, at either endpoint

	mu   sync.Mutex
	seen map[string]bool // the tokens the calculations carried
}

func newLimitServer(t *testing.T, ttl time.Duration) *limitServer {
	t.Helper()
	ctx := context.Background()
	ls := &limitServer{ttl: ttl, seen: map[string]bool{}}
	now := func() time.Time { return time.Now().Add(time.Duration(ls.skip.Load())) }
	iss, err := auth.NewIssuer(ctx, auth.NewMemory(), auth.Config{TTL: ttl, Now: now,
		Hash: auth.HashParams{Time: 1, Memory: 8, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tokens := oauth.New(iss, oauth.WithClock(now))
	s, err := api.New(eng, append([]api.Option{api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)...)
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	ls.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/oauth/token") {
			ls.requests.Add(1)
		} else {
			ls.mu.Lock()
			ls.seen[r.Header.Get("Authorization")] = true
			ls.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ls.srv.Close)
	cred, secret, err := iss.Create(ctx, "acme", []string{oauth.DefaultAudience}, true)
	if err != nil {
		t.Fatal(err)
	}
	ls.id, ls.sec = cred.ClientID, secret
	return ls
}

// lifetime moves the server's clock on by a token's lifetime: every
// token issued so far has expired.
func (ls *limitServer) lifetime() { ls.skip.Add(int64(ls.ttl)) }

// quotation is a calculation of the running host.
func quotation() *wire.SaleRequest {
	return engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("coat", "CLOTHING", "200.00"))
}

// TestClientCredentialsOutlastTheRateLimit: a host set up as the package
// documents it (WithClientCredentials given the server's token caching
// endpoint, /cached/oauth/token) keeps calculating through three times
// as many token lifetimes as the standard endpoint's rate limit grants
// tokens, all within one window of that limit, with a new token for each
// lifetime and the same token within one. The documentation named
// /oauth/token, where the same loop is refused at the eleventh lifetime:
// a host that runs for hours (24 tokens per 8 hours at the default
// lifetime of 20 minutes) locked itself out after 3h20m.
//
// The server's clock is moved on by a lifetime between calculations. Its
// tokens live 5 seconds, under the margin of 10 seconds before expiry at
// which the client asks for a new one, so that the client asks at every
// calculation: the endpoint, not the client's clock, decides whether a
// new token is issued.
func TestClientCredentialsOutlastTheRateLimit(t *testing.T) {
	const limit = 10 // auth's default rate limit
	ls := newLimitServer(t, 5*time.Second)
	ctx := context.Background()
	c, err := client.New(ls.srv.URL+"/api/v2", client.WithHTTPClient(ls.srv.Client()),
		client.WithClientCredentials(ls.srv.URL+"/cached/oauth/token", ls.id, ls.sec, oauth.DefaultAudience))
	if err != nil {
		t.Fatal(err)
	}
	const lifetimes = 3 * limit
	for n := range lifetimes {
		for range 2 {
			resp, err := c.Sale(ctx, quotation())
			if err != nil {
				t.Fatalf("lifetime %d: %v", n+1, err)
			}
			if resp.TotalTax.String() != "1.56" {
				t.Fatalf("lifetime %d: total tax %s", n+1, resp.TotalTax)
			}
		}
		ls.lifetime()
	}
	if got := ls.requests.Load(); got != 2*lifetimes {
		t.Errorf("%d token requests for %d calculations: the test needs the client to ask at each", got, 2*lifetimes)
	}
	if got := len(ls.seen); got != lifetimes {
		t.Errorf("the calculations carried %d tokens over %d lifetimes, want one each", got, lifetimes)
	}
}

// TestStandardEndpointRateLimitNamesTheCachingEndpoint: a host that
// gives WithClientCredentials the standard token endpoint is refused a
// token once it has had the rate limit's count. The refusal is
// levy.ETooMany (a retry later may succeed), where it was
// levy.EInvalid, which says the input is at fault and a retry cannot
// mend it; its text keeps the endpoint's description and says which
// endpoint to use instead, with the URL of this server's, where it said
// only invalid_request.
func TestStandardEndpointRateLimitNamesTheCachingEndpoint(t *testing.T) {
	const limit = 10
	ls := newLimitServer(t, 5*time.Second)
	ctx := context.Background()
	c, err := client.New(ls.srv.URL+"/api/v2", client.WithHTTPClient(ls.srv.Client()),
		client.WithClientCredentials(ls.srv.URL+"/oauth/token", ls.id, ls.sec, oauth.DefaultAudience))
	if err != nil {
		t.Fatal(err)
	}
	for n := range limit {
		if _, err := c.Sale(ctx, quotation()); err != nil {
			t.Fatalf("lifetime %d, within the limit: %v", n+1, err)
		}
		ls.lifetime()
	}
	_, err = c.Sale(ctx, quotation())
	if err == nil {
		t.Fatal("the eleventh lifetime got a token at the standard endpoint: the test needs its rate limit")
	}
	if code := levy.ErrorCode(err); code != levy.ETooMany {
		t.Errorf("code %q, want %q: %v", code, levy.ETooMany, err)
	}
	var le *levy.Error
	if !errors.As(err, &le) {
		t.Fatalf("%v is no *levy.Error", err)
	}
	for _, s := range []string{"rate limit of 10 tokens/28800 seconds", ls.srv.URL + "/cached/oauth/token"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("the error does not say %q: %v", s, err)
		}
		if !strings.Contains(le.Message, s) {
			t.Errorf("the *levy.Error's message does not say %q: %s", s, le.Message)
		}
	}
}

// TestRateLimitNamesTheCachingEndpointBesideTheTokenURL: the caching
// endpoint that a refusal for the rate limit names is the one beside the
// token URL the client was given, behind a proxy's path prefix too; a
// refusal of a caching endpoint names none, and a token URL that is no
// Levy path names the path alone. The URL named carries neither the
// token URL's user information nor its query.
func TestRateLimitNamesTheCachingEndpointBesideTheTokenURL(t *testing.T) {
	const refusal = `{"error":"invalid_request","error_description":"Client id audience aud has exceeded the rate limit of 10 tokens per 28800 seconds"}`
	mux := http.NewServeMux()
	mux.HandleFunc("POST /", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Retry-After", "600")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(refusal))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	cases := []struct{ path, want string }{
		{"/oauth/token", srv.URL + "/cached/oauth/token,"},
		{"/levy/oauth/token", srv.URL + "/levy/cached/oauth/token,"},
		{"/oseries-auth/oauth/token", srv.URL + "/cached/oauth/token,"},
		{"/api/v2/authorize", srv.URL + "/cached/oauth/token,"},
		{"/vertex-ws/v2/authorize", srv.URL + "/cached/oauth/token,"},
		{"/api/v2/v2/authorize", srv.URL + "/cached/oauth/token,"},
		{"/token", "(/cached/oauth/token on a Levy server)"},
		{"/cached/oauth/token", ""},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			tokenURL := "http://user:pass@" + host + tc.path + "?tag=q1"
			c, err := client.New(srv.URL+"/api/v2", client.WithHTTPClient(srv.Client()),
				client.WithClientCredentials(tokenURL, "id", "secret", "aud"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Sale(context.Background(), quotation())
			if code := levy.ErrorCode(err); code != levy.ETooMany {
				t.Fatalf("code %q, want %q: %v", code, levy.ETooMany, err)
			}
			msg := err.Error()
			if !strings.Contains(msg, "again in 600 seconds") {
				t.Errorf("the error does not say when: %s", msg)
			}
			switch {
			case tc.want == "" && strings.Contains(msg, "caching endpoint"):
				t.Errorf("a caching endpoint's refusal names one: %s", msg)
			case tc.want != "" && !strings.Contains(msg, "caching endpoint") || !strings.Contains(msg, tc.want):
				t.Errorf("the error does not name %q: %s", tc.want, msg)
			}
			if strings.Contains(msg, "pass") || strings.Contains(msg, "q1") {
				t.Errorf("the error carries the token URL's user information or query: %s", msg)
			}
		})
	}
}
