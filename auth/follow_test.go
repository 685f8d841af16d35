package auth_test

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestFollow: an issuer that follows a store shared with another sees a
// revocation made through the other within a few of its intervals, with
// no call of its own.
func TestFollow(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store := authtest.Open(t)
	cfg := auth.Config{Hash: authtest.FastHash()}
	one, err := auth.NewIssuer(ctx, store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	c, secret := authtest.Credential(t, one, "acme", "calc")
	tok, err := one.Issue(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	two, err := auth.NewIssuer(ctx, store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { two.Follow(ctx, 10*time.Millisecond); close(done) }()
	if _, err := two.Verify(tok.AccessToken); err != nil {
		t.Fatalf("the token before the revocation: %v", err)
	}
	if _, err := one.Revoke(ctx, c.ClientID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := two.Verify(tok.AccessToken); err != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the revocation did not reach the following issuer within 5 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Follow did not return when its context ended")
	}
}
