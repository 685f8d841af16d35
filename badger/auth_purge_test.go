package badger

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/auth"
)

// TestAuthPurgeRevokedMany checks that PurgeRevoked deletes more revoked
// credentials, with their rate-limit counts and cached tokens, than one
// transaction of the store can hold, returns every one of their client
// IDs, and keeps the credentials revoked after its time or not revoked,
// with their keys.
func TestAuthPurgeRevokedMany(t *testing.T) {
	ctx := context.Background()
	s, err := OpenAuth(ctx, t.TempDir(), WithSyncWrites(false))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })

	// Each revoked credential has its record, two rate-limit counts and a
	// cached token: enough of them for the deletions of two and a half
	// transactions, by the count of changes the store's options allow.
	audiences := []string{"calc", "einvoice"}
	const perCredential = 4
	n := int(s.db.MaxBatchCount())*5/2/perCredential + 1
	epoch := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	id := func(i int) string { return fmt.Sprintf("client-%06d", i) }
	kept := []string{"kept-active", "kept-late"} // not revoked; revoked at t
	put := func(wb *bdb.WriteBatch, client string, revokedAt time.Time) {
		t.Helper()
		v, err := json.Marshal(authRecord{Credential: auth.Credential{ClientID: client, Tenant: "acme", Audiences: audiences,
			CreatedAt: epoch, RevokedAt: revokedAt}, Generation: 1})
		if err != nil {
			t.Fatal(err)
		}
		sets := [][2][]byte{
			{authCredentialKey(client), v},
			{authPairKey(authKeyRate, client, audiences[0]), binary.BigEndian.AppendUint64(nil, uint64(epoch.UnixNano()))},
			{authPairKey(authKeyRate, client, audiences[1]), binary.BigEndian.AppendUint64(nil, uint64(epoch.UnixNano()))},
			{authPairKey(authKeyCache, client, audiences[0]), append(binary.BigEndian.AppendUint64(nil, uint64(epoch.Unix())), "token"...)},
		}
		for _, kv := range sets {
			if err := wb.Set(kv[0], kv[1]); err != nil {
				t.Fatal(err)
			}
		}
	}
	wb := s.db.NewWriteBatch()
	var want []string
	for i := range n {
		put(wb, id(i), epoch.Add(time.Duration(i)*time.Millisecond))
		want = append(want, id(i))
	}
	cut := epoch.Add(time.Duration(n) * time.Millisecond)
	put(wb, kept[0], time.Time{})
	put(wb, kept[1], cut)
	if err := wb.Flush(); err != nil {
		t.Fatal(err)
	}
	if n*perCredential < int(2*s.db.MaxBatchCount()) {
		t.Fatalf("%d keys to delete, fewer than two transactions hold (%d each)", n*perCredential, s.db.MaxBatchCount())
	}

	before, err := s.Version(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := s.PurgeRevoked(ctx, cut)
	if err != nil {
		t.Fatalf("PurgeRevoked of %d credentials (%d keys, %d a transaction): %v", n, n*perCredential, s.db.MaxBatchCount(), err)
	}
	if !slices.Equal(ids, want) {
		t.Fatalf("PurgeRevoked returned %d client IDs, want the %d revoked before its time", len(ids), len(want))
	}
	if after, err := s.Version(ctx); err != nil || after == before {
		t.Fatalf("version %d, then %d, %v; want a change", before, after, err)
	}
	// Left: the schema's key, the tenant's, and the kept credentials'.
	left := map[string]int{}
	err = s.db.View(func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{PrefetchValues: false})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			k := it.Item().Key()
			for _, c := range kept {
				if bytes.HasPrefix(k, AppendLP([]byte{k[0]}, c)) {
					left[c]++
				}
			}
			if k[0] == authKeyCredential || k[0] == authKeyRate || k[0] == authKeyCache {
				left[""]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if left[kept[0]] != perCredential || left[kept[1]] != perCredential || left[""] != 2*perCredential {
		t.Fatalf("keys left after the purge: %v; want the %d of each kept credential and no other", left, perCredential)
	}
	if ids, err := s.PurgeRevoked(ctx, cut); err != nil || len(ids) != 0 {
		t.Fatalf("second PurgeRevoked: %v, %v; want none", ids, err)
	}
}
