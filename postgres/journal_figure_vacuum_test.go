package postgres

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/levytax/levy/journal"
)

// waitVacuums waits, at most a minute, for the VACUUMs of
// journal_figure_deltas that db's folds asked for to end, and returns
// how many completed so far.
func waitVacuums(t *testing.T, db *DB) int64 {
	t.Helper()
	v := db.deltas
	v.mu.Lock()
	idle, running := v.idle, v.running
	v.mu.Unlock()
	if running {
		select {
		case <-idle:
		case <-time.After(time.Minute):
			t.Fatal("the VACUUM of journal_figure_deltas did not end within a minute")
		}
	}
	return v.runs.Load()
}

// deltaPages returns the size of journal_figure_deltas in pages.
func deltaPages(t *testing.T, db *DB) int64 {
	t.Helper()
	var n int64
	if err := db.pool.QueryRow(context.Background(), `SELECT pg_relation_size('journal_figure_deltas') / current_setting('block_size')::bigint`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestFigureDeltasVacuumed: the folds of a node leave no dead rows in
// journal_figure_deltas for the reads to scan. A VACUUM that truncates,
// after a fold of 20,000 deltas, gives the emptied table back whole (an
// unvacuumed table keeps every page of its dead rows); the VACUUMs that
// do not truncate leave the table at its size, and units posted after
// them fill the pages that the folds emptied: twelve units of 730
// figures, each folded and vacuumed, take the pages of about one, where
// without the VACUUMs the table grows by a unit's pages at every fold.
// The figures read are those of a journal in memory.
//
// A VACUUM leaves the dead rows that another transaction's snapshot
// still sees (a statement of the pool that began before the fold ended,
// an ANALYZE of autovacuum in the database) for the next one: the first
// part asks again, a few times, and the second allows the table the
// pages of three units.
func TestFigureDeltasVacuumed(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 2)
	v := db.deltas
	v.every, v.truncateEvery = time.Nanosecond, time.Nanosecond
	if _, err := db.pool.Exec(ctx, `ALTER TABLE journal_figure_deltas SET (autovacuum_enabled = false)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.pool.Exec(ctx, `INSERT INTO journal_figure_deltas (tenant, part, day, company, area, d_gross, d_count)
		SELECT 'other', 0, DATE '2025-01-01' + (i % 730), 'ACME', 'US-CA', 100, 1 FROM generate_series(1, 20000) AS i`); err != nil {
		t.Fatal(err)
	}
	bloated := deltaPages(t, db)
	foldAll(t, db)
	runs := waitVacuums(t, db)
	if runs != 1 {
		t.Fatalf("%d VACUUMs after a fold, want 1", runs)
	}
	for try := 0; deltaPages(t, db) > 0 && try < 5; try++ {
		v.request()
		runs = waitVacuums(t, db)
	}
	if n := deltaPages(t, db); n != 0 {
		t.Fatalf("journal_figure_deltas keeps %d pages after a fold of %d pages' deltas and %d VACUUMs that truncate, want 0", n, bloated, runs)
	}

	v.truncateEvery = time.Hour
	s := journal.NewStore(&journalBackend{db: db, rowsPerFold: 730})
	mem := journal.NewMemory()
	const units, per = 12, 730
	var first int64
	for u := range units {
		for _, st := range []journal.Store{s, mem} {
			if _, err := st.PostAll(ctx, "acme", spreadSales(u*per, per)); err != nil {
				t.Fatal(err)
			}
		}
		if n := waitVacuums(t, db); n != runs+int64(u)+1 {
			t.Fatalf("%d VACUUMs after %d more folds, want %d", n, u+1, runs+int64(u)+1)
		}
		if u == 0 {
			first = deltaPages(t, db)
		}
	}
	if rows := countRows(t, db, "journal_figure_deltas"); rows != 0 {
		t.Fatalf("%d deltas after every unit was folded, want none", rows)
	}
	if n := deltaPages(t, db); first == 0 || n > 3*first {
		t.Fatalf("journal_figure_deltas has %d pages after %d units of %d figures, each folded and vacuumed, against %d after the first: the folds' dead rows were not vacuumed", n, units, per, first)
	}
	sameFigures(t, "after folds and VACUUMs", s, mem)
}

// TestFigureDeltasVacuumClose: a fold within vacuumEvery of the last
// VACUUM asks for one that waits for its time; Close does not wait that
// long, and ends the goroutine that waits, and a fold after Close asks
// for nothing.
func TestFigureDeltasVacuumClose(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 2)
	s := db.Journal()
	v := db.deltas
	for i := range 2 {
		if _, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", i), "SO-1")); err != nil {
			t.Fatal(err)
		}
		foldAll(t, db)
		if i == 0 {
			if n := waitVacuums(t, db); n != 1 {
				t.Fatalf("%d VACUUMs after a fold, want 1", n)
			}
		}
	}
	v.mu.Lock()
	idle, running, pending := v.idle, v.running, v.pending
	v.mu.Unlock()
	if !running || !pending {
		t.Fatalf("a second fold at once: running %t, pending %t, want a VACUUM waiting for its time", running, pending)
	}
	start := time.Now()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > vacuumEvery/2 {
		t.Fatalf("Close took %s with a VACUUM waiting for its time", took)
	}
	select {
	case <-idle:
	default:
		t.Fatal("the VACUUM's goroutine runs after Close")
	}
	if n := v.runs.Load(); n != 1 {
		t.Fatalf("%d VACUUMs, want the first fold's alone", n)
	}
	v.request()
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.running {
		t.Fatal("a request after Close started a VACUUM")
	}
}

// TestFigureDeltasVacuumedAfterReplace: ReplaceFigures deletes the
// tenant's deltas as a fold does, and asks for the VACUUM that clears
// their dead rows.
func TestFigureDeltasVacuumedAfterReplace(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 2)
	db.deltas.every = time.Nanosecond
	if _, err := db.pool.Exec(ctx, `INSERT INTO journal_figure_deltas (tenant, part, day, company, area, d_gross, d_count)
		SELECT 'acme', 0, DATE '2025-01-01' + (i % 730), 'ACME', 'US-CA', 100, 1 FROM generate_series(1, 2000) AS i`); err != nil {
		t.Fatal(err)
	}
	if err := (&journalBackend{db: db}).ReplaceFigures(ctx, "acme", nil); err != nil {
		t.Fatal(err)
	}
	if runs := waitVacuums(t, db); runs != 1 {
		t.Fatalf("%d VACUUMs after ReplaceFigures deleted 2,000 deltas, want 1", runs)
	}
	if rows := countRows(t, db, "journal_figure_deltas"); rows != 0 {
		t.Fatalf("%d deltas after ReplaceFigures, want none", rows)
	}
}
