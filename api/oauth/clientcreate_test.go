package oauth_test

import (
	"encoding/json"
	"net/url"
	"strings"
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
	f := setupWith(t, func(clk *clock) *auth.Issuer { return authtest.Issuer(t, auth.Config{Now: clk.now}) }, oauth.WithOperatorAudience(ops),
		oauth.WithReaderAudiences("levy://console"))
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

// TestCreateClientRefusesUnknownMembers: POST /admin/v1/clients takes
// tenant, audiences and activeNow. A tenant's admin asks for
// active_now, as the routes' answers spell a credential's members
// (client_id, active_from), or adds a member the route does not have.
// Each is refused 400 naming the member, and no credential is made.
// Before, each was made (201) as if the member had not been there: the
// credential asked with active_now waited the 15-minute activation delay
// it had asked to skip, and said so nowhere. The operator naming beta
// by its tenant_id is told of tenant_id too (before: "an operator token
// names the tenant it acts on", naming tenant). The admin routes of the
// tax profiles refuse unknown members already.
func TestCreateClientRefusesUnknownMembers(t *testing.T) {
	f := setup(t)
	op := authtest.Token(t, f.iss, "default", oauth.DefaultOperatorAudience)
	admin := authtest.Token(t, f.iss, "acme", oauth.DefaultAdminAudience)
	beta, _ := authtest.Credential(t, f.iss, "beta", oauth.DefaultAudience)
	count := func(tenant string) int {
		t.Helper()
		cs, err := f.iss.List(t.Context(), tenant)
		if err != nil {
			t.Fatal(err)
		}
		return len(cs)
	}
	before := map[string]int{"default": count("default"), "acme": count("acme"), "beta": count("beta")}
	for _, c := range []struct{ token, body, member string }{
		{op, `{"tenant_id":"` + beta.TenantID + `","audiences":["verx://migration-api"]}`, "tenant_id"},
		{admin, `{"audiences":["verx://migration-api"],"active_now":true}`, "active_now"},
		{admin, `{"audiences":["verx://migration-api"],"activeNow":true,"expires":"2027-01-01"}`, "expires"},
	} {
		r := f.send(t, "POST", "/admin/v1/clients", "application/json", c.body, "Authorization", "Bearer "+c.token)
		if r.status != 400 || refusedTarget(t, r.raw) != c.member {
			t.Errorf("POST /admin/v1/clients %s: %d %s, want 400 naming %s", c.body, r.status, r.raw, c.member)
		}
	}
	for tenant, n := range before {
		if got := count(tenant); got != n {
			t.Errorf("tenant %s has %d credentials after the refusals, want %d", tenant, got, n)
		}
	}
	r := f.send(t, "POST", "/admin/v1/clients", "application/json", `{"audiences":["verx://migration-api"],"activeNow":true}`, "Authorization", "Bearer "+admin)
	if r.status != 201 {
		t.Fatalf("POST /admin/v1/clients with its own members: %d %s", r.status, r.raw)
	}
}

// TestListClientsOfATenantWithoutAnyIsAnArray: the operator lists the
// credentials of a tenant that has none. The answer's data is an empty
// array, as the OpenAPI document describes it. Before, it was null,
// which a client generated from that document refuses to read.
func TestListClientsOfATenantWithoutAnyIsAnArray(t *testing.T) {
	f := setup(t)
	op := authtest.Token(t, f.iss, "default", oauth.DefaultOperatorAudience)
	r := f.send(t, "GET", "/admin/v1/clients?tenant=nobody", "", "", "Authorization", "Bearer "+op)
	var a struct{ Data json.RawMessage }
	if err := json.Unmarshal([]byte(r.raw), &a); err != nil || r.status != 200 {
		t.Fatalf("GET /admin/v1/clients?tenant=nobody: %d %s", r.status, r.raw)
	}
	if string(a.Data) != "[]" {
		t.Errorf("GET /admin/v1/clients?tenant=nobody: data is %s, want []", a.Data)
	}
}

// TestCreateClientRefusesInvisibleCharactersInTheTenant: the operator
// asks POST /admin/v1/clients for a credential of "be\u200bta" (a zero
// width space inside), and of other names holding a character that is
// not seen (a joiner, a soft hyphen, a byte order mark, a variation
// selector, a Hangul filler). Each is refused 400 naming tenant, and no
// credential is made. Before, each was made (201): a second tenant that
// reads as beta in every list, log and answer, whose credentials and
// records an operator could take for beta's (rotating, revoking or
// reading the wrong tenant's). Beta itself is still made.
func TestCreateClientRefusesInvisibleCharactersInTheTenant(t *testing.T) {
	f := setup(t)
	op := authtest.Token(t, f.iss, "default", oauth.DefaultOperatorAudience)
	for _, tenant := range []string{"be\u200bta", "beta\u200d", "\u2060beta", "be\u00adta", "\ufeffbeta", "beta\ufe0f", "be\u3164ta", "be\u034fta"} {
		body, _ := json.Marshal(map[string]any{"tenant": tenant, "audiences": []string{"verx://migration-api"}})
		r := f.send(t, "POST", "/admin/v1/clients", "application/json", string(body), "Authorization", "Bearer "+op)
		if r.status != 400 || refusedTarget(t, r.raw) != "tenant" || !strings.Contains(r.raw, "not seen") {
			t.Errorf("POST /admin/v1/clients for tenant %+q: %d %s, want 400 naming tenant and the character", tenant, r.status, r.raw)
		}
		q := "/admin/v1/clients?tenant=" + url.QueryEscape(tenant)
		if r := f.send(t, "GET", q, "", "", "Authorization", "Bearer "+op); r.status != 200 || strings.Contains(r.raw, "client_id") {
			t.Errorf("GET %s: %d %s, want no credential", q, r.status, r.raw)
		}
	}
	r := f.send(t, "POST", "/admin/v1/clients", "application/json", `{"tenant":"beta","audiences":["verx://migration-api"]}`, "Authorization", "Bearer "+op)
	if r.status != 201 {
		t.Fatalf("POST /admin/v1/clients for beta: %d %s", r.status, r.raw)
	}
}
