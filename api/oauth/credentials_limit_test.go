package oauth_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestTenantCredentialLimit: a tenant's admin creates credentials at POST
// /admin/v1/clients beyond the server's limit per tenant. The creation
// that would pass it is refused (409, target tenant, the limit named),
// and makes nothing; revoking one frees its place; the operator is not
// bounded, and another tenant has a limit of its own. Before, a tenant's
// admin made as many credentials as it liked, each a secret to hash and
// a record every node keeps in memory.
func TestTenantCredentialLimit(t *testing.T) {
	const limit = 3
	f := setupWith(t, func(clk *clock) *auth.Issuer { return authtest.Issuer(t, auth.Config{Now: clk.now}) }, oauth.WithTenantCredentials(limit))
	admin := authtest.Token(t, f.iss, "acme", oauth.DefaultAdminAudience) // acme's first credential
	op := authtest.Token(t, f.iss, "default", oauth.DefaultOperatorAudience)
	create := func(tok, body string) reply {
		t.Helper()
		return f.send(t, "POST", "/admin/v1/clients", "application/json", body, "Authorization", "Bearer "+tok)
	}
	var made []string
	for range limit - 1 {
		r := create(admin, `{"audiences":["verx://migration-api"]}`)
		if r.status != 201 {
			t.Fatalf("acme's admin creates a credential under the limit: %d %s", r.status, r.raw)
		}
		var a struct {
			Data struct {
				ClientID string `json:"client_id"`
			}
		}
		if err := json.Unmarshal([]byte(r.raw), &a); err != nil || a.Data.ClientID == "" {
			t.Fatalf("the answer of a creation: %v %s", err, r.raw)
		}
		made = append(made, a.Data.ClientID)
	}
	r := create(admin, `{"audiences":["verx://migration-api"]}`)
	if r.status != 409 || refusedTarget(t, r.raw) != "tenant" || !strings.Contains(r.raw, "3 or more") {
		t.Fatalf("acme's admin creates a credential beyond the limit of %d: %d %s, want 409 naming tenant and the limit", limit, r.status, r.raw)
	}
	if cs, err := f.iss.List(t.Context(), "acme"); err != nil || len(cs) != limit {
		t.Fatalf("acme has %d credentials (%v), want %d: the refused creation made one", len(cs), err, limit)
	}

	// A revoked credential frees its place.
	if r := f.send(t, "DELETE", "/admin/v1/clients/"+made[0], "", "", "Authorization", "Bearer "+admin); r.status != 200 {
		t.Fatalf("revoke: %d %s", r.status, r.raw)
	}
	if r := create(admin, `{"audiences":["verx://migration-api"]}`); r.status != 201 {
		t.Fatalf("acme's admin creates a credential in a revoked one's place: %d %s", r.status, r.raw)
	}
	if r := create(admin, `{"audiences":["verx://migration-api"]}`); r.status != 409 {
		t.Fatalf("acme's admin beyond the limit again: %d %s, want 409", r.status, r.raw)
	}

	// The operator is not bounded; globex has its own count.
	for range 2 {
		if r := create(op, `{"tenant":"acme","audiences":["verx://migration-api"]}`); r.status != 201 {
			t.Fatalf("the operator creates a credential of acme beyond the limit: %d %s", r.status, r.raw)
		}
	}
	globex := authtest.Token(t, f.iss, "globex", oauth.DefaultAdminAudience)
	if r := create(globex, `{"audiences":["verx://migration-api"]}`); r.status != 201 {
		t.Fatalf("globex's admin, under its own limit: %d %s", r.status, r.raw)
	}
}
