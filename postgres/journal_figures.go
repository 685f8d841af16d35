package postgres

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The sales figures live in journal_figures (migrations/007), one row per
// tenant, day, company and area. A unit adds its figures with one upsert
// that adds to the row's numbers, in the unit's transaction, the rows in
// key order so that two units that add to the same rows take their locks
// in the same order.

// upsertFigures adds the figures of a unit: the tenant, then one array
// per column.
const upsertFigures = `INSERT INTO journal_figures AS f (tenant, day, company, area,
		d_gross, d_exempt, d_taxable, d_count, d_unconverted, m_gross, m_exempt, m_taxable, m_count, m_unconverted)
	SELECT $1, u.day::date, u.company, u.area, u.dg, u.de, u.dt, u.dc, u.du, u.mg, u.me, u.mt, u.mc, u.mu
	FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[],
		$10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[])
		AS u(day, company, area, dg, de, dt, dc, du, mg, me, mt, mc, mu)
	ON CONFLICT (tenant, day, company, area) DO UPDATE SET
		d_gross = f.d_gross + EXCLUDED.d_gross, d_exempt = f.d_exempt + EXCLUDED.d_exempt,
		d_taxable = f.d_taxable + EXCLUDED.d_taxable, d_count = f.d_count + EXCLUDED.d_count,
		d_unconverted = f.d_unconverted + EXCLUDED.d_unconverted,
		m_gross = f.m_gross + EXCLUDED.m_gross, m_exempt = f.m_exempt + EXCLUDED.m_exempt,
		m_taxable = f.m_taxable + EXCLUDED.m_taxable, m_count = f.m_count + EXCLUDED.m_count,
		m_unconverted = f.m_unconverted + EXCLUDED.m_unconverted`

// AddFigures implements journal.State: the figures are kept until the
// unit's writes are sent.
func (s *journalState) AddFigures(figs []journal.Figure) error {
	if !s.write {
		return errReadOnly
	}
	s.figures = append(s.figures, figs...)
	return nil
}

// queueFigures queues on b the upsert of the unit's figures, if any.
func queueFigures(b *pgx.Batch, tenant string, figs []journal.Figure) {
	figs = journal.MergeFigures(slices.Clone(figs))
	if len(figs) == 0 {
		return
	}
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
	args := []any{tenant, days, companies, areas}
	for i := range cols {
		args = append(args, cols[i])
	}
	b.Queue(upsertFigures, args...)
}

// Figures implements journal.Backend, in one statement.
func (b *journalBackend) Figures(ctx context.Context, tenant string, q journal.FigureQuery, fn func(journal.Figure) error) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	var figs []journal.Figure
	err := b.db.retry(ctx, "figures", nil, func() error {
		figs = figs[:0]
		rows, err := b.db.pool.Query(ctx, `SELECT day, company, area, d_gross, d_exempt, d_taxable, d_count, d_unconverted,
				m_gross, m_exempt, m_taxable, m_count, m_unconverted
			FROM journal_figures WHERE tenant = $1
			AND ($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR day <= $3::date)
			AND ($4 = '' OR company = $5 AND area = $4)`,
			tenant, boundParam(q.From), boundParam(q.To), q.Area, q.Company)
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

// ReplaceFigures implements journal.Backend, in one transaction.
func (b *journalBackend) ReplaceFigures(ctx context.Context, tenant string, figs []journal.Figure) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	return b.db.tx(ctx, "replace figures", pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM journal_figures WHERE tenant = $1`, tenant); err != nil {
			return err
		}
		var batch pgx.Batch
		queueFigures(&batch, tenant, figs)
		if batch.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, &batch).Close()
	})
}
