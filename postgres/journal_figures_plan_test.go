package postgres

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
)

// planFigures returns the figures of tenant that the plan tests and
// benchmarks store: days from 2025-01-01 on, and on each day every one
// of companies companies in every one of areas areas, one row each.
func planFigures(days, companies, areas int) []journal.Figure {
	first := civil.MustParse("2025-01-01")
	var figs []journal.Figure
	for d := range days {
		for c := range companies {
			for a := range areas {
				n := int64(1 + d + c + a)
				figs = append(figs, journal.Figure{
					Day: first.AddDays(d), Company: fmt.Sprintf("C%d", c), Area: fmt.Sprintf("US-%02d", a),
					Direct: journal.Tally{Gross: 100 * n, Taxable: 90 * n, Exempt: 10 * n, Count: n},
				})
			}
		}
	}
	return figs
}

// figureBoundCases are the periods the plan tests and benchmarks read:
// one month with both bounds, from a day on, up to a day, and open.
var figureBoundCases = []struct {
	name     string
	from, to civil.Date
}{
	{"month", civil.MustParse("2025-06-01"), civil.MustParse("2025-06-30")},
	{"from", civil.MustParse("2026-04-01"), civil.Date{}},
	{"to", civil.Date{}, civil.MustParse("2025-01-31")},
	{"open", civil.Date{}, civil.Date{}},
}

// openGenericTest is openTest with every prepared statement planned
// generically from its first execution (plan_cache_mode), the plan that
// the server may choose for the driver's cached statements after five.
func openGenericTest(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), genericURL(t), WithSchema(fmt.Sprintf("t%d_%d", os.Getpid(), schemas.Add(1))))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// genericURL is the test cluster's URL with plan_cache_mode =
// force_generic_plan.
func genericURL(t testing.TB) string {
	return pgtest.AdminURL(t) + "&options=-c%20plan_cache_mode%3Dforce_generic_plan"
}

// planBenchDB opens a database of a schema of its own with one
// connection, as a product node's pool plans statements (the server's
// plan_cache_mode, auto), or every statement generically when
// LEVY_BENCH_GENERIC=1, for the benchmarks of the journal's statements;
// it closes when b ends.
func planBenchDB(b *testing.B) *DB {
	b.Helper()
	url := pgtest.AdminURL(b)
	if os.Getenv("LEVY_BENCH_GENERIC") == "1" {
		url = genericURL(b)
	}
	db, err := Open(context.Background(), url, WithSchema(fmt.Sprintf("b%d", schemas.Add(1))), WithMaxConns(1))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = db.Close() })
	return db
}

// TestJournalFiguresGenericPlan stores 6,000 figures of two tenants in
// PostgreSQL and in the memory journal, and reads them through the
// journal with every prepared statement planned generically: for every
// period (both bounds, one open, both open) and every query (every
// company, one company, one company's area), seven times each, more
// than the five executions after which the driver's cached statements
// may keep a generic plan, the figures are the memory journal's. Then
// it runs each statement's generic plan with EXPLAIN ANALYZE and checks
// that it reads from journal_figures the rows of its answer and no
// other: no row removed by a filter. A bound written as ($2 IS NULL OR
// day >= $2) fails that check, its plan reading all the tenant's days.
func TestJournalFiguresGenericPlan(t *testing.T) {
	ctx := context.Background()
	db := openGenericTest(t)
	pg, mem := db.Journal(), journal.NewMemory()
	t.Cleanup(func() { _ = mem.Close() })
	figs := planFigures(500, 3, 2)
	for _, s := range []journal.Store{pg, mem} {
		for _, tenant := range []string{"acme", "other"} {
			if err := s.ReplaceFigures(ctx, tenant, figs); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := db.pool.Exec(ctx, `ANALYZE journal_figures`); err != nil {
		t.Fatal(err)
	}
	collect := func(read func(fn func(journal.Figure) error) error) []journal.Figure {
		t.Helper()
		var out []journal.Figure
		if err := read(func(f journal.Figure) error {
			out = append(out, f)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return journal.MergeFigures(out)
	}
	queries := []struct {
		name string
		read func(s journal.Store, from, to civil.Date, fn func(journal.Figure) error) error
	}{
		{"every company", func(s journal.Store, from, to civil.Date, fn func(journal.Figure) error) error {
			return s.EachFigure(ctx, "acme", from, to, fn)
		}},
		{"one company", func(s journal.Store, from, to civil.Date, fn func(journal.Figure) error) error {
			return s.CompanyFigures(ctx, "acme", "C1", from, to, fn)
		}},
		{"one area", func(s journal.Store, from, to civil.Date, fn func(journal.Figure) error) error {
			return s.AreaFigures(ctx, "acme", "C2", "US-01", from, to, fn)
		}},
	}
	for round := range 7 {
		for _, b := range figureBoundCases {
			for _, q := range queries {
				got := collect(func(fn func(journal.Figure) error) error { return q.read(pg, b.from, b.to, fn) })
				want := collect(func(fn func(journal.Figure) error) error { return q.read(mem, b.from, b.to, fn) })
				if len(want) == 0 {
					t.Fatalf("%s, %s: the memory journal has no figures, the case tests nothing", q.name, b.name)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("round %d, %s, %s: PostgreSQL read %d figures, the memory journal %d (first %v and %v)",
						round+1, q.name, b.name, len(got), len(want), got[:min(1, len(got))], want[:1])
				}
			}
		}
	}

	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	statements := []struct {
		name, sql string
		extra     []string
	}{
		{"every company", allFiguresSQL, nil},
		{"one company", figuresOfCompanySQL, []string{"C1"}},
		{"one area", figuresOfAreaSQL, []string{"C2", "US-01"}},
	}
	for i, st := range statements {
		name := fmt.Sprintf("figures_plan_%d", i)
		if _, err := conn.Exec(ctx, `PREPARE `+name+` AS `+st.sql); err != nil {
			t.Fatal(err)
		}
		for _, b := range figureBoundCases {
			lo, hi := figureBounds(b.from, b.to)
			args := []any{"acme", lo, hi}
			for _, e := range st.extra {
				args = append(args, e)
			}
			plan := explainExecute(t, conn, name, args)
			read, removed, ok := relationScan(plan, "journal_figures")
			if !ok {
				t.Fatalf("%s, %s: the plan reads no journal_figures:\n%s", st.name, b.name, plan)
			}
			var want int
			for _, f := range figs {
				if (b.from.IsZero() || !f.Day.Before(b.from)) && (b.to.IsZero() || !b.to.Before(f.Day)) &&
					(len(st.extra) < 1 || f.Company == st.extra[0]) && (len(st.extra) < 2 || f.Area == st.extra[1]) {
					want++
				}
			}
			if removed != 0 || read != want {
				t.Errorf("%s, %s: the generic plan read %d rows of journal_figures and removed %d of them by a filter, want %d rows and none removed:\n%s",
					st.name, b.name, read, removed, want, plan)
			}
		}
	}
}

// explainExecute returns the JSON of EXPLAIN ANALYZE of the prepared
// statement name run with args, written as literals: a string quoted,
// nil as NULL.
func explainExecute(t *testing.T, conn *pgxpool.Conn, name string, args []any) string {
	t.Helper()
	lits := make([]string, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case nil:
			lits[i] = "NULL"
		case string:
			lits[i] = "'" + strings.ReplaceAll(a, "'", "''") + "'"
		default:
			t.Fatalf("explainExecute: argument %d is a %T", i+1, a)
		}
	}
	var plan string
	sql := `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ` + name + `(` + strings.Join(lits, ", ") + `)`
	if err := conn.QueryRow(context.Background(), sql).Scan(&plan); err != nil {
		t.Fatal(err)
	}
	return plan
}

// planNode is a node of a plan in EXPLAIN's JSON.
type planNode struct {
	Node     string     `json:"Node Type"`
	Index    string     `json:"Index Name"`
	Relation string     `json:"Relation Name"`
	Rows     float64    `json:"Actual Rows"`
	Loops    float64    `json:"Actual Loops"`
	Filtered float64    `json:"Rows Removed by Filter"`
	Rechecks float64    `json:"Rows Removed by Index Recheck"`
	Plans    []planNode `json:"Plans"`
}

// The statements of figures before their bounds were plain comparisons:
// an open bound was NULL, and each bound a disjunction ($2 IS NULL OR
// day >= $2). BenchmarkJournalFigureQueries runs them beside the
// statements of the journal.
const (
	oldFiguresSQL = `SELECT day, company, area, sum(d_gross)::bigint, sum(d_exempt)::bigint, sum(d_taxable)::bigint,
		sum(d_count)::bigint, sum(d_unconverted)::bigint, sum(m_gross)::bigint, sum(m_exempt)::bigint, sum(m_taxable)::bigint,
		sum(m_count)::bigint, sum(m_unconverted)::bigint
	FROM journal_figures WHERE tenant = $1
	AND ($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR day <= $3::date)`
	oldAllFiguresSQL       = oldFiguresSQL + ` GROUP BY day, company, area`
	oldFiguresOfCompanySQL = oldFiguresSQL + ` AND company = $4 GROUP BY day, company, area`
	oldFiguresOfAreaSQL    = oldFiguresSQL + ` AND ($4 = '' OR company = $5 AND area = $4) GROUP BY day, company, area`
)

// queryFigures runs a statement of figures and returns how many rows it
// answered, each scanned as Figures scans it.
func queryFigures(ctx context.Context, db *DB, sql string, args []any) (int, error) {
	rows, err := db.pool.Query(ctx, sql, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var f journal.Figure
		var day time.Time
		d, m := &f.Direct, &f.Marketplace
		if err := rows.Scan(&day, &f.Company, &f.Area, &d.Gross, &d.Exempt, &d.Taxable, &d.Count, &d.Unconverted,
			&m.Gross, &m.Exempt, &m.Taxable, &m.Count, &m.Unconverted); err != nil {
			return 0, err
		}
		n++
	}
	return n, rows.Err()
}

// BenchmarkJournalFigureQueries reads a tenant's 20,000 figures (500
// days, 8 companies, 5 areas, one part) with the statements of figures
// and, in the same run, with the old ones (oldFiguresSQL), alternating
// by slices of sliceOps, for each query (every company, one company, one
// company's area) and period of figureBoundCases (a month, from a day
// on, up to a day, open). The pool has one connection, which prepares
// each statement once and lets the server choose its plan as a product
// node's does (plan_cache_mode auto: after five executions the generic
// plan when it looks no dearer); LEVY_BENCH_GENERIC=1 plans generically
// from the first. ns/op is a read with the statement of the journal,
// old-ns/op one with the old statement, ratio old over new;
// generic/op and old-generic/op are the fractions of the executions of
// each that ran a generic plan (pg_prepared_statements). The first
// sub-benchmarks of every company log EXPLAIN ANALYZE of both generic
// plans.
func BenchmarkJournalFigureQueries(b *testing.B) {
	ctx := context.Background()
	db := planBenchDB(b)
	if err := db.Journal().ReplaceFigures(ctx, "acme", planFigures(500, 8, 5)); err != nil {
		b.Fatal(err)
	}
	if _, err := db.pool.Exec(ctx, `ANALYZE journal_figures`); err != nil {
		b.Fatal(err)
	}
	queries := []struct {
		name     string
		sql, old string
		extra    []any
		oldExtra []any
	}{
		{"all", allFiguresSQL, oldAllFiguresSQL, nil, nil},
		{"company", figuresOfCompanySQL, oldFiguresOfCompanySQL, []any{"C3"}, []any{"C3"}},
		{"area", figuresOfAreaSQL, oldFiguresOfAreaSQL, []any{"C3", "US-02"}, []any{"US-02", "C3"}},
	}
	for _, q := range queries {
		for _, c := range figureBoundCases {
			b.Run(q.name+"/"+c.name, func(b *testing.B) {
				lo, hi := figureBounds(c.from, c.to)
				args := append([]any{"acme", lo, hi}, q.extra...)
				oldArgs := append([]any{"acme", boundParam(c.from), boundParam(c.to)}, q.oldExtra...)
				if q.name == "all" {
					b.Logf("old statement, generic plan:\n%s", explainGeneric(b, db, q.old, oldArgs))
					b.Logf("new statement, generic plan:\n%s", explainGeneric(b, db, q.sql, args))
				}
				want, err := queryFigures(ctx, db, q.old, oldArgs)
				if err != nil {
					b.Fatal(err)
				}
				run := func(sql string, args []any, k int) time.Duration {
					start := time.Now()
					for range k {
						n, err := queryFigures(ctx, db, sql, args)
						if err != nil {
							b.Fatal(err)
						}
						if n != want {
							b.Fatalf("%d rows, want %d", n, want)
						}
					}
					return time.Since(start)
				}
				plans := func(sql string) (generic, custom float64) {
					if err := db.pool.QueryRow(ctx, `SELECT coalesce(sum(generic_plans), 0), coalesce(sum(custom_plans), 0)
						FROM pg_prepared_statements WHERE statement = $1`, sql).Scan(&generic, &custom); err != nil {
						b.Fatal(err)
					}
					return generic, custom
				}
				g0, c0 := plans(q.sql)
				og0, oc0 := plans(q.old)
				var a, o time.Duration
				b.ResetTimer()
				for done := 0; done < b.N; done += sliceOps {
					k := min(sliceOps, b.N-done)
					a += run(q.sql, args, k)
					o += run(q.old, oldArgs, k)
				}
				b.StopTimer()
				g1, c1 := plans(q.sql)
				og1, oc1 := plans(q.old)
				b.ReportMetric(float64(a.Nanoseconds())/float64(b.N), "ns/op")
				b.ReportMetric(float64(o.Nanoseconds())/float64(b.N), "old-ns/op")
				b.ReportMetric(float64(o)/float64(a), "ratio")
				b.ReportMetric((g1-g0)/max(1, g1-g0+c1-c0), "generic/op")
				b.ReportMetric((og1-og0)/max(1, og1-og0+oc1-oc0), "old-generic/op")
				b.Logf("%d figures answered", want)
			})
		}
	}
}

// explainGeneric returns EXPLAIN ANALYZE, in text, of the generic plan
// of sql run with args (literals: strings quoted, nil as NULL).
func explainGeneric(b *testing.B, db *DB, sql string, args []any) string {
	b.Helper()
	ctx := context.Background()
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Release()
	lits := make([]string, len(args))
	for i, a := range args {
		if s, ok := a.(string); ok {
			lits[i] = "'" + strings.ReplaceAll(s, "'", "''") + "'"
		} else {
			lits[i] = "NULL"
		}
	}
	var out []string
	for _, stmt := range []string{`SET plan_cache_mode = force_generic_plan`, `PREPARE explained AS ` + sql} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			b.Fatal(err)
		}
	}
	rows, err := conn.Query(ctx, `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) EXECUTE explained(`+strings.Join(lits, ", ")+`)`)
	if err != nil {
		b.Fatal(err)
	}
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			b.Fatal(err)
		}
		out = append(out, line)
	}
	if err := rows.Err(); err != nil {
		b.Fatal(err)
	}
	for _, stmt := range []string{`DEALLOCATE explained`, `RESET plan_cache_mode`} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			b.Fatal(err)
		}
	}
	return strings.Join(out, "\n")
}

// boundParam writes a bound of a period: nil (no bound) for the zero date.
func boundParam(d civil.Date) any {
	if d.IsZero() {
		return nil
	}
	return d.String()
}
