package oauth_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestTenantCredentialChurnBounded: a tenant's admin creates a
// credential and revokes it, fifty times, at POST and DELETE
// /admin/v1/clients. Before, each round left a revoked record that no
// one ever deleted, in the store and in every node's memory, so a loop
// grew them without end (51 records here). Now a revoked credential
// counts until every token it was issued has expired: once the tenant
// keeps as many revoked ones as the limit, the next creation is refused
// (409, target tenant, saying when the first is deleted), so the
// tenant's records stay at most twice the limit. A revoked credential's
// token stays refused; once its tokens have all expired, the next
// creation deletes it and may proceed.
func TestTenantCredentialChurnBounded(t *testing.T) {
	const limit, rounds = 5, 50
	f := setupWith(t, func(clk *clock) *auth.Issuer { return authtest.Issuer(t, auth.Config{Now: clk.now}) }, oauth.WithTenantCredentials(limit))
	ctx := t.Context()
	adminCred, adminSecret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAdminAudience)
	adminToken := func() string {
		tok, err := f.iss.Issue(ctx, adminCred.ClientID, adminSecret, oauth.DefaultAdminAudience)
		if err != nil {
			t.Fatal(err)
		}
		return tok.AccessToken
	}
	admin := adminToken()
	create := func() reply {
		t.Helper()
		return f.send(t, "POST", "/admin/v1/clients", "application/json", `{"audiences":["verx://migration-api"],"activeNow":true}`,
			"Authorization", "Bearer "+admin)
	}
	made, refused := 0, 0
	var firstToken string
	for n := range rounds {
		r := create()
		if r.status == 409 {
			if refusedTarget(t, r.raw) != "tenant" || !strings.Contains(r.raw, "revoked credentials") || !strings.Contains(r.raw, "2026-11-22T10:21:00Z") {
				t.Fatalf("round %d: refusal %s, want one naming tenant, the revoked credentials and when the first is deleted", n, r.raw)
			}
			refused++
			continue
		}
		if r.status != 201 {
			t.Fatalf("round %d: create: %d %s", n, r.status, r.raw)
		}
		var a struct {
			Data struct {
				ClientID     string `json:"client_id"`
				ClientSecret string `json:"client_secret"`
			}
		}
		if err := json.Unmarshal([]byte(r.raw), &a); err != nil || a.Data.ClientID == "" {
			t.Fatalf("the answer of a creation: %v %s", err, r.raw)
		}
		if firstToken == "" {
			tok, err := f.iss.Issue(ctx, a.Data.ClientID, a.Data.ClientSecret, "verx://migration-api")
			if err != nil {
				t.Fatal(err)
			}
			firstToken = tok.AccessToken
		}
		if r := f.send(t, "DELETE", "/admin/v1/clients/"+a.Data.ClientID, "", "", "Authorization", "Bearer "+admin); r.status != 200 {
			t.Fatalf("round %d: revoke: %d %s", n, r.status, r.raw)
		}
		made++
	}
	cs, err := f.iss.List(ctx, "acme")
	if err != nil {
		t.Fatal(err)
	}
	if made != limit || refused != rounds-limit || len(cs) != 1+limit {
		t.Fatalf("%d rounds of create and revoke under a limit of %d: %d made, %d refused, acme keeps %d credentials; want %d made and %d kept",
			rounds, limit, made, refused, len(cs), limit, 1+limit)
	}
	if _, err := f.iss.VerifyContext(ctx, firstToken); err == nil {
		t.Fatal("a revoked credential's token verifies")
	}

	// One token lifetime (20 minutes) and a minute after the revocations,
	// every token of the revoked credentials has expired: the next
	// creation deletes them, and is made.
	f.clk.add(21*time.Minute + time.Second)
	admin = adminToken()
	if r := create(); r.status != 201 {
		t.Fatalf("a creation once the revoked credentials' tokens have expired: %d %s", r.status, r.raw)
	}
	if cs, err := f.iss.List(ctx, "acme"); err != nil || len(cs) != 2 {
		t.Fatalf("acme keeps %d credentials (%v) after the revoked ones were deleted, want its admin and the new one", len(cs), err)
	}
	if _, err := f.iss.VerifyContext(ctx, firstToken); err == nil {
		t.Fatal("a deleted credential's token verifies")
	}
}
