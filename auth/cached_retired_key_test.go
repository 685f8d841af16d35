package auth_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/auth"
)

// TestCachedTokenOfAKeyRetiredOnAnotherProcess: two processes (nodes of
// a cluster) share one store, and the caching endpoint has cached a
// token signed with the current key. The operator retires that key
// through process A, after a leak say, and a client asks process B,
// which has not refreshed since, for its cached token. B must not hand
// out the cached token, which every process refuses once it knows of
// the retirement (A at once): it must give one of the key now current,
// which verifies on both. Before, B served the cached token, its
// memory still holding the retired key, so that every client asking B
// until its next refresh left with a dead token and, caching it as the
// wire format recommends, called with it until it expired.
func TestCachedTokenOfAKeyRetiredOnAnotherProcess(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	clk := newClock()
	a := issuer(t, s, clk, auth.Config{})
	c, secret := create(t, a, "calc")
	b := issuer(t, s, clk, auth.Config{})
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
		t.Fatal("process B served the cached token of the key that process A retired")
	}
	for name, i := range map[string]*auth.Issuer{"A": a, "B": b} {
		if _, err := i.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if c, err := i.VerifyContext(ctx, got.AccessToken); err != nil {
			t.Errorf("process B's token on process %s: %v", name, err)
		} else if c.KeyID == claims.KeyID {
			t.Errorf("process B's token is signed with the retired key %s", c.KeyID)
		}
	}
	// B serves the new token from the cache from now on.
	if again, err := b.Cached(ctx, c.ClientID, secret, "calc"); err != nil || again != got {
		t.Errorf("process B's next call: %v, a new token %v", err, again != got)
	}
}
