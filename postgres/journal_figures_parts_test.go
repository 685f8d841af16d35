package postgres

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
)

// openConns opens the test cluster's database in a schema of its own
// with a pool of at most conns connections.
func openConns(t *testing.T, conns int32) *DB {
	t.Helper()
	db, err := Open(context.Background(), pgtest.AdminURL(t), WithMaxConns(conns),
		WithSchema(fmt.Sprintf("t%d_%d", os.Getpid(), schemas.Add(1))))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// storedParts returns the parts of tenant's deltas not yet folded (a
// fold writes them all to part 0).
func storedParts(t *testing.T, db *DB, tenant string) []int16 {
	t.Helper()
	rows, err := db.pool.Query(context.Background(),
		`SELECT DISTINCT part FROM journal_figure_deltas WHERE tenant = $1 ORDER BY part`, tenant)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := pgx.CollectRows(rows, pgx.RowTo[int16])
	if err != nil {
		t.Fatal(err)
	}
	return parts
}

// checkPostedFigures checks that tenant's figures read back are those of
// n posts of posting's invoice, their parts added up.
func checkPostedFigures(t *testing.T, db *DB, tenant string, n int) {
	t.Helper()
	got, err := db.Journal().Figures(context.Background(), tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	one := journal.Contribution(posting("X", "SO-1"))
	if len(one) != 1 {
		t.Fatalf("posting keeps %d figures, want 1", len(one))
	}
	want := one[0]
	for _, tl := range []*journal.Tally{&want.Direct, &want.Marketplace} {
		tl.Gross, tl.Exempt, tl.Taxable, tl.Count = tl.Gross*int64(n), tl.Exempt*int64(n), tl.Taxable*int64(n), tl.Count*int64(n)
		tl.Unconverted, tl.ExemptOther = tl.Unconverted*int64(n), tl.ExemptOther*int64(n)
	}
	if len(got) != 1 || got[0] != want {
		t.Fatalf("figures %+v, want [%+v]", got, want)
	}
}

// TestFigurePartsOfConnections posts invoices into one state on one day
// and checks the parts of the deltas they append: the units of a pool
// of one connection all append to one part, and those of a pool of four
// connections, posting four at a time, to at most four, one per
// connection, whatever their transaction IDs; the figures read back add
// the parts up. (The part was a hash of the unit's first ID: 8 rows
// that units of any connection shared.)
func TestFigurePartsOfConnections(t *testing.T) {
	ctx := context.Background()
	t.Run("one connection", func(t *testing.T) {
		db := openConns(t, 1)
		s := db.Journal()
		for i := range 24 {
			if _, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", i), "SO-1")); err != nil {
				t.Fatal(err)
			}
		}
		// A second version of an ID goes under locks (updateOnce).
		if _, err := s.Post(ctx, "acme", posting("INV-3", "SO-2")); err != nil {
			t.Fatal(err)
		}
		if got := storedParts(t, db, "acme"); len(got) != 1 {
			t.Errorf("the units of one connection added to parts %v, want one", got)
		}
		checkPostedFigures(t, db, "acme", 24)
	})
	t.Run("four connections", func(t *testing.T) {
		db := openConns(t, 4)
		s := db.Journal()
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for w := range 4 {
			wg.Go(func() {
				for i := range 20 {
					if _, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d-%d", w, i), "SO-1")); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		got := storedParts(t, db, "acme")
		if len(got) > 4 {
			t.Errorf("the units of four connections added to parts %v, want at most four", got)
		}
		checkPostedFigures(t, db, "acme", 80)
	})
}

// TestFiguresDoNotWaitForAnotherConnection holds one of the pool's two
// connections in a transaction that has added, as a post of a new ID on
// it would, to the figures of a state's day, without committing, and
// posts invoices into the same state and day meanwhile: none of them
// waits for the held transaction's row lock (each must end within a few
// seconds), and once it rolls back the figures are those of the posts.
func TestFiguresDoNotWaitForAnotherConnection(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 2)
	held, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	figs := journal.Contribution(posting("INV-HELD", "SO-1"))
	part := partOf(held.Conn().PgConn(), "acme", []string{"INV-HELD"})
	if _, err := held.Exec(ctx, "BEGIN"); err != nil {
		t.Fatal(err)
	}
	var batch pgx.Batch
	queueFigures(&batch, "acme", part, figs, smallFigures)
	if err := held.SendBatch(ctx, &batch).Close(); err != nil {
		t.Fatal(err)
	}
	s := db.Journal()
	for i := range 16 {
		pctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		_, err := s.Post(pctx, "acme", posting(fmt.Sprintf("INV-%d", i), "SO-1"))
		cancel()
		if err != nil {
			t.Fatalf("post INV-%d beside a transaction open on another connection: %v", i, err)
		}
	}
	if _, err := held.Exec(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	checkPostedFigures(t, db, "acme", 16)
}

// TestConnSlots checks the numbers of connSlots: connections that are
// open together hold distinct numbers, the lowest free one each, and a
// number given back goes to the next connection; the part of a
// connection is its number modulo figureParts, and one without a number
// (no CustomData) takes the part of its unit's IDs.
func TestConnSlots(t *testing.T) {
	var s connSlots
	for want := range 4 {
		if n := s.next(); n != want {
			t.Fatalf("number %d, want %d", n, want)
		}
	}
	s.free(1)
	s.free(7) // never taken: nothing to give back
	if n := s.next(); n != 1 {
		t.Errorf("the next number %d, want 1, the one given back", n)
	}
	if n := s.next(); n != 4 {
		t.Errorf("the next number %d, want 4", n)
	}

	bare := new(pgconn.PgConn)
	s.take(bare)
	if _, ok := slotOf(bare); ok {
		t.Error("a connection without CustomData has a number")
	}
	if got, want := partOf(bare, "acme", []string{"INV-1"}), figurePart("acme", []string{"INV-1"}); got != want {
		t.Errorf("a connection without a number: part %d, want %d", got, want)
	}

	db := openConns(t, 2)
	ctx := context.Background()
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	pc := conn.Conn().PgConn()
	n, ok := slotOf(pc)
	if !ok {
		t.Fatal("a connection of the pool has no number")
	}
	pc.CustomData()[slotKey] = figureParts + 1
	if got := partOf(pc, "acme", nil); got != 1 {
		t.Errorf("connection number %d: part %d, want 1", figureParts+1, got)
	}
	pc.CustomData()[slotKey] = n
}
