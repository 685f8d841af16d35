package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The journal's tables (migrations/001_journal.sql): journal_heads holds
// what package journal calls a Head, one row per transaction ID of a
// tenant; journal_versions holds every version as the JSON of a
// journal.Transaction. A zero posting date is stored as -infinity, which
// sorts before every date as the zero civil.Date does.
//
// Writes of one transaction ID are serialized across every node by a
// transaction-scoped advisory lock of the tenant and ID, taken before the
// head is read: two nodes that post the same ID at once store two
// versions, one after the other, and never lose one. A reversal takes the
// locks of both IDs in a fixed order, so two reversals cannot deadlock.

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
}

// pageSize is how many transactions a scan reads at a time.
const pageSize = 500

// lockKey is the advisory lock key of a transaction ID of a tenant.
func lockKey(tenant, id string) string {
	return "levy-journal:" + strconv.Itoa(len(tenant)) + ":" + tenant + ":" + id
}

// Update implements journal.Backend.
func (b *journalBackend) Update(ctx context.Context, tenant string, ids []string, fn func(journal.State) error) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	keys := make([]string, 0, len(ids))
	for _, id := range ids {
		keys = append(keys, lockKey(tenant, id))
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	return b.db.tx(ctx, "update", pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, func(tx pgx.Tx) error {
		for _, k := range keys {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", k); err != nil {
				return err
			}
		}
		return fn(&journalState{ctx: ctx, tx: tx, tenant: tenant})
	})
}

// View implements journal.Backend. It reads one snapshot (repeatable
// read), so the versions of one ID that it reads agree with its head.
func (b *journalBackend) View(ctx context.Context, tenant string, fn func(journal.State) error) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	return b.db.tx(ctx, "view", pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		return fn(&journalState{ctx: ctx, tx: tx, tenant: tenant})
	})
}

// errStop carries fn's error out of a scan's transaction.
type errStop struct{ err error }

func (e errStop) Error() string { return e.err.Error() }

// Scan implements journal.Backend. It reads one snapshot, a page at a
// time, and calls fn between pages' reads, so fn may use the store.
func (b *journalBackend) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*journal.Transaction) error) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	err := b.db.tx(ctx, "scan", pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		afterDate, afterID, first := "-infinity", "", true
		for {
			page, err := scanPage(ctx, tx, tenant, from, to, first, afterDate, afterID)
			if err != nil {
				return err
			}
			for _, tx := range page {
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := fn(tx); err != nil {
					return errStop{err}
				}
			}
			if len(page) < pageSize {
				return nil
			}
			last := page[len(page)-1]
			first, afterDate, afterID = false, dateParam(last.PostingDate), last.TransactionID
		}
	})
	var stop errStop
	if errors.As(err, &stop) {
		return stop.err
	}
	return err
}

// scanPage reads the next page of a scan: the latest versions of live
// transactions in the period, after (afterDate, afterID) unless first, in
// posting date and ID order (byte order, as Go compares strings).
func scanPage(ctx context.Context, tx pgx.Tx, tenant string, from, to civil.Date, first bool, afterDate, afterID string) ([]*journal.Transaction, error) {
	q := `SELECT v.body FROM journal_heads h
		JOIN journal_versions v ON v.tenant = h.tenant AND v.id = h.id AND v.version = h.latest
		WHERE h.tenant = $1 AND NOT h.deleted
		AND ($2::date IS NULL OR h.posting_date >= $2::date)
		AND ($3::date IS NULL OR h.posting_date <= $3::date)
		AND ($4 OR h.posting_date > $5::date OR (h.posting_date = $5::date AND h.id COLLATE "C" > $6))
		ORDER BY h.posting_date, h.id COLLATE "C"
		LIMIT ` + strconv.Itoa(pageSize)
	rows, err := tx.Query(ctx, q, tenant, boundParam(from), boundParam(to), first, afterDate, afterID)
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

// Close implements journal.Backend. It does not close the DB.
func (b *journalBackend) Close() error {
	b.closed.Store(true)
	return nil
}

// journalState is the journal.State of one tenant in a transaction. It
// belongs to the goroutine that runs the transaction.
type journalState struct {
	ctx    context.Context
	tx     pgx.Tx
	tenant string
}

// Head implements journal.State.
func (s *journalState) Head(id string) (journal.Head, bool, error) {
	var h journal.Head
	var date string
	err := s.tx.QueryRow(s.ctx, `SELECT latest, deleted, reversed_by, posting_date::text FROM journal_heads WHERE tenant = $1 AND id = $2`,
		s.tenant, id).Scan(&h.Latest, &h.Deleted, &h.ReversedBy, &date)
	if errors.Is(err, pgx.ErrNoRows) {
		return journal.Head{}, false, nil
	}
	if err != nil {
		return journal.Head{}, false, fmt.Errorf("read head: %w", err)
	}
	if h.PostingDate, err = dateValue(date); err != nil {
		return journal.Head{}, false, fmt.Errorf("read head: %w", err)
	}
	return h, true, nil
}

// Version implements journal.State.
func (s *journalState) Version(id string, v int) (*journal.Transaction, error) {
	var body []byte
	err := s.tx.QueryRow(s.ctx, `SELECT body FROM journal_versions WHERE tenant = $1 AND id = $2 AND version = $3`,
		s.tenant, id, v).Scan(&body)
	if err != nil {
		return nil, fmt.Errorf("read version %d: %w", v, err)
	}
	t := new(journal.Transaction)
	if err := json.Unmarshal(body, t); err != nil {
		return nil, fmt.Errorf("read version %d: %w", v, err)
	}
	return t, nil
}

// PutVersion implements journal.State.
func (s *journalState) PutVersion(t *journal.Transaction) error {
	body, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("encode version %d: %w", t.Version, err)
	}
	_, err = s.tx.Exec(s.ctx, `INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, $3, $4)`,
		s.tenant, t.TransactionID, t.Version, body)
	if err != nil {
		return fmt.Errorf("write version %d: %w", t.Version, err)
	}
	return nil
}

// PutHead implements journal.State. The period index is the partial
// index of the heads table, which follows the head by itself.
func (s *journalState) PutHead(id string, _ journal.Head, _ bool, h journal.Head) error {
	_, err := s.tx.Exec(s.ctx, `INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date)
		VALUES ($1, $2, $3, $4, $5, $6::date)
		ON CONFLICT (tenant, id) DO UPDATE SET latest = EXCLUDED.latest, deleted = EXCLUDED.deleted,
			reversed_by = EXCLUDED.reversed_by, posting_date = EXCLUDED.posting_date`,
		s.tenant, id, h.Latest, h.Deleted, h.ReversedBy, dateParam(h.PostingDate))
	if err != nil {
		return fmt.Errorf("write head: %w", err)
	}
	return nil
}

// dateParam writes a date for a date column: the zero date is -infinity.
func dateParam(d civil.Date) string {
	if d.IsZero() {
		return "-infinity"
	}
	return d.String()
}

// boundParam writes a bound of a period: nil (no bound) for the zero date.
func boundParam(d civil.Date) any {
	if d.IsZero() {
		return nil
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
