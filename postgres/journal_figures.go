package postgres

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The sales figures live in journal_figures (migrations/007), one row per
// tenant, day, company, area and part. A unit adds its figures to the
// rows of its part (figurePart: a hash of its first transaction ID), so
// that units posting into the same state on the same day, which a busy
// seller's are, mostly add to different rows and do not wait for each
// other's row locks; a read adds the parts up. The upsert adds to a
// row's numbers in the unit's transaction, the rows in key order, so
// that two units of one part take their locks in the same order. A
// unit that creates one transaction ID writes its version, its head and
// its figures in one statement (insertFirstVersionFigures).

// The figures of AreaEU have monthly totals as well, in
// journal_figure_months (migrations/008): a unit adds to the month's row
// of its part what it adds to the days (unitFigures), in the same
// statement, after the days (upsertFiguresMonths), so that every unit
// takes the row locks of its days before those of its months. A calculation of an
// EU distance sale adds up more than a year of them (AreaSums), and then
// reads the months it holds whole from the totals, the others day by day.

// figureParts is the number of parts of a day's figures.
const figureParts = 8

// figurePart returns the part a unit over ids adds its figures to.
func figurePart(tenant string, ids []string) int16 {
	if len(ids) == 0 {
		return 0
	}
	h := fnv.New32a()
	h.Write([]byte(tenant))
	h.Write([]byte{0})
	h.Write([]byte(ids[0]))
	return int16(h.Sum32() % figureParts)
}

// addTallies is the SET list of the conflict clauses of the upserts of
// figures and of monthly totals: a row already there takes the sums.
const addTallies = `
		d_gross = f.d_gross + EXCLUDED.d_gross, d_exempt = f.d_exempt + EXCLUDED.d_exempt,
		d_taxable = f.d_taxable + EXCLUDED.d_taxable, d_count = f.d_count + EXCLUDED.d_count,
		d_unconverted = f.d_unconverted + EXCLUDED.d_unconverted,
		m_gross = f.m_gross + EXCLUDED.m_gross, m_exempt = f.m_exempt + EXCLUDED.m_exempt,
		m_taxable = f.m_taxable + EXCLUDED.m_taxable, m_count = f.m_count + EXCLUDED.m_count,
		m_unconverted = f.m_unconverted + EXCLUDED.m_unconverted`

// insertFigures and addFigures begin and end the upserts of figures:
// the columns, and the sums that a row already there takes.
const (
	insertFigures = `INSERT INTO journal_figures AS f (tenant, part, day, company, area,
		d_gross, d_exempt, d_taxable, d_count, d_unconverted, m_gross, m_exempt, m_taxable, m_count, m_unconverted)`
	addFigures = `
	ON CONFLICT (tenant, day, company, area, part) DO UPDATE SET` + addTallies
)

// upsertFiguresSQL returns the upsert of a unit's figures whose
// parameters start at $first: the tenant, the part, then one array per
// column.
func upsertFiguresSQL(first int) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	return insertFigures + `
	SELECT ` + p(0) + `, ` + p(1) + `, u.day::date, u.company, u.area, u.dg, u.de, u.dt, u.dc, u.du, u.mg, u.me, u.mt, u.mc, u.mu
	FROM unnest(` + p(2) + `::text[], ` + p(3) + `::text[], ` + p(4) + `::text[], ` + p(5) + `::bigint[], ` + p(6) + `::bigint[], ` +
		p(7) + `::bigint[], ` + p(8) + `::bigint[], ` + p(9) + `::bigint[], ` + p(10) + `::bigint[], ` + p(11) + `::bigint[], ` +
		p(12) + `::bigint[], ` + p(13) + `::bigint[], ` + p(14) + `::bigint[])
		AS u(day, company, area, dg, de, dt, dc, du, mg, me, mt, mc, mu)
	ORDER BY u.day, u.company, u.area
` + addFigures
}

// addMonths is the conflict clause of the upserts of monthly totals.
const addMonths = `
	ON CONFLICT (tenant, company, area, month, part) DO UPDATE SET` + addTallies

// insertMonths begins the upserts of monthly totals.
const insertMonths = `INSERT INTO journal_figure_months AS f (tenant, part, month, company, area,
		d_gross, d_exempt, d_taxable, d_count, d_unconverted, m_gross, m_exempt, m_taxable, m_count, m_unconverted)`

// The upserts of a unit's figures with their monthly totals, in one
// statement: the days' upsert is a WITH query d (RETURNING a row per
// day), and the months' upsert writes only when the count of d's rows
// is not zero, so that d has run to its end, every day's row lock
// taken, before the first month's row is written. Every unit thus takes its days' locks before
// its months', each in key order, and two units of one part cannot
// wait for each other. The months' rows are the days' parameters again,
// those of the areas that keep months (keepsMonths), added up by month.

// monthsOfArraysSQL returns the upsert of the monthly totals of the
// arrays of upsertFiguresSQL(first), after d.
func monthsOfArraysSQL(first int) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	return insertMonths + `
	SELECT ` + p(0) + `, ` + p(1) + `, date_trunc('month', u.day::date)::date, u.company, u.area,
		sum(u.dg), sum(u.de), sum(u.dt), sum(u.dc), sum(u.du), sum(u.mg), sum(u.me), sum(u.mt), sum(u.mc), sum(u.mu)
	FROM unnest(` + p(2) + `::text[], ` + p(3) + `::text[], ` + p(4) + `::text[], ` + p(5) + `::bigint[], ` + p(6) + `::bigint[], ` +
		p(7) + `::bigint[], ` + p(8) + `::bigint[], ` + p(9) + `::bigint[], ` + p(10) + `::bigint[], ` + p(11) + `::bigint[], ` +
		p(12) + `::bigint[], ` + p(13) + `::bigint[], ` + p(14) + `::bigint[])
		AS u(day, company, area, dg, de, dt, dc, du, mg, me, mt, mc, mu),
		(SELECT count(*) AS n FROM d) AS done
	WHERE done.n > 0 AND u.area = '` + journal.AreaEU + `'
	GROUP BY 3, u.company, u.area
	ORDER BY u.company, u.area, 3
` + addMonths
}

// monthOfOneSQL returns the upsert of the monthly total of the figure of
// upsertOneSQL(first), after d.
func monthOfOneSQL(first int) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	vals := []string{p(0), p(1), "date_trunc('month', " + p(2) + "::date)::date", p(3), p(4)}
	for i := 5; i < 15; i++ {
		vals = append(vals, p(i)+"::bigint")
	}
	return insertMonths + `
	SELECT ` + strings.Join(vals, ", ") + ` FROM (SELECT count(*) AS n FROM d) AS done WHERE done.n > 0
` + addMonths
}

// keepsMonths reports whether the figures of area have monthly totals
// (journal.KeepsMonthTotals).
func keepsMonths(area string) bool { return journal.KeepsMonthTotals(area) }

// unitFigures returns a unit's figures added up by key (MergeFigures,
// in a copy: figs are left as they are), and whether they add anything
// to a monthly total: whether those of a company in an area that keeps
// them (keepsMonths) add up to something over a month. The statement of
// the unit then writes the months as well. It merges once: the merged
// figures hold a company's month in an area side by side (the order of
// CompareFigureKeys), so the months are added up in one pass over them.
func unitFigures(figs []journal.Figure) (merged []journal.Figure, months bool) {
	merged = journal.MergeFigures(slices.Clone(figs))
	for i := 0; i < len(merged) && !months; {
		f := &merged[i]
		if !keepsMonths(f.Area) {
			i++
			continue
		}
		var sum journal.Sum
		j := i
		for ; j < len(merged) && merged[j].Company == f.Company && merged[j].Area == f.Area &&
			merged[j].Day.Year == f.Day.Year && merged[j].Day.Month == f.Day.Month; j++ {
			sum = sum.AddFigure(&merged[j])
		}
		months = sum != journal.Sum{}
		i = j
	}
	return merged, months
}

// upsertOneSQL returns the upsert of one figure whose parameters start
// at $first: the tenant, the part, the day, the company, the area, then
// the ten numbers.
func upsertOneSQL(first int) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	vals := []string{p(0), p(1), p(2) + "::date", p(3), p(4)}
	for i := 5; i < 15; i++ {
		vals = append(vals, p(i)+"::bigint")
	}
	return insertFigures + `
	VALUES (` + strings.Join(vals, ", ") + `)
` + addFigures
}

// insertFirstVersionFigure is insertFirstVersion with one figure, the
// common unit (a sale into one state): its arguments, then those of
// upsertOneSQL (the tenant again, the part, the figure).
var insertFirstVersionFigure = `WITH v AS (INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, $3, $4::jsonb)),
	h AS (INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date) VALUES ($1, $2, $5, $6, $7, $8::date))
	` + upsertOneSQL(9)

// insertFirstVersionFigureMonth is insertFirstVersionFigure with the
// figure's monthly total, of the same arguments.
var insertFirstVersionFigureMonth = `WITH v AS (INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, $3, $4::jsonb)),
	h AS (INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date) VALUES ($1, $2, $5, $6, $7, $8::date)),
	d AS (` + upsertOneSQL(9) + ` RETURNING 1)
	` + monthOfOneSQL(9)

// insertFirstVersionFiguresMonths is insertFirstVersionFigures with the
// figures' monthly totals, of the same arguments.
var insertFirstVersionFiguresMonths = `WITH v AS (INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, $3, $4::jsonb)),
	h AS (INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date) VALUES ($1, $2, $5, $6, $7, $8::date)),
	d AS (` + upsertFiguresSQL(9) + ` RETURNING 1)
	` + monthsOfArraysSQL(9)

// oneFigureArgs returns the arguments of upsertOneSQL after the tenant.
func oneFigureArgs(part int16, f *journal.Figure) []any {
	return []any{part, f.Day.String(), f.Company, f.Area, f.Direct.Gross, f.Direct.Exempt, f.Direct.Taxable, f.Direct.Count,
		f.Direct.Unconverted, f.Marketplace.Gross, f.Marketplace.Exempt, f.Marketplace.Taxable, f.Marketplace.Count, f.Marketplace.Unconverted}
}

// upsertFigures is the upsert as a statement of its own, and
// upsertFiguresMonths with the monthly totals.
var (
	upsertFigures       = upsertFiguresSQL(1)
	upsertFiguresMonths = `WITH d AS (` + upsertFiguresSQL(1) + ` RETURNING 1)
	` + monthsOfArraysSQL(1)
)

// insertFirstVersionFigures is insertFirstVersion with the unit's
// figures: its arguments, then those of the upsert (the tenant again,
// the part, the arrays).
var insertFirstVersionFigures = `WITH v AS (INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, $3, $4::jsonb)),
	h AS (INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date) VALUES ($1, $2, $5, $6, $7, $8::date))
	` + upsertFiguresSQL(9)

// AddFigures implements journal.State: the figures are kept until the
// unit's writes are sent.
func (s *journalState) AddFigures(figs []journal.Figure) error {
	if !s.write {
		return errReadOnly
	}
	s.figures = append(s.figures, figs...)
	return nil
}

// figureArgs returns the upsert's arguments for figs in part: the
// tenant is not among them. figs are a unit's merged figures
// (unitFigures), which it sorts by day.
func figureArgs(part int16, figs []journal.Figure) []any {
	slices.SortFunc(figs, func(a, c journal.Figure) int {
		if x := a.Day.Compare(c.Day); x != 0 {
			return x
		}
		if x := cmp.Compare(a.Company, c.Company); x != 0 {
			return x
		}
		return cmp.Compare(a.Area, c.Area)
	})
	n := len(figs)
	days, companies, areas := make([]string, n), make([]string, n), make([]string, n)
	var cols [10][]int64
	for i := range cols {
		cols[i] = make([]int64, n)
	}
	for i, f := range figs {
		days[i], companies[i], areas[i] = f.Day.String(), f.Company, f.Area
		for k, v := range []int64{f.Direct.Gross, f.Direct.Exempt, f.Direct.Taxable, f.Direct.Count, f.Direct.Unconverted,
			f.Marketplace.Gross, f.Marketplace.Exempt, f.Marketplace.Taxable, f.Marketplace.Count, f.Marketplace.Unconverted} {
			cols[k][i] = v
		}
	}
	args := []any{part, days, companies, areas}
	for i := range cols {
		args = append(args, cols[i])
	}
	return args
}

// queueFigures queues on b the upsert of figs in part, if any, with
// their monthly totals if they have any.
func queueFigures(b *pgx.Batch, tenant string, part int16, figs []journal.Figure) {
	merged, months := unitFigures(figs)
	if len(merged) == 0 {
		return
	}
	sql := upsertFigures
	if months {
		sql = upsertFiguresMonths
	}
	b.Queue(sql, append([]any{tenant}, figureArgs(part, merged)...)...)
}

// figuresSQL reads the figures of tenant ($1) whose day lies from $2 to
// $3, their parts added up; the queries of one company
// (figuresOfCompanySQL) and of one company's area (figuresOfAreaSQL)
// follow it with their conditions and the grouping. An open bound is
// sent as -infinity or infinity (figureBounds), never as NULL: the
// predicates are plain comparisons with the key's columns, so that every
// plan, the generic one that a prepared statement keeps after five
// executions as well, reads the primary key's range of the tenant's days
// and no row outside it. A bound that may be NULL ($2 IS NULL OR day >=
// $2) leaves the generic plan only the tenant's prefix of the key, all
// of the tenant's days read and filtered.
const figuresSQL = `SELECT day, company, area, sum(d_gross)::bigint, sum(d_exempt)::bigint, sum(d_taxable)::bigint,
		sum(d_count)::bigint, sum(d_unconverted)::bigint, sum(m_gross)::bigint, sum(m_exempt)::bigint, sum(m_taxable)::bigint,
		sum(m_count)::bigint, sum(m_unconverted)::bigint
	FROM journal_figures WHERE tenant = $1 AND day >= $2::date AND day <= $3::date`

// The queries of figures: every company's, those of one company ($4) in
// every area, those of one company ($4) in one area ($5). Each is a
// statement of its own with plain conditions, so that the plan checks
// the company (and the area) in the key's index and reads no other
// company's rows.
const (
	allFiguresSQL       = figuresSQL + ` GROUP BY day, company, area`
	figuresOfCompanySQL = figuresSQL + ` AND company = $4 GROUP BY day, company, area`
	figuresOfAreaSQL    = figuresSQL + ` AND company = $4 AND area = $5 GROUP BY day, company, area`
)

// figureBounds returns the parameters $2 and $3 of figuresSQL for the
// period from to to: a zero date, an open bound, is -infinity (from) or
// infinity (to), which every stored day lies between.
func figureBounds(from, to civil.Date) (lo, hi string) {
	lo, hi = "-infinity", "infinity"
	if !from.IsZero() {
		lo = from.String()
	}
	if !to.IsZero() {
		hi = to.String()
	}
	return lo, hi
}

// storableText reports whether PostgreSQL can hold s in a text column:
// valid UTF-8 without a NUL. A company code that is not has no figures.
func storableText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// Figures implements journal.Backend, in one statement that adds the
// parts up.
func (b *journalBackend) Figures(ctx context.Context, tenant string, q journal.FigureQuery, fn func(journal.Figure) error) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	if q.ByCompany() && (!storableText(q.Company) || !storableText(q.Area)) {
		return nil
	}
	lo, hi := figureBounds(q.From, q.To)
	sql, args := allFiguresSQL, []any{tenant, lo, hi}
	switch {
	case q.Area != "":
		sql, args = figuresOfAreaSQL, append(args, q.Company, q.Area)
	case q.OneCompany:
		sql, args = figuresOfCompanySQL, append(args, q.Company)
	}
	var figs []journal.Figure
	err := b.db.retry(ctx, "figures", nil, func() error {
		figs = figs[:0]
		rows, err := b.db.pool.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var f journal.Figure
			var day time.Time
			d, m := &f.Direct, &f.Marketplace
			if err := rows.Scan(&day, &f.Company, &f.Area, &d.Gross, &d.Exempt, &d.Taxable, &d.Count, &d.Unconverted,
				&m.Gross, &m.Exempt, &m.Taxable, &m.Count, &m.Unconverted); err != nil {
				return err
			}
			f.Day = civil.Of(day)
			if !f.IsZero() {
				figs = append(figs, f)
			}
		}
		return rows.Err()
	})
	if err != nil {
		return wrap("figures", err)
	}
	for _, f := range figs {
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

// ReplaceFigures implements journal.Backend, in one transaction: the
// figures go to part 0.
func (b *journalBackend) ReplaceFigures(ctx context.Context, tenant string, figs []journal.Figure) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	return b.db.tx(ctx, "replace figures", pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM journal_figures WHERE tenant = $1`, tenant); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM journal_figure_months WHERE tenant = $1`, tenant); err != nil {
			return err
		}
		var batch pgx.Batch
		queueFigures(&batch, tenant, 0, figs)
		if batch.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, &batch).Close()
	})
}

// sumsSQL reads, in one statement, the monthly totals of company ($2)
// in area ($3) of the months $4 and the days' figures in the ranges from
// $5 to $6, each row a month's (true) or a day's (false), its parts
// added up. Each month and each range is looked up in its table's key
// on its own (LATERAL, OFFSET 0 so that the planner keeps it a lookup):
// the plan that the driver's prepared statement keeps for any
// parameters (a generic plan) otherwise reads every row of the seller's
// area and filters them, which costs a seller with years of sales more
// than the read of every day that the totals replace.
const sumsSQL = `SELECT true, m.month, sum(x.d_gross)::bigint, sum(x.d_exempt)::bigint, sum(x.d_taxable)::bigint,
		sum(x.d_count)::bigint, sum(x.d_unconverted)::bigint, sum(x.m_gross)::bigint, sum(x.m_exempt)::bigint,
		sum(x.m_taxable)::bigint, sum(x.m_count)::bigint, sum(x.m_unconverted)::bigint
	FROM unnest($4::date[]) AS m(month),
		LATERAL (SELECT * FROM journal_figure_months
			WHERE tenant = $1 AND company = $2 AND area = $3 AND month = m.month OFFSET 0) AS x
	GROUP BY m.month
	UNION ALL
	SELECT false, x.day, sum(x.d_gross)::bigint, sum(x.d_exempt)::bigint, sum(x.d_taxable)::bigint,
		sum(x.d_count)::bigint, sum(x.d_unconverted)::bigint, sum(x.m_gross)::bigint, sum(x.m_exempt)::bigint,
		sum(x.m_taxable)::bigint, sum(x.m_count)::bigint, sum(x.m_unconverted)::bigint
	FROM unnest($5::date[], $6::date[]) AS r(lo, hi),
		LATERAL (SELECT * FROM journal_figures
			WHERE tenant = $1 AND day BETWEEN r.lo AND r.hi AND company = $2 AND area = $3 OFFSET 0) AS x
	GROUP BY x.day`

// AreaSums implements journal.Backend, in one statement: of an area that
// keeps monthly totals, the months that every span touching them holds
// whole from the totals and the others' days, of another area every
// day the spans touch.
func (b *journalBackend) AreaSums(ctx context.Context, tenant, company, area string, spans []journal.Span) ([]journal.Sum, error) {
	if b.closed.Load() {
		return nil, journal.ErrClosed
	}
	plan := journal.PlanMonthReads(spans)
	whole, partial := plan.Whole, plan.Partial
	if !keepsMonths(area) {
		whole, partial = nil, slices.Concat(plan.Whole, plan.Partial)
		slices.SortFunc(partial, civil.Date.Compare)
	}
	months := make([]string, len(whole))
	for i, m := range whole {
		months[i] = m.String()
	}
	// The months read day by day, as ranges of days, the months that
	// follow each other joined.
	var los, his []string
	for i := 0; i < len(partial); {
		j := i + 1
		for j < len(partial) && partial[j] == civil.New(partial[j-1].Year, partial[j-1].Month+1, 1) {
			j++
		}
		last := civil.New(partial[j-1].Year, partial[j-1].Month+1, 1).AddDays(-1)
		los, his = append(los, partial[i].String()), append(his, last.String())
		i = j
	}
	var sums []journal.Sum
	err := b.db.retry(ctx, "sums", nil, func() error {
		sums = make([]journal.Sum, len(spans))
		rows, err := b.db.pool.Query(ctx, sumsSQL, tenant, company, area, months, los, his)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var isMonth bool
			var day time.Time
			var s journal.Sum
			d, m := &s.Direct, &s.Marketplace
			if err := rows.Scan(&isMonth, &day, &d.Gross, &d.Exempt, &d.Taxable, &d.Count, &d.Unconverted,
				&m.Gross, &m.Exempt, &m.Taxable, &m.Count, &m.Unconverted); err != nil {
				return err
			}
			if isMonth {
				journal.AddMonth(sums, spans, civil.Of(day), s)
				continue
			}
			f := journal.Figure{Company: company, Area: area, Day: civil.Of(day), Direct: s.Direct, Marketplace: s.Marketplace}
			journal.AddDay(sums, spans, &f)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, wrap("sums", err)
	}
	return sums, nil
}
