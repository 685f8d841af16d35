package journal_test

import (
	"testing"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

func TestMemory(t *testing.T) {
	journaltest.Run(t, func(*testing.T) journal.Store { return journal.NewMemory() })
}
