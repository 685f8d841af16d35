package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
)

// foldAll folds every delta of db's journal (foldFigures).
func foldAll(t testing.TB, db *DB) {
	t.Helper()
	if err := (&journalBackend{db: db}).foldFigures(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// countRows returns the count of the rows of table.
func countRows(t testing.TB, db *DB, table string) int {
	t.Helper()
	var n int
	if err := db.pool.QueryRow(context.Background(), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// sameFigures fails t unless the figures of tenant in got and want are
// the same.
func sameFigures(t *testing.T, what string, got, want journal.Store) {
	t.Helper()
	ctx := context.Background()
	g, err := got.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := want.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g, w) {
		t.Fatalf("%s: figures %+v, want %+v", what, g, w)
	}
}

// TestFigureDeltasReadBeforeAndAfterFold: a unit appends its figures to
// journal_figure_deltas and writes no row of journal_figures or
// journal_figure_months; the reads (Figures, AreaSums) add the deltas to
// the folded rows, so that they give the journal's figures (those of a
// journal in memory that stored the same units) before a fold and after
// it, sales, a second version, a reversal and a delete among them.
func TestFigureDeltasReadBeforeAndAfterFold(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 2)
	s, mem := db.Journal(), journal.NewMemory()
	both := func(do func(s journal.Store) error) {
		t.Helper()
		for _, st := range []journal.Store{s, mem} {
			if err := do(st); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range 12 {
		both(func(st journal.Store) error {
			_, err := st.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", i), "SO-1"))
			return err
		})
	}
	both(func(st journal.Store) error { _, err := st.Post(ctx, "acme", posting("INV-3", "SO-2")); return err })
	both(func(st journal.Store) error {
		_, err := st.Reverse(ctx, "acme", "INV-4", journal.Reversal{TransactionID: "INV-4-R"})
		return err
	})
	both(func(st journal.Store) error { return st.Delete(ctx, "acme", "INV-5") })
	spans := postEUSales(t, s, 40)
	postEUSales(t, mem, 40)

	if n := countRows(t, db, "journal_figures") + countRows(t, db, "journal_figure_months"); n != 0 {
		t.Fatalf("the units wrote %d folded rows, want none", n)
	}
	if countRows(t, db, "journal_figure_deltas") == 0 {
		t.Fatal("the units appended no delta")
	}
	sameFigures(t, "before the fold", s, mem)
	wantDaySums(t, s, spans)

	foldAll(t, db)
	if n := countRows(t, db, "journal_figure_deltas"); n != 0 {
		t.Fatalf("%d deltas after the fold, want none", n)
	}
	if countRows(t, db, "journal_figures") == 0 || countRows(t, db, "journal_figure_months") == 0 {
		t.Fatal("the fold wrote no folded row")
	}
	sameFigures(t, "after the fold", s, mem)
	wantDaySums(t, s, spans)

	// Units after the fold add deltas to the folded rows.
	for i := range 3 {
		both(func(st journal.Store) error {
			_, err := st.Post(ctx, "acme", posting(fmt.Sprintf("NEW-%d", i), "SO-3"))
			return err
		})
	}
	both(func(st journal.Store) error {
		_, err := st.Reverse(ctx, "acme", "INV-6", journal.Reversal{TransactionID: "INV-6-R"})
		return err
	})
	sameFigures(t, "after units that followed the fold", s, mem)
	wantDaySums(t, s, spans)

	// A rebuild's figures replace the folded rows and the deltas.
	figs, err := mem.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if err := (&journalBackend{db: db}).ReplaceFigures(ctx, "acme", figs[:1]); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, db, "journal_figure_deltas"); n != 0 {
		t.Fatalf("%d deltas after ReplaceFigures, want none", n)
	}
	got, err := s.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, figs[:1]) {
		t.Fatalf("figures after ReplaceFigures %+v, want %+v", got, figs[:1])
	}
}

// TestFigureDeltasFoldedByUnits: a node folds the deltas by itself
// after every unitsPerFold units with figures (storedFigures); units
// without figures do not count.
func TestFigureDeltasFoldedByUnits(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 1)
	s := journal.NewStore(&journalBackend{db: db, unitsPerFold: 4})
	for i := range 9 {
		if _, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", i), "SO-1")); err != nil {
			t.Fatal(err)
		}
		none := posting(fmt.Sprintf("NONE-%d", i), "SO-1")
		none.Lines[0].Taxes[0].JurisdictionID = "06"
		if _, err := s.Post(ctx, "acme", none); err != nil {
			t.Fatal(err)
		}
	}
	if n := countRows(t, db, "journal_figure_deltas"); n != 1 {
		t.Fatalf("%d deltas after 9 units with figures, 4 a fold, want 1", n)
	}
	checkPostedFigures(t, db, "acme", 9)
}

// TestFigureDeltasFoldedByTwoNodes: two nodes on one database post and
// fold at the same time, each after every few units and between them;
// every delta is folded once: the figures count every post, before the
// last fold and after it.
func TestFigureDeltasFoldedByTwoNodes(t *testing.T) {
	ctx := context.Background()
	first := openConns(t, 2)
	schema := strings.Trim(first.pool.Config().ConnConfig.RuntimeParams["search_path"], `"`)
	second, err := Open(ctx, pgtest.AdminURL(t), WithMaxConns(2), WithSchema(schema))
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	const perWriter = 40
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for n, db := range []*DB{first, second} {
		s := journal.NewStore(&journalBackend{db: db, unitsPerFold: 3})
		for w := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range perWriter {
					if _, err := s.Post(ctx, "acme", posting(fmt.Sprintf("N%d-W%d-%d", n, w, i), "SO-1")); err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := &journalBackend{db: db}
			for range 20 {
				if err := b.foldFigures(ctx); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	checkPostedFigures(t, first, "acme", 4*perWriter)
	foldAll(t, second)
	if n := countRows(t, first, "journal_figure_deltas"); n != 0 {
		t.Fatalf("%d deltas after the last fold, want none", n)
	}
	checkPostedFigures(t, first, "acme", 4*perWriter)
}

// BenchmarkJournalFiguresReadDeltas reads every figure of a tenant of
// two years, as the nexus report does, from folded rows of 45 states
// over 730 days in 8 parts each (262,800 rows: a journal of 1,000,000
// sales or more posted on 8 connections by an earlier Levy, whose units
// upserted the rows of their connection's part) or in part 0 alone
// (32,850 rows, as folds write them now) and, besides them, deltas that
// no fold has moved yet: none, or foldRows (a node about to fold),
// spread over the same states and days. Each is read by the statement
// of Figures (arrays) and, for comparison in the same run, by the
// GROUP BY that it replaced (grouped), a row per day.
func BenchmarkJournalFiguresReadDeltas(b *testing.B) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.AdminURL(b), WithSchema(fmt.Sprintf("b%d", schemas.Add(1))))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	s := db.Journal()
	from, to := civil.MustParse("2024-10-01"), civil.MustParse("2026-12-31")
	for _, parts := range []int{8, 1} {
		if _, err := db.pool.Exec(ctx, `TRUNCATE journal_figures`); err != nil {
			b.Fatal(err)
		}
		if _, err := db.pool.Exec(ctx, `INSERT INTO journal_figures (tenant, part, day, company, area, d_gross, d_taxable, d_count)
			SELECT 'bench', p, DATE '2025-01-01' + d, 'ACME', 'US-' || lpad(s::text, 2, '0'), 12345 * 40, 12345 * 40, 40
			FROM generate_series(0, $1 - 1) AS p, generate_series(0, 729) AS d, generate_series(1, 45) AS s`, parts); err != nil {
			b.Fatal(err)
		}
		if _, err := db.pool.Exec(ctx, "ANALYZE journal_figures"); err != nil {
			b.Fatal(err)
		}
		for _, deltas := range []int{0, foldRows} {
			if _, err := db.pool.Exec(ctx, `DELETE FROM journal_figure_deltas`); err != nil {
				b.Fatal(err)
			}
			if _, err := db.pool.Exec(ctx, `INSERT INTO journal_figure_deltas (tenant, part, day, company, area, d_gross, d_taxable, d_count)
				SELECT 'bench', 0, DATE '2025-01-01' + (i % 730), 'ACME', 'US-' || lpad((1 + i % 45)::text, 2, '0'), 12345, 12345, 1
				FROM generate_series(1, $1) AS i`, deltas); err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("parts=%d/deltas=%d/arrays", parts, deltas), func(b *testing.B) {
				for b.Loop() {
					n := 0
					if err := s.EachFigure(ctx, "bench", from, to, func(journal.Figure) error { n++; return nil }); err != nil {
						b.Fatal(err)
					}
					if n != 45*730 {
						b.Fatalf("%d figures, want %d", n, 45*730)
					}
				}
			})
			b.Run(fmt.Sprintf("parts=%d/deltas=%d/grouped", parts, deltas), func(b *testing.B) {
				for b.Loop() {
					if n := readGrouped(b, db, from, to); n != 45*730 {
						b.Fatalf("%d figures, want %d", n, 45*730)
					}
				}
			})
		}
	}
}

// groupedFiguresSQL is the read of every figure of tenant $1 from $2 to
// $3 before Figures read arrays: the server added the parts and the
// deltas up, a row per day, company and area.
var groupedFiguresSQL = `SELECT day, company, area, ` + sumsOfRows + `
	FROM (SELECT day, company, area, ` + numberColumns(allNumbers) + ` FROM journal_figures
		WHERE tenant = $1 AND day >= $2::date AND day <= $3::date
	UNION ALL
	SELECT day, company, area, ` + numberColumns(allNumbers) + ` FROM journal_figure_deltas
		WHERE tenant = $1 AND day >= $2::date AND day <= $3::date) AS x
	GROUP BY day, company, area`

// readGrouped reads the figures of tenant bench from from to to with
// groupedFiguresSQL, as Figures did, and returns their count.
func readGrouped(b *testing.B, db *DB, from, to civil.Date) int {
	b.Helper()
	rows, err := db.pool.Query(context.Background(), groupedFiguresSQL, "bench", from.String(), to.String())
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	var figs []journal.Figure
	for rows.Next() {
		var f journal.Figure
		var day time.Time
		if err := rows.Scan(append([]any{&day, &f.Company, &f.Area}, scanNumbers(&f.Direct, &f.Marketplace)...)...); err != nil {
			b.Fatal(err)
		}
		f.Day = civil.Of(day)
		figs = append(figs, f)
	}
	if err := rows.Err(); err != nil {
		b.Fatal(err)
	}
	return len(figs)
}
