package auth_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// fastHash makes secrets cheap to hash, for tests.
var fastHash = auth.HashParams{Time: 1, Memory: 64, Threads: 1}

// epoch is the time at which the tests' clocks start.
var epoch = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// clock is a settable clock. It is safe for concurrent use.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: epoch} }

// Now returns the clock's time.
func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock by d.
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// open returns a new store in memory, closed at the end of the test.
// (The Badger store runs these tests' restarts in package badger.)
func open(t testing.TB) auth.Store {
	t.Helper()
	s := auth.NewMemory()
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// issuer returns an Issuer over s on clk with cfg, hashing with
// fastHash. A second Issuer over the same store is what a restart makes.
func issuer(t testing.TB, s auth.Store, clk *clock, cfg auth.Config) *auth.Issuer {
	t.Helper()
	cfg.Now = clk.Now
	if cfg.Hash == (auth.HashParams{}) {
		cfg.Hash = fastHash
	}
	i, err := auth.NewIssuer(context.Background(), s, cfg)
	if err != nil {
		t.Fatalf("NewIssuer: %v", err)
	}
	return i
}

// create makes an active credential of tenant "acme" for audiences.
func create(t testing.TB, i *auth.Issuer, audiences ...string) (auth.Credential, string) {
	t.Helper()
	c, secret, err := i.Create(context.Background(), "acme", audiences, true)
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	return c, secret
}

// issue issues a token and fails the test on an error.
func issue(t testing.TB, i *auth.Issuer, clientID, secret, audience string) auth.Token {
	t.Helper()
	tok, err := i.Issue(context.Background(), clientID, secret, audience)
	if err != nil {
		t.Fatalf("Issue: %v", err)
	}
	return tok
}

// authError returns err as an *auth.Error, failing the test if it is not
// one with code.
func authError(t *testing.T, err error, code string) *auth.Error {
	t.Helper()
	var ae *auth.Error
	if !errors.As(err, &ae) {
		t.Fatalf("error %v (%T), want an *auth.Error %s", err, err, code)
	}
	if ae.Code != code {
		t.Fatalf("error %v, want code %s", err, code)
	}
	return ae
}

func TestActivationDelay(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	i := issuer(t, open(t), clk, auth.Config{})
	c, secret, err := i.Create(ctx, "acme", []string{"calc"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !c.ActiveFrom.IsZero() || !c.CreatedAt.Equal(epoch) {
		t.Fatalf("credential %+v", c)
	}
	clk.Add(15*time.Minute - time.Second)
	_, err = i.Issue(ctx, c.ClientID, secret, "calc")
	ae := authError(t, err, auth.CodeUnauthorizedClient)
	want := "client " + c.ClientID + " may request tokens from 2026-11-22T10:15:00Z, 15 minutes after its creation"
	if ae.Description != want {
		t.Fatalf("error %q, want %q", ae.Description, want)
	}
	clk.Add(time.Second)
	issue(t, i, c.ClientID, secret, "calc")

	// Active at once: activeNow, or no delay.
	c2, secret2 := create(t, i, "calc")
	issue(t, i, c2.ClientID, secret2, "calc")
	i0 := issuer(t, open(t), clk, auth.Config{ActivationDelay: time.Hour, NoActivationDelay: true})
	c3, secret3, err := i0.Create(ctx, "acme", []string{"calc"}, false)
	if err != nil {
		t.Fatal(err)
	}
	issue(t, i0, c3.ClientID, secret3, "calc")
}

func TestInvalidClient(t *testing.T) {
	ctx := context.Background()
	i := issuer(t, open(t), newClock(), auth.Config{})
	c, secret := create(t, i, "calc")
	r, rsecret := create(t, i, "calc")
	if _, err := i.Revoke(ctx, r.ClientID); err != nil {
		t.Fatal(err)
	}
	var errs []*auth.Error
	for _, try := range []struct{ name, id, secret string }{
		{"wrong secret", c.ClientID, secret[1:] + "x"},
		{"unknown client", "nosuchclientnosuchclie", secret},
		{"revoked", r.ClientID, rsecret},
		{"overlong", strings.Repeat("x", 100), strings.Repeat("y", 1000)},
	} {
		_, err := i.Issue(ctx, try.id, try.secret, "calc")
		errs = append(errs, authError(t, err, auth.CodeInvalidClient))
		_, err = i.Cached(ctx, try.id, try.secret, "calc")
		errs = append(errs, authError(t, err, auth.CodeInvalidClient))
	}
	for _, e := range errs {
		if *e != *errs[0] {
			t.Errorf("error %+v, want the same as %+v", e, errs[0])
		}
	}

	for _, try := range [][3]string{{"", secret, "calc"}, {c.ClientID, "", "calc"}} {
		_, err := i.Issue(ctx, try[0], try[1], try[2])
		authError(t, err, auth.CodeInvalidRequest)
	}
}

func TestInvalidTarget(t *testing.T) {
	i := issuer(t, open(t), newClock(), auth.Config{})
	c, secret := create(t, i, "calc", "lookup")
	issue(t, i, c.ClientID, secret, "lookup")
	_, err := i.Issue(context.Background(), c.ClientID, secret, "journal")
	authError(t, err, auth.CodeInvalidTarget)
}

// TestImplicitAudience asks for tokens without an audience: the
// credential's only audience is meant, and a credential with several must
// name one; the rate limit counts the implicit audience as the explicit.
func TestImplicitAudience(t *testing.T) {
	ctx := context.Background()
	i := issuer(t, open(t), newClock(), auth.Config{RateLimit: 2})
	one, oneSecret := create(t, i, "calc")
	tok := issue(t, i, one.ClientID, oneSecret, "")
	if cl, err := i.Verify(tok.AccessToken); err != nil || cl.Audience != "calc" {
		t.Fatalf("implicit audience: %+v, %v", cl, err)
	}
	issue(t, i, one.ClientID, oneSecret, "calc")
	_, err := i.Issue(ctx, one.ClientID, oneSecret, "")
	if ae := authError(t, err, auth.CodeInvalidRequest); !strings.Contains(ae.Description, "audience calc has exceeded the rate limit") {
		t.Errorf("third token: %v", ae)
	}
	if _, err := i.Cached(ctx, one.ClientID, oneSecret, ""); err != nil {
		t.Errorf("cached, implicit: %v", err)
	}

	two, twoSecret := create(t, i, "calc", "lookup")
	for _, get := range []func(context.Context, string, string, string) (auth.Token, error){i.Issue, i.Cached} {
		_, err := get(ctx, two.ClientID, twoSecret, "")
		want := "the parameter audience is required: client " + two.ClientID + ` may request tokens for "calc", "lookup"; name one`
		if ae := authError(t, err, auth.CodeInvalidRequest); ae.Description != want {
			t.Errorf("two audiences: %+v", ae)
		}
	}
	_, err = i.Issue(ctx, two.ClientID, "wrong", "")
	authError(t, err, auth.CodeInvalidClient)
}

func TestRateLimit(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := open(t)
	i := issuer(t, s, clk, auth.Config{})
	c, secret := create(t, i, "calc", "lookup")
	for range 10 {
		issue(t, i, c.ClientID, secret, "calc")
		clk.Add(time.Minute)
	}
	want := "Client " + c.ClientID + " audience calc has exceeded the rate limit of 10 tokens/28800 seconds"
	check := func(i *auth.Issuer) {
		t.Helper()
		_, err := i.Issue(ctx, c.ClientID, secret, "calc")
		if ae := authError(t, err, auth.CodeInvalidRequest); ae.Description != want {
			t.Fatalf("error %q, want %q", ae.Description, want)
		}
	}
	check(i)
	issue(t, i, c.ClientID, secret, "lookup") // another audience has its own count
	if _, err := i.Cached(ctx, c.ClientID, secret, "calc"); err != nil {
		t.Fatalf("Cached over the rate limit of Issue: %v", err)
	}

	// A restart (a new Issuer over the store) keeps the count.
	i = issuer(t, s, clk, auth.Config{})
	check(i)

	// The first token leaves the window 8 hours after it was issued; the
	// second a minute later.
	clk.Add(8*time.Hour - 10*time.Minute - time.Second)
	check(i)
	clk.Add(time.Second)
	issue(t, i, c.ClientID, secret, "calc")
	check(i)
	clk.Add(time.Minute)
	issue(t, i, c.ClientID, secret, "calc")

	// Other numbers show in the description.
	i2 := issuer(t, open(t), clk, auth.Config{RateLimit: 2, RateWindow: time.Hour})
	c2, secret2 := create(t, i2, "calc")
	issue(t, i2, c2.ClientID, secret2, "calc")
	issue(t, i2, c2.ClientID, secret2, "calc")
	_, err := i2.Issue(ctx, c2.ClientID, secret2, "calc")
	if ae := authError(t, err, auth.CodeInvalidRequest); !strings.HasSuffix(ae.Description, "rate limit of 2 tokens/3600 seconds") {
		t.Fatalf("description %q", ae.Description)
	}
}

func TestCached(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := open(t)
	i := issuer(t, s, clk, auth.Config{})
	c, secret := create(t, i, "calc")
	cached := func(i *auth.Issuer, secret string) auth.Token {
		t.Helper()
		tok, err := i.Cached(ctx, c.ClientID, secret, "calc")
		if err != nil {
			t.Fatalf("Cached: %v", err)
		}
		return tok
	}
	t1 := cached(i, secret)
	if got := t1.ExpiresIn(clk.Now()); got != 1200 {
		t.Fatalf("ExpiresIn %d, want 1200", got)
	}
	clk.Add(time.Minute)
	t2 := cached(i, secret)
	if t2 != t1 || t2.ExpiresIn(clk.Now()) != 1140 {
		t.Fatalf("second token %v, expires in %d; want the first, 1140", t2, t2.ExpiresIn(clk.Now()))
	}

	// The cache survives a restart (a new Issuer over the store).
	i = issuer(t, s, clk, auth.Config{})
	if t3 := cached(i, secret); t3 != t1 {
		t.Fatal("the cached token changed on reopening")
	}

	// Within the margin of its expiry, a new one.
	clk.Add(20*time.Minute - time.Minute - auth.CacheMargin + time.Second)
	t4 := cached(i, secret)
	if t4 == t1 || t4.ExpiresIn(clk.Now()) != 1200 {
		t.Fatalf("near expiry: token %v, want a new one", t4)
	}
	if _, err := i.Verify(t4.AccessToken); err != nil {
		t.Fatal(err)
	}

	// Rotate drops the cached token.
	_, secret, err := i.Rotate(ctx, c.ClientID)
	if err != nil {
		t.Fatal(err)
	}
	if t5 := cached(i, secret); t5 == t4 {
		t.Fatal("Rotate kept the cached token")
	}
}

func TestExpiresIn(t *testing.T) {
	tok := auth.Token{ExpiresAt: epoch}
	for _, c := range []struct {
		before time.Duration
		want   int64
	}{{10 * time.Second, 10}, {1500 * time.Millisecond, 1}, {time.Millisecond, 1}, {0, 0}, {-time.Second, 0}} {
		if got := tok.ExpiresIn(epoch.Add(-c.before)); got != c.want {
			t.Errorf("ExpiresIn %v before: %d, want %d", c.before, got, c.want)
		}
	}
}

// unauthorized checks that err is a levy.EUnauthorized error that says
// msg and does not echo token.
func unauthorized(t *testing.T, err error, token, msg string) {
	t.Helper()
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EUnauthorized {
		t.Fatalf("error %v (%T), want a levy.EUnauthorized error", err, err)
	}
	if !strings.Contains(le.Message, msg) {
		t.Errorf("message %q, want %q in it", le.Message, msg)
	}
	if len(token) > 3 && strings.Contains(err.Error(), token) {
		t.Errorf("message %q echoes the token", le.Message)
	}
}

// alter returns tok with the character at n replaced by another of the
// base64url alphabet.
func alter(tok string, n int) string {
	c := byte('A')
	if tok[n] == 'A' {
		c = 'B'
	}
	return tok[:n] + string(c) + tok[n+1:]
}

func TestVerify(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := open(t)
	i := issuer(t, s, clk, auth.Config{})
	c, secret := create(t, i, "calc")
	tok := issue(t, i, c.ClientID, secret, "calc")

	cl, err := i.Verify(tok.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if cl.Tenant != "acme" || cl.Client != c.ClientID || cl.Audience != "calc" || cl.KeyID == "" ||
		!cl.IssuedAt.Equal(epoch) || !cl.ExpiresAt.Equal(epoch.Add(20*time.Minute)) || !cl.ExpiresAt.Equal(tok.ExpiresAt) {
		t.Fatalf("claims %+v", cl)
	}
	if len(tok.AccessToken) > 200 {
		t.Errorf("token of %d bytes", len(tok.AccessToken))
	}

	other := issuer(t, open(t), clk, auth.Config{})
	oc, osecret := create(t, other, "calc")
	foreign := issue(t, other, oc.ClientID, osecret, "calc").AccessToken

	at := tok.AccessToken
	dot := strings.IndexByte(at, '.')
	for _, c := range []struct{ name, token, msg string }{
		{"empty", "", "no access token"},
		{"garbage", "not a token", "malformed"},
		{"dot", "a.b", "malformed"},
		{"huge", strings.Repeat("A", 5000), "longer than 1024 bytes"},
		{"truncated", at[:len(at)-5], "malformed"},
		{"truncated payload", at[:dot-4] + at[dot:], "malformed"},
		{"no signature", at[:dot], "malformed"},
		{"tampered payload", alter(at, dot/2), "signature"},
		{"tampered version", alter(at, 0), "malformed"},
		{"tampered kid", alter(at, 5), "unknown key"},
		{"tampered MAC", alter(at, dot+10), "signature"},
		{"non-canonical MAC", at[:len(at)-1] + string(at[len(at)-1]^1), "malformed"},
		{"bad character", at[:dot+3] + "*" + at[dot+4:], "malformed"},
		{"unknown kid", foreign, "unknown key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := i.Verify(c.token)
			unauthorized(t, err, c.token, c.msg)
		})
	}

	clk.Add(20*time.Minute - time.Second)
	if _, err := i.Verify(at); err != nil {
		t.Fatalf("a second before expiry: %v", err)
	}
	clk.Add(time.Second)
	_, err = i.Verify(at)
	unauthorized(t, err, at, "expired at 2026-11-22T10:20:00Z")

	// Rotation: tokens issued before fail; after, verify.
	tok = issue(t, i, c.ClientID, secret, "calc")
	clk.Add(time.Minute)
	_, secret2, err := i.Rotate(ctx, c.ClientID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = i.Verify(tok.AccessToken)
	unauthorized(t, err, tok.AccessToken, "issued before the client's secret was rotated")
	_, err = i.Issue(ctx, c.ClientID, secret, "calc")
	authError(t, err, auth.CodeInvalidClient)
	tok = issue(t, i, c.ClientID, secret2, "calc")
	if _, err := i.Verify(tok.AccessToken); err != nil {
		t.Fatal(err)
	}

	// Revocation through another Registry of the store, as another
	// process would: the Issuer sees it at Refresh.
	r, err := auth.NewRegistry(ctx, s, auth.Config{Hash: fastHash, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Revoke(ctx, c.ClientID); err != nil {
		t.Fatal(err)
	}
	if _, err = i.Verify(tok.AccessToken); err != nil {
		t.Fatalf("before Refresh: %v", err)
	}
	if changed, err := i.Refresh(ctx); err != nil || !changed {
		t.Fatalf("Refresh: %v, %v", changed, err)
	}
	_, err = i.Verify(tok.AccessToken)
	unauthorized(t, err, tok.AccessToken, "revoked")
}

func TestRotateKey(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := open(t)
	i := issuer(t, s, clk, auth.Config{})
	c, secret := create(t, i, "calc")
	old := issue(t, i, c.ClientID, secret, "calc")
	oc, err := i.Verify(old.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	kid, err := i.RotateKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if kid == oc.KeyID {
		t.Fatal("RotateKey kept the key ID")
	}
	cur := issue(t, i, c.ClientID, secret, "calc")
	check := func(i *auth.Issuer) {
		t.Helper()
		for tok, want := range map[string]string{old.AccessToken: oc.KeyID, cur.AccessToken: kid} {
			cl, err := i.Verify(tok)
			if err != nil {
				t.Fatal(err)
			}
			if cl.KeyID != want {
				t.Fatalf("key ID %s, want %s", cl.KeyID, want)
			}
		}
		cl, err := i.Verify(issue(t, i, c.ClientID, secret, "calc").AccessToken)
		if err != nil || cl.KeyID != kid {
			t.Fatalf("new token: %v, key ID %s, want %s", err, cl.KeyID, kid)
		}
	}
	check(i)
	check(issuer(t, s, clk, auth.Config{}))
}

// TestRegistry manages credentials without an Issuer, as levy clients
// does.
func TestRegistry(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	s, err := auth.NewRegistry(ctx, st, auth.Config{Hash: fastHash})
	if err != nil {
		t.Fatal(err)
	}
	many := make([]string, 17)
	for n := range many {
		many[n] = "a" + strings.Repeat("x", n)
	}
	for _, c := range []struct {
		tenant    string
		audiences []string
		field     string
	}{
		{"", []string{"calc"}, "tenant"},
		{strings.Repeat("t", 201), []string{"calc"}, "tenant"},
		{"acme\n", []string{"calc"}, "tenant"},
		{"acme", nil, "audiences"},
		{"acme", many, "audiences"},
		{"acme", []string{"calc", ""}, "audiences[1]"},
		{"acme", []string{"calc", "has space"}, "audiences[1]"},
		{"acme", []string{strings.Repeat("a", 201)}, "audiences[0]"},
	} {
		_, _, err := s.Create(ctx, c.tenant, c.audiences, true)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field {
			t.Errorf("Create(%q, %q): %v, want invalid %s", c.tenant, c.audiences, err, c.field)
		}
	}

	b, bsecret, err := s.Create(ctx, "beta", []string{"calc", "calc", "lookup"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.ClientID) != 22 || len(bsecret) != 43 || strings.Contains(b.ClientID+bsecret, "=") {
		t.Fatalf("client ID %q, secret of %d characters", b.ClientID, len(bsecret))
	}
	if len(b.Audiences) != 2 || b.Tenant != "beta" || b.CreatedAt.IsZero() || !b.ActiveFrom.IsZero() {
		t.Fatalf("credential %+v", b)
	}
	var ids []string
	for range 3 {
		c, _, err := s.Create(ctx, "acme", []string{"calc"}, true)
		if err != nil {
			t.Fatal(err)
		}
		if c.ActiveFrom.IsZero() {
			t.Fatal("activeNow: no ActiveFrom")
		}
		ids = append(ids, c.ClientID)
	}
	all, err := s.List(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 4 || all[3].Tenant != "beta" || all[0].ClientID > all[1].ClientID || all[1].ClientID > all[2].ClientID {
		t.Fatalf("List: %+v", all)
	}
	acme, err := s.List(ctx, "acme")
	if err != nil || len(acme) != 3 {
		t.Fatalf("List(acme): %d, %v", len(acme), err)
	}

	for _, op := range []func(string) error{
		func(id string) error { _, err := s.Get(ctx, id); return err },
		func(id string) error { _, err := s.Revoke(ctx, id); return err },
		func(id string) error { _, _, err := s.Rotate(ctx, id); return err },
	} {
		if err := op("nosuchclient"); levy.ErrorCode(err) != levy.ENotFound {
			t.Errorf("unknown client: %v, want not found", err)
		}
		if err := op(""); levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("no client ID: %v, want invalid", err)
		}
	}

	r1, err := s.Revoke(ctx, ids[0])
	if err != nil || r1.RevokedAt.IsZero() {
		t.Fatalf("Revoke: %+v, %v", r1, err)
	}
	r2, err := s.Revoke(ctx, ids[0])
	if err != nil || !r2.RevokedAt.Equal(r1.RevokedAt) {
		t.Fatalf("Revoke again: %+v, %v", r2, err)
	}
	if _, _, err := s.Rotate(ctx, ids[0]); levy.ErrorCode(err) != levy.EConflict {
		t.Fatalf("Rotate a revoked client: %v", err)
	}
	rot, secret, err := s.Rotate(ctx, ids[1])
	if err != nil || rot.SecretRotatedAt.IsZero() || len(secret) != 43 {
		t.Fatalf("Rotate: %+v, %v", rot, err)
	}

	// Everything survives a restart (a new Registry over the store), the
	// secrets too.
	s, err = auth.NewRegistry(ctx, st, auth.Config{Hash: fastHash})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, ids[1])
	if err != nil || !got.SecretRotatedAt.Equal(rot.SecretRotatedAt) || got.ClientID != ids[1] {
		t.Fatalf("Get after restarting: %+v, %v", got, err)
	}
	clk := &clock{t: time.Now().Add(time.Hour)}
	i := issuer(t, st, clk, auth.Config{})
	issue(t, i, ids[1], secret, "calc")
	issue(t, i, b.ClientID, bsecret, "lookup")

	// After the store closes, the methods that read it fail; a second
	// Close does nothing.
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, ids[1]); !errors.Is(err, auth.ErrClosed) {
		t.Fatalf("Get after Close: %v", err)
	}
	if err := st.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

func TestConcurrent(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	i := issuer(t, open(t), clk, auth.Config{RateLimit: 1000})
	c, secret := create(t, i, "calc", "lookup")
	d, dsecret := create(t, i, "calc")
	tok := issue(t, i, c.ClientID, secret, "calc")

	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for g := range 6 {
		wg.Go(func() {
			for range 5 {
				var (
					tk  auth.Token
					err error
				)
				if g%2 == 0 {
					tk, err = i.Issue(ctx, c.ClientID, secret, "calc")
				} else {
					tk, err = i.Cached(ctx, c.ClientID, secret, "lookup")
				}
				if err == nil {
					_, err = i.Verify(tk.AccessToken)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	for range 2 {
		wg.Go(func() {
			for range 2000 {
				if _, err := i.Verify(tok.AccessToken); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Go(func() {
		if _, err := i.RotateKey(ctx); err != nil {
			errs <- err
		}
		if _, err := i.Revoke(ctx, d.ClientID); err != nil {
			errs <- err
		}
		if _, err := i.Cached(ctx, d.ClientID, dsecret, "calc"); levy.ErrorCode(err) == "" {
			errs <- errors.New("a revoked client got a token")
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestContext(t *testing.T) {
	i := issuer(t, open(t), newClock(), auth.Config{})
	c, secret := create(t, i, "calc")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := i.Issue(ctx, c.ClientID, secret, "calc"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Issue with a canceled context: %v", err)
	}
}

func TestConfig(t *testing.T) {
	s := open(t)
	for _, cfg := range []auth.Config{
		{TTL: time.Millisecond},
		{ActivationDelay: -time.Second},
		{RateLimit: -1},
		{RateWindow: time.Millisecond},
		{Hash: auth.HashParams{Time: 17, Memory: 64, Threads: 1}},
		{Hash: auth.HashParams{Time: 1, Memory: 1 << 20, Threads: 1}},
		{Hash: auth.HashParams{Time: 1, Memory: 64}},
	} {
		if _, err := auth.NewIssuer(context.Background(), s, cfg); levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("NewIssuer(%+v): %v, want invalid", cfg, err)
		}
	}
	if _, err := auth.NewRegistry(context.Background(), s, auth.Config{Hash: auth.HashParams{Time: 1}}); levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("NewRegistry with hash parameters out of bounds: %v, want invalid", err)
	}
}

func TestLogs(t *testing.T) {
	ctx := context.Background()
	var buf strings.Builder
	var mu sync.Mutex
	log := slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return buf.Write(p)
	}), &slog.HandlerOptions{Level: slog.LevelDebug}))
	i := issuer(t, open(t), newClock(), auth.Config{RateLimit: 1, Logger: log})
	c, secret := create(t, i, "calc")
	tok := issue(t, i, c.ClientID, secret, "calc")
	if _, err := i.Issue(ctx, c.ClientID, secret, "calc"); err == nil {
		t.Fatal("no rate limit")
	}
	cached, err := i.Cached(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	_, secret2, err := i.Rotate(ctx, c.ClientID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := i.Revoke(ctx, c.ClientID); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	out := buf.String()
	for _, secret := range []string{secret, secret2, tok.AccessToken, cached.AccessToken} {
		if strings.Contains(out, secret) {
			t.Fatalf("the logs show a secret or a token:\n%s", out)
		}
	}
	for _, want := range []string{"credential created", "rate limit exceeded", "secret rotated", "credential revoked", c.ClientID} {
		if !strings.Contains(out, want) {
			t.Errorf("the logs lack %q:\n%s", want, out)
		}
	}
}

// writerFunc is an io.Writer of a function.
type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
