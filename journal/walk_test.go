package journal_test

import (
	"testing"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// TestWalk runs the accountant's walk over stored transactions over the
// memory journal.
func TestWalk(t *testing.T) {
	journaltest.Walk(t, func(*testing.T) journal.Store { return journal.NewMemory() })
}
