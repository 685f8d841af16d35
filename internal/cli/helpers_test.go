package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/postgres"
)

// openJournalAt opens the journal of a data directory that no process
// holds, or of a database when where is a postgres:// URL. The caller
// closes it with the function returned, before a command opens it again.
func openJournalAt(t *testing.T, where string) (journal.Store, func()) {
	t.Helper()
	ctx := context.Background()
	if strings.HasPrefix(where, "postgres://") {
		db, err := postgres.Open(ctx, where)
		if err != nil {
			t.Fatal(err)
		}
		j := db.Journal()
		return j, func() { j.Close(); db.Close() }
	}
	j, err := badger.OpenJournal(ctx, journalDir(where))
	if err != nil {
		t.Fatal(err)
	}
	return j, func() { j.Close() }
}

// csvOutput reads a CSV output of levy batch: its records after the
// header, and each column's index by the header's names. It fails unless
// the file holds a header and a record.
func csvOutput(t *testing.T, path string) (recs [][]string, col map[string]int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("the output %s: %v\n%s", path, err, b)
	}
	col = map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	return rows[1:], col
}
