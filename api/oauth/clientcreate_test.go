package oauth_test

import (
	"encoding/json"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// refusedTarget returns the target of the one error of a refusal's
// answer, or "" when the answer is not that.
func refusedTarget(t *testing.T, raw string) string {
	t.Helper()
	var a struct {
		Errors []struct{ Code, Target string }
	}
	if err := json.Unmarshal([]byte(raw), &a); err != nil || len(a.Errors) != 1 {
		return ""
	}
	return a.Errors[0].Target
}

// TestCreateClientRefusesTenantsTheQueryRefuses: the operator makes a
// credential for a tenant through POST /admin/v1/clients. A tenant that
// begins or ends with a space or holds a bidirectional formatting
// character is refused there (400, target tenant), with the rule that
// the admin routes apply to ?tenant=. Before, it was made (201), and the
// operator could not name it in ?tenant= afterwards (400), nor tell
// "beta " from "beta" in a list.
func TestCreateClientRefusesTenantsTheQueryRefuses(t *testing.T) {
	f := setup(t)
	op := authtest.Token(t, f.iss, "default", oauth.DefaultOperatorAudience)
	for _, tenant := range []string{"beta ", " beta", "\u202ebeta", "be\u2066ta"} {
		body, _ := json.Marshal(map[string]any{"tenant": tenant, "audiences": []string{"verx://migration-api"}})
		r := f.send(t, "POST", "/admin/v1/clients", "application/json", string(body), "Authorization", "Bearer "+op)
		if r.status != 400 || refusedTarget(t, r.raw) != "tenant" {
			t.Errorf("POST /admin/v1/clients for tenant %q: %d %s, want 400 naming tenant", tenant, r.status, r.raw)
		}
	}
	r := f.send(t, "POST", "/admin/v1/clients", "application/json", `{"tenant":"beta","audiences":["verx://migration-api"]}`, "Authorization", "Bearer "+op)
	if r.status != 201 {
		t.Fatalf("POST /admin/v1/clients for beta: %d %s", r.status, r.raw)
	}
	if r := f.send(t, "GET", "/admin/v1/clients?tenant=beta", "", "", "Authorization", "Bearer "+op); r.status != 200 {
		t.Fatalf("GET /admin/v1/clients?tenant=beta: %d %s", r.status, r.raw)
	}
}

// TestCreateClientRefusesEveryOperatorAudience: the server runs with
// another operator audience (levy serve --operator-audience). A tenant's
// admin, and the operator, ask POST /admin/v1/clients for a credential
// of the default operator audience, levy://operator, as well as of the
// configured one. Both are refused (403, naming the audience). Before,
// the default one was made (201), and the day the server was started
// again with the default operator audience, that tenant's credential was
// an operator's, reaching every tenant and the signing keys.
func TestCreateClientRefusesEveryOperatorAudience(t *testing.T) {
	const ops = "levy://ops"
	f := setupWith(t, func(clk *clock) *auth.Issuer { return authtest.Issuer(t, auth.Config{Now: clk.now}) }, oauth.WithOperatorAudience(ops))
	admin := authtest.Token(t, f.iss, "acme", oauth.DefaultAdminAudience)
	op := authtest.Token(t, f.iss, "default", ops)
	for _, c := range []struct{ who, tok, body, field string }{
		{"acme's admin", admin, `{"audiences":["levy://operator"]}`, "audiences[0]"},
		{"acme's admin", admin, `{"audiences":["levy://console","levy://operator"]}`, "audiences[1]"},
		{"acme's admin", admin, `{"audiences":["levy://ops"]}`, "audiences[0]"},
		{"the operator", op, `{"tenant":"acme","audiences":["levy://operator"]}`, "audiences[0]"},
		{"the operator", op, `{"tenant":"acme","audiences":["levy://ops"]}`, "audiences[0]"},
	} {
		r := f.send(t, "POST", "/admin/v1/clients", "application/json", c.body, "Authorization", "Bearer "+c.tok)
		if r.status != 403 || refusedTarget(t, r.raw) != c.field {
			t.Errorf("%s POSTs %s: %d %s, want 403 naming %s", c.who, c.body, r.status, r.raw, c.field)
		}
	}
	if r := f.send(t, "POST", "/admin/v1/clients", "application/json", `{"audiences":["levy://console"]}`, "Authorization", "Bearer "+admin); r.status != 201 {
		t.Fatalf("acme's admin makes a console credential: %d %s", r.status, r.raw)
	}
}
