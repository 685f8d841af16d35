package postgres

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
)

// openSchema opens the cluster's database in a new schema of its own
// with opts, closed when t ends.
func openSchema(t *testing.T, opts ...Option) *DB {
	t.Helper()
	opts = append([]Option{WithSchema(fmt.Sprintf("s%d_%d", os.Getpid(), schemas.Add(1)))}, opts...)
	db, err := Open(context.Background(), pgtest.AdminURL(t), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestJournalScanHoldsNoConnection scans a journal of three pages over a
// pool of one connection while fn writes to the same journal, as an
// export's fn writes to a client that may take minutes: no connection is
// taken while fn runs, so fn's own writes get the pool's only one (when
// a scan held its transaction open across fn, they waited for it until
// their deadline). Each page is read after the writes before it: a
// version written ahead of the scan's position is reported, one behind
// it is not reported again, and the keys strictly increase.
func TestJournalScanHoldsNoConnection(t *testing.T) {
	db := openSchema(t, WithMaxConns(1))
	s := db.Journal()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	const n = 2*pageSize + 200
	for from := 0; from < n; from += pageSize {
		var batch []*journal.Transaction
		for i := from; i < min(from+pageSize, n); i++ {
			batch = append(batch, posting(fmt.Sprintf("S-%04d", i), "D1"))
		}
		if _, err := s.PostAll(ctx, "acme", batch); err != nil {
			t.Fatal(err)
		}
	}

	var got []string
	err := s.Scan(ctx, "acme", civil.Date{}, civil.Date{}, func(tx *journal.Transaction) error {
		if c := db.pool.Stat().AcquiredConns(); c != 0 {
			return fmt.Errorf("%d connections taken while fn runs at %s", c, tx.TransactionID)
		}
		got = append(got, fmt.Sprintf("%s@%d", tx.TransactionID, tx.Version))
		if len(got) > 1 {
			return nil
		}
		// Behind the scan's position, ahead of it, a new ID ahead, and
		// a deletion ahead.
		for _, id := range []string{"S-0000", "S-1100", "S-1100a"} {
			if _, err := s.Post(ctx, "acme", posting(id, "D2")); err != nil {
				return fmt.Errorf("posting %s while the scan runs: %w", id, err)
			}
		}
		return s.Delete(ctx, "acme", "S-1199")
	})
	if err != nil {
		t.Fatalf("Scan: %v", err)
	}
	if len(got) != n { // one ID more (S-1100a), one fewer (S-1199)
		t.Errorf("Scan reported %d transactions, want %d", len(got), n)
	}
	if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Errorf("Scan's keys do not strictly increase")
	}
	for _, want := range []string{"S-0000@1", "S-0001@1", "S-1100@2", "S-1100a@1", "S-1198@1"} {
		if !slices.Contains(got, want) {
			t.Errorf("Scan did not report %s", want)
		}
	}
	for _, not := range []string{"S-0000@2", "S-1100@1", "S-1199@1"} {
		if slices.Contains(got, not) {
			t.Errorf("Scan reported %s", not)
		}
	}
}

// TestIdleInTransactionTimeout checks that the pool's sessions carry
// idle_in_transaction_session_timeout, one minute by default, the
// option's or the URL's otherwise, and that the server ends a
// transaction left idle longer, which frees its connection.
func TestIdleInTransactionTimeout(t *testing.T) {
	ctx := context.Background()
	show := func(db *DB) string {
		var v string
		if err := db.pool.QueryRow(ctx, "SHOW idle_in_transaction_session_timeout").Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := show(openSchema(t)); v != "1min" {
		t.Errorf("by default: %s, want 1min", v)
	}
	db, err := Open(ctx, pgtest.AdminURL(t)+"&idle_in_transaction_session_timeout=5s", WithIdleInTransactionTimeout(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v := show(db); v != "5s" {
		t.Errorf("given in the URL: %s, want 5s", v)
	}

	db = openSchema(t, WithIdleInTransactionTimeout(200*time.Millisecond))
	if v := show(db); v != "200ms" {
		t.Errorf("given as an option: %s, want 200ms", v)
	}
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "SELECT 1"); err != nil {
		t.Fatal(err)
	}
	// Left idle in the transaction well past the timeout, the session
	// is ended by the server.
	time.Sleep(time.Second)
	if _, err := tx.Exec(ctx, "SELECT 1"); err == nil {
		t.Fatal("a transaction idle for 1 s under a timeout of 200 ms still runs statements")
	}
}
