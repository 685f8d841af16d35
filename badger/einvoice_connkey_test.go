package badger

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/einvoice"
)

// TestEInvoiceConnectionKeyLapses: the idempotency key of a connection's
// creation names it for einvoice.IdempotencyWindow by the store's clock:
// a key whose record is older makes a new connection and takes the
// record over. Deleting the connection deletes the key's record, so no
// key outlives its connection.
func TestEInvoiceConnectionKeyLapses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	t.Cleanup(func() { checkKeyLayout(t, "einvoice", filepath.Join(dir, "db")) })
	s, err := OpenEInvoice(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	conn := func() einvoice.ConnectionRecord {
		var sec einvoice.SealedSecret
		if err := json.Unmarshal([]byte(`{"keyId":"k1","nonce":"bm9uY2U=","sealed":"`+base64.StdEncoding.EncodeToString([]byte("s"))+`"}`), &sec); err != nil {
			t.Fatal(err)
		}
		return einvoice.ConnectionRecord{Connection: einvoice.Connection{WebhookID: einvoice.NewGUID(), TenantID: "acme",
			TargetURL: "https://hooks.example.com/", Events: einvoice.AllEvents, CreatedAt: time.Now().UTC()}, Secret: sec}
	}
	key := einvoice.ConnectionKey{Key: "hooks-1", Digest: "d"}
	first := conn()
	if res, err := s.CreateConnection(ctx, first, key, einvoice.MaxConnections); err != nil || !res.Created {
		t.Fatalf("the first creation: %+v %v", res, err)
	}
	// The key's record as a creation 25 hours ago would have left it.
	err = s.db.Update(func(txn *bdb.Txn) error {
		return einvSet(txn, einvKey(einvConnKey, "acme", key.Key), einvConnKeyRecord{WebhookID: first.WebhookID, Digest: key.Digest, At: time.Now().Add(-25 * time.Hour)})
	})
	if err != nil {
		t.Fatal(err)
	}
	later := conn()
	if res, err := s.CreateConnection(ctx, later, key, einvoice.MaxConnections); err != nil || !res.Created {
		t.Fatalf("a creation under a key 25 hours old: %+v %v, want a new connection", res, err)
	}
	if res, err := s.CreateConnection(ctx, conn(), key, einvoice.MaxConnections); err != nil || res.Created || res.Connection.WebhookID != later.WebhookID {
		t.Fatalf("the key taken over, sent again: %+v %v, want %s", res, err, later.WebhookID)
	}
	for _, id := range []string{first.WebhookID, later.WebhookID} {
		if _, err := s.DeleteConnection(ctx, "acme", id); err != nil {
			t.Fatal(err)
		}
	}
	err = s.db.View(func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{einvConnKey}})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			t.Errorf("a key's record outlives its connection: %q", bytes.Clone(it.Item().Key()))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
