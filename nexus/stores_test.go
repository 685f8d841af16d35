package nexus_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/postgres"
)

// journalOpener opens a fresh, empty journal for one subtest.
type journalOpener func(t *testing.T) journal.Store

// journalStores is the memory store and Badger on disk (unsynced), and
// PostgreSQL too when withPostgres is set: the stores a figures test
// runs over, by name.
func journalStores(withPostgres bool) map[string]journalOpener {
	stores := map[string]journalOpener{
		"memory": func(*testing.T) journal.Store { return journal.NewMemory() },
		"badger": func(t *testing.T) journal.Store {
			j, err := badger.OpenJournal(context.Background(), t.TempDir(), badger.WithSyncWrites(false))
			if err != nil {
				t.Fatal(err)
			}
			return j
		},
	}
	if withPostgres {
		stores["postgres"] = func(t *testing.T) journal.Store {
			db, err := postgres.Open(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			return db.Journal()
		}
	}
	return stores
}
