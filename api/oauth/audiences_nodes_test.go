package oauth_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestCreateClientRefusesAnotherNodesOperatorAudience: two nodes share
// one credential store, node A started with --operator-audience
// levy://ops-a and node B with levy://ops-b. Acme's admin asks node A
// for a credential of levy://ops-b, which node A gives no role. Before,
// node A made it (201), and its token was node B's operator: it listed
// beta's credentials there. Now a tenant's admin makes credentials only
// of the audiences the node gives tenants (its API, read-only and admin
// audiences), and is refused any other (403 naming the audience); no
// spelling of an operator audience in another case is made either, by
// the admin or the operator.
func TestCreateClientRefusesAnotherNodesOperatorAudience(t *testing.T) {
	a := setupWith(t, func(clk *clock) *auth.Issuer { return authtest.Issuer(t, auth.Config{Now: clk.now}) },
		oauth.WithOperatorAudience("levy://ops-a"), oauth.WithReaderAudiences("levy://console"))
	b := setupWith(t, func(*clock) *auth.Issuer { return a.iss }, oauth.WithOperatorAudience("levy://ops-b"))
	authtest.Credential(t, a.iss, "beta", oauth.DefaultAdminAudience)
	admin := authtest.Token(t, a.iss, "acme", oauth.DefaultAdminAudience)
	op := authtest.Token(t, a.iss, "default", "levy://ops-a")
	create := func(tok, body string) reply {
		t.Helper()
		return a.send(t, "POST", "/admin/v1/clients", "application/json", body, "Authorization", "Bearer "+tok)
	}
	for _, c := range []struct{ who, tok, body, field string }{
		{"acme's admin", admin, `{"audiences":["levy://ops-b"],"activeNow":true}`, "audiences[0]"},
		{"acme's admin", admin, `{"audiences":["verx://migration-api","levy://ops-b"]}`, "audiences[1]"},
		{"acme's admin", admin, `{"audiences":["LEVY://OPERATOR"]}`, "audiences[0]"},
		{"acme's admin", admin, `{"audiences":["Levy://Ops-A"]}`, "audiences[0]"},
		{"the operator", op, `{"tenant":"acme","audiences":["Levy://Operator"]}`, "audiences[0]"},
		{"the operator", op, `{"tenant":"acme","audiences":["LEVY://OPS-A"]}`, "audiences[0]"},
	} {
		r := create(c.tok, c.body)
		if r.status == 201 && strings.Contains(c.body, "levy://ops-b") {
			// Show what the credential is on node B.
			var made struct {
				Data oauth.ClientSecret
			}
			_ = json.Unmarshal([]byte(r.raw), &made)
			if tok, err := a.iss.Issue(t.Context(), made.Data.ClientID, made.Data.ClientSecret, "levy://ops-b"); err == nil {
				l := b.send(t, "GET", "/admin/v1/clients?tenant=beta", "", "", "Authorization", "Bearer "+tok.AccessToken)
				t.Errorf("node B answers GET /admin/v1/clients?tenant=beta to the credential acme's admin made on node A: %d", l.status)
			}
		}
		if r.status != 403 || refusedTarget(t, r.raw) != c.field {
			t.Errorf("%s POSTs %s: %d %s, want 403 naming %s", c.who, c.body, r.status, r.raw, c.field)
		}
	}
	// The audiences node A gives tenants stay the admin's to give, and the
	// operator may give another node's audiences.
	for _, body := range []string{`{"audiences":["verx://migration-api","levy://console"]}`, `{"audiences":["levy://admin"]}`} {
		if r := create(admin, body); r.status != 201 {
			t.Errorf("acme's admin POSTs %s: %d %s, want 201", body, r.status, r.raw)
		}
	}
	if r := create(op, `{"tenant":"acme","audiences":["levy://calc-b"]}`); r.status != 201 {
		t.Errorf("the operator makes a credential of an audience node A does not know: %d %s, want 201", r.status, r.raw)
	}
}
