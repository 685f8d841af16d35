package oauth_test

import (
	"context"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// tokenForm is the form of a token request of the API's audience.
func tokenForm(id, secret string) string {
	return form("grant_type", "client_credentials", "client_id", id, "client_secret", secret, "audience", oauth.DefaultAudience)
}

// TestFailedAuthenticationThrottled replays guessing over HTTP: wrong
// secrets for a real client and random client IDs from one address are
// refused with 429 and Retry-After once the client or the address has
// failed too often, before their secret is hashed; a client whose secret
// matched lately still gets its token; X-Forwarded-For counts only from a
// trusted proxy.
func TestFailedAuthenticationThrottled(t *testing.T) {
	cfg := auth.Config{ClientFailures: 3, SourceFailures: 6}
	f := setupWith(t, func(clk *clock) *auth.Issuer {
		cfg.Now = clk.now
		return authtest.Issuer(t, cfg)
	}, oauth.WithRefusalDelay(20*time.Millisecond))
	a, aSecret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	b, bSecret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	c, cSecret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	post := func(body string, header ...string) reply {
		t.Helper()
		return f.send(t, "POST", "/oauth/token", formType, body, header...)
	}
	refused := func(r reply, retryAfter string) {
		t.Helper()
		if r.status != 429 || r.body["error"] != "invalid_request" || r.header.Get("Retry-After") != retryAfter {
			t.Fatalf("want 429 with Retry-After %s: %d %v %s", retryAfter, r.status, r.header, r.raw)
		}
	}
	if r := post(tokenForm(a.ClientID, aSecret)); r.status != 200 {
		t.Fatalf("a's token: %d %s", r.status, r.raw)
	}

	// Guessing a's secret: three failures, then 429 (a client may fail
	// 3 times a minute: one more each 20 s).
	for n := range 3 {
		if r := post(tokenForm(a.ClientID, "guess")); r.status != 401 {
			t.Fatalf("guess %d: %d %s", n+1, r.status, r.raw)
		}
	}
	start := time.Now()
	refused(post(tokenForm(a.ClientID, "guess")), "20")
	if held := time.Since(start); held < 20*time.Millisecond {
		t.Errorf("the refusal was answered after %v, before the refusal delay", held)
	}
	if r := post(tokenForm(a.ClientID, aSecret)); r.status != 200 {
		t.Fatalf("a's secret, which matched lately, while a is throttled: %d %s", r.status, r.raw)
	}
	if r := post(tokenForm(b.ClientID, bSecret)); r.status != 200 {
		t.Fatalf("b, another client: %d %s", r.status, r.raw)
	}

	// Random client IDs from this address: it has 3 failures left of 6.
	for n := range 3 {
		if r := post(tokenForm(authtest.RandomClientID(), "guess")); r.status != 401 {
			t.Fatalf("random client %d: %d %s", n+1, r.status, r.raw)
		}
	}
	refused(post(tokenForm(authtest.RandomClientID(), "guess")), "10")
	refused(post(tokenForm(c.ClientID, cSecret)), "10") // not seen lately: it would need a hash
	if r := post(tokenForm(b.ClientID, bSecret)); r.status != 200 {
		t.Fatalf("b's secret, which matched lately, from a throttled address: %d %s", r.status, r.raw)
	}
	refused(post(tokenForm(authtest.RandomClientID(), "guess"), "X-Forwarded-For", "203.0.113.9"), "10")
	f.clk.add(10 * time.Second)
	if r := post(tokenForm(c.ClientID, cSecret)); r.status != 200 {
		t.Fatalf("c after 10 seconds: %d %s", r.status, r.raw)
	}
	if r := post(tokenForm(authtest.RandomClientID(), "guess")); r.status != 401 {
		t.Fatalf("a random client after 10 seconds: %d %s", r.status, r.raw)
	}
	refused(post(tokenForm(authtest.RandomClientID(), "guess")), "10")

	// Behind a trusted proxy, X-Forwarded-For names the address.
	g := setupWith(t, func(clk *clock) *auth.Issuer {
		cfg.Now = clk.now
		return authtest.Issuer(t, cfg)
	}, oauth.WithRefusalDelay(0), oauth.WithTrustedProxies(netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8")))
	for n := range 6 {
		if r := g.send(t, "POST", "/oauth/token", formType, tokenForm(authtest.RandomClientID(), "guess"),
			"X-Forwarded-For", "198.51.100.1, 203.0.113.9, 10.1.2.3"); r.status != 401 {
			t.Fatalf("through the proxy, %d: %d %s", n+1, r.status, r.raw)
		}
	}
	if r := g.send(t, "POST", "/oauth/token", formType, tokenForm(authtest.RandomClientID(), "guess"),
		"X-Forwarded-For", "203.0.113.9"); r.status != 429 {
		t.Fatalf("203.0.113.9 again: %d %s", r.status, r.raw)
	}
	for _, xff := range []string{"203.0.113.10", "203.0.113.9, 203.0.113.11", ""} {
		if r := g.send(t, "POST", "/oauth/token", formType, tokenForm(authtest.RandomClientID(), "guess"),
			"X-Forwarded-For", xff); r.status != 401 {
			t.Fatalf("X-Forwarded-For %q: %d %s", xff, r.status, r.raw)
		}
	}
}

// TestHashQueueFull floods the token endpoint with random client IDs
// from many addresses (no per-address limit) while a real client asks for
// its first token: the flood's hashes run one at a time, the requests
// beyond the queue are refused with 503 and Retry-After, and the real
// client gets its token.
func TestHashQueueFull(t *testing.T) {
	ctx := context.Background()
	f := setupWith(t, func(clk *clock) *auth.Issuer {
		// The real cost of a hash.
		i, err := auth.NewIssuer(ctx, authtest.Open(t), auth.Config{Now: clk.now, SourceFailures: -1, HashQueue: 2})
		if err != nil {
			t.Fatal(err)
		}
		return i
	}, oauth.WithRefusalDelay(0))
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		statuses = map[int]int{}
	)
	for range 24 {
		wg.Go(func() {
			r := f.send(t, "POST", "/oauth/token", formType, tokenForm(authtest.RandomClientID(), "guess"))
			mu.Lock()
			defer mu.Unlock()
			statuses[r.status]++
			if r.status == 503 && (r.body["error"] != "temporarily_unavailable" || r.header.Get("Retry-After") != "1") {
				t.Errorf("503: %v %s", r.header, r.raw)
			}
		})
	}
	if r := f.send(t, "POST", "/oauth/token", formType, tokenForm(cred.ClientID, secret)); r.status != 200 {
		t.Errorf("the real client during the flood: %d %s", r.status, r.raw)
	}
	wg.Wait()
	if statuses[503] == 0 || statuses[401]+statuses[503] != 24 {
		t.Fatalf("the flood's answers: %v", statuses)
	}
}

// TestRateLimitAfterTheClockSteppedBack: the server's clock runs nine
// hours ahead while a client takes a token, then is stepped back to the
// right time, and the client takes its other nine of ten tokens in the
// next nine minutes. Eight and a half hours later, those nine have left
// the 28800-second window and only the token of the wrong time is still
// in it: the client gets a token. Before, the store dropped the times
// that had left the window only from the front of its list, where the
// wrong time sat, so the client was refused until eight hours after
// that time (eight and a half hours more), with no Retry-After, since
// the count of the window said there was nothing to wait for. Badger
// did the same; PostgreSQL checked each time (the conformance suite's
// RateLimitClockSteppedBack covers the three stores).
func TestRateLimitAfterTheClockSteppedBack(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	good := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)
	right := f.clk.now()
	f.clk.set(right.Add(9 * time.Hour))
	if r := f.send(t, "POST", "/oauth/token", formType, good); r.status != 200 {
		t.Fatalf("the token while the clock is ahead: %d %s", r.status, r.raw)
	}
	f.clk.set(right)
	for i := range 9 {
		f.clk.add(time.Minute)
		if r := f.send(t, "POST", "/oauth/token", formType, good); r.status != 200 {
			t.Fatalf("token %d after the clock was stepped back: %d %s", i+2, r.status, r.raw)
		}
	}
	if r := f.send(t, "POST", "/oauth/token", formType, good); r.status != 400 {
		t.Fatalf("the eleventh token in the window: %d %s, want 400 over the rate limit", r.status, r.raw)
	}
	f.clk.set(right.Add(8*time.Hour + 30*time.Minute))
	if r := f.send(t, "POST", "/oauth/token", formType, good); r.status != 200 {
		t.Errorf("a token with one in the window: %d %s (Retry-After %q), want 200", r.status, r.raw, r.header.Get("Retry-After"))
	}
}
