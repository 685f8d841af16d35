package postgres

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/nexus/lastsent"
	"github.com/levytax/levy/nexus/lastsent/lastsenttest"
)

// TestNexusSentConformance runs the conformance suite of
// lastsent.Store over PostgreSQL; a reopen closes the DB and opens
// another over the same schema, as a node that restarts.
func TestNexusSentConformance(t *testing.T) {
	lastsenttest.Run(t, func(t *testing.T) (lastsent.Store, func() lastsent.Store) {
		schema := fmt.Sprintf("s%d_%d", os.Getpid(), schemas.Add(1))
		open := func() *DB {
			db, err := Open(context.Background(), pgtest.AdminURL(t), WithSchema(schema))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}
		db := open()
		return db.NexusSent(), func() lastsent.Store {
			db.Close()
			db = open()
			return db.NexusSent()
		}
	})
}

// TestNexusSentOneWriterAcrossNodes: nodes over one schema that each
// read no record, or the same record, and write the next at once: one
// writes.
func TestNexusSentOneWriterAcrossNodes(t *testing.T) {
	dbs := nodes(t, 4)
	for after := range uint64(3) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for i, db := range dbs {
			wg.Go(func() {
				r := lastsent.Record{Area: "WA", Seq: after + 1, Status: []string{"approaching", "exceeded"}[i%2], Key: fmt.Sprintf("k%d", i)}
				ok, err := db.NexusSent().PutSent(context.Background(), "acme", r, after)
				if err != nil {
					t.Errorf("node %d: %v", i, err)
				}
				if ok {
					mu.Lock()
					won++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if won != 1 {
			t.Fatalf("after %d: %d nodes wrote, want one", after, won)
		}
	}
}
