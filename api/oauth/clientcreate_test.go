package oauth_test

import (
	"encoding/json"
	"testing"

	"github.com/levytax/levy/api/oauth"
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
