package badger_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/badger"
)

// TestAuthStore runs the conformance suite of auth.Store on the Badger
// store, and checks after each of its tests that every key it wrote is
// of the documented layout.
func TestAuthStore(t *testing.T) {
	authtest.Run(t, func(t *testing.T) auth.Store {
		dir := t.TempDir()
		t.Cleanup(func() { badger.CheckKeyLayout(t, "auth", dir) })
		return authOpen(t, dir)
	})
}

// authOpen opens the auth store in dir and closes it when the test ends.
func authOpen(t testing.TB, dir string) *badger.AuthStore {
	t.Helper()
	s, err := badger.OpenAuth(context.Background(), dir)
	if err != nil {
		t.Fatalf("OpenAuth: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// authIssuer returns an Issuer over s with cfg, hashing secrets cheaply,
// whose clock reads *now.
func authIssuer(t testing.TB, s auth.Store, now *time.Time, cfg auth.Config) *auth.Issuer {
	t.Helper()
	cfg.Hash, cfg.Now = authtest.FastHash(), func() time.Time { return *now }
	i, err := auth.NewIssuer(context.Background(), s, cfg)
	if err != nil {
		t.Fatalf("NewIssuer: %v", err)
	}
	return i
}

// authDiskKeys reads the signing keys from the files of the closed store
// in dir, as an attacker who copied the directory would: by key ID
// (base64url, as auth.Claims.KeyID shows it).
func authDiskKeys(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	keys := map[string][]byte{}
	badger.WriteRaw(t, dir, func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{'K'}, PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var r struct {
				Key []byte `json:"key"`
			}
			if err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &r) }); err != nil {
				return err
			}
			keys[base64.RawURLEncoding.EncodeToString(it.Item().Key()[1:])] = r.Key
		}
		return nil
	})
	return keys
}

func TestAuthSchemaVersion(t *testing.T) {
	dir := t.TempDir()
	s, err := badger.OpenAuth(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	badger.WriteRaw(t, dir, func(txn *bdb.Txn) error { return txn.Set([]byte("V"), []byte("2")) })
	_, err = badger.OpenAuth(context.Background(), dir)
	if err == nil || !strings.Contains(err.Error(), `schema version "2"`) {
		t.Fatalf("OpenAuth of version 2: %v", err)
	}
}

// TestAuthRestart closes and opens the store again between the steps of
// an Issuer: credentials and their secrets, rate-limit counts, cached
// tokens and signing keys survive; a key that retired stays on disk until
// an Issuer starts.
func TestAuthRestart(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	clk := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	s, err := badger.OpenAuth(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	i := authIssuer(t, s, &clk, auth.Config{})
	c, secret, err := i.Create(ctx, "acme", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := i.Create(ctx, "beta", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := i.Revoke(ctx, r.ClientID); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		if _, err := i.Issue(ctx, c.ClientID, secret, "calc"); err != nil {
			t.Fatal(err)
		}
	}
	cached, err := i.Cached(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	old := cached.AccessToken
	kid, err := i.RotateKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	restart := func() {
		t.Helper()
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s = authOpen(t, dir)
		i = authIssuer(t, s, &clk, auth.Config{})
	}
	restart()

	if _, err := i.Issue(ctx, c.ClientID, secret, "calc"); err == nil || !strings.Contains(err.Error(), "exceeded the rate limit") {
		t.Fatalf("the eleventh token after a restart: %v", err)
	}
	if tok, err := i.Cached(ctx, c.ClientID, secret, "calc"); err != nil || tok != cached {
		t.Fatalf("the cached token after a restart: %+v, %v; want %+v", tok, err, cached)
	}
	if cl, err := i.Verify(old); err != nil || cl.KeyID == kid {
		t.Fatalf("a token of the superseded key after a restart: %+v, %v", cl, err)
	}
	if got, err := i.Get(ctx, r.ClientID); err != nil || !got.Revoked() || got.TenantID != r.TenantID {
		t.Fatalf("the revoked credential after a restart: %+v, %v", got, err)
	}
	if ks := i.Keys(); len(ks) != 2 || ks[1].KeyID != kid || !ks[1].Current {
		t.Fatalf("keys after a restart: %+v", ks)
	}

	// The superseded key retires a TTL after the rotation; it stays on
	// disk until an Issuer starts.
	clk = clk.Add(20 * time.Minute)
	if _, err := i.Verify(old); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("a token of a retired key: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if keys := authDiskKeys(t, dir); len(keys) != 2 {
		t.Fatalf("before an Issuer starts, %d keys on disk", len(keys))
	}
	s = authOpen(t, dir)
	i = authIssuer(t, s, &clk, auth.Config{})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if keys := authDiskKeys(t, dir); len(keys) != 1 || keys[kid] == nil {
		t.Fatalf("after an Issuer started, keys on disk: %v", keys)
	}
}

// TestAuthKeysOnDisk forges a token with a signing key read from a copy
// of the data directory, as an attacker would: it verifies within the
// TTL, and not once the key has retired.
func TestAuthKeysOnDisk(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	clk := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	s := authOpen(t, dir)
	i := authIssuer(t, s, &clk, auth.Config{})
	c, _, err := i.Create(ctx, "acme", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	keys := authDiskKeys(t, dir)
	s = authOpen(t, dir)
	i = authIssuer(t, s, &clk, auth.Config{})
	if want := authtest.SigningKeys(t, s); len(keys) != 1 || len(want) != 1 {
		t.Fatalf("keys on disk %d, in the store %d", len(keys), len(want))
	}
	var leaked string
	for kid := range keys {
		leaked = kid
	}
	forge := func() string {
		now := clk
		return authtest.Forge(t, keys[leaked], authtest.Forged{KeyID: leaked, IssuedAt: now, ExpiresAt: now.Add(20 * time.Minute),
			Generation: 1, Tenant: "acme", Client: c.ClientID, Audience: "calc"})
	}
	if _, err := i.Verify(forge()); err != nil {
		t.Fatalf("a token forged with the key on disk: %v", err)
	}
	if _, err := i.RotateKey(ctx); err != nil {
		t.Fatal(err)
	}
	clk = clk.Add(20 * time.Minute)
	if _, err := i.Verify(forge()); levy.ErrorCode(err) != levy.EUnauthorized {
		t.Fatalf("a token forged with the key after it retired: %v", err)
	}
}

var authUUID = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// TestAuthTenantIDs checks that the credentials' records do not hold
// their tenant's ID, and that a store written before tenants had IDs (its
// tenants' records removed) gives one to each tenant, once.
func TestAuthTenantIDs(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := authOpen(t, dir)
	want := map[string]string{}
	for _, tenant := range []string{"acme", "acme", "beta"} {
		r, err := s.Create(ctx, auth.Record{Credential: auth.Credential{ClientID: authtest.RandomClientID(), Tenant: tenant,
			Audiences: []string{"calc"}, CreatedAt: time.Now().UTC()}, Generation: 1}, auth.NewTenantID(), 0)
		if err != nil {
			t.Fatal(err)
		}
		want[tenant] = r.TenantID
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	badger.WriteRaw(t, dir, func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.DefaultIteratorOptions)
		var tenants [][]byte
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			switch item.Key()[0] {
			case 'C':
				if err := item.Value(func(v []byte) error {
					if bytes.Contains(v, []byte("tenant_id")) {
						t.Errorf("a credential's record holds the tenant ID: %s", v)
					}
					return nil
				}); err != nil {
					return err
				}
			case 'N':
				tenants = append(tenants, item.KeyCopy(nil))
			}
		}
		it.Close()
		if len(tenants) != 2 {
			t.Errorf("%d tenant records", len(tenants))
		}
		return txn.Delete(tenants[0])
	})

	// Opened again, the tenant without a record gets one, once.
	s = authOpen(t, dir)
	cs, err := s.List(ctx, "")
	if err != nil || len(cs) != 3 {
		t.Fatalf("List: %d, %v", len(cs), err)
	}
	ids := map[string]string{}
	for _, c := range cs {
		if !authUUID.MatchString(c.TenantID) || ids[c.Tenant] != "" && ids[c.Tenant] != c.TenantID {
			t.Fatalf("List: %+v", cs)
		}
		ids[c.Tenant] = c.TenantID
	}
	if ids["acme"] != want["acme"] && ids["beta"] != want["beta"] {
		t.Fatalf("both tenants changed IDs: %v, were %v", ids, want)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = authOpen(t, dir)
	for tenant, want := range ids {
		if id, err := s.TenantID(ctx, tenant); err != nil || id != want {
			t.Errorf("after another restart TenantID(%s): %q, %v, want %q", tenant, id, err, want)
		}
	}
}

// TestAuthLegacyKeys reads signing keys stored before the time they were
// superseded was kept: each counts as superseded when the current key was
// made (or when it was made itself, if later), and retires a TTL after.
func TestAuthLegacyKeys(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := authOpen(t, dir)
	t0 := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	for n, at := range []time.Time{t0, t0.Add(time.Minute)} {
		if _, err := s.AddKey(ctx, auth.SigningKey{ID: auth.KeyID{byte(n + 1)}, Key: bytes.Repeat([]byte{1}, 32), CreatedAt: at}, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Key 1 loses its superseded_at; key 3, made after the current one
	// (a clock that went back), is stored without one.
	badger.WriteRaw(t, dir, func(txn *bdb.Txn) error {
		legacy := func(id byte, at time.Time) error {
			v, err := json.Marshal(map[string]any{"key": bytes.Repeat([]byte{id}, 32), "created_at": at})
			if err != nil {
				return err
			}
			return txn.Set([]byte{'K', id, 0, 0, 0, 0, 0, 0, 0}, v)
		}
		return errors.Join(legacy(1, t0), legacy(3, t0.Add(5*time.Minute)))
	})
	s = authOpen(t, dir)
	snap, err := s.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[byte]time.Time{}
	for _, k := range snap.Keys {
		got[k.ID[0]] = k.SupersededAt
	}
	if len(got) != 3 || !got[1].Equal(t0.Add(time.Minute)) || !got[2].IsZero() || !got[3].Equal(t0.Add(5*time.Minute)) {
		t.Fatalf("superseded times %v", got)
	}
	ids, err := s.PruneKeys(ctx, t0.Add(2*time.Minute))
	if err != nil || len(ids) != 1 || ids[0][0] != 1 {
		t.Fatalf("PruneKeys: %v, %v; want key 1", ids, err)
	}
}

// TestAuthStorageFault deletes the store's directory under it: writes
// and CheckWrite are refused as unavailable instead of acknowledged and
// lost, and Close says it left the files open.
func TestAuthStorageFault(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "auth")
	s, err := badger.OpenAuth(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	i := authIssuer(t, s, &now, auth.Config{})
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckWrite(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("CheckWrite: %v, want unavailable", err)
	}
	if _, _, err := i.Create(ctx, "acme", []string{"calc"}, true); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("Create: %v, want unavailable", err)
	}
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "left open") {
		t.Errorf("Close: %v", err)
	}
}
