package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The journal's tables (migrations/001_journal.sql): journal_heads holds
// what package journal calls a Head, one row per transaction ID of a
// tenant; journal_versions holds every version as the JSON of a
// journal.Transaction. A zero posting date is stored as -infinity, which
// sorts before every date as the zero civil.Date does.
//
// A unit of Update writes under the row locks of the heads of its IDs,
// taken in the order of the IDs, so that two units over common IDs wait
// for each other (two nodes that post the same ID at once store two
// versions, one after the other, and never lose one) and cannot
// deadlock. An ID without a head has no row to lock: its first version
// and its head are inserted without a conflict clause, so that of two
// units that create it at once, the second fails on the tables' keys when
// the first commits, and is run again over the head the first wrote.

// Journal returns the journal kept in the database, a journal.Store made
// by package journal over a PostgreSQL backend. It shares the DB's pool;
// closing it makes its methods fail with journal.ErrClosed but leaves
// the DB open.
func (db *DB) Journal() journal.Store {
	return journal.NewStore(&journalBackend{db: db})
}

// journalBackend is the journal.Backend of Journal. It is safe for
// concurrent use.
type journalBackend struct {
	db     *DB
	closed atomic.Bool
	known  knownIDs
	// units counts the units with figures this node stored, of which
	// every foldEvery-th folds the deltas, and figureRows the figures
	// they appended, of which every foldRows-th does as well
	// (storedFigures).
	units, figureRows atomic.Int64
	// unitsPerFold and rowsPerFold, when not zero, replace foldEvery
	// and foldRows: the tests set them to fold after a few units or
	// rows.
	unitsPerFold, rowsPerFold int64
	// scalarFigures, when not zero, is the most figures a unit upserts
	// with scalar parameters, in place of smallFigures: at 1, a unit of
	// two figures or more goes through arrays. Only the benchmarks and
	// tests set it, to measure and compare both forms in one run.
	scalarFigures int
}

// pageSize is how many transactions a scan reads at a time.
const pageSize = 500

// Update implements journal.Backend, in one or two round trips to the
// database however many IDs the unit writes.
//
// Most units create IDs: a sale is posted under a new transaction ID.
// Update first runs fn over a State in which no ID of the unit has a
// head, without asking the database (tryNew). When fn then writes a
// first version and a head for every ID whose head it read, those
// writes go in one round trip, one implicit transaction, and the
// inserts of the heads prove that the IDs had none: the unit is done.
// When an ID had one, the inserts fail on the keys and nothing is kept.
//
// Otherwise (fn failed, read a stored version, or left an ID it read
// unwritten; the insert failed; or the backend saw an ID of the unit
// exist before) the unit runs under locks (updateOnce): a first round
// trip begins a transaction and reads the heads of every ID, locking
// those that exist; fn runs over them, and its writes go in a second
// round trip with the commit. The versions fn reads (a sync's latest, a
// reversal's original) cost a round trip each.
func (b *journalBackend) Update(ctx context.Context, tenant string, ids []string, fn func(journal.State) error) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	if err := b.db.usable("update"); err != nil {
		return err
	}
	ids = slices.Clone(ids)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	// figures is the count of the figures of the unit that was stored,
	// which counts toward the next fold (storedFigures).
	figures := 0
	if !b.known.anyOf(tenant, ids) {
		if done, err := b.tryNew(ctx, tenant, ids, fn, &figures); done {
			if err == nil && figures > 0 {
				b.storedFigures(ctx, figures)
			}
			return wrap("update", err)
		}
	}
	// held turns true when the server refused an attempt's exact sums of
	// the figures (overflowed): the attempts after it hold them.
	held := false
	again := func(err error) bool {
		if overflowed(err) && !held {
			held = true
			return true
		}
		return uniqueViolation(err)
	}
	err := b.db.retry(ctx, "update", again, func() error {
		conn, err := b.db.pool.Acquire(ctx)
		if err != nil {
			return err
		}
		defer conn.Release()
		err = b.updateOnce(ctx, conn.Conn(), tenant, ids, held, fn, &figures)
		if err != nil {
			rollback(conn.Conn())
		}
		return err
	})
	if err == nil && figures > 0 {
		b.storedFigures(ctx, figures)
	}
	return err
}

// tryNew runs fn as if no ID of the unit had a head, and stores its
// writes when they show that none had (see Update). It reports whether
// the unit is done, and then its error; figures is set to the count of
// the figures its writes had.
func (b *journalBackend) tryNew(ctx context.Context, tenant string, ids []string, fn func(journal.State) error, figures *int) (bool, error) {
	st := newState(ctx, nil, tenant, true)
	st.scalarFigures = b.scalars()
	st.assumeNew = true
	if err := fn(st); err != nil {
		return false, nil
	}
	for id := range st.read {
		if _, ok := st.newHeads[id]; !ok {
			return false, nil
		}
	}
	// The connection is taken before the statement is made: its number
	// is the part of the unit's figures (partOf).
	conn, err := b.db.pool.Acquire(ctx)
	if err != nil {
		return true, err
	}
	defer conn.Release()
	st.part = partOf(conn.Conn().PgConn(), tenant, ids)
	send := func() error {
		if one, sql, args := st.firstVersion(); one {
			// The common unit, one new ID: one statement.
			_, err := conn.Exec(ctx, sql, args...)
			return err
		}
		var batch pgx.Batch
		st.queueWrites(&batch)
		if batch.Len() == 0 {
			return nil
		}
		// A batch outside a transaction runs in one implicit
		// transaction, committed when its last statement succeeds.
		return conn.SendBatch(ctx, &batch).Close()
	}
	err = send()
	if overflowed(err) && !st.held {
		// A sum of the figures beyond ±maxUnits: nothing was kept, and
		// the unit goes again with its sums held.
		st.held = true
		err = send()
	}
	if err == nil {
		b.known.add(tenant, ids)
		*figures = len(st.figures)
		return true, nil
	}
	if uniqueViolation(err) {
		b.known.add(tenant, ids)
		return false, nil
	}
	if retryable(err) || sentNothing(err) {
		// A deadlock with another unit creating the same IDs, or a
		// connection that failed before it sent the unit: the unit runs
		// again under locks, on another connection.
		return false, nil
	}
	return true, err
}

// uniqueViolation reports whether err is the violation of a unique key,
// which a unit that created an ID meets when another created it first.
func uniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// updateOnce runs one attempt of Update under locks on conn, which the
// caller rolls back when it fails; the unit's figures take held sums
// when held (figureStatements.held); figures is set to the count of the
// figures its writes had.
func (b *journalBackend) updateOnce(ctx context.Context, conn *pgx.Conn, tenant string, ids []string, held bool, fn func(journal.State) error, figures *int) error {
	st := newState(ctx, conn, tenant, true)
	st.part, st.scalarFigures, st.held = partOf(conn.PgConn(), tenant, ids), b.scalars(), held
	var open pgx.Batch
	open.Queue("BEGIN ISOLATION LEVEL READ COMMITTED")
	queueHeadReads(&open, tenant, ids)
	err := sendBatch(ctx, conn, &open, func(br pgx.BatchResults) error {
		if _, err := br.Exec(); err != nil {
			return err
		}
		return st.keepHeads(br, open.Len()-1)
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		st.read[id] = true
	}
	if len(st.heads) > 0 {
		b.known.add(tenant, slices.Collect(maps.Keys(st.heads)))
	}
	if err := fn(st); err != nil {
		return err
	}
	var done pgx.Batch
	st.queueWrites(&done)
	done.Queue("COMMIT")
	*figures = len(st.figures)
	return sendBatch(ctx, conn, &done, func(br pgx.BatchResults) error {
		for range done.Len() - 1 {
			if _, err := br.Exec(); err != nil {
				return err
			}
		}
		tag, err := br.Exec()
		if err != nil {
			return fmt.Errorf("commit: %w", err)
		}
		if tag.String() != "COMMIT" {
			return errors.New("commit: the transaction was rolled back")
		}
		return nil
	})
}

// sendBatch sends b on conn, reads its results with read and closes them.
func sendBatch(ctx context.Context, conn *pgx.Conn, b *pgx.Batch, read func(pgx.BatchResults) error) error {
	br := conn.SendBatch(ctx, b)
	err := read(br)
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return err
}

// rollback ends the transaction that conn may be in after a failure. A
// connection it cannot bring back out of the transaction is not put back
// in the pool (pgxpool destroys a connection released inside one).
func rollback(conn *pgx.Conn) {
	if conn.PgConn().TxStatus() == 'I' {
		return
	}
	// A fresh context: the rollback must run even when the unit's ended.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _ = conn.Exec(ctx, "ROLLBACK")
}

// knownIDs remembers transaction IDs that the backend has seen exist, so
// that a unit over one of them goes under locks at once instead of
// trying it as new and failing. An ID, once it exists, always does (a
// deleted one keeps its head), so what it holds never turns false; it
// forgets everything when full, to stay small. It is safe for concurrent
// use.
type knownIDs struct {
	mu  sync.Mutex
	ids map[idKey]struct{}
}

// idKey is a transaction ID of a tenant.
type idKey struct{ tenant, id string }

// knownCap bounds the IDs a knownIDs holds.
const knownCap = 1 << 14

// add remembers ids of tenant.
func (k *knownIDs) add(tenant string, ids []string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.ids == nil || len(k.ids)+len(ids) > knownCap {
		k.ids = make(map[idKey]struct{})
	}
	for _, id := range ids {
		k.ids[idKey{tenant, id}] = struct{}{}
	}
}

// anyOf reports whether one of ids of tenant is known to exist.
func (k *knownIDs) anyOf(tenant string, ids []string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, id := range ids {
		if _, ok := k.ids[idKey{tenant, id}]; ok {
			return true
		}
	}
	return false
}

// View implements journal.Backend. It reads one snapshot (repeatable
// read), so the versions of one ID that it reads agree with its head.
func (b *journalBackend) View(ctx context.Context, tenant string, fn func(journal.State) error) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	return b.db.tx(ctx, "view", pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		return fn(newState(ctx, tx, tenant, false))
	})
}

// Scan implements journal.Backend. It reads a page of pageSize
// transactions at a time, each page in one statement on a pooled
// connection that it gives back before it calls fn for the page's
// transactions: fn may take as long as it likes (an export writes each
// transaction to a client that may read slowly) without holding a
// connection, or a snapshot, that the other tenants' writes need. The
// next page starts after the last key reported, (posting date, ID in
// byte order), on whichever connection the pool gives.
//
// Each page is a consistent state of its own (the snapshot of its
// statement), not the whole scan, as journal.Backend allows: the keys
// come in strictly increasing order, so none is reported twice; a
// transaction that no one writes while the scan runs is reported once;
// one written meanwhile is reported, at most once, in the version of the
// page that reaches it, unless a write moves its posting date across the
// scan's position (ahead: reported under both dates; behind: under
// neither).
func (b *journalBackend) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*journal.Transaction) error) error {
	afterDate, afterID, first := "-infinity", "", true
	for {
		if b.closed.Load() {
			return journal.ErrClosed
		}
		var page []*journal.Transaction
		err := b.db.retry(ctx, "scan", nil, func() error {
			var err error
			page, err = scanPage(ctx, b.db.pool, tenant, from, to, first, afterDate, afterID)
			return err
		})
		if err != nil {
			return err
		}
		for _, tx := range page {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := fn(tx); err != nil {
				return err
			}
		}
		if len(page) < pageSize {
			return nil
		}
		last := page[len(page)-1]
		first, afterDate, afterID = false, dateParam(last.PostingDate), last.TransactionID
	}
}

// The statements of a scan's pages. The bounds are plain comparisons,
// an open bound sent as -infinity (from) or infinity (to), and the
// cursor a row comparison, so that every plan, the generic one that the
// server may keep for the driver's cached statements included, reads the
// index journal_heads_period (tenant, posting_date, id COLLATE "C") from
// the page's first key and stops after pageSize heads. Every head that
// Levy writes has a date (a zero posting date is stored as -infinity,
// see dateParam); a head whose posting_date is NULL, which only a hand
// edit of the table could leave, lies outside every range and is never
// reported.
const (
	scanHeads = `SELECT v.body FROM journal_heads h
		JOIN journal_versions v ON v.tenant = h.tenant AND v.id = h.id AND v.version = h.latest
		WHERE h.tenant = $1 AND NOT h.deleted
		AND h.posting_date >= $2::date AND h.posting_date <= $3::date`
	scanOrder = `
		ORDER BY h.posting_date, h.id COLLATE "C"
		LIMIT `
	// scanFirstPageSQL reads the first page of a scan: $1 the tenant, $2
	// and $3 the bounds. scanPage appends the page size.
	scanFirstPageSQL = scanHeads + scanOrder
	// scanNextPageSQL reads a page after the key ($4, $5), the last one
	// reported.
	scanNextPageSQL = scanHeads + `
		AND (h.posting_date, h.id COLLATE "C") > ($4::date, $5::text COLLATE "C")` + scanOrder
)

// scanPage reads the next page of a scan: the latest versions of live
// transactions in the period, after (afterDate, afterID) unless first, in
// posting date and ID order (byte order, as Go compares strings). It
// reads every row before it returns, which gives the connection back.
func scanPage(ctx context.Context, q querier, tenant string, from, to civil.Date, first bool, afterDate, afterID string) ([]*journal.Transaction, error) {
	sql, args := scanStatement(tenant, from, to, first, afterDate, afterID)
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*journal.Transaction
	for rows.Next() {
		var body []byte
		if err := rows.Scan(&body); err != nil {
			return nil, err
		}
		t := new(journal.Transaction)
		if err := json.Unmarshal(body, t); err != nil {
			return nil, fmt.Errorf("read a version: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// scanStatement returns the statement of scanPage and its arguments.
func scanStatement(tenant string, from, to civil.Date, first bool, afterDate, afterID string) (string, []any) {
	lo, hi := figureBounds(from, to)
	if first {
		return scanFirstPageSQL + strconv.Itoa(pageSize), []any{tenant, lo, hi}
	}
	return scanNextPageSQL + strconv.Itoa(pageSize), []any{tenant, lo, hi, afterDate, afterID}
}

// Close implements journal.Backend. It does not close the DB.
func (b *journalBackend) Close() error {
	b.closed.Store(true)
	return nil
}

// dateParam writes a date for a date column: the zero date is -infinity.
func dateParam(d civil.Date) string {
	if d.IsZero() {
		return "-infinity"
	}
	return d.String()
}

// dateValue reads a date column written as text.
func dateValue(s string) (civil.Date, error) {
	if s == "-infinity" || s == "" {
		return civil.Date{}, nil
	}
	return civil.Parse(s)
}
