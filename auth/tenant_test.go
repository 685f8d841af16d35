package auth_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// TestTenantID gives each tenant a stable UUID with its first credential,
// the same for its other credentials, kept through revocation and
// restarts. (That the credentials' records do not hold it, and that a
// store written before tenants had one gives them one, is the Badger
// store's, tested in package badger.)
func TestTenantID(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	i := issuer(t, s, newClock(), auth.Config{})
	a1, _ := create(t, i, "calc")
	a2, _ := create(t, i, "lookup")
	b, _, err := i.Create(ctx, "beta", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if !uuidV4.MatchString(a1.TenantID) || a2.TenantID != a1.TenantID || !uuidV4.MatchString(b.TenantID) || b.TenantID == a1.TenantID {
		t.Fatalf("tenant IDs %q %q %q", a1.TenantID, a2.TenantID, b.TenantID)
	}
	for tenant, want := range map[string]string{"acme": a1.TenantID, "beta": b.TenantID} {
		if id, err := i.TenantID(ctx, tenant); err != nil || id != want {
			t.Errorf("TenantID(%s): %q, %v, want %q", tenant, id, err, want)
		}
	}
	for _, tenant := range []string{"nobody", ""} {
		if _, err := i.TenantID(ctx, tenant); levy.ErrorCode(err) != levy.ENotFound {
			t.Errorf("TenantID(%q): %v", tenant, err)
		}
	}
	for _, id := range []string{a1.ClientID, a2.ClientID} {
		if c, err := i.Revoke(ctx, id); err != nil || c.TenantID != a1.TenantID {
			t.Fatalf("Revoke: %+v, %v", c, err)
		}
	}

	// A restart (a new Issuer over the store) keeps them.
	i = issuer(t, s, newClock(), auth.Config{})
	cs, err := i.List(ctx, "")
	if err != nil || len(cs) != 3 {
		t.Fatalf("List: %d, %v", len(cs), err)
	}
	for _, c := range cs {
		if want := map[string]string{"acme": a1.TenantID, "beta": b.TenantID}[c.Tenant]; c.TenantID != want {
			t.Fatalf("List: %+v, want tenant ID %s", c, want)
		}
	}
	if id, err := i.TenantID(ctx, "acme"); err != nil || id != a1.TenantID {
		t.Errorf("after a restart TenantID(acme): %q, %v", id, err)
	}
	c, err := i.Get(ctx, b.ClientID)
	if err != nil || c.TenantID != b.TenantID {
		t.Fatalf("Get: %+v, %v", c, err)
	}

	// A tenant made by another process is found in the store.
	other := issuer(t, s, newClock(), auth.Config{})
	g, _, err := other.Create(ctx, "globex", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if id, err := i.TenantID(ctx, "globex"); err != nil || id != g.TenantID {
		t.Errorf("TenantID of a tenant made elsewhere: %q, %v, want %q", id, err, g.TenantID)
	}
}
