package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/engine"
)

// authHTTPNode serves the token endpoints and the admin routes of iss
// over loopback and returns its base URL.
func authHTTPNode(ctx context.Context, t *testing.T, iss *auth.Issuer, now func() time.Time) string {
	t.Helper()
	quiet := slog.New(slog.DiscardHandler)
	e, err := engine.New(ctx, engine.WithLogger(quiet))
	if err != nil {
		t.Fatal(err)
	}
	h := oauth.New(iss, oauth.WithLogger(quiet), oauth.WithClock(now))
	srv, err := api.New(e, append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(h.Authenticator())}, h.Mounts()...)...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts.URL
}

// authPost posts body with contentType (and a bearer token, unless
// empty) and returns the status and the decoded JSON answer.
func authPost(t *testing.T, target, contentType, body, bearer string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, target, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("POST %s: %d %s: %v", target, resp.StatusCode, raw, err)
	}
	return resp.StatusCode, out
}

// TestAuthActiveNowOnASlowerNode: two nodes on one database, node B's
// clock two seconds behind node A's (within what NTP leaves between
// hosts after a step, and far less than the 60 s that Verify allows). A
// tenant's admin makes a credential with activeNow through node A over
// HTTP, and its integration asks node B for its first token (a load
// balancer sends it there). activeNow means the credential may request
// tokens at once. Before, the credential was stamped active from node
// A's clock, and node B refused it unauthorized_client ("may request
// tokens from" a time two seconds ahead) until its own clock got there;
// a node whose clock was stepped back refused it the same way.
func TestAuthActiveNowOnASlowerNode(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := nodes(t, 1)[0]
	b := peerNode(ctx, t, a)
	base := time.Now()
	nowA := func() time.Time { return base.Add(time.Since(base)) }
	nowB := func() time.Time { return nowA().Add(-2 * time.Second) }
	issA, err := auth.NewIssuer(ctx, a.Auth(), auth.Config{Hash: authtest.FastHash(), Now: nowA})
	if err != nil {
		t.Fatal(err)
	}
	issB, err := auth.NewIssuer(ctx, b.Auth(), auth.Config{Hash: authtest.FastHash(), Now: nowB})
	if err != nil {
		t.Fatal(err)
	}
	urlA, urlB := authHTTPNode(ctx, t, issA, nowA), authHTTPNode(ctx, t, issB, nowB)

	// The tenant's admin credential, made (and made active) on the
	// server's storage, as levy clients create --active-now does.
	adm, admSecret, err := issA.Create(ctx, "acme", []string{oauth.DefaultAdminAudience}, true)
	if err != nil {
		t.Fatal(err)
	}
	token := func(base, id, secret string) (int, map[string]any) {
		t.Helper()
		return authPost(t, base+"/oauth/token", "application/x-www-form-urlencoded",
			url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}}.Encode(), "")
	}
	st, got := token(urlA, adm.ClientID, admSecret)
	if st != http.StatusOK {
		t.Fatalf("the admin's token on node A: %d %v", st, got)
	}
	admTok, _ := got["access_token"].(string)

	st, got = authPost(t, urlA+"/admin/v1/clients", "application/json",
		`{"audiences":["`+oauth.DefaultAudience+`"],"activeNow":true}`, admTok)
	if st != http.StatusCreated {
		t.Fatalf("POST /admin/v1/clients on node A: %d %v", st, got)
	}
	data, _ := got["data"].(map[string]any)
	id, _ := data["client_id"].(string)
	secret, _ := data["client_secret"].(string)
	if id == "" || secret == "" {
		t.Fatalf("POST /admin/v1/clients on node A: no client ID or secret in %v", got)
	}

	for _, node := range []struct{ name, url string }{{"B", urlB}, {"A", urlA}} {
		st, got = token(node.url, id, secret)
		if st != http.StatusOK {
			t.Errorf("the first token of a credential made with activeNow, on node %s: %d %v, want 200", node.name, st, got)
		}
	}

	// A credential made without activeNow still waits its 15 minutes
	// on every node.
	st, got = authPost(t, urlA+"/admin/v1/clients", "application/json",
		`{"audiences":["`+oauth.DefaultAudience+`"]}`, admTok)
	if st != http.StatusCreated {
		t.Fatalf("POST /admin/v1/clients on node A: %d %v", st, got)
	}
	data, _ = got["data"].(map[string]any)
	id, _ = data["client_id"].(string)
	secret, _ = data["client_secret"].(string)
	for _, node := range []struct{ name, url string }{{"B", urlB}, {"A", urlA}} {
		st, got = token(node.url, id, secret)
		if st != http.StatusBadRequest || got["error"] != "unauthorized_client" {
			t.Errorf("the first token of a credential made without activeNow, on node %s: %d %v, want 400 unauthorized_client", node.name, st, got)
		}
	}
}

// TestAuthRateLimitAcrossSkewedNodes: two nodes on one database, node
// B's clock 90 minutes ahead of node A's, a rate limit of 2 tokens per
// hour. The client takes its 2 tokens on node A, then asks node B at
// once. Before, each node counted the window by its own clock: node B
// saw node A's issuances as 90 minutes old, out of its window, and
// granted 2 more. The window now follows the database's clock, so node
// B refuses, with a wait of about an hour, and so does node A.
func TestAuthRateLimitAcrossSkewedNodes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := nodes(t, 1)[0]
	b := peerNode(ctx, t, a)
	base := time.Now()
	nowA := func() time.Time { return base.Add(time.Since(base)) }
	nowB := func() time.Time { return nowA().Add(90 * time.Minute) }
	cfg := func(now func() time.Time) auth.Config {
		return auth.Config{Hash: authtest.FastHash(), Now: now, RateLimit: 2, RateWindow: time.Hour}
	}
	issA, err := auth.NewIssuer(ctx, a.Auth(), cfg(nowA))
	if err != nil {
		t.Fatal(err)
	}
	issB, err := auth.NewIssuer(ctx, b.Auth(), cfg(nowB))
	if err != nil {
		t.Fatal(err)
	}
	c, secret, err := issA.Create(ctx, "acme", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	for n := range 2 {
		if _, err := issA.Issue(ctx, c.ClientID, secret, "calc"); err != nil {
			t.Fatalf("token %d on node A: %v", n+1, err)
		}
	}
	for _, node := range []struct {
		name string
		iss  *auth.Issuer
	}{{"B", issB}, {"A", issA}} {
		_, err := node.iss.Issue(ctx, c.ClientID, secret, "calc")
		var ae *auth.Error
		if !errors.As(err, &ae) || ae.Code != auth.CodeInvalidRequest {
			t.Fatalf("a third token within the hour, on node %s: %v; want the rate limit's refusal", node.name, err)
		}
		if ae.RetryAfter < 50*time.Minute || ae.RetryAfter > time.Hour {
			t.Errorf("a third token within the hour, on node %s: RetryAfter %v; want about an hour", node.name, ae.RetryAfter)
		}
	}
}
