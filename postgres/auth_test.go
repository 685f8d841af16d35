package postgres

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/internal/pgtest"
)

// TestAuthConformance runs the conformance suite of auth.Store over the
// PostgreSQL auth store.
func TestAuthConformance(t *testing.T) {
	authtest.Run(t, func(t *testing.T) auth.Store { return openTest(t).Auth() })
}

// TestAuthShared runs the suite's tests of processes that share a store
// over the auth stores of two nodes.
func TestAuthShared(t *testing.T) {
	authtest.RunShared(t, func(t *testing.T) (auth.Store, auth.Store) {
		dbs := nodes(t, 2)
		return dbs[0].Auth(), dbs[1].Auth()
	})
}

// authEpoch is the time of the records of the tests.
var authEpoch = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// authNodes opens n nodes over one schema and returns the auth store of
// each, closed when the test ends.
func authNodes(t *testing.T, n int) []auth.Store {
	t.Helper()
	var out []auth.Store
	for _, db := range nodes(t, n) {
		s := db.Auth()
		t.Cleanup(func() { s.Close() })
		out = append(out, s)
	}
	return out
}

// authBenchNodes opens n nodes over one schema for a benchmark and
// returns the DB of each, closed when it ends.
func authBenchNodes(b *testing.B, n int) []*DB {
	b.Helper()
	schema := fmt.Sprintf("b%d_%d", os.Getpid(), schemas.Add(1))
	out := make([]*DB, n)
	for i := range out {
		db, err := Open(context.Background(), pgtest.AdminURL(b), WithSchema(schema))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		out[i] = db
	}
	return out
}

// authCreate stores a credential of client for tenant acme and audience
// calc through s, of generation 1.
func authCreate(t testing.TB, s auth.Store, client string) auth.Record {
	t.Helper()
	r, err := s.Create(context.Background(), auth.Record{
		Credential: auth.Credential{ClientID: client, Tenant: "acme", Audiences: []string{"calc"}, CreatedAt: authEpoch},
		Generation: 1,
		Secret:     auth.SecretHash{Alg: "argon2id", Time: 1, Memory: 64, Threads: 1, Salt: []byte("salt"), Hash: []byte("hash")},
	}, auth.NewTenantID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// authIssuers returns an Issuer over each store, with fast hashing, a
// hash queue and a limit of failed authentications (which each request
// takes until its secret has matched) that hold every concurrent request
// of the tests, and the clock of the issuers, set to authEpoch.
func authIssuers(t *testing.T, stores []auth.Store) ([]*auth.Issuer, *atomic.Pointer[time.Time]) {
	t.Helper()
	now := new(atomic.Pointer[time.Time])
	now.Store(&authEpoch)
	cfg := auth.Config{Hash: authtest.FastHash(), HashQueue: 200, ClientFailures: 200, SourceFailures: 200,
		Now: func() time.Time { return *now.Load() }}
	out := make([]*auth.Issuer, len(stores))
	for n, s := range stores {
		var err error
		if out[n], err = auth.NewIssuer(context.Background(), s, cfg); err != nil {
			t.Fatal(err)
		}
	}
	return out, now
}

// authCredential creates a credential of tenant acme for audience calc,
// active at once, through the first of issuers, and refreshes the others;
// it returns the credential and its secret.
func authCredential(t *testing.T, issuers []*auth.Issuer) (auth.Credential, string) {
	t.Helper()
	ctx := context.Background()
	c, secret, err := issuers[0].Create(ctx, "acme", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range issuers[1:] {
		if _, err := i.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return c, secret
}

// TestAuthRateLimitNodes sends 100 concurrent token requests of one
// client and audience to three nodes: with the default limit of 10 per
// 8 hours, exactly 10 tokens are issued, and 10 more once the first have
// left the window, not one nanosecond before; each refusal says when the
// window lets a token again, to the nanosecond.
func TestAuthRateLimitNodes(t *testing.T) {
	ctx := context.Background()
	stores := authNodes(t, 3)
	issuers, clock := authIssuers(t, stores)
	for _, s := range stores {
		// The window follows the database's clock, which the test
		// moves as it moves the nodes' clocks.
		s.(*authStore).now = func() time.Time { return *clock.Load() }
	}
	c, secret := authCredential(t, issuers)
	burst := func(at time.Time, retry time.Duration) (issued int) {
		t.Helper()
		clock.Store(&at)
		var (
			wg    sync.WaitGroup
			count atomic.Int64
		)
		for n := range 100 {
			wg.Go(func() {
				_, err := issuers[n%3].Issue(ctx, c.ClientID, secret, "calc")
				var ae *auth.Error
				switch {
				case err == nil:
					count.Add(1)
				case !errors.As(err, &ae) || ae.Code != auth.CodeInvalidRequest:
					t.Errorf("request %d: %v, want a token or the rate limit", n, err)
				case ae.RetryAfter != retry:
					// Whichever node refuses, it says when the window
					// that the nodes share lets a token again.
					t.Errorf("request %d: retry after %v, want %v", n, ae.RetryAfter, retry)
				}
			})
		}
		wg.Wait()
		return int(count.Load())
	}
	const window = 8 * time.Hour
	for _, b := range []struct {
		at    time.Time
		want  int
		retry time.Duration
	}{
		{authEpoch, 10, window},
		{authEpoch.Add(window - time.Nanosecond), 0, time.Nanosecond},
		{authEpoch.Add(window), 10, window},
		{authEpoch.Add(window + time.Hour), 0, window - time.Hour},
	} {
		if got := burst(b.at, b.retry); got != b.want {
			t.Errorf("100 requests over 3 nodes at %s: %d tokens, want %d", b.at.Format(time.RFC3339Nano), got, b.want)
		}
	}
}

// TestAuthRateLimitLikeMemory counts issuances through three nodes in
// turn and through the memory store, at times that cross the window's
// boundary: both give the same answers.
func TestAuthRateLimitLikeMemory(t *testing.T) {
	ctx := context.Background()
	stores := authNodes(t, 3)
	mem := auth.NewMemory()
	defer mem.Close()
	authCreate(t, stores[0], "a")
	authCreate(t, mem, "a")
	const limit, window = 4, time.Hour
	at := authEpoch
	steps := []time.Duration{0, time.Minute, 0, 30 * time.Minute, 10 * time.Minute, 20*time.Minute - time.Nanosecond,
		time.Nanosecond, 0, time.Nanosecond, 59 * time.Minute, time.Minute, 0, 0, 0, 0, 2 * time.Hour, 0}
	for n, d := range steps {
		at = at.Add(d)
		is := auth.Issuance{ClientID: "a", Audience: "calc", Generation: 1, At: at}
		want, err := mem.CountIssue(ctx, is, limit, window)
		if err != nil {
			t.Fatal(err)
		}
		got, err := stores[n%3].CountIssue(ctx, is, limit, window)
		if err != nil || got != want {
			t.Fatalf("step %d at %s: %v, %v; the memory store says %v", n, at.Format(time.RFC3339Nano), got, err, want)
		}
	}
}

// TestAuthCacheSwapNodes swaps the cached token of one client from three
// nodes at once: from none, every swap ends with the one token that won;
// from that one, exactly one swap replaces it.
func TestAuthCacheSwapNodes(t *testing.T) {
	ctx := context.Background()
	stores := authNodes(t, 3)
	authCreate(t, stores[0], "a")
	round := func(old string) (seen map[string]int, won []string) {
		t.Helper()
		seen = map[string]int{}
		var (
			wg sync.WaitGroup
			mu sync.Mutex
		)
		for n := range 30 {
			wg.Go(func() {
				mine := fmt.Sprintf("%s-token-%d", old, n)
				tok, ok, err := stores[n%3].SwapCachedToken(ctx, auth.CacheSwap{ClientID: "a", Audience: "calc", Generation: 1, Old: old,
					New: auth.Token{AccessToken: mine, ExpiresAt: authEpoch.Add(time.Hour)}})
				mu.Lock()
				defer mu.Unlock()
				if err != nil || !ok {
					t.Errorf("swap %d: %v, %v", n, ok, err)
					return
				}
				seen[tok.AccessToken]++
				if tok.AccessToken == mine {
					won = append(won, mine)
				}
			})
		}
		wg.Wait()
		return seen, won
	}
	seen, won := round("")
	if len(seen) != 1 || len(won) != 1 {
		t.Fatalf("swaps from no token: saw %v, won %v; want one token, one winner", seen, won)
	}
	first := won[0]
	seen, won = round(first)
	if len(won) != 1 {
		t.Fatalf("swaps from %s: saw %v, won %v; want one winner", first, seen, won)
	}
	// A loser finds the winner's token cached, which it returns.
	if len(seen) != 1 || seen[won[0]] != 30 {
		t.Fatalf("swaps from %s: saw %v, want all to see %s", first, seen, won[0])
	}
	for _, s := range stores {
		tok, ok, err := s.CachedToken(ctx, "a", "calc")
		if err != nil || !ok || tok.AccessToken != won[0] {
			t.Fatalf("cached after the swaps: %+v, %v, %v; want %s", tok, ok, err, won[0])
		}
	}
}

// TestAuthVersionNodes: each change of credentials or keys made through
// one node changes the version that the others read, and an Issuer on
// another node that refreshes sees it: a revoked client's tokens and a
// retired key's fail there.
func TestAuthVersionNodes(t *testing.T) {
	ctx := context.Background()
	stores := authNodes(t, 3)
	issuers, _ := authIssuers(t, stores)
	a, b := issuers[0], issuers[1]
	versions := func() []uint64 {
		t.Helper()
		var out []uint64
		for _, s := range stores {
			v, err := s.Version(ctx)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		if out[0] != out[1] || out[1] != out[2] {
			t.Fatalf("the nodes read versions %v", out)
		}
		return out
	}
	changes := func(what string, fn func() error) {
		t.Helper()
		before := versions()[0]
		if err := fn(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if after := versions()[0]; after == before {
			t.Fatalf("%s through node A left the version at %d", what, after)
		}
		if changed, err := b.Refresh(ctx); err != nil || !changed {
			t.Fatalf("Refresh on node B after %s: %v, %v", what, changed, err)
		}
	}
	var (
		c      auth.Credential
		secret string
	)
	changes("Create", func() (err error) {
		c, secret, err = a.Create(ctx, "acme", []string{"calc"}, true)
		return err
	})
	tok, err := b.Issue(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	changes("Rotate", func() (err error) {
		_, secret, err = a.Rotate(ctx, c.ClientID)
		return err
	})
	if _, err := b.Verify(tok.AccessToken); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("a token of before the rotation on node B: %v", err)
	}
	tok, err = b.Issue(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	var kid string
	changes("RotateKey", func() (err error) { kid, err = a.RotateKey(ctx); return err })
	if keys := b.Keys(); len(keys) != 2 || keys[1].KeyID != kid || !keys[1].Current {
		t.Fatalf("keys on node B after the rotation: %+v, want %s current", keys, kid)
	}
	claims, err := b.Verify(tok.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	changes("RetireKey", func() error { _, err := a.RetireKey(ctx, claims.KeyID); return err })
	if _, err := b.Verify(tok.AccessToken); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("a token of a retired key on node B: %v", err)
	}
	tok, err = b.Issue(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	changes("Revoke", func() error { _, err := a.Revoke(ctx, c.ClientID); return err })
	if _, err := b.Verify(tok.AccessToken); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("a token of a revoked client on node B: %v", err)
	}
	before := versions()[0]
	if _, _, err := stores[2].Revoke(ctx, c.ClientID, authEpoch); err != nil {
		t.Fatal(err)
	}
	if after := versions()[0]; after != before {
		t.Fatalf("a second Revoke changed the version from %d to %d", before, after)
	}
}

// TestAuthRefusesNodes: an issuance step on one node for a client
// rotated or revoked on another refuses, before the other node has
// refreshed, and so does the Issuer there.
func TestAuthRefusesNodes(t *testing.T) {
	ctx := context.Background()
	stores := authNodes(t, 3)
	issuers, _ := authIssuers(t, stores)
	c, secret := authCredential(t, issuers)
	refused := func(what string) {
		t.Helper()
		for n, s := range stores[1:] {
			_, err := s.CountIssue(ctx, auth.Issuance{ClientID: c.ClientID, Audience: "calc", Generation: 1, At: authEpoch}, 10, time.Hour)
			if levy.ErrorCode(err) != levy.EConflict {
				t.Errorf("CountIssue on node %d after %s on node 0: %v, want a conflict", n+1, what, err)
			}
			_, _, err = s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: c.ClientID, Audience: "calc", Generation: 1,
				New: auth.Token{AccessToken: "stale", ExpiresAt: authEpoch.Add(time.Hour)}})
			if levy.ErrorCode(err) != levy.EConflict {
				t.Errorf("SwapCachedToken on node %d after %s on node 0: %v, want a conflict", n+1, what, err)
			}
			// The Issuer of the node has not refreshed: its memory has the
			// old secret, which the store refuses.
			var ae *auth.Error
			if _, err := issuers[n+1].Issue(ctx, c.ClientID, secret, "calc"); !errors.As(err, &ae) || ae.Code != auth.CodeInvalidClient {
				t.Errorf("Issue on node %d after %s on node 0: %v, want invalid_client", n+1, what, err)
			}
			if _, err := issuers[n+1].Cached(ctx, c.ClientID, secret, "calc"); !errors.As(err, &ae) || ae.Code != auth.CodeInvalidClient {
				t.Errorf("Cached on node %d after %s on node 0: %v, want invalid_client", n+1, what, err)
			}
		}
	}
	if _, _, err := issuers[0].Rotate(ctx, c.ClientID); err != nil {
		t.Fatal(err)
	}
	refused("Rotate")
	if _, err := issuers[0].Revoke(ctx, c.ClientID); err != nil {
		t.Fatal(err)
	}
	refused("Revoke")
}

// TestAuthRotateRacesIssuance rotates and revokes a client on one node
// while two others count and cache its tokens of generation 1: a step
// that started after the change returned refuses, and no token of
// generation 1 stays cached.
func TestAuthRotateRacesIssuance(t *testing.T) {
	ctx := context.Background()
	stores := authNodes(t, 3)
	for round := range 5 {
		client := fmt.Sprint("client-", round)
		authCreate(t, stores[0], client)
		var (
			done     atomic.Bool
			changed  atomic.Int64 // when the change returned, in Unix nanoseconds
			wg       sync.WaitGroup
			mu       sync.Mutex
			failures []string
		)
		for g := range 8 {
			s := stores[1+g%2]
			wg.Go(func() {
				for n := 0; !done.Load(); n++ {
					started := time.Now().UnixNano()
					var err error
					if n%2 == 0 {
						// A window of a nanosecond keeps the count short.
						is := auth.Issuance{ClientID: client, Audience: "calc", Generation: 1, At: authEpoch.Add(time.Duration(n))}
						_, err = s.CountIssue(ctx, is, 10, time.Nanosecond)
					} else {
						_, _, err = s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: client, Audience: "calc", Generation: 1,
							Old: "", New: auth.Token{AccessToken: fmt.Sprint("t", g, "-", n), ExpiresAt: authEpoch.Add(time.Hour)}})
					}
					if at := changed.Load(); at != 0 && started > at && levy.ErrorCode(err) != levy.EConflict {
						mu.Lock()
						failures = append(failures, fmt.Sprintf("step %d of goroutine %d after the change: %v", n, g, err))
						mu.Unlock()
					} else if err != nil && levy.ErrorCode(err) != levy.EConflict {
						t.Errorf("step %d of goroutine %d: %v", n, g, err)
					}
				}
			})
		}
		time.Sleep(20 * time.Millisecond)
		var err error
		if round%2 == 0 {
			_, err = stores[0].Rotate(ctx, client, 1, auth.SecretHash{Alg: "argon2id", Salt: []byte("s"), Hash: []byte("h")}, authEpoch)
		} else {
			_, _, err = stores[0].Revoke(ctx, client, authEpoch)
		}
		changed.Store(time.Now().UnixNano())
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
		done.Store(true)
		wg.Wait()
		for _, f := range failures {
			t.Error(f)
		}
		if tok, ok, err := stores[0].CachedToken(ctx, client, "calc"); err != nil || ok {
			t.Errorf("round %d: cached after the change: %+v, %v, %v; want none", round, tok, ok, err)
		}
	}
}

// TestAuthFirstKeyNodes starts an Issuer on each of three nodes at once
// over an empty store: they make one signing key, which all of them use.
func TestAuthFirstKeyNodes(t *testing.T) {
	ctx := context.Background()
	stores := authNodes(t, 3)
	issuers := make([]*auth.Issuer, 3)
	var wg sync.WaitGroup
	for n, s := range stores {
		wg.Go(func() {
			var err error
			if issuers[n], err = auth.NewIssuer(ctx, s, auth.Config{Hash: authtest.FastHash()}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	snap, err := stores[0].Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Keys) != 1 {
		t.Fatalf("%d signing keys after three nodes started, want 1", len(snap.Keys))
	}
	for n, i := range issuers {
		if ks := i.Keys(); len(ks) != 1 || ks[0].KeyID != snap.Keys[0].ID.String() {
			t.Errorf("node %d has the keys %+v, want %s", n, ks, snap.Keys[0].ID)
		}
	}
	tok := authtest.Token(t, issuers[0], "acme", "calc")
	for n, i := range issuers[1:] {
		if _, err := i.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := i.Verify(tok); err != nil {
			t.Errorf("node %d: a token of node 0: %v", n+1, err)
		}
	}
}

// TestAuthTimesExact: the times of a credential come back from another
// node to the nanosecond, in UTC.
func TestAuthTimesExact(t *testing.T) {
	ctx := context.Background()
	stores := authNodes(t, 2)
	at := time.Date(2026, 11, 22, 10, 0, 0, 123456789, time.UTC)
	r := auth.Record{
		Credential: auth.Credential{ClientID: "a", Tenant: "acme", Audiences: []string{"calc"}, CreatedAt: at, ActiveFrom: at.Add(1)},
		Generation: 1,
	}
	if _, err := stores[0].Create(ctx, r, auth.NewTenantID(), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := stores[0].Rotate(ctx, "a", 1, auth.SecretHash{}, at.Add(2)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := stores[0].Revoke(ctx, "a", at.Add(3)); err != nil {
		t.Fatal(err)
	}
	got, err := stores[1].Get(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	for what, ts := range map[string][2]time.Time{
		"CreatedAt":       {got.CreatedAt, at},
		"ActiveFrom":      {got.ActiveFrom, at.Add(1)},
		"SecretRotatedAt": {got.SecretRotatedAt, at.Add(2)},
		"RevokedAt":       {got.RevokedAt, at.Add(3)},
	} {
		if !ts[0].Equal(ts[1]) || ts[0].Location() != time.UTC {
			t.Errorf("%s: %s, want %s", what, ts[0].Format(time.RFC3339Nano), ts[1].Format(time.RFC3339Nano))
		}
	}
	old := time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, _, err := stores[0].Revoke(ctx, "nobody", old); levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("Revoke at %s: %v, want invalid", old, err)
	}
}

// TestAuthCloseLeavesDB: closing the auth store leaves the DB and its
// other stores open; closing the DB makes the store unavailable.
func TestAuthCloseLeavesDB(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	s := db.Auth()
	authCreate(t, s, "a")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Auth().Get(ctx, "a"); err != nil {
		t.Fatalf("another auth store after Close: %v", err)
	}
	if _, err := db.Journal().Post(ctx, "acme", posting("INV-1", "D")); err != nil {
		t.Fatalf("the journal after Close: %v", err)
	}
	other := db.Auth()
	db.Close()
	for what, err := range map[string]error{
		"Get":        func() error { _, err := other.Get(ctx, "a"); return err }(),
		"Version":    func() error { _, err := other.Version(ctx); return err }(),
		"Revoke":     func() error { _, _, err := other.Revoke(ctx, "a", authEpoch); return err }(),
		"CheckWrite": other.CheckWrite(ctx),
	} {
		if levy.ErrorCode(err) != levy.EUnavailable {
			t.Errorf("%s after the DB closed: %v, want unavailable", what, err)
		}
	}
}

// BenchmarkAuthVersion reads the version as nodes poll it: one statement,
// and for comparison the same read in a transaction of its own.
func BenchmarkAuthVersion(b *testing.B) {
	ctx := context.Background()
	db := authBenchNodes(b, 1)[0]
	s := db.Auth().(*authStore)
	b.Run("statement", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Version(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("transaction", func(b *testing.B) {
		for b.Loop() {
			if err := db.tx(ctx, "version", pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
				var v int64
				return tx.QueryRow(ctx, `SELECT version FROM auth_version`).Scan(&v)
			}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkAuthCountIssue counts issuances of one client and audience
// from three nodes at once, each a nanosecond after the last, with a
// window of a nanosecond, so that each is counted.
func BenchmarkAuthCountIssue(b *testing.B) {
	ctx := context.Background()
	var stores []auth.Store
	for _, db := range authBenchNodes(b, 3) {
		stores = append(stores, db.Auth())
	}
	authCreate(b, stores[0], "a")
	var n, at atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		s := stores[n.Add(1)%3]
		for pb.Next() {
			is := auth.Issuance{ClientID: "a", Audience: "calc", Generation: 1, At: authEpoch.Add(time.Duration(at.Add(1)))}
			if _, err := s.CountIssue(ctx, is, 10, time.Nanosecond); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
