package badger

import (
	"context"
	"testing"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// TestJournalWalk runs the accountant's walk over stored transactions
// over a Badger journal on disk, checking the key layout after each.
func TestJournalWalk(t *testing.T) {
	journaltest.Walk(t, func(t *testing.T) journal.Store {
		dir := t.TempDir()
		t.Cleanup(func() { checkKeyLayout(t, "journal", dir) })
		s, err := OpenJournal(context.Background(), dir)
		if err != nil {
			t.Fatalf("OpenJournal: %v", err)
		}
		return s
	})
}
