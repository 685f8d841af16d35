package auth

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestChurnBoundsEveryNodesMemory: on one node, a tenant's admin creates
// and revokes credentials in a loop, under a limit of 4. Before, every
// round left a revoked record in the store and in the memory of every
// node that followed it (40 rounds, 40 records). Now the creations stop
// at the limit of revoked credentials kept; once their tokens have all
// expired, the next creation deletes them, which is logged, and another
// node's memory drops them at its next Refresh.
func TestChurnBoundsEveryNodesMemory(t *testing.T) {
	ctx := context.Background()
	var ns atomic.Int64
	ns.Store(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC).UnixNano())
	now := func() time.Time { return time.Unix(0, ns.Load()) }
	var logs bytes.Buffer
	store := NewMemory()
	cfg := Config{Now: now, Hash: HashParams{Time: 1, Memory: 8, Threads: 1}, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	a, err := NewIssuer(ctx, store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Logger = nil
	b, err := NewIssuer(ctx, store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	const limit, rounds = 4, 40
	made := 0
	for range rounds {
		c, _, err := a.CreateLimited(ctx, "acme", []string{"calc"}, true, limit)
		if err != nil {
			continue
		}
		made++
		if _, err := a.Revoke(ctx, c.ClientID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if na, nb := len(a.r.mem.Load().creds), len(b.r.mem.Load().creds); made != limit || na != limit || nb != limit {
		t.Fatalf("%d rounds of create and revoke under a limit of %d: %d made; node a holds %d credentials, node b %d; want %d each",
			rounds, limit, made, na, nb, limit)
	}

	ns.Add(int64(a.revokedKeep() + time.Second))
	if _, _, err := a.CreateLimited(ctx, "acme", []string{"calc"}, true, limit); err != nil {
		t.Fatalf("a creation once the revoked credentials' tokens have expired: %v", err)
	}
	if _, err := b.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if na, nb := len(a.r.mem.Load().creds), len(b.r.mem.Load().creds); na != 1 || nb != 1 {
		t.Fatalf("after the purge, node a holds %d credentials and node b %d; want the new one alone", na, nb)
	}
	if !strings.Contains(logs.String(), "revoked credentials deleted") || !strings.Contains(logs.String(), "count=4") {
		t.Errorf("the deletion is not logged with its count:\n%s", logs.String())
	}
}

// TestRevokedKeptUntilTokensExpire: a revoked credential is kept, and
// its token refused as revoked, until one token lifetime and a minute
// after its revocation; a purge before then deletes nothing.
func TestRevokedKeptUntilTokensExpire(t *testing.T) {
	ctx := context.Background()
	var ns atomic.Int64
	ns.Store(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC).UnixNano())
	now := func() time.Time { return time.Unix(0, ns.Load()) }
	i, err := NewIssuer(ctx, NewMemory(), Config{Now: now, TTL: 5 * time.Minute, Hash: HashParams{Time: 1, Memory: 8, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	c, secret, err := i.Create(ctx, "acme", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := i.Issue(ctx, c.ClientID, secret, "calc")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := i.Revoke(ctx, c.ClientID); err != nil {
		t.Fatal(err)
	}
	ns.Add(int64(5*time.Minute + 59*time.Second))
	if ids, err := i.PurgeRevoked(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("a purge a token lifetime and 59 s after the revocation: %v, %v; want nothing deleted", ids, err)
	}
	if _, err := i.Get(ctx, c.ClientID); err != nil {
		t.Fatalf("the revoked credential before its tokens have all expired: %v", err)
	}
	if _, err := i.Verify(tok.AccessToken); err == nil {
		t.Fatalf("the revoked credential's token: %v, want refused", err)
	}
	ns.Add(int64(2 * time.Second))
	if ids, err := i.PurgeRevoked(ctx); err != nil || len(ids) != 1 || ids[0] != c.ClientID {
		t.Fatalf("a purge once its tokens have all expired: %v, %v; want %s", ids, err, c.ClientID)
	}
}
