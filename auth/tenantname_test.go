package auth_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// TestCreateRefusesTenantsTheQueryRefuses: a tenant that begins or ends
// with a space, or holds a character that the API refuses in a query
// value (a bidirectional formatting character, a line separator), is
// refused when a credential is made for it, naming tenant. Before, the
// operator could make such a tenant, which no ?tenant= of the admin
// routes could then name (400). A tenant of that kind stored before
// keeps working: its credential gets tokens and is rotated.
func TestCreateRefusesTenantsTheQueryRefuses(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	iss := issuer(t, st, newClock(), auth.Config{})
	for _, tenant := range []string{
		"beta ", " beta", "\u00a0beta", "beta\u3000",
		"\u202ebeta", "be\u200fta", "beta\u2066", "be\u2028ta", "be\u2029ta",
	} {
		_, _, err := iss.Create(ctx, tenant, []string{"calc"}, true)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "tenant" {
			t.Errorf("Create(%q): %v, want invalid tenant", tenant, err)
		}
	}
	for _, tenant := range []string{"beta", "acme corp", "société-générale", "日本"} {
		if _, _, err := iss.Create(ctx, tenant, []string{"calc"}, true); err != nil {
			t.Errorf("Create(%q): %v", tenant, err)
		}
	}

	// A credential stored before the rule, under a tenant it refuses.
	c, secret, err := iss.Create(ctx, "acme", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := st.Get(ctx, c.ClientID)
	if err != nil {
		t.Fatal(err)
	}
	rec.ClientID, rec.Tenant = "old-client-of-a-spaced-tenant", "acme "
	if _, err := st.Create(ctx, rec, "", 0); err != nil {
		t.Fatal(err)
	}
	old := issuer(t, st, newClock(), auth.Config{})
	tok, err := old.Issue(ctx, rec.ClientID, secret, "calc")
	if err != nil {
		t.Fatalf("a stored credential of tenant %q: %v", rec.Tenant, err)
	}
	if cl, err := old.Verify(tok.AccessToken); err != nil || cl.Tenant != "acme " {
		t.Fatalf("its token: %+v, %v", cl, err)
	}
	if _, _, err := old.Rotate(ctx, rec.ClientID); err != nil {
		t.Fatalf("rotate it: %v", err)
	}
}

// TestCreateTenantLength: a credential's tenant may have up to
// levy.MaxTenantLength (200) bytes, the bound of the profile and the
// journal too, so that every credential may store its transactions.
func TestCreateTenantLength(t *testing.T) {
	ctx := context.Background()
	iss := issuer(t, open(t), newClock(), auth.Config{})
	for _, n := range []int{100, 101, levy.MaxTenantLength} {
		if _, _, err := iss.Create(ctx, strings.Repeat("t", n), []string{"calc"}, true); err != nil {
			t.Errorf("a tenant of %d bytes: %v", n, err)
		}
	}
	_, _, err := iss.Create(ctx, strings.Repeat("t", levy.MaxTenantLength+1), []string{"calc"}, true)
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "tenant" {
		t.Errorf("a tenant of %d bytes: %v, want invalid tenant", levy.MaxTenantLength+1, err)
	}
}
