package auth_test

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestKeyRetirement forges tokens with a signing key that leaked: a
// superseded key verifies for one token lifetime after the rotation, then
// retires; no key verifies a token that lives longer than the TTL or was
// issued in the future; RetireKey ends a key at once.
func TestKeyRetirement(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := open(t)
	i := issuer(t, s, clk, auth.Config{})
	c, secret := create(t, i, "calc")
	keys := authtest.SigningKeys(t, s) // the leak
	i = issuer(t, s, clk, auth.Config{})
	if len(keys) != 1 {
		t.Fatalf("%d signing keys", len(keys))
	}
	var old string
	for kid := range keys {
		old = kid
	}
	forge := func(issued, expires time.Time) string {
		return authtest.Forge(t, keys[old], authtest.Forged{KeyID: old, IssuedAt: issued, ExpiresAt: expires,
			Generation: 1, Tenant: "acme", Client: c.ClientID, Audience: "calc"})
	}
	in2100 := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
	now := clk.Now()
	if _, err := i.Verify(forge(now, now.Add(20*time.Minute))); err != nil {
		t.Fatalf("a token of the current key with the TTL: %v", err)
	}
	if _, err := i.Verify(forge(now.Add(59*time.Second), now.Add(20*time.Minute+59*time.Second))); err != nil {
		t.Fatalf("issued within the clock skew: %v", err)
	}
	for _, c := range []struct {
		name string
		tok  string
		msg  string
	}{
		{"expiry in 2100", forge(now, in2100), "lifetime is longer"},
		{"a second over the TTL", forge(now, now.Add(20*time.Minute+time.Second)), "lifetime is longer"},
		{"issued in the future", forge(now.Add(2*time.Minute), now.Add(22*time.Minute)), "issued in the future"},
	} {
		_, err := i.Verify(c.tok)
		unauthorized(t, err, c.tok, c.msg)
	}

	// Rotation: the old key verifies for one TTL, then retires.
	legit := issue(t, i, c.ClientID, secret, "calc")
	cur, err := i.RotateKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ks := i.Keys()
	if len(ks) != 2 || ks[0].KeyID != old || ks[0].Current || !ks[0].SupersededAt.Equal(now) ||
		!ks[0].RetiresAt.Equal(now.Add(20*time.Minute)) || ks[1].KeyID != cur || !ks[1].Current {
		t.Fatalf("keys after rotation: %+v", ks)
	}
	clk.Add(20*time.Minute - time.Second)
	if _, err := i.Verify(legit.AccessToken); err != nil {
		t.Fatalf("a token of the old key before it expires: %v", err)
	}
	late := forge(clk.Now(), clk.Now().Add(20*time.Minute))
	if _, err := i.Verify(late); err != nil {
		t.Fatalf("a token of the old key within a TTL of the rotation: %v", err)
	}
	clk.Add(time.Second)
	for _, tok := range []string{late, forge(clk.Now(), in2100), forge(clk.Now(), clk.Now().Add(20*time.Minute))} {
		_, err := i.Verify(tok)
		unauthorized(t, err, tok, "signed with a retired key")
	}
	if ks := i.Keys(); len(ks) != 1 || ks[0].KeyID != cur {
		t.Fatalf("keys after the old one retired: %+v", ks)
	}

	// The retired key stays in the store until an Issuer starts.
	keys = authtest.SigningKeys(t, s)
	if _, ok := keys[old]; !ok || len(keys) != 2 {
		t.Fatalf("before a restart the store has %d keys (the old one: %v)", len(keys), ok)
	}
	i = issuer(t, s, clk, auth.Config{})
	keys = authtest.SigningKeys(t, s)
	if _, ok := keys[old]; ok || len(keys) != 1 {
		t.Fatalf("after NewIssuer the store has %d keys (the old one: %v)", len(keys), ok)
	}

	// RetireKey of the current key makes a new one current and ends the
	// tokens of the old at once.
	tok := issue(t, i, c.ClientID, secret, "calc").AccessToken
	next, err := i.RetireKey(ctx, cur)
	if err != nil || next == cur || next == "" {
		t.Fatalf("RetireKey(current): %q, %v", next, err)
	}
	_, err = i.Verify(tok)
	unauthorized(t, err, tok, "unknown key")
	if _, err := i.Verify(issue(t, i, c.ClientID, secret, "calc").AccessToken); err != nil {
		t.Fatalf("a token of the new key: %v", err)
	}
	other, err := i.RotateKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if cur, err := i.RetireKey(ctx, next); err != nil || cur != other {
		t.Fatalf("RetireKey(superseded): %q, %v, want %q", cur, err, other)
	}
	for kid, code := range map[string]string{cur: levy.ENotFound, "not a kid": levy.EInvalid, "": levy.EInvalid} {
		if _, err := i.RetireKey(ctx, kid); levy.ErrorCode(err) != code {
			t.Errorf("RetireKey(%q): %v, want %s", kid, err, code)
		}
	}
}
