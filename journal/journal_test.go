package journal_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

func TestMemory(t *testing.T) {
	journaltest.Run(t, func(*testing.T) journal.Store { return journal.NewMemory() })
}

func TestBadger(t *testing.T) {
	journaltest.Run(t, func(t *testing.T) journal.Store {
		s, err := journal.Open(context.Background(), t.TempDir())
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return s
	})
}
