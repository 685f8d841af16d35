package oauth_test

import (
	"encoding/json"
	"net/netip"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestTenantAdminNeverReachesAFormerOperatorCredential: the operator's
// credential was made with levy clients create --operator while the
// server ran with the default operator audience, levy://operator (its
// tenant "default"). The server now runs with --operator-audience
// levy://ops, on this node at least (a rolling change of the setting
// leaves other nodes on the default). The admin of tenant default lists
// its credentials, replaces that credential's secret and revokes it.
// Each must find no such credential, as for the credential of the
// current operator audience: no route makes a credential of the default
// operator audience either, because a server started with it again (or
// a node not yet changed) gives it the operator's role. Before, the list
// showed it, and the secret's replacement answered 200 with a new
// secret: the tenant's admin then held the operator's role on every node
// still on the default, reaching every tenant and the signing keys.
func TestTenantAdminNeverReachesAFormerOperatorCredential(t *testing.T) {
	const ops = "levy://ops"
	f := setupWith(t, func(clk *clock) *auth.Issuer { return authtest.Issuer(t, auth.Config{Now: clk.now}) }, oauth.WithOperatorAudience(ops))
	former, secret := authtest.Credential(t, f.iss, "default", oauth.DefaultOperatorAudience)
	admin := authtest.Token(t, f.iss, "default", oauth.DefaultAdminAudience)
	op := authtest.Token(t, f.iss, "default", ops)
	bearer := func(tok string) []string { return []string{"Authorization", "Bearer " + tok} }

	if r := f.send(t, "GET", "/admin/v1/clients", "", "", bearer(admin)...); r.status != 200 || strings.Contains(r.raw, former.ClientID) {
		t.Errorf("the admin of default lists its credentials: %d %s, want 200 without %s", r.status, r.raw, former.ClientID)
	}
	unknown := f.send(t, "POST", "/admin/v1/clients/nobody/secret", "", "", bearer(admin)...)
	if r := f.send(t, "POST", "/admin/v1/clients/"+former.ClientID+"/secret", "", "", bearer(admin)...); r.status != 404 ||
		refusal(strings.ReplaceAll(r.raw, former.ClientID, "nobody")) != refusal(unknown.raw) {
		t.Errorf("the admin of default replaces the secret of %s: %d %s, want the 404 of an unknown client (%s)", former.ClientID, r.status, r.raw, unknown.raw)
	}
	if r := f.send(t, "DELETE", "/admin/v1/clients/"+former.ClientID, "", "", bearer(admin)...); r.status != 404 {
		t.Errorf("the admin of default revokes %s: %d %s, want 404", former.ClientID, r.status, r.raw)
	}
	// The operator sees it, and may not replace its secret through the
	// route, as for an operator credential of the current audience.
	if r := f.send(t, "GET", "/admin/v1/clients?tenant=default", "", "", bearer(op)...); r.status != 200 || !strings.Contains(r.raw, former.ClientID) {
		t.Errorf("the operator lists the credentials of default: %d %s, want %s among them", r.status, r.raw, former.ClientID)
	}
	if r := f.send(t, "POST", "/admin/v1/clients/"+former.ClientID+"/secret", "", "", bearer(op)...); r.status != 403 {
		t.Errorf("the operator replaces the secret of %s through the route: %d %s, want 403", former.ClientID, r.status, r.raw)
	}
	// Its secret is still the one its holder has.
	if _, err := f.iss.Issue(t.Context(), former.ClientID, secret, oauth.DefaultOperatorAudience); err != nil {
		t.Errorf("the credential's own secret after the refusals: %v", err)
	}
}

// refusal returns the errors of an API answer, without its meta (which
// holds the time), as JSON.
func refusal(raw string) string {
	var a struct{ Errors json.RawMessage }
	_ = json.Unmarshal([]byte(raw), &a)
	return string(a.Errors)
}

// TestForwardedForWithPorts: Levy runs behind a gateway that writes each
// address of X-Forwarded-For with its port, as Azure's Application
// Gateway does ("203.0.113.7:50122"; an IPv6 address in brackets), and
// the gateway is a trusted proxy. A client that keeps sending a wrong
// secret is throttled (429) once its own address has failed too often,
// and the other clients behind the gateway still get their tokens. Before,
// an address with a port was not read, so every request counted against
// the gateway's own address: one client's failures refused every other
// client's first token with 429.
func TestForwardedForWithPorts(t *testing.T) {
	cfg := auth.Config{ClientFailures: -1, SourceFailures: 3}
	f := setupWith(t, func(clk *clock) *auth.Issuer {
		cfg.Now = clk.now
		return authtest.Issuer(t, cfg)
	}, oauth.WithRefusalDelay(0), oauth.WithTrustedProxies(netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8")))
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	post := func(body, xff string) reply {
		t.Helper()
		return f.send(t, "POST", "/oauth/token", formType, body, "X-Forwarded-For", xff)
	}
	for _, guesser := range []string{"203.0.113.7:50122", "[2001:db8::7]:50122, 10.0.0.4:443"} {
		for n := range 3 {
			if r := post(tokenForm(authtest.RandomClientID(), "guess"), guesser); r.status != 401 {
				t.Fatalf("X-Forwarded-For %q, guess %d: %d %s, want 401", guesser, n+1, r.status, r.raw)
			}
		}
		if r := post(tokenForm(authtest.RandomClientID(), "guess"), guesser); r.status != 429 {
			t.Errorf("X-Forwarded-For %q, guess 4: %d %s, want 429 (its address has failed 3 times)", guesser, r.status, r.raw)
		}
	}
	if r := post(tokenForm(cred.ClientID, secret), "198.51.100.9:50123"); r.status != 200 {
		t.Errorf("another client behind the gateway asks for its first token: %d %s, want 200", r.status, r.raw)
	}
}

// TestKeyRetiredOnAnotherNode: two nodes share one store, and neither
// has refreshed since. The operator retires the current signing key
// through node A (after a leak, say), and a client asks node B for a
// token at once, at the standard endpoint and at the caching one. Each
// token must work on node A, and on node B. Before, node B signed both
// with the key A had just retired, which it still held until its next
// refresh: A answered every call with them 401 ("signed with an unknown
// key"), B did too after its refresh, the standard endpoint's token had
// spent one of the client's 10 tokens per 8 hours, and the caching
// endpoint handed the dead token out to every caller of node B.
func TestKeyRetiredOnAnotherNode(t *testing.T) {
	store := authtest.Open(t)
	node := func() *fixture {
		return setupWith(t, func(clk *clock) *auth.Issuer {
			iss, err := auth.NewIssuer(t.Context(), store, auth.Config{Now: clk.now, Hash: authtest.FastHash()})
			if err != nil {
				t.Fatal(err)
			}
			return iss
		})
	}
	a, b := node(), node()
	cred, secret := authtest.Credential(t, a.iss, "acme", oauth.DefaultAudience)
	if _, err := b.iss.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
		// Node B knows the current key, which A retires now.
		keys := a.iss.Keys()
		if len(keys) != 1 {
			t.Fatalf("keys: %+v, want one", keys)
		}
		if _, err := a.iss.RetireKey(t.Context(), keys[0].KeyID); err != nil {
			t.Fatal(err)
		}
		r := b.send(t, "POST", path, formType, tokenForm(cred.ClientID, secret))
		tok, _ := r.body["access_token"].(string)
		if r.status != 200 || tok == "" {
			t.Fatalf("node B's %s: %d %s", path, r.status, r.raw)
		}
		for name, n := range map[string]*fixture{"A": a, "B": b} {
			if _, err := n.iss.Refresh(t.Context()); err != nil {
				t.Fatal(err)
			}
			if c, err := n.iss.VerifyContext(t.Context(), tok); err != nil {
				t.Errorf("node B's token of %s on node %s: %v", path, name, err)
			} else if c.KeyID == keys[0].KeyID {
				t.Errorf("node B's token of %s is signed with the retired key %s", path, c.KeyID)
			}
		}
	}
}
