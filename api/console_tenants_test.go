package api_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestEveryConsoleRouteKeepsToItsTenant walks every route of the web
// console that the server mounts (api.WithUndocumentedHandler: the
// OpenAPI document, whose admin and record routes the tenant walks of
// levy serve send (internal/cli), leaves them out), so that a console
// route added later is walked too. Acme's admin token, which signs in to
// the console, sends each with beta's transaction in its path (IDOR),
// without a query and with a period, and then with ?tenant=beta: no
// answer carries beta's sale or is a 5xx, and the parameter is refused
// 400 naming it, since the token alone chooses the tenant. Acme's
// calculation token is refused 403 on every route that needs a token.
// Beta's own token reads its sale at the same routes, so the walk looks
// where the sale is.
func TestEveryConsoleRouteKeepsToItsTenant(t *testing.T) {
	s := newBadServer(t)
	const betaSale = "BETA-CONSOLE-SALE-7"
	betaAPI := authtest.Token(t, s.iss, "beta", oauth.DefaultAudience)
	betaAdmin := authtest.Token(t, s.iss, "beta", oauth.DefaultAdminAudience)
	acmeAdmin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	bearer := func(tok string) []string { return []string{"Authorization", "Bearer " + tok} }
	if x := s.send(t, "POST", supplies, set(saleBase, "saleMessageType", "INVOICE", "transactionId", betaSale), bearer(betaAPI)...); x.status != http.StatusOK {
		t.Fatalf("storing beta's sale: %d %s", x.status, clipped(x.body))
	}
	// What each path parameter of a console route is filled with.
	fill := strings.NewReplacer("{id}", url.PathEscape(betaSale), "{layer}", "states")
	const period = "from=2026-01-01&to=2026-12-31"
	// The routes that answer without a token: the sign-in's settings,
	// and the redirect to the pages.
	public := map[string]bool{"GET /console/api/config": true, "GET /console": true}

	walked, seen := 0, false
	for _, p := range s.srv.Undocumented() {
		method, path, ok := strings.Cut(p, " ")
		if !ok {
			// The pages and their files (every method under the prefix):
			// no record of a tenant is read there.
			if p != "/console/" {
				t.Errorf("%s is mounted undocumented for every method: the walk does not know what it reads", p)
			}
			continue
		}
		if !strings.HasPrefix(path, "/console/api/") {
			if !public[p] {
				t.Errorf("%s is a console route outside /console/api/: the walk does not know what it reads", p)
			}
			continue
		}
		at := fill.Replace(path)
		if strings.Contains(at, "{") {
			t.Errorf("%s: a path parameter the walk does not fill", p)
			continue
		}
		walked++
		for _, q := range []string{"", "?" + period} {
			x := s.send(t, method, at+q, "", bearer(acmeAdmin)...)
			if x.status >= 500 {
				t.Errorf("%s %s with acme's admin token: %d %s", method, at+q, x.status, clipped(x.body))
			}
			if strings.Contains(string(x.body), betaSale) && !strings.Contains(at, url.PathEscape(betaSale)) {
				t.Errorf("%s %s with acme's admin token answered beta's sale: %s", method, at+q, clipped(x.body))
			}
			if x.status == http.StatusOK && strings.Contains(string(x.body), betaSale) {
				t.Errorf("%s %s with acme's admin token answered 200 with beta's sale: %s", method, at+q, clipped(x.body))
			}
			if b := s.send(t, method, at+q, "", bearer(betaAdmin)...); strings.Contains(string(b.body), betaSale) && strings.Contains(at, "/journal/") {
				seen = true
			}
		}
		for _, q := range []string{"?tenant=beta", "?" + period + "&tenant=beta", "?tenant=acme"} {
			x := s.send(t, method, at+q, "", bearer(acmeAdmin)...)
			if public[p] {
				continue
			}
			if x.status != http.StatusBadRequest || !strings.Contains(string(x.body), `"target":"tenant"`) {
				t.Errorf("%s %s with acme's admin token: %d, want 400 naming tenant: %s", method, at+q, x.status, clipped(x.body))
			}
		}
		if x := s.send(t, method, at+"?"+period, "", bearer(s.api)...); !public[p] && x.status != http.StatusForbidden {
			t.Errorf("%s %s with a calculation token: %d, want 403: %s", method, at, x.status, clipped(x.body))
		}
	}
	if walked < 9 {
		t.Fatalf("only %d console routes walked: %q", walked, s.srv.Undocumented())
	}
	if !seen {
		t.Fatal("beta's own token does not read its sale at any console route: the walk does not look where the sale is")
	}
	t.Logf("%d console routes walked", walked)
}
