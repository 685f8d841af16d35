package postgres

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/journal"
)

// A unit appends its figures to journal_figure_deltas (migrations/012)
// with a plain INSERT, in the statement of its versions and heads when
// it creates one ID (figureStatements.first), and adds nothing to the
// rows of journal_figures and journal_figure_months: the INSERT ... ON
// CONFLICT DO UPDATE that did cost the server some 20 µs of a post's
// 80 (its executor's set-up, the probe of the key, the row's lock and
// update); an INSERT into a table without an index costs a few. Every
// read adds the deltas to the folded rows (figuresSQL, sumsSQL), and a
// fold (foldFigures) moves them there from time to time.
//
// An INSERT cannot overflow: a unit's merged figures are held within
// ±maxUnits in the client (journal.MergeFigures). The sums of the
// deltas and the rows, in the reads and in the fold, are computed in
// numeric and held within ±maxUnits: a figure whose sums stay within the
// bound, which every real one does, reads the same exact numbers before
// a fold and after it.

// foldEvery is how many units with figures a node stores between two
// folds (foldFigures), which keeps journal_figure_deltas at a few
// thousand rows per node. With a fold every 256 units a post with
// figures cost more than with the upsert of the rows it replaced
// (BenchmarkJournalPostFiguresCPU, cpu-ratio 1.21 to 1.30 against 1.17
// to 1.26), every 2048 units less (1.10 to 1.16). Most of a fold's cost
// then was its statement's parse and plan, 3 to 8 ms of the server's
// CPU however few deltas it moved; prepared (foldFiguresSQL), a fold of
// 16 deltas costs 0.3 to 0.9 ms once the connection keeps the generic
// plan (after its fifth fold), and a fold of 2048 some 4 µs a delta
// (BenchmarkJournalFigureFoldCPU).
const foldEvery = 2048

// insertDeltas begins the inserts of the numbers nums of figures into
// journal_figure_deltas.
func insertDeltas(nums numberSet) string {
	return `INSERT INTO journal_figure_deltas (tenant, part, day, company, area, ` + numberColumns(nums) + `)`
}

// deltaRowsSQL returns the insert of the numbers nums of a unit's n
// figures (1 to smallFigures) whose parameters start at $first: the
// tenant, the part, then figureParamsOf(nums) per figure, a row of
// VALUES each.
func deltaRowsSQL(first, n int, nums numberSet) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	per := figureParamsOf(nums)
	rows := make([]string, n)
	for r := range n {
		at := 2 + per*r
		vals := []string{p(0), p(1), p(at) + "::date", p(at + 1), p(at + 2)}
		for i := 3; i < per; i++ {
			vals = append(vals, p(at+i)+"::bigint")
		}
		rows[r] = "(" + strings.Join(vals, ", ") + ")"
	}
	return insertDeltas(nums) + `
	VALUES ` + strings.Join(rows, ",\n\t\t")
}

// deltaArraysSQL returns the insert of a unit's figures of every number
// whose parameters start at $first: the tenant, the part, then one array
// per column (figureArrays).
func deltaArraysSQL(first int) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	return insertDeltas(allNumbers) + `
	SELECT ` + p(0) + `, ` + p(1) + `, u.day::date, u.company, u.area, ` + numbersOfU(allNumbers) + `
	FROM ` + figureArrays(first)
}

// newDeltaStatements returns the statements of the insert insert(first)
// of a unit's figures, first the number of its first parameter: alone
// and after the first version of an ID. They write no monthly total (a
// fold does), and have no held form: they are their own.
func newDeltaStatements(insert func(first int) string) *figureStatements {
	st := &figureStatements{alone: insert(1), first: firstVersionWith + `
	` + insert(9)}
	st.aloneMonths, st.firstMonths = st.alone, st.first
	st.held = st
	return st
}

// arrayDeltaSQL are the statements of a unit of more than smallFigures
// figures.
var arrayDeltaSQL = newDeltaStatements(deltaArraysSQL)

// scalarDeltaSets are the statements of deltaSQL of scalars by set of
// numbers, of[n-1] those of n figures, each built the first time a unit
// needs it.
var scalarDeltaSets [allNumbers + 1]struct {
	once sync.Once
	of   [smallFigures]*figureStatements
}

// deltaSQL returns the statements that append a unit's n figures, n >
// 0, to journal_figure_deltas, of which a unit of at most scalars
// figures takes scalar parameters (scalarForm), of the numbers nums
// (unitNumbers): the arguments are those of figureSQL.
func deltaSQL(n, scalars int, nums numberSet) *figureStatements {
	if !scalarForm(n, scalars) {
		return arrayDeltaSQL
	}
	sets := &scalarDeltaSets[nums]
	sets.once.Do(func() {
		for k := 1; k <= smallFigures; k++ {
			sets.of[k-1] = newDeltaStatements(func(first int) string { return deltaRowsSQL(first, k, nums) })
		}
	})
	return sets.of[n-1]
}

// queueDeltas queues on b the insert of a unit's figures figs in part
// into journal_figure_deltas, if they add anything.
func queueDeltas(b *pgx.Batch, tenant string, part int16, figs []journal.Figure, scalars int) {
	merged, _ := unitFigures(figs)
	if len(merged) == 0 {
		return
	}
	nums := unitNumbers(merged, scalars)
	args := make([]any, 1, 1+figureArgCount(len(merged), scalars, nums))
	args[0] = tenant
	b.Queue(deltaSQL(len(merged), scalars, nums).alone, appendFigureArgs(args, part, merged, scalars, nums)...)
}

// foldLock is the name of the advisory lock under which a fold runs
// (foldFigures), which the nodes of one database share, and which
// ReplaceFigures takes as well.
const foldLock = "levy-journal-figure-fold"

// foldFiguresSQL moves every delta into the folded tables in one
// statement: it deletes the deltas (gone), adds their sums by key to the
// days' rows of part 0 (d), then, once d has run to its end, those of
// the areas that keep monthly totals (keepsMonths) to the months' rows
// of part 0, each held within ±maxUnits (holdTallies). A delta that a
// unit committed after the statement began is left for the next fold.
// Its one parameter, $1, is the area that keeps monthly totals
// (journal.AreaEU): a statement without arguments is sent by the driver
// in the simple protocol, parsed and planned anew at every fold, which
// cost the server 3 to 8 ms of CPU with nothing to fold; with one, it is
// prepared once per connection and its plan kept
// (BenchmarkJournalFigureFoldCPU).
//
// The fold writes every part's deltas to part 0: the parts kept the
// units of different connections off each other's row locks when each
// unit upserted the rows, and only a fold (and ReplaceFigures, in part 0
// too) writes them now, under foldLock, one at a time. A day's figures
// then take one row, not one per connection that posted on it, and a
// read of every day of two years (a nexus report) adds up a row per
// day, company and area instead of up to figureParts: 32,850 rows
// instead of 262,800 over 45 states of a journal posted on 8
// connections. The rows that units of an earlier Levy upserted in other
// parts stay where they are; every read adds the parts up.
var foldFiguresSQL = `WITH gone AS (DELETE FROM journal_figure_deltas RETURNING *),
	d AS (` + insertFigures(allNumbers) + `
	SELECT tenant, 0, day, company, area, ` + sumsOfRows + `
	FROM gone GROUP BY tenant, day, company, area
	ORDER BY tenant, day, company, area
` + onFigureConflict(holdTallies(allNumbers)) + ` RETURNING 1)
	` + insertMonths(allNumbers) + `
	SELECT tenant, 0, date_trunc('month', day)::date, company, area, ` + sumsOfRows + `
	FROM gone, (SELECT count(*) AS n FROM d) AS done
	WHERE done.n > 0 AND area = $1::text
	GROUP BY tenant, 3, company, area
	ORDER BY tenant, company, area, 3
` + onMonthConflict(holdTallies(allNumbers))

// foldFigures moves the deltas of every tenant into journal_figures and
// journal_figure_months (foldFiguresSQL), in one transaction under the
// advisory lock foldLock: when another node or connection holds it, the
// fold is that one's and this returns at once. A fold that this call
// performed asks for a VACUUM of the deltas it deleted, which runs in
// the background (deltaVacuum).
func (b *journalBackend) foldFigures(ctx context.Context) error {
	var mine bool
	err := b.db.tx(ctx, "fold figures", pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, func(tx pgx.Tx) error {
		mine = false
		if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0))`, foldLock).Scan(&mine); err != nil {
			return err
		}
		if !mine {
			return nil
		}
		_, err := tx.Exec(ctx, foldFiguresSQL, journal.AreaEU)
		return err
	})
	if err == nil && mine {
		b.db.deltas.request()
	}
	return err
}

// foldRows is how many figures the units of a node append between two
// folds, whatever their count of units: a unit of a batch run holds a
// thousand sales or more, each a figure of its own when they fall on
// different days or states, and foldEvery units of those left millions
// of deltas unfolded, every one of which each read of the figures adds
// up again (a nexus report over 1,000,000 sales posted in units of 1,000
// read 1,000,000 deltas, BenchmarkReportPostgres). A unit of one figure,
// a sale posted alone, still folds every foldEvery units.
const foldRows = 4 * foldEvery

// storedFigures counts a unit of n figures that this node stored, and
// folds after every foldEvery such units and after every foldRows of
// their figures, whichever comes first. A fold that fails is logged:
// the unit is stored, and the next fold takes its deltas.
func (b *journalBackend) storedFigures(ctx context.Context, n int) {
	every, rows := int64(foldEvery), int64(foldRows)
	if b.unitsPerFold > 0 {
		every = b.unitsPerFold
	}
	if b.rowsPerFold > 0 {
		rows = b.rowsPerFold
	}
	units := b.units.Add(1)
	after := b.figureRows.Add(int64(n))
	if units%every != 0 && (after-int64(n))/rows == after/rows {
		return
	}
	if err := b.foldFigures(ctx); err != nil {
		b.db.log.Warn("postgres: journal: the fold of the figures' deltas failed; the next one takes them", "err", err)
	}
}
