package postgres

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// TestEInvoiceConnectionKeyAcrossNodes: two nodes share one database, and
// a client whose creation of a webhook connection timed out sends it
// again under its Idempotency-Key to the other node while the first is
// still at it: creations at once on both nodes under one key make one
// connection, every one answers it, and the same key with another body
// is refused on either node. The key's 24 hours are counted by the
// database's clock: a key whose row the database dates 25 hours back
// makes a new connection.
func TestEInvoiceConnectionKeyAcrossNodes(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	dbs := nodes(t, 2)
	var svcs []*einvoice.Service
	for _, db := range dbs {
		s, err := einvoice.New(context.Background(), db.EInvoice(), einvNodeConfig(t, einvoice.Config{}))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		svcs = append(svcs, s)
	}
	nc := func() einvoice.NewConnection {
		return einvoice.NewConnection{TargetURL: "https://hooks.example.com/levy", SecretKey: "a-secret-of-thirty-two-bytes-or-more!", Events: einvoice.AllEvents}
	}
	const each = 4
	var mu sync.Mutex
	ids := map[string]int{}
	created := 0
	together(2, each, func(n, _ int) {
		c, made, err := svcs[n].CreateConnectionWithKey(ctx, nc(), "hook-2026-11")
		if err != nil {
			t.Error(err)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		ids[c.WebhookID]++
		if made {
			created++
		}
	})
	list, err := svcs[1].Connections(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 1 || created != 1 || len(list) != 1 {
		t.Fatalf("%d creations at once on two nodes under one key: %d created, answered with %d connections (%v), %d stored; want 1, 1, 1",
			2*each, created, len(ids), ids, len(list))
	}
	other := nc()
	other.TargetURL = "https://hooks.example.com/other"
	for n, s := range svcs {
		_, _, err := s.CreateConnectionWithKey(ctx, other, "hook-2026-11")
		if le := (*levy.Error)(nil); !errors.As(err, &le) || le.Code != levy.EConflict || le.Field != "Idempotency-Key" {
			t.Errorf("node %d: another body under the key: %v, want a conflict naming Idempotency-Key", n, err)
		}
	}
	if _, err := dbs[0].pool.Exec(context.Background(), `UPDATE einvoice_connection_keys SET created_at = clock_timestamp() - interval '25 hours'`); err != nil {
		t.Fatal(err)
	}
	c, made, err := svcs[1].CreateConnectionWithKey(ctx, other, "hook-2026-11")
	if err != nil || !made || c.WebhookID == list[0].WebhookID {
		t.Fatalf("a creation under a key the database dates 25 hours back: %+v created %v, %v; want a new connection", c, made, err)
	}
	if again, made, err := svcs[0].CreateConnectionWithKey(ctx, other, "hook-2026-11"); err != nil || made || again.WebhookID != c.WebhookID {
		t.Fatalf("the key taken over, sent again: %+v created %v, %v; want %s", again, made, err, c.WebhookID)
	}
}
