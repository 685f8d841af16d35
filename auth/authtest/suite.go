package authtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// Run runs the conformance suite of auth.Store against the stores that
// open returns: each subtest opens a new, empty store and closes it when
// it ends (closing twice must be harmless, so open may register a Close
// of its own).
func Run(t *testing.T, open func(t *testing.T) auth.Store) {
	tests := []struct {
		name string
		fn   func(*testing.T, auth.Store)
	}{
		{"CreateGet", testCreateGet},
		{"CredentialLimit", testCredentialLimit},
		{"CredentialLimitConcurrent", func(t *testing.T, s auth.Store) { testCredentialLimitConcurrent(t, s, s) }},
		{"ListAndTenants", testListAndTenants},
		{"Rotate", testRotate},
		{"Revoke", testRevoke},
		{"PurgeRevoked", testPurgeRevoked},
		{"RevokedLimit", testRevokedLimit},
		{"UnknownIDsOfAnyBytes", testUnknownIDsOfAnyBytes},
		{"SnapshotAndVersion", testSnapshotAndVersion},
		{"Keys", testKeys},
		{"PruneKeys", testPruneKeys},
		{"RateLimit", testRateLimit},
		{"RateLimitConcurrent", testRateLimitConcurrent},
		{"RateLimitClockSteppedBack", testRateLimitClockSteppedBack},
		{"Cache", testCache},
		{"CacheConcurrent", testCacheConcurrent},
		{"StaleGeneration", testStaleGeneration},
		{"Issuers", func(t *testing.T, s auth.Store) { testIssuers(t, s, s) }},
		{"CachedAfterRotation", func(t *testing.T, s auth.Store) { testCachedAfterRotation(t, s, s) }},
		{"CancelledContext", testCancelled},
		{"Close", testClose},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() { _ = s.Close() })
			tc.fn(t, s)
		})
	}
}

// RunShared runs the tests of the suite that concern several processes
// sharing a store, where each process has a store of its own over the
// same storage (a database that several nodes use, say): open returns
// two such stores over new, empty storage, which the test closes when it
// ends.
func RunShared(t *testing.T, open func(t *testing.T) (one, two auth.Store)) {
	t.Run("Issuers", func(t *testing.T) {
		a, b := open(t)
		t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
		testIssuers(t, a, b)
	})
	t.Run("NewerThanMemory", func(t *testing.T) {
		a, b := open(t)
		t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
		testNewerThanMemory(t, a, b)
	})
	t.Run("CachedAfterRotation", func(t *testing.T) {
		a, b := open(t)
		t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
		testCachedAfterRotation(t, a, b)
	})
	t.Run("CredentialLimitConcurrent", func(t *testing.T) {
		a, b := open(t)
		t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
		testCredentialLimitConcurrent(t, a, b)
	})
}

// testCredentialLimit checks the limit of Create: the credentials of
// the tenant that are not revoked count, those of other tenants and the
// revoked ones do not, a limit of 0 is none, and a refused Create stores
// nothing.
func testCredentialLimit(t *testing.T, s auth.Store) {
	ctx := context.Background()
	mk := func(client, tenant string, limit int) error {
		_, err := s.Create(ctx, newRecord(client, tenant, "calc"), auth.NewTenantID(), limit)
		return err
	}
	for _, c := range []string{"a1", "a2", "a3"} {
		must(t, mk(c, "acme", 3))
	}
	must(t, mk("g1", "globex", 3))
	err := mk("a4", "acme", 3)
	if !errors.Is(err, auth.ErrCredentialLimit) {
		t.Fatalf("a fourth credential under a limit of 3: %v, want ErrCredentialLimit", err)
	}
	if _, err := s.Get(ctx, "a4"); levy.ErrorCode(err) != levy.ENotFound {
		t.Fatalf("the refused credential was stored: %v", err)
	}
	// Without a limit (the operator's creations), the tenant may have
	// more.
	must(t, mk("a4", "acme", 0))
	if cs, err := s.List(ctx, "acme"); err != nil || len(cs) != 4 {
		t.Fatalf("acme's credentials: %d, %v; want 4", len(cs), err)
	}
	if _, _, err := s.Revoke(ctx, "a1", epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Revoke(ctx, "a2", epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	must(t, mk("a5", "acme", 3))
	if err := mk("a6", "acme", 3); !errors.Is(err, auth.ErrCredentialLimit) {
		t.Errorf("a credential beyond the limit once revoked ones were replaced: %v, want ErrCredentialLimit", err)
	}
	must(t, mk("g2", "globex", 2))
	if err := mk("n1", "newcomer", 1); err != nil {
		t.Errorf("a new tenant's first credential under a limit of 1: %v", err)
	}
}

// testRevokedLimit checks the limit of Create on revoked credentials:
// a tenant that keeps limit revoked ones is refused with ErrRevokedLimit
// (and nothing is stored), another tenant is not, and once PurgeRevoked
// has deleted them the tenant may create again.
func testRevokedLimit(t *testing.T, s auth.Store) {
	ctx := context.Background()
	mk := func(client, tenant string) error {
		_, err := s.Create(ctx, newRecord(client, tenant, "calc"), auth.NewTenantID(), 2)
		return err
	}
	for n, c := range []string{"x1", "x2"} {
		must(t, mk(c, "acme"))
		if _, _, err := s.Revoke(ctx, c, epoch.Add(time.Duration(n+1)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	err := mk("x3", "acme")
	if !errors.Is(err, auth.ErrRevokedLimit) || errors.Is(err, auth.ErrCredentialLimit) {
		t.Fatalf("a credential of a tenant that keeps 2 revoked ones, under a limit of 2: %v, want ErrRevokedLimit", err)
	}
	if _, err := s.Get(ctx, "x3"); levy.ErrorCode(err) != levy.ENotFound {
		t.Fatalf("the refused credential was stored: %v", err)
	}
	must(t, mk("g1", "globex"))
	// Without a limit (the operator's creations), the tenant may have more.
	if _, err := s.Create(ctx, newRecord("x3", "acme", "calc"), auth.NewTenantID(), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PurgeRevoked(ctx, epoch.Add(90*time.Minute)); err != nil {
		t.Fatal(err)
	}
	must(t, mk("x4", "acme"))
	if err := mk("x5", "acme"); !errors.Is(err, auth.ErrCredentialLimit) {
		t.Fatalf("a third credential that is not revoked under a limit of 2: %v, want ErrCredentialLimit", err)
	}
}

// testPurgeRevoked checks PurgeRevoked: it deletes the credentials
// revoked before its time, with their rate-limit counts and cached
// tokens, and no other; their tenants keep their IDs; the version
// changes when it deletes something, and only then.
func testPurgeRevoked(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc")
	create(t, s, "b", "acme", "calc")
	create(t, s, "c", "globex", "calc")
	acmeID, err := s.TenantID(ctx, "acme")
	must(t, err)
	for _, client := range []string{"a", "b", "c"} {
		if ok, err := s.CountIssue(ctx, auth.Issuance{ClientID: client, Audience: "calc", Generation: 1, At: epoch.Add(time.Minute)}, 5, 8*time.Hour); err != nil || !ok {
			t.Fatalf("CountIssue(%s): %v, %v", client, ok, err)
		}
	}
	tok := auth.Token{AccessToken: "c-token", ExpiresAt: epoch.Add(20 * time.Minute)}
	if _, _, err := s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: "c", Audience: "calc", Generation: 1, New: tok}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Revoke(ctx, "a", epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Revoke(ctx, "b", epoch.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	purge := func(at time.Duration, want ...string) {
		t.Helper()
		before, err := s.Version(ctx)
		must(t, err)
		ids, err := s.PurgeRevoked(ctx, epoch.Add(at))
		if err != nil || !slices.Equal(ids, want) {
			t.Fatalf("PurgeRevoked(%v): %v, %v; want %v", epoch.Add(at).Format(time.TimeOnly), ids, err, want)
		}
		after, err := s.Version(ctx)
		must(t, err)
		if (before != after) != (len(want) > 0) {
			t.Fatalf("PurgeRevoked(%v) deleted %v: version %d, then %d", epoch.Add(at).Format(time.TimeOnly), want, before, after)
		}
	}
	purge(0)
	purge(time.Hour) // revoked at 11:00, not before
	purge(90*time.Minute, "a")
	if _, err := s.Get(ctx, "a"); levy.ErrorCode(err) != levy.ENotFound {
		t.Fatalf("Get of a deleted credential: %v, want not found", err)
	}
	// Its rate-limit counts went with it: nothing is counted for it.
	at := epoch.Add(2 * time.Minute)
	if free, err := s.RateFreesAt(ctx, "a", "calc", at, 1, 8*time.Hour); err != nil || !free.Equal(at) {
		t.Fatalf("RateFreesAt of a deleted credential: %v, %v; want nothing counted (%v)", free, err, at)
	}
	_, err = s.CountIssue(ctx, auth.Issuance{ClientID: "a", Audience: "calc", Generation: 1, At: at}, 5, 8*time.Hour)
	wantCode(t, "CountIssue of a deleted credential", err, levy.ENotFound)
	if cs, err := s.List(ctx, "acme"); err != nil || len(cs) != 1 || cs[0].ClientID != "b" || cs[0].TenantID != acmeID {
		t.Fatalf("acme's credentials after the purge: %+v, %v; want b alone, of acme's ID", cs, err)
	}
	snap, err := s.Snapshot(ctx)
	must(t, err)
	if len(snap.Credentials) != 2 || snap.Tenants["acme"] != acmeID {
		t.Fatalf("the snapshot after the purge: %d credentials, acme's ID %q; want b and c, and acme's ID kept", len(snap.Credentials), snap.Tenants["acme"])
	}
	purge(24*time.Hour, "b")
	// A credential that is not revoked stays, with its count and token.
	if _, err := s.Get(ctx, "c"); err != nil {
		t.Fatalf("Get of a credential that is not revoked, after the purges: %v", err)
	}
	if free, err := s.RateFreesAt(ctx, "c", "calc", at, 1, 8*time.Hour); err != nil || !free.Equal(epoch.Add(time.Minute+8*time.Hour)) {
		t.Fatalf("RateFreesAt of a kept credential: %v, %v; want its count kept", free, err)
	}
	if got, ok, err := s.CachedToken(ctx, "c", "calc"); err != nil || !ok || got.AccessToken != tok.AccessToken {
		t.Fatalf("the cached token of a kept credential: %+v, %v, %v", got, ok, err)
	}
	if id, err := s.TenantID(ctx, "acme"); err != nil || id != acmeID {
		t.Fatalf("acme's ID after its credentials were deleted: %q, %v; want %q", id, err, acmeID)
	}
	purge(48 * time.Hour)
}

// testCredentialLimitConcurrent creates credentials of one tenant at
// once, half through a and half through b (two handles on one storage,
// or the same store twice), under a limit: exactly the limit are made.
func testCredentialLimitConcurrent(t *testing.T, a, b auth.Store) {
	ctx := context.Background()
	const goroutines, limit = 24, 5
	var (
		wg           sync.WaitGroup
		mu           sync.Mutex
		made, refuse int
		errs         []error
	)
	for n := range goroutines {
		s := a
		if n%2 == 1 {
			s = b
		}
		wg.Go(func() {
			_, err := s.Create(ctx, newRecord(fmt.Sprintf("c%02d", n), "acme", "calc"), auth.NewTenantID(), limit)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				made++
			case errors.Is(err, auth.ErrCredentialLimit):
				refuse++
			default:
				errs = append(errs, err)
			}
		})
	}
	wg.Wait()
	if len(errs) > 0 || made != limit || refuse != goroutines-limit {
		t.Fatalf("%d creations at once under a limit of %d: %d made, %d refused, errors %v", goroutines, limit, made, refuse, errs)
	}
	if cs, err := a.List(ctx, "acme"); err != nil || len(cs) != limit {
		t.Fatalf("acme has %d credentials (%v), want %d", len(cs), err, limit)
	}
}

// versionCounter is a Store that counts the reads of its version, which
// each Refresh makes; it passes every call on to the Store it holds.
type versionCounter struct {
	auth.Store
	reads atomic.Int64
}

func (v *versionCounter) Version(ctx context.Context) (uint64, error) {
	v.reads.Add(1)
	return v.Store.Version(ctx)
}

// testNewerThanMemory runs two Issuers, one over store a and one over
// store b, as two nodes sharing a database, neither refreshing on its
// own: what one makes (a credential, a rotated secret, a signing key)
// verifies on the other at once through VerifyContext, and a token the
// other issues for it verifies there at once even through Verify; a
// revocation still waits for Refresh; and a flood of tokens of made-up
// key IDs costs the store few reads.
func testNewerThanMemory(t *testing.T, a, b auth.Store) {
	ctx := context.Background()
	cfg := auth.Config{Hash: FastHash(), Now: func() time.Time { return epoch }}
	counted := &versionCounter{Store: b}
	one, err := auth.NewIssuer(ctx, a, cfg)
	must(t, err)
	two, err := auth.NewIssuer(ctx, counted, cfg)
	must(t, err)
	issue := func(i *auth.Issuer, client, secret string) string {
		t.Helper()
		tok, err := i.Issue(ctx, client, secret, "calc")
		if err != nil {
			t.Fatalf("issue for %s: %v", client, err)
		}
		return tok.AccessToken
	}
	verifies := func(what, tok string) {
		t.Helper()
		if _, err := two.VerifyContext(ctx, tok); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}

	c, secret, err := one.Create(ctx, "acme", []string{"calc"}, true)
	must(t, err)
	tok := issue(one, c.ClientID, secret)
	if _, err := two.Verify(tok); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("Verify, from memory, of a token of a credential made by the other: %v, want unauthorized", err)
	}
	verifies("a token of a credential just made by the other", tok)

	c2, secret2, err := one.Create(ctx, "acme", []string{"calc"}, true)
	must(t, err)
	if _, err := two.Verify(issue(two, c2.ClientID, secret2)); err != nil {
		t.Fatalf("a token issued for a credential just made by the other: %v", err)
	}

	_, secret, err = one.Rotate(ctx, c.ClientID)
	must(t, err)
	verifies("a token issued after a rotation of the secret by the other", issue(one, c.ClientID, secret))
	if _, err := two.VerifyContext(ctx, tok); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("a token issued before the rotation: %v, want unauthorized", err)
	}

	kid, err := one.RotateKey(ctx)
	must(t, err)
	tok2 := issue(one, c2.ClientID, secret2)
	if cl, err := two.VerifyContext(ctx, tok2); err != nil || cl.KeyID != kid {
		t.Fatalf("a token signed with a key just made by the other: %+v, %v; want key %s", cl, err, kid)
	}

	if _, err := one.Revoke(ctx, c2.ClientID); err != nil {
		t.Fatal(err)
	}
	verifies("before Refresh the revocation is not known yet", tok2)
	if _, err := two.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := two.VerifyContext(ctx, tok2); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("a token of a revoked client after Refresh: %v, want unauthorized", err)
	}

	const flood = 200
	before, start := counted.reads.Load(), time.Now()
	var wg sync.WaitGroup
	for range flood {
		wg.Go(func() {
			kid := make([]byte, 8)
			_, _ = rand.Read(kid)
			forged := Forge(t, make([]byte, 32), Forged{KeyID: base64.RawURLEncoding.EncodeToString(kid),
				IssuedAt: epoch, ExpiresAt: epoch.Add(time.Minute), Tenant: "acme", Client: c.ClientID, Audience: "calc"})
			if _, err := two.VerifyContext(ctx, forged); levy.ErrorCode(err) != levy.EUnauthorized {
				t.Errorf("a token of a made-up key: %v, want unauthorized", err)
			}
		})
	}
	wg.Wait()
	// One refresh per 100 ms at most, and one more for the edges.
	reads, most := counted.reads.Load()-before, 2+int64(time.Since(start)/(100*time.Millisecond))
	if reads > most {
		t.Errorf("%d tokens of made-up keys read the store's version %d times, want at most %d", flood, reads, most)
	}
}

// epoch is the time of the suite's records.
var epoch = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// hashOf returns a secret hash whose bytes are n.
func hashOf(n byte) auth.SecretHash {
	return auth.SecretHash{Alg: "argon2id", Time: 1, Memory: 64, Threads: 1,
		Salt: bytes.Repeat([]byte{n}, 16), Hash: bytes.Repeat([]byte{n}, 32)}
}

// newRecord returns the record of a new credential.
func newRecord(client, tenant string, audiences ...string) auth.Record {
	return auth.Record{
		Credential: auth.Credential{ClientID: client, Tenant: tenant, Audiences: audiences, CreatedAt: epoch},
		Generation: 1,
		Secret:     hashOf(1),
	}
}

// newKey returns a signing key whose ID and bytes are n, made at at.
func newKey(n byte, at time.Time) auth.SigningKey {
	return auth.SigningKey{ID: auth.KeyID{n, n, n, n, n, n, n, n}, Key: bytes.Repeat([]byte{n}, 32), CreatedAt: at}
}

// create stores newRecord(client, tenant, audiences...) with a tenant ID
// made for it, and returns the record stored.
func create(t *testing.T, s auth.Store, client, tenant string, audiences ...string) auth.Record {
	t.Helper()
	r, err := s.Create(context.Background(), newRecord(client, tenant, audiences...), auth.NewTenantID(), 0)
	if err != nil {
		t.Fatalf("Create(%s): %v", client, err)
	}
	return r
}

// same reports whether a and b have the same content, times compared as
// instants.
func same(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// wantCode fails the test unless err is a *levy.Error of code.
func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != code {
		t.Errorf("%s: %v, want a levy.Error %s", what, err, code)
	}
}

// must fails the test on err.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func testCreateGet(t *testing.T, s auth.Store) {
	ctx := context.Background()
	want := newRecord("client-a", "acme", "calc", "lookup")
	want.ActiveFrom = epoch.Add(time.Minute)
	got, err := s.Create(ctx, want, "11111111-1111-4111-8111-111111111111", 0)
	must(t, err)
	want.TenantID = "11111111-1111-4111-8111-111111111111"
	if !same(got, want) {
		t.Fatalf("Create returned %+v, want %+v", got, want)
	}
	if got, err = s.Get(ctx, "client-a"); err != nil || !same(got, want) {
		t.Fatalf("Get: %+v, %v; want %+v", got, err, want)
	}

	// The tenant keeps the ID of its first credential.
	b, err := s.Create(ctx, newRecord("client-b", "acme", "calc"), "22222222-2222-4222-8222-222222222222", 0)
	if err != nil || b.TenantID != want.TenantID {
		t.Fatalf("a second credential of the tenant: %+v, %v; want tenant ID %s", b, err, want.TenantID)
	}

	// A client ID is never reused; the credential that has it stays.
	dup := newRecord("client-a", "globex", "other")
	_, err = s.Create(ctx, dup, auth.NewTenantID(), 0)
	wantCode(t, "Create of a taken client ID", err, levy.EConflict)
	if got, err := s.Get(ctx, "client-a"); err != nil || !same(got, want) {
		t.Fatalf("after a refused Create: %+v, %v", got, err)
	}
	if _, err := s.TenantID(ctx, "globex"); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("a refused Create gave its tenant an ID: %v", err)
	}

	for _, id := range []string{"nobody", ""} {
		_, err := s.Get(ctx, id)
		wantCode(t, fmt.Sprintf("Get(%q)", id), err, levy.ENotFound)
	}

	// The store keeps copies: changing what was given or got changes
	// nothing stored.
	got.Audiences[0] = "changed"
	got.Secret.Hash[0] ^= 0xff
	if again, err := s.Get(ctx, "client-a"); err != nil || !same(again, want) {
		t.Fatalf("the store shares its slices: %+v, %v", again, err)
	}
}

func testListAndTenants(t *testing.T, s auth.Store) {
	ctx := context.Background()
	if cs, err := s.List(ctx, ""); err != nil || len(cs) != 0 {
		t.Fatalf("List of an empty store: %v, %v", cs, err)
	}
	var ids []string
	for _, c := range []struct{ client, tenant string }{{"c3", "beta"}, {"c2", "acme"}, {"c1", "beta"}, {"c4", "acme"}} {
		r := create(t, s, c.client, c.tenant, "calc")
		ids = append(ids, r.TenantID)
	}
	acme, beta := ids[1], ids[0]
	if acme == beta || ids[2] != beta || ids[3] != acme {
		t.Fatalf("tenant IDs %v: want one per tenant", ids)
	}
	all, err := s.List(ctx, "")
	must(t, err)
	var got []string
	for _, c := range all {
		got = append(got, c.Tenant+"/"+c.ClientID+"/"+c.TenantID)
	}
	want := []string{"acme/c2/" + acme, "acme/c4/" + acme, "beta/c1/" + beta, "beta/c3/" + beta}
	if !slices.Equal(got, want) {
		t.Fatalf("List: %v, want %v", got, want)
	}
	only, err := s.List(ctx, "beta")
	if err != nil || len(only) != 2 || only[0].ClientID != "c1" || only[1].ClientID != "c3" {
		t.Fatalf("List(beta): %+v, %v", only, err)
	}
	if none, err := s.List(ctx, "nobody"); err != nil || len(none) != 0 {
		t.Fatalf("List(nobody): %+v, %v", none, err)
	}
	for tenant, want := range map[string]string{"acme": acme, "beta": beta} {
		if id, err := s.TenantID(ctx, tenant); err != nil || id != want {
			t.Errorf("TenantID(%s): %q, %v; want %q", tenant, id, err, want)
		}
	}
	_, err = s.TenantID(ctx, "nobody")
	wantCode(t, "TenantID(nobody)", err, levy.ENotFound)

	// The ID outlives the tenant's credentials.
	for _, c := range only {
		_, _, err := s.Revoke(ctx, c.ClientID, epoch)
		must(t, err)
	}
	if id, err := s.TenantID(ctx, "beta"); err != nil || id != beta {
		t.Errorf("TenantID after revocations: %q, %v", id, err)
	}
}

func testRotate(t *testing.T, s auth.Store) {
	ctx := context.Background()
	a := create(t, s, "a", "acme", "calc", "lookup")
	create(t, s, "b", "acme", "calc")
	for _, c := range []struct{ client, audience string }{{"a", "calc"}, {"a", "lookup"}, {"b", "calc"}} {
		if _, _, err := s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: c.client, Audience: c.audience, Generation: 1,
			New: auth.Token{AccessToken: c.client + c.audience, ExpiresAt: epoch.Add(time.Hour)}}); err != nil {
			t.Fatal(err)
		}
	}
	ok, err := s.CountIssue(ctx, auth.Issuance{ClientID: "a", Audience: "calc", Generation: 1, At: epoch}, 1, time.Hour)
	if err != nil || !ok {
		t.Fatalf("CountIssue: %v, %v", ok, err)
	}

	at := epoch.Add(time.Minute)
	r, err := s.Rotate(ctx, "a", 1, hashOf(2), at)
	must(t, err)
	want := a
	want.Generation, want.SecretRotatedAt, want.Secret = 2, at, hashOf(2)
	if !same(r, want) {
		t.Fatalf("Rotate returned %+v, want %+v", r, want)
	}
	if got, err := s.Get(ctx, "a"); err != nil || !same(got, want) {
		t.Fatalf("Get after Rotate: %+v, %v", got, err)
	}
	// Its cached tokens are dropped, not another client's.
	for _, c := range []struct {
		client, audience string
		cached           bool
	}{{"a", "calc", false}, {"a", "lookup", false}, {"b", "calc", true}} {
		if _, ok, err := s.CachedToken(ctx, c.client, c.audience); err != nil || ok != c.cached {
			t.Errorf("cached token of %s %s after Rotate: %v, %v; want %v", c.client, c.audience, ok, err, c.cached)
		}
	}
	// Its rate-limit count stays.
	if ok, err := s.CountIssue(ctx, auth.Issuance{ClientID: "a", Audience: "calc", Generation: 2, At: at}, 1, time.Hour); err != nil || ok {
		t.Errorf("CountIssue after Rotate: %v, %v; want the earlier count kept", ok, err)
	}

	_, err = s.Rotate(ctx, "nobody", 1, hashOf(3), at)
	wantCode(t, "Rotate of an unknown client", err, levy.ENotFound)
	// A replacement that read generation 1, when another has made it 2
	// meanwhile, would kill the secret that the other handed out.
	_, err = s.Rotate(ctx, "a", 1, hashOf(3), at)
	wantCode(t, "Rotate of a generation replaced meanwhile", err, levy.EConflict)
	_, _, err = s.Revoke(ctx, "a", at)
	must(t, err)
	_, err = s.Rotate(ctx, "a", 2, hashOf(3), at)
	wantCode(t, "Rotate of a revoked client", err, levy.EConflict)
	if got, err := s.Get(ctx, "a"); err != nil || got.Generation != 2 || !same(got.Secret, hashOf(2)) {
		t.Errorf("a refused Rotate changed the record: %+v, %v", got, err)
	}
}

func testRevoke(t *testing.T, s auth.Store) {
	ctx := context.Background()
	a := create(t, s, "a", "acme", "calc")
	_, _, err := s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: "a", Audience: "calc", Generation: 1,
		New: auth.Token{AccessToken: "tok", ExpiresAt: epoch.Add(time.Hour)}})
	must(t, err)
	at := epoch.Add(time.Minute)
	r, changed, err := s.Revoke(ctx, "a", at)
	must(t, err)
	want := a
	want.RevokedAt = at
	if !changed || !same(r, want) {
		t.Fatalf("Revoke: %+v, %v; want %+v, true", r, changed, want)
	}
	if _, ok, err := s.CachedToken(ctx, "a", "calc"); err != nil || ok {
		t.Errorf("cached token after Revoke: %v, %v", ok, err)
	}
	r, changed, err = s.Revoke(ctx, "a", at.Add(time.Hour))
	if err != nil || changed || !same(r, want) {
		t.Fatalf("Revoke again: %+v, %v, %v; want it unchanged", r, changed, err)
	}
	if got, err := s.Get(ctx, "a"); err != nil || !same(got, want) {
		t.Fatalf("Get after Revoke: %+v, %v", got, err)
	}
	_, _, err = s.Revoke(ctx, "nobody", at)
	wantCode(t, "Revoke of an unknown client", err, levy.ENotFound)
}

// testUnknownIDsOfAnyBytes asks for client IDs and a tenant that no
// credential can have, which a token request may still send: with a NUL,
// or bytes that are not UTF-8. Each is unknown like any other (a store
// that keeps text, such as a database's, must not refuse it as a fault).
func testUnknownIDsOfAnyBytes(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc")
	for _, id := range []string{"a\x00", "caf\xe9", "\xff\xfe"} {
		_, err := s.Get(ctx, id)
		wantCode(t, fmt.Sprintf("Get(%q)", id), err, levy.ENotFound)
		_, err = s.Rotate(ctx, id, 1, auth.SecretHash{Alg: "argon2id", Time: 1, Memory: 64, Threads: 1, Salt: []byte("s"), Hash: []byte("h")}, epoch)
		wantCode(t, fmt.Sprintf("Rotate(%q)", id), err, levy.ENotFound)
		_, _, err = s.Revoke(ctx, id, epoch)
		wantCode(t, fmt.Sprintf("Revoke(%q)", id), err, levy.ENotFound)
		_, err = s.CountIssue(ctx, auth.Issuance{ClientID: id, Audience: "calc", Generation: 1, At: epoch}, 10, time.Hour)
		wantCode(t, fmt.Sprintf("CountIssue(%q)", id), err, levy.ENotFound)
		if at, err := s.RateFreesAt(ctx, id, "calc", epoch, 10, time.Hour); err != nil || !at.Equal(epoch) {
			t.Errorf("RateFreesAt(%q) = %v, %v; want %v", id, at, err, epoch)
		}
		if _, ok, err := s.CachedToken(ctx, id, "calc"); ok || err != nil {
			t.Errorf("CachedToken(%q) = %v, %v; want none", id, ok, err)
		}
		_, err = s.TenantID(ctx, id)
		wantCode(t, fmt.Sprintf("TenantID(%q)", id), err, levy.ENotFound)
		if cs, err := s.List(ctx, id); len(cs) != 0 || err != nil {
			t.Errorf("List(%q) = %v, %v; want none", id, cs, err)
		}
	}
	if _, err := s.Get(ctx, "a"); err != nil {
		t.Fatalf("Get(a) after: %v", err)
	}
}

func testSnapshotAndVersion(t *testing.T, s auth.Store) {
	ctx := context.Background()
	version := func() uint64 {
		t.Helper()
		v, err := s.Version(ctx)
		must(t, err)
		return v
	}
	changes := func(what string, changes bool, fn func() error) {
		t.Helper()
		before := version()
		must(t, fn())
		if after := version(); (after != before) != changes {
			t.Errorf("%s: version %d, then %d; want a change: %v", what, before, after, changes)
		}
	}
	snap, err := s.Snapshot(ctx)
	must(t, err)
	if len(snap.Credentials) != 0 || len(snap.Tenants) != 0 || len(snap.Keys) != 0 || snap.Version != version() {
		t.Fatalf("snapshot of an empty store: %+v (version now %d)", snap, version())
	}

	var a auth.Record
	changes("Create", true, func() (err error) {
		a, err = s.Create(ctx, newRecord("a", "acme", "calc"), auth.NewTenantID(), 0)
		return err
	})
	changes("Rotate", true, func() error { _, err := s.Rotate(ctx, "a", 1, hashOf(2), epoch); return err })
	changes("AddKey", true, func() error { _, err := s.AddKey(ctx, newKey(1, epoch), false); return err })
	changes("AddKey if none", false, func() error { _, err := s.AddKey(ctx, newKey(2, epoch), true); return err })
	changes("CountIssue", false, func() error {
		_, err := s.CountIssue(ctx, auth.Issuance{ClientID: "a", Audience: "calc", Generation: 2, At: epoch}, 5, time.Hour)
		return err
	})
	changes("SwapCachedToken", false, func() error {
		_, _, err := s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: "a", Audience: "calc", Generation: 2, New: auth.Token{AccessToken: "t", ExpiresAt: epoch}})
		return err
	})
	changes("reads", false, func() error {
		if _, err := s.Get(ctx, "a"); err != nil {
			return err
		}
		if _, err := s.List(ctx, ""); err != nil {
			return err
		}
		_, err := s.Snapshot(ctx)
		return err
	})
	changes("PruneKeys of none", false, func() error { _, err := s.PruneKeys(ctx, epoch.Add(time.Hour)); return err })
	changes("AddKey again", true, func() error { _, err := s.AddKey(ctx, newKey(3, epoch.Add(time.Minute)), false); return err })
	changes("PruneKeys", true, func() error { _, err := s.PruneKeys(ctx, epoch.Add(time.Hour)); return err })
	changes("RetireKey", true, func() error {
		_, err := s.RetireKey(ctx, newKey(3, epoch).ID, newKey(4, epoch.Add(2*time.Minute)))
		return err
	})
	changes("Revoke", true, func() error { _, _, err := s.Revoke(ctx, "a", epoch); return err })
	changes("Revoke again", false, func() error { _, _, err := s.Revoke(ctx, "a", epoch); return err })

	snap, err = s.Snapshot(ctx)
	must(t, err)
	a, err = s.Get(ctx, "a")
	must(t, err)
	if snap.Version != version() || len(snap.Credentials) != 1 || !same(snap.Credentials[0], a) ||
		len(snap.Tenants) != 1 || snap.Tenants["acme"] != a.TenantID {
		t.Fatalf("snapshot %+v, want version %d and %+v", snap, version(), a)
	}
	if len(snap.Keys) != 1 || snap.Keys[0].ID != newKey(4, epoch).ID || !snap.Keys[0].SupersededAt.IsZero() ||
		!bytes.Equal(snap.Keys[0].Key, newKey(4, epoch).Key) || !snap.Keys[0].CreatedAt.Equal(epoch.Add(2*time.Minute)) {
		t.Fatalf("snapshot keys %+v, want key 4 current", snap.Keys)
	}
	snap.Keys[0].Key[0] ^= 0xff
	snap.Credentials[0].Audiences[0] = "changed"
	again, err := s.Snapshot(ctx)
	must(t, err)
	if !bytes.Equal(again.Keys[0].Key, newKey(4, epoch).Key) || again.Credentials[0].Audiences[0] != "calc" {
		t.Error("a snapshot shares its slices with the store")
	}
}

// keyState returns the keys ks as "ID:superseded" strings sorted by ID,
// "-" for the current key.
func keyState(ks []auth.SigningKey) []string {
	var out []string
	for _, k := range ks {
		sup := "-"
		if !k.SupersededAt.IsZero() {
			sup = k.SupersededAt.UTC().Format(time.TimeOnly)
		}
		out = append(out, fmt.Sprintf("%d:%s", k.ID[0], sup))
	}
	slices.Sort(out)
	return out
}

func testKeys(t *testing.T, s auth.Store) {
	ctx := context.Background()
	check := func(what string, ks []auth.SigningKey, err error, want ...string) {
		t.Helper()
		must(t, err)
		if got := keyState(ks); !slices.Equal(got, want) {
			t.Fatalf("%s: keys %v, want %v", what, got, want)
		}
		snap, err := s.Snapshot(ctx)
		must(t, err)
		if got := keyState(snap.Keys); !slices.Equal(got, want) {
			t.Fatalf("%s: snapshot keys %v, want %v", what, got, want)
		}
	}
	ks, err := s.AddKey(ctx, newKey(1, epoch), true)
	check("the first key", ks, err, "1:-")
	ks, err = s.AddKey(ctx, newKey(2, epoch.Add(time.Minute)), true)
	check("AddKey if none, with a key", ks, err, "1:-")
	ks, err = s.AddKey(ctx, newKey(2, epoch.Add(time.Minute)), false)
	check("a rotation", ks, err, "1:10:01:00", "2:-")
	ks, err = s.AddKey(ctx, newKey(3, epoch.Add(2*time.Minute)), false)
	check("another rotation", ks, err, "1:10:01:00", "2:10:02:00", "3:-")
	_, err = s.AddKey(ctx, newKey(2, epoch.Add(3*time.Minute)), false)
	wantCode(t, "AddKey of a taken ID", err, levy.EConflict)

	ks, err = s.RetireKey(ctx, newKey(1, epoch).ID, newKey(4, epoch.Add(4*time.Minute)))
	check("RetireKey of a superseded key", ks, err, "2:10:02:00", "3:-")
	ks, err = s.RetireKey(ctx, newKey(3, epoch).ID, newKey(4, epoch.Add(5*time.Minute)))
	check("RetireKey of the current key", ks, err, "2:10:02:00", "4:-")
	for _, k := range ks {
		if k.ID[0] == 4 && (!bytes.Equal(k.Key, newKey(4, epoch).Key) || !k.CreatedAt.Equal(epoch.Add(5*time.Minute))) {
			t.Errorf("the next key as stored: %+v", k)
		}
	}
	_, err = s.RetireKey(ctx, newKey(3, epoch).ID, newKey(5, epoch))
	wantCode(t, "RetireKey of a deleted key", err, levy.ENotFound)
	snap, err := s.Snapshot(ctx)
	must(t, err)
	if got := keyState(snap.Keys); !slices.Equal(got, []string{"2:10:02:00", "4:-"}) {
		t.Fatalf("a refused RetireKey changed the keys: %v", got)
	}
}

func testPruneKeys(t *testing.T, s auth.Store) {
	ctx := context.Background()
	if ids, err := s.PruneKeys(ctx, epoch); err != nil || len(ids) != 0 {
		t.Fatalf("PruneKeys of an empty store: %v, %v", ids, err)
	}
	for n := range byte(4) {
		_, err := s.AddKey(ctx, newKey(n+1, epoch.Add(time.Duration(n)*time.Minute)), false)
		must(t, err)
	}
	// Keys 1, 2 and 3 were superseded at 10:01, 10:02 and 10:03.
	ids, err := s.PruneKeys(ctx, epoch.Add(2*time.Minute))
	if err != nil || len(ids) != 1 || ids[0] != newKey(1, epoch).ID {
		t.Fatalf("PruneKeys before 10:02: %v, %v; want key 1", ids, err)
	}
	ids, err = s.PruneKeys(ctx, epoch.Add(time.Hour))
	slices.SortFunc(ids, func(a, b auth.KeyID) int { return int(a[0]) - int(b[0]) })
	if err != nil || len(ids) != 2 || ids[0] != newKey(2, epoch).ID || ids[1] != newKey(3, epoch).ID {
		t.Fatalf("PruneKeys before 11:00: %v, %v; want keys 2 and 3", ids, err)
	}
	snap, err := s.Snapshot(ctx)
	must(t, err)
	if got := keyState(snap.Keys); !slices.Equal(got, []string{"4:-"}) {
		t.Fatalf("after PruneKeys: %v, want the current key only", got)
	}
}

// issuance returns an issuance of client a for audience at epoch+d.
func issuance(audience string, d time.Duration) auth.Issuance {
	return auth.Issuance{ClientID: "a", Audience: audience, Generation: 1, At: epoch.Add(d)}
}

// testRateLimitClockSteppedBack counts issuances out of time order, as
// a node whose clock ran ahead and was stepped back records them: one at
// 19:00, then three from 10:00 (limit 4 per hour). At 11:30 only the one
// of 19:00 is within the window: CountIssue counts the next one, and
// RateFreesAt says there is nothing to wait for. A store that dropped
// the times that left the window only from the front of its list kept
// the three behind the 19:00 one, and refused it until 20:00, while
// RateFreesAt said at once.
func testRateLimitClockSteppedBack(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc")
	for _, d := range []time.Duration{9 * time.Hour, 0, time.Minute, 2 * time.Minute} {
		if ok, err := s.CountIssue(ctx, issuance("calc", d), 4, time.Hour); err != nil || !ok {
			t.Fatalf("CountIssue at %s: %v, %v; want true", epoch.Add(d).Format(time.TimeOnly), ok, err)
		}
	}
	at := epoch.Add(90 * time.Minute)
	if got, err := s.RateFreesAt(ctx, "a", "calc", at, 4, time.Hour); err != nil || !got.Equal(at) {
		t.Fatalf("RateFreesAt at 11:30: %v, %v; want %v", got, err, at)
	}
	for n := range 3 {
		if ok, err := s.CountIssue(ctx, issuance("calc", 90*time.Minute), 4, time.Hour); err != nil || !ok {
			t.Fatalf("CountIssue %d at 11:30, with only the issuance of 19:00 in the window: %v, %v; want true", n+1, ok, err)
		}
	}
	if ok, err := s.CountIssue(ctx, issuance("calc", 90*time.Minute), 4, time.Hour); err != nil || ok {
		t.Fatalf("CountIssue at 11:30, with four in the window: %v, %v; want false", ok, err)
	}
	// The one of 19:00 leaves the window at 20:00.
	if got, err := s.RateFreesAt(ctx, "a", "calc", at, 1, time.Hour); err != nil || !got.Equal(epoch.Add(10*time.Hour)) {
		t.Fatalf("RateFreesAt at 11:30, one per hour: %v, %v; want %v", got, err, epoch.Add(10*time.Hour))
	}
}

func testRateLimit(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc", "lookup")
	create(t, s, "b", "acme", "calc")
	count := func(is auth.Issuance, want bool) {
		t.Helper()
		ok, err := s.CountIssue(ctx, is, 3, time.Hour)
		if err != nil || ok != want {
			t.Fatalf("CountIssue(%s %s at %s): %v, %v; want %v", is.ClientID, is.Audience, is.At.Format(time.TimeOnly), ok, err, want)
		}
	}
	// frees checks when the limit of limit per hour lets the client and
	// audience have a token again, asked at epoch+at.
	frees := func(client, audience string, at time.Duration, limit int, want time.Time) {
		t.Helper()
		got, err := s.RateFreesAt(ctx, client, audience, epoch.Add(at), limit, time.Hour)
		if err != nil || !got.Equal(want) {
			t.Fatalf("RateFreesAt(%s %s at %s, %d per hour): %v, %v; want %v", client, audience, epoch.Add(at).Format(time.TimeOnly), limit, got, err, want)
		}
	}
	frees("a", "calc", 0, 3, epoch)
	count(issuance("calc", 0), true)
	count(issuance("calc", 10*time.Minute), true)
	count(issuance("calc", 20*time.Minute), true)
	count(issuance("calc", 30*time.Minute), false)
	// The first of the three leaves the window at 11:00; with a limit of
	// 4 a token is let at once, with 2 the second must leave (11:10).
	frees("a", "calc", 30*time.Minute, 3, epoch.Add(time.Hour))
	frees("a", "calc", 30*time.Minute, 4, epoch.Add(30*time.Minute))
	frees("a", "calc", 30*time.Minute, 2, epoch.Add(70*time.Minute))
	frees("a", "calc", 30*time.Minute, 0, time.Time{})
	// Another audience, another client: counts of their own.
	frees("a", "lookup", 30*time.Minute, 3, epoch.Add(30*time.Minute))
	frees("nobody", "calc", 30*time.Minute, 3, epoch.Add(30*time.Minute))
	count(issuance("lookup", 30*time.Minute), true)
	count(auth.Issuance{ClientID: "b", Audience: "calc", Generation: 1, At: epoch.Add(30 * time.Minute)}, true)
	// The first leaves the window an hour after it: at 11:00 exactly.
	count(issuance("calc", time.Hour-time.Nanosecond), false)
	count(issuance("calc", time.Hour), true)
	// 10:10, 10:20 and 11:00 are counted: the next is let at 11:10.
	frees("a", "calc", time.Hour+time.Minute, 3, epoch.Add(70*time.Minute))
	count(issuance("calc", time.Hour+time.Minute), false)
	count(issuance("calc", time.Hour+10*time.Minute), true)
	// A refused issuance counts nothing: two more fit in the next hour.
	count(issuance("calc", 3*time.Hour), true)
	count(issuance("calc", 3*time.Hour), true)
	count(issuance("calc", 3*time.Hour), true)
	count(issuance("calc", 3*time.Hour), false)

	_, err := s.CountIssue(ctx, auth.Issuance{ClientID: "nobody", Audience: "calc", Generation: 1, At: epoch}, 3, time.Hour)
	wantCode(t, "CountIssue of an unknown client", err, levy.ENotFound)
}

func testRateLimitConcurrent(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc")
	const goroutines, limit = 50, 10
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		granted int
		errs    []error
	)
	for n := range goroutines {
		wg.Go(func() {
			ok, err := s.CountIssue(ctx, issuance("calc", time.Duration(n)*time.Millisecond), limit, time.Hour)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
			}
			if ok {
				granted++
			}
		})
	}
	wg.Wait()
	if len(errs) > 0 || granted != limit {
		t.Fatalf("%d concurrent issuances granted %d, want %d; errors %v", goroutines, granted, limit, errs)
	}
}

func testCache(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc", "lookup")
	if tok, ok, err := s.CachedToken(ctx, "a", "calc"); err != nil || ok {
		t.Fatalf("CachedToken of nothing: %+v, %v, %v", tok, ok, err)
	}
	t1 := auth.Token{AccessToken: "one", ExpiresAt: epoch.Add(20 * time.Minute)}
	t2 := auth.Token{AccessToken: "two", ExpiresAt: epoch.Add(40 * time.Minute)}
	swap := func(old string, tok auth.Token, want auth.Token) {
		t.Helper()
		got, ok, err := s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: "a", Audience: "calc", Generation: 1, Old: old, New: tok})
		if err != nil || !ok || got.AccessToken != want.AccessToken || !got.ExpiresAt.Equal(want.ExpiresAt) {
			t.Fatalf("SwapCachedToken(%q, %q): %+v, %v, %v; want %+v", old, tok.AccessToken, got, ok, err, want)
		}
		cur, ok, err := s.CachedToken(ctx, "a", "calc")
		if err != nil || !ok || cur.AccessToken != want.AccessToken || !cur.ExpiresAt.Equal(want.ExpiresAt) {
			t.Fatalf("CachedToken after the swap: %+v, %v, %v; want %+v", cur, ok, err, want)
		}
	}
	swap("", t1, t1)
	swap("", t2, t1)      // one is cached: no swap
	swap("stale", t2, t1) // not the one cached: no swap
	swap("one", t2, t2)   // the one cached: swapped
	swap("two", t2, t2)   // the same again
	swap("one", t1, t2)   // a swap that lost
	if _, ok, err := s.CachedToken(ctx, "a", "lookup"); err != nil || ok {
		t.Errorf("another audience has the token: %v, %v", ok, err)
	}
	got, ok, err := s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: "a", Audience: "lookup", Generation: 1, Old: "one", New: t1})
	if err != nil || ok || got.AccessToken != "" {
		t.Errorf("a swap of a token that is not there: %+v, %v, %v; want nothing cached", got, ok, err)
	}
	_, _, err = s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: "nobody", Audience: "calc", Generation: 1, New: t1})
	wantCode(t, "SwapCachedToken of an unknown client", err, levy.ENotFound)
}

func testCacheConcurrent(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc")
	const goroutines = 20
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		got = map[string]int{}
	)
	for n := range goroutines {
		wg.Go(func() {
			tok, ok, err := s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: "a", Audience: "calc", Generation: 1,
				New: auth.Token{AccessToken: fmt.Sprint("token-", n), ExpiresAt: epoch.Add(time.Hour)}})
			mu.Lock()
			defer mu.Unlock()
			if err != nil || !ok {
				t.Errorf("SwapCachedToken: %v, %v", ok, err)
				return
			}
			got[tok.AccessToken]++
		})
	}
	wg.Wait()
	if len(got) != 1 {
		t.Fatalf("concurrent swaps from no token cached: %v, want all to see one token", got)
	}
}

// testStaleGeneration checks the issuance steps of a client rotated or
// revoked since its record was read: they refuse, and store nothing.
func testStaleGeneration(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc")
	create(t, s, "r", "acme", "calc")
	_, err := s.Rotate(ctx, "a", 1, hashOf(2), epoch)
	must(t, err)
	_, _, err = s.Revoke(ctx, "r", epoch)
	must(t, err)
	for _, c := range []struct {
		client string
		gen    uint32
	}{{"a", 1}, {"r", 1}} {
		_, err := s.CountIssue(ctx, auth.Issuance{ClientID: c.client, Audience: "calc", Generation: c.gen, At: epoch}, 1, time.Hour)
		wantCode(t, "CountIssue of "+c.client, err, levy.EConflict)
		_, _, err = s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: c.client, Audience: "calc", Generation: c.gen,
			New: auth.Token{AccessToken: "stale", ExpiresAt: epoch.Add(time.Hour)}})
		wantCode(t, "SwapCachedToken of "+c.client, err, levy.EConflict)
		if _, ok, err := s.CachedToken(ctx, c.client, "calc"); err != nil || ok {
			t.Errorf("%s: a refused swap cached a token: %v, %v", c.client, ok, err)
		}
	}
	// The refused count counted nothing: the limit of one is still free.
	if ok, err := s.CountIssue(ctx, auth.Issuance{ClientID: "a", Audience: "calc", Generation: 2, At: epoch}, 1, time.Hour); err != nil || !ok {
		t.Errorf("CountIssue of the current generation: %v, %v", ok, err)
	}
}

// testIssuers runs two Issuers, one over store a and one over store b,
// as two processes sharing a store would (a and b may be the same
// store): the rate limit is shared, and a revocation and a key rotation
// made through one reach the other at Refresh.
func testIssuers(t *testing.T, a, b auth.Store) {
	ctx := context.Background()
	clk := epoch
	cfg := auth.Config{Hash: FastHash(), RateLimit: 3, Now: func() time.Time { return clk }}
	one, err := auth.NewIssuer(ctx, a, cfg)
	must(t, err)
	two, err := auth.NewIssuer(ctx, b, cfg)
	must(t, err)
	c, secret, err := one.Create(ctx, "acme", []string{"calc"}, true)
	must(t, err)
	if _, err := two.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	var toks []string
	for n, i := range []*auth.Issuer{one, two, one} {
		tok, err := i.Issue(ctx, c.ClientID, secret, "calc")
		if err != nil {
			t.Fatalf("token %d: %v", n+1, err)
		}
		toks = append(toks, tok.AccessToken)
	}
	for _, i := range []*auth.Issuer{one, two} {
		var ae *auth.Error
		if _, err := i.Issue(ctx, c.ClientID, secret, "calc"); !errors.As(err, &ae) || ae.Code != auth.CodeInvalidRequest {
			t.Fatalf("a fourth token: %v, want the rate limit", err)
		}
		for _, tok := range toks {
			if _, err := i.Verify(tok); err != nil {
				t.Fatalf("verify: %v", err)
			}
		}
	}
	c1, err := one.Cached(ctx, c.ClientID, secret, "calc")
	must(t, err)
	if c2, err := two.Cached(ctx, c.ClientID, secret, "calc"); err != nil || c2 != c1 {
		t.Fatalf("the cached token through the other issuer: %+v, %v; want %+v", c2, err, c1)
	}

	kid, err := one.RotateKey(ctx)
	must(t, err)
	if changed, err := two.Refresh(ctx); err != nil || !changed {
		t.Fatalf("Refresh after a rotation: %v, %v", changed, err)
	}
	if changed, err := two.Refresh(ctx); err != nil || changed {
		t.Fatalf("Refresh of nothing new: %v, %v", changed, err)
	}
	tok, err := two.Cached(ctx, c.ClientID, secret, "calc")
	must(t, err)
	if cl, err := one.Verify(tok.AccessToken); err != nil || tok != c1 || cl.KeyID == kid {
		t.Fatalf("the cached token after a rotation: %+v, %v", cl, err)
	}
	if _, err := one.Revoke(ctx, c.ClientID); err != nil {
		t.Fatal(err)
	}
	if _, err := two.Verify(toks[0]); err != nil {
		t.Fatalf("before Refresh the revocation is not known yet: %v", err)
	}
	if _, err := two.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := two.Verify(toks[0]); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("a token of a revoked client after Refresh: %v", err)
	}
	if id, err := two.TenantID(ctx, "acme"); err != nil || id != c.TenantID {
		t.Fatalf("TenantID: %q, %v; want %q", id, err, c.TenantID)
	}
}

func testCancelled(t *testing.T, s auth.Store) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	checkAll(t, s, ctx, context.Canceled)
}

func testClose(t *testing.T, s auth.Store) {
	ctx := context.Background()
	create(t, s, "a", "acme", "calc")
	must(t, s.CheckWrite(ctx))
	must(t, s.Close())
	checkAll(t, s, ctx, auth.ErrClosed)
	// A closed store cannot serve now (its host is shutting down): the
	// error says so by its code, by which a host retries and the HTTP
	// adapter and the token endpoints answer 503, not as a fault.
	if _, err := s.Get(ctx, "a"); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("Get after Close: %v (code %q), want code %q", err, levy.ErrorCode(err), levy.EUnavailable)
	}
	if err := s.CheckWrite(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("CheckWrite after Close: %v (code %q), want code %q", err, levy.ErrorCode(err), levy.EUnavailable)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("a second Close: %v", err)
	}
}

// checkAll checks that every method of s but Close fails with an error
// that wraps want.
func checkAll(t *testing.T, s auth.Store, ctx context.Context, want error) {
	t.Helper()
	calls := map[string]func() error{
		"Snapshot": func() error { _, err := s.Snapshot(ctx); return err },
		"Version":  func() error { _, err := s.Version(ctx); return err },
		"Create": func() error {
			_, err := s.Create(ctx, newRecord("b", "acme", "calc"), auth.NewTenantID(), 0)
			return err
		},
		"Get":        func() error { _, err := s.Get(ctx, "a"); return err },
		"List":       func() error { _, err := s.List(ctx, ""); return err },
		"TenantID":   func() error { _, err := s.TenantID(ctx, "acme"); return err },
		"Rotate":     func() error { _, err := s.Rotate(ctx, "a", 1, hashOf(2), epoch); return err },
		"Revoke":     func() error { _, _, err := s.Revoke(ctx, "a", epoch); return err },
		"AddKey":     func() error { _, err := s.AddKey(ctx, newKey(1, epoch), false); return err },
		"RetireKey":  func() error { _, err := s.RetireKey(ctx, newKey(1, epoch).ID, newKey(2, epoch)); return err },
		"PruneKeys":  func() error { _, err := s.PruneKeys(ctx, epoch); return err },
		"CountIssue": func() error { _, err := s.CountIssue(ctx, issuance("calc", 0), 1, time.Hour); return err },
		"RateFreesAt": func() error {
			_, err := s.RateFreesAt(ctx, "a", "calc", epoch, 1, time.Hour)
			return err
		},
		"CachedToken": func() error {
			_, _, err := s.CachedToken(ctx, "a", "calc")
			return err
		},
		"SwapCachedToken": func() error {
			_, _, err := s.SwapCachedToken(ctx, auth.CacheSwap{ClientID: "a", Audience: "calc", Generation: 1, New: auth.Token{AccessToken: "t"}})
			return err
		},
		"CheckWrite": func() error { return s.CheckWrite(ctx) },
	}
	for name, call := range calls {
		if err := call(); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", name, err, want)
		}
	}
}
