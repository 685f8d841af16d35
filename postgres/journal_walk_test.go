package postgres

import (
	"testing"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// TestJournalWalk runs the accountant's walk over stored transactions
// over the PostgreSQL journal, each subtest in a schema of its own.
func TestJournalWalk(t *testing.T) {
	journaltest.Walk(t, func(t *testing.T) journal.Store { return openTest(t).Journal() })
}
