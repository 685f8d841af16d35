package hostwalk_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
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

// remoteServer is a Levy server on loopback with a credential of tenant
// acme, as levy serve runs it; fault, when it returns true, has answered
// the request in place of the server.
func remoteServer(t *testing.T, fault func(w http.ResponseWriter, r *http.Request) bool) (*httptest.Server, string, string, *atomic.Int64) {
	t.Helper()
	r := startRemote(t, fault)
	return r.srv, r.clientID, r.secret, r.tokenCalls
}

// remote is a server that startRemote started, with its issuer, the
// client ID and secret of tenant acme's credential, and the count of the
// token requests it has answered.
type remote struct {
	srv              *httptest.Server
	iss              *auth.Issuer
	clientID, secret string
	tokenCalls       *atomic.Int64
}

// startRemote starts the server of remoteServer and returns it with its
// issuer, for a test that rotates or retires its signing keys.
func startRemote(t *testing.T, fault func(w http.ResponseWriter, r *http.Request) bool) remote {
	t.Helper()
	ctx := context.Background()
	iss, err := auth.NewIssuer(ctx, auth.NewMemory(), auth.Config{})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tokens := oauth.New(iss)
	s, err := api.New(eng, append([]api.Option{api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)...)
	if err != nil {
		t.Fatal(err)
	}
	cred, secret, err := iss.Create(ctx, "acme", []string{oauth.DefaultAudience}, true)
	if err != nil {
		t.Fatal(err)
	}
	var tokenCalls atomic.Int64
	h := s.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/oauth/token") {
			tokenCalls.Add(1)
		}
		if fault != nil && fault(w, r) {
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return remote{srv: srv, iss: iss, clientID: cred.ClientID, secret: secret, tokenCalls: &tokenCalls}
}

func quotation() *wire.SaleRequest {
	return engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("lamp", "GENERAL", "40.00"))
}

// A remote host with a client credential gets one token for many calls
// (the token is kept until it expires), and tells apart by code a rate
// limit (429: too many), a server that is down (503 from a gateway:
// unavailable) and its own cancelled context (the context's error).
func TestRemoteHostWithClientCredentials(t *testing.T) {
	var mode atomic.Value
	mode.Store("")
	release := make(chan struct{})
	srv, id, secret, tokenCalls := remoteServer(t, func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, "/supplies") {
			return false
		}
		switch mode.Load().(string) {
		case "429":
			w.Header().Set("Retry-After", "3")
			w.WriteHeader(http.StatusTooManyRequests)
			return true
		case "503":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("<html>gateway: upstream down</html>"))
			return true
		case "hang":
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return true
		}
		return false
	})
	defer close(release)
	ctx := context.Background()
	c, err := client.New(srv.URL+"/api/v2", client.WithClientCredentials(srv.URL+"/cached/oauth/token", id, secret, oauth.DefaultAudience))
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		resp, err := c.Sale(ctx, quotation())
		if err != nil {
			t.Fatal(err)
		}
		if resp.TotalTax.String() != "2.50" {
			t.Fatalf("remote tax %s, want 2.50", resp.TotalTax)
		}
	}
	if n := tokenCalls.Load(); n != 1 {
		t.Fatalf("%d token requests for 5 calls, want 1 (the token is kept)", n)
	}

	mode.Store("429")
	_, err = c.Sale(ctx, quotation())
	if code := levy.ErrorCode(err); code != levy.ETooMany {
		t.Fatalf("429: code %q (%v), want %q", code, err, levy.ETooMany)
	}
	mode.Store("503")
	_, err = c.Sale(ctx, quotation())
	if code := levy.ErrorCode(err); code != levy.EUnavailable {
		t.Fatalf("a gateway's 503: code %q (%v), want %q", code, err, levy.EUnavailable)
	}
	var le *levy.Error
	if !errors.As(err, &le) {
		t.Fatalf("a gateway's 503 is no *levy.Error: %T %v", err, err)
	}

	mode.Store("hang")
	cctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	_, err = c.Sale(cctx, quotation())
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a call whose context ended: %v, want the context's error", err)
	}

	mode.Store("")
	if _, err := c.Sale(ctx, quotation()); err != nil {
		t.Fatalf("after the faults: %v", err)
	}
}

// A client credential with a wrong secret is refused as unauthorized, not
// an internal error, so that a host does not retry it.
func TestRemoteHostWrongSecret(t *testing.T) {
	srv, id, _, _ := remoteServer(t, nil)
	c, err := client.New(srv.URL+"/api/v2", client.WithClientCredentials(srv.URL+"/cached/oauth/token", id, "not-the-secret", oauth.DefaultAudience))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Sale(context.Background(), quotation())
	if code := levy.ErrorCode(err); code != levy.EUnauthorized {
		t.Fatalf("a wrong secret: code %q (%v), want %q", code, err, levy.EUnauthorized)
	}
}

// A remote host imports the wire package and the client only: the client
// links neither the engine, its expressions, S2 nor the dataset.
func TestClientLinksNoEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "github.com/levytax/levy/api/client").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/levytax/levy/engine", "github.com/expr-lang/expr", "github.com/levytax/levy/rules", "github.com/golang/geo", "github.com/levytax/levy/data"} {
			if dep == banned || strings.HasPrefix(dep, banned+"/") {
				t.Errorf("api/client links %s", dep)
			}
		}
	}
}

// A token endpoint that does not answer holds a call no longer than the
// call's context, and several calls that wait for the same token all end
// with their contexts.
func TestRemoteHostTokenEndpointHangs(t *testing.T) {
	release := make(chan struct{})
	srv, id, secret, _ := remoteServer(t, func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, "/oauth/token") {
			return false
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
		http.Error(w, "gone", http.StatusServiceUnavailable)
		return true
	})
	defer close(release)
	c, err := client.New(srv.URL+"/api/v2", client.WithClientCredentials(srv.URL+"/cached/oauth/token", id, secret, oauth.DefaultAudience))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			_, err := c.Sale(ctx, quotation())
			errs <- err
		}()
	}
	for range 3 {
		if err := <-errs; !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("a call waiting for a token that never comes: %v, want the context's error", err)
		}
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("the calls took %s past their 300ms context", took)
	}
}
