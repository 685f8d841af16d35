package auth_test

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy/auth"
)

// TestCachedShortTTL checks that the caching endpoint caches the tokens
// of a lifetime no longer than CacheMargin: a fixed margin of 30 s left
// no token of a 30 s TTL servable, and every call signed and stored a
// new one, outside the rate limit.
func TestCachedShortTTL(t *testing.T) {
	ctx := context.Background()
	for _, ttl := range []time.Duration{2 * time.Second, 10 * time.Second, 30 * time.Second, 45 * time.Second} {
		clk := newClock()
		i := issuer(t, open(t), clk, auth.Config{TTL: ttl})
		c, secret := create(t, i, "calc")
		cached := func() auth.Token {
			t.Helper()
			tok, err := i.Cached(ctx, c.ClientID, secret, "calc")
			if err != nil {
				t.Fatalf("TTL %v: Cached: %v", ttl, err)
			}
			return tok
		}
		t1 := cached()
		if t2 := cached(); t2 != t1 {
			t.Fatalf("TTL %v: a second call at once got a new token", ttl)
		}
		// Still served until half its lifetime (or 30 s) is left.
		margin := min(auth.CacheMargin, ttl/2)
		clk.Add(ttl - margin)
		if t3 := cached(); t3 != t1 {
			t.Fatalf("TTL %v: with %v left, the cached token was replaced", ttl, margin)
		}
		clk.Add(time.Second)
		t4 := cached()
		if t4 == t1 {
			t.Fatalf("TTL %v: with less than %v left, the cached token was served", ttl, margin)
		}
		if !t4.ExpiresAt.After(t1.ExpiresAt) {
			t.Fatalf("TTL %v: the new token expires at %v, not after the first's %v", ttl, t4.ExpiresAt, t1.ExpiresAt)
		}
		if t5 := cached(); t5 != t4 {
			t.Fatalf("TTL %v: the new token was not cached", ttl)
		}
	}
}

// TestCachedExpiresInClockBehind checks the remaining lifetime announced
// for a cached token by a process whose clock is behind the one that
// issued it: never more than the token's lifetime, never negative, and
// the token's own count of seconds once the clocks agree.
func TestCachedExpiresInClockBehind(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	ahead := newClock()
	a := issuer(t, s, ahead, auth.Config{})
	c, secret := create(t, a, "calc")
	tok, err := a.Cached(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	const ttl = int64(20 * 60)
	if got := tok.ExpiresIn(ahead.Now()); got != ttl {
		t.Fatalf("issuer: expires in %d, want %d", got, ttl)
	}

	// A second process sharing the store, its clock 45 s behind, serves
	// the cached token (issued 45 s in its future, within the skew that
	// Verify tolerates).
	behind := newClock()
	behind.Add(-45 * time.Second)
	b := issuer(t, s, behind, auth.Config{})
	got, err := b.Cached(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	if got != tok {
		t.Fatal("the process behind did not serve the cached token")
	}
	if in := got.ExpiresIn(behind.Now()); in != ttl {
		t.Fatalf("behind by 45 s: expires in %d, want at most the lifetime %d", in, ttl)
	}
	// Ten minutes on, the process behind reads what its clock says, the
	// lifetime being no longer the bound.
	behind.Add(10 * time.Minute)
	if in := got.ExpiresIn(behind.Now()); in != ttl-600+45 {
		t.Fatalf("ten minutes on: expires in %d, want %d", in, ttl-600+45)
	}
	for _, at := range []time.Time{tok.ExpiresAt, tok.ExpiresAt.Add(time.Hour)} {
		if in := got.ExpiresIn(at); in != 0 {
			t.Fatalf("at %v, after its expiry: expires in %d, want 0", at, in)
		}
	}
}
