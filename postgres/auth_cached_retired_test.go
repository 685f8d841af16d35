package postgres

import (
	"context"
	"testing"
)

// TestAuthCachedTokenOfAKeyRetiredOnAnotherNode: two nodes share one
// PostgreSQL. Node B's caching endpoint caches a token, signed with the
// current key; the operator retires that key through node A, and the
// client asks node B again before B has refreshed. B must answer a token
// of the key now current, which A accepts, and cache it. Before, B
// served the cached token, which A refused at once ("signed with an
// unknown key"), and B once it refreshed.
func TestAuthCachedTokenOfAKeyRetiredOnAnotherNode(t *testing.T) {
	ctx := context.Background()
	issuers, _ := authIssuers(t, authNodes(t, 2))
	a, b := issuers[0], issuers[1]
	c, secret := authCredential(t, issuers)
	before, err := b.Cached(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	claims, err := a.VerifyContext(ctx, before.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.RetireKey(ctx, claims.KeyID); err != nil {
		t.Fatal(err)
	}
	got, err := b.Cached(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	if got.AccessToken == before.AccessToken {
		t.Fatal("node B served the cached token of the key node A retired")
	}
	if cl, err := a.VerifyContext(ctx, got.AccessToken); err != nil || cl.KeyID == claims.KeyID {
		t.Errorf("node B's token on node A: %v, key %s (retired %s)", err, cl.KeyID, claims.KeyID)
	}
	if again, err := a.Cached(ctx, c.ClientID, secret, "calc"); err != nil || again != got {
		t.Errorf("node A's cached token: %v, the one node B cached %v", err, again == got)
	}
}
