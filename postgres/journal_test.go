package postgres

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// schemas numbers the schemas of the tests, one per store.
var schemas atomic.Int64

// openTest opens the database of the cluster in a schema of its own, so
// that each store starts empty; it is closed when t ends.
func openTest(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), pgtest.AdminURL(t), WithSchema(fmt.Sprintf("t%d_%d", os.Getpid(), schemas.Add(1))))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestJournalConformance runs the conformance suite of journal.Store
// over the PostgreSQL journal.
func TestJournalConformance(t *testing.T) {
	journaltest.Run(t, func(t *testing.T) journal.Store { return openTest(t).Journal() })
}
