package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// The e-invoicing store's tables (migrations/003_einvoice.sql,
// 004_einvoice_idempotency_digest.sql for content_sha256, and
// 006_einvoice_notices.sql for einvoice_notices, 011_einvoice_connection_keys.sql
// for einvoice_connection_keys, 014_einvoice_dead_letter_order.sql for the
// order of the dead-letter list, 015_einvoice_dead_letter_tenant_index.sql
// dropping 003's index (tenant, event_id), which no statement read):
//
//	einvoice_documents         (tenant, document_id) → status, record (JSON of einvoice.Document)
//	einvoice_contents          (tenant, document_id) → content, the document as received
//	einvoice_idempotency_keys  (tenant, idempotency_key) → document_id, content_sha256 (NULL for a key stored before it)
//	einvoice_queue             document_id → tenant, owner, until: the work queue and its leases
//	einvoice_connections       webhook_id → tenant, connection (JSON), secret (JSON, sealed)
//	einvoice_outbox_seqs       webhook_id → last_seq: the order of a connection's queue
//	einvoice_outbox_leases     webhook_id → owner, until: the lease of a connection's queue
//	einvoice_outbox            (webhook_id, seq) → an event waiting for delivery
//	einvoice_dead_letters      event_id → an event given up; indexed in the list's order, (created_at,
//	                           dead_at, event_id), of one tenant and of all
//	einvoice_reseals           the rewrites of the connections still to be vacuumed away
//	einvoice_notices           (tenant, notice_key) → subject, created_at: the notices queued, each once
//	einvoice_connection_keys   (tenant, idempotency_key) → webhook_id, request_digest, created_at: the
//	                           connection a keyed creation made, deleted with it
//
// Records are JSON (json, not jsonb: the text is kept as given, a NUL
// escape included); events are columns, their times to the microsecond.
// A connection owns one row in each of einvoice_connections,
// einvoice_outbox_seqs and einvoice_outbox_leases, made and dropped in
// one transaction. IDs are text COLLATE "C", so listings come in byte
// order as Go compares strings.
//
// # How each guarantee holds across nodes
//
// The store keeps nothing in memory: every method is one transaction of
// READ COMMITTED (Reseal adds a VACUUM after its transaction), and the
// database alone orders the calls, whichever node's pool they come from:
//
//   - Move is a compare-and-set in one statement, UPDATE ... WHERE
//     status = from. Two nodes moving one document serialize on its row
//     lock, and the second re-reads the row the first committed
//     (PostgreSQL re-checks the WHERE of an UPDATE that waited), finds
//     another status, updates nothing and fails with ErrMoved: its
//     events are never queued, as they are written by the same
//     transaction after the UPDATE.
//   - Submit with an idempotency key inserts the key first, ON CONFLICT
//     DO NOTHING: the unique key makes a second node wait for the first
//     node's transaction and then insert nothing, and the submission
//     reads the document the first one made and writes nothing else.
//   - Claim and NextEvent take the lease row with SELECT ... FOR UPDATE
//     SKIP LOCKED: a node never waits behind another that is taking or
//     changing the same lease; it finds the row locked and answers
//     ErrLeased at once (a row that exists but is locked is another
//     owner at work on it, or a document leaving the queue). A lease's
//     end is written and read by the database's clock alone
//     (clock_timestamp() plus the lease's term), the one clock every
//     node shares: a node's clock never decides whether a lease holds,
//     so nodes whose clocks disagree do not do the same work at once.
//     An owner's lease on a document lives in its queue row, and goes
//     with it.
//   - The outcome of an attempt (Delivered, Retry, Bury) is written
//     only while the owner NextEvent gave the event to still holds the
//     connection's lease (einvCheckLease): the transaction writes the
//     event's row, then reads the lease row FOR SHARE, and rolls back with
//     ErrLeaseLost when another owner's name is there. A node whose
//     attempt outlasted its lease so never overwrites what the node that
//     took the queue over recorded; a takeover that comes while the
//     outcome is being written finds the lease row locked and answers
//     ErrLeased, and one that came first is seen by the read.
//   - A retry's next attempt is written by the same clock (Retry sets
//     next_attempt to clock_timestamp() plus the backoff), and NextEvent
//     reads how long it is still to wait by it: a node whose clock is
//     ahead of or behind the one that scheduled a retry sends it when
//     the backoff has passed, neither early nor late.
//   - Per-connection order. Every writer of a connection's queue (Submit,
//     Move, Replay) takes the next number of the connection from its row
//     in einvoice_outbox_seqs by UPDATE, whose row lock it holds until
//     it commits: the writers of one connection commit one after the
//     other in the order of their numbers, so a reader never sees an
//     event before an earlier-numbered one has committed, and Seq grows
//     in the order NextEvent returns events, whatever nodes wrote them.
//     Writers take the rows of several connections in webhook ID order,
//     so they cannot deadlock.
//   - DeleteConnection deletes the connection's row, then its number row
//     (waiting for the writers holding it), then its events (a statement
//     that starts after those writers committed, so it sees their
//     events), then its lease row. A writer that comes later finds no
//     number row and queues nothing, so no event joins the queue once
//     the delete has returned.
//   - CreateConnection counts the tenant's connections under a
//     transaction-scoped advisory lock of the tenant, so that nodes
//     creating connections at once keep the limit; under the same lock
//     it looks up the idempotency key (its row younger than
//     einvoice.IdempotencyWindow by clock_timestamp(), and its
//     connection still there), so that two creations at once under one
//     key make one connection, and the second answers it. The key's row
//     is written by INSERT ... ON CONFLICT, which takes over the row of
//     the key's earlier, lapsed use.
//   - Reseal locks every connection row (FOR UPDATE, in webhook ID
//     order) for its rewrite; see Reseal for what it keeps from the
//     files.
//
//   - ReplaceSecret is one UPDATE of the connection's row: it waits for
//     a delete holding the row and then finds none, and a later delete
//     deletes the new row.
//
// Only einvoice_connections holds secrets, and only the creation,
// Reseal, the replacement of a secret and the deletion of a connection
// write it: the numbers and the leases, written at every event, are in
// tables of their own, so that no write but those leaves a dead copy of
// a secret behind.

// EInvoice returns the e-invoicing store kept in the database. It shares
// the DB's pool; closing it makes its methods fail with
// einvoice.ErrClosed but leaves the DB open.
func (db *DB) EInvoice() einvoice.Store {
	return &einvStore{db: db, vacuumWait: 30 * time.Second, resealMargin: 30 * time.Second}
}

// einvStore is the einvoice.Store of EInvoice.
//
// It is safe for concurrent use: it holds no state but the DB and its
// gate; the database orders the calls, of this node and of others.
type einvStore struct {
	db *DB
	// vacuumWait bounds how long Reseal waits for the snapshots older
	// than its rewrite to end before it vacuums the connections.
	vacuumWait time.Duration
	// resealMargin is what Reseal may take beyond vacuumWait, for its
	// transaction and the vacuum: Reseal ends within the two, failing
	// when a connection that hangs without failing outlasts them, as
	// einvoice.New (which levy serve calls without a deadline) runs it.
	resealMargin time.Duration
	gate         gate
}

var _ einvoice.Store = (*einvStore)(nil)

// enter counts a call for op in, or fails with einvoice.ErrClosed once
// Close has begun. A call that entered must leave the gate.
func (s *einvStore) enter(op string) error {
	if !s.gate.enter() {
		return fmt.Errorf("postgres: einvoice: %s: %w", op, einvoice.ErrClosed)
	}
	return nil
}

// Close implements einvoice.Store: it waits for the calls in progress
// and refuses the next ones. It does not close the DB. Leases stay in the
// database and lapse at the end of their terms.
func (s *einvStore) Close() error {
	s.gate.close()
	return nil
}

// CheckWrite implements einvoice.Store: nil when the database answers and
// takes writes, an EUnavailable error when it cannot be reached or is a
// read-only one (a standby in recovery, or a session that is read-only by
// default).
func (s *einvStore) CheckWrite(ctx context.Context) error {
	if err := s.enter("check"); err != nil {
		return err
	}
	defer s.gate.leave()
	var recovery, readOnly bool
	err := s.db.tx(ctx, "einvoice: check", einvRead, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT pg_is_in_recovery(), current_setting('default_transaction_read_only') = 'on'`).Scan(&recovery, &readOnly)
	})
	switch {
	case err != nil:
		return err
	case recovery:
		return &levy.Error{Code: levy.EUnavailable, Message: "the database is a standby in recovery: it takes no writes"}
	case readOnly:
		return &levy.Error{Code: levy.EUnavailable, Message: "the database's sessions are read-only (default_transaction_read_only)"}
	}
	return nil
}

// The transaction options of the store: writes and reads in READ
// COMMITTED, each statement seeing what committed before it started; the
// locks taken (row locks, advisory locks, unique keys) order the writers.
var (
	einvWrite = pgx.TxOptions{IsoLevel: pgx.ReadCommitted}
	einvRead  = pgx.TxOptions{IsoLevel: pgx.ReadCommitted, AccessMode: pgx.ReadOnly}
)

// einvUpdate runs fn in a read-write transaction of the store, after
// counting the call in; op names the call in errors.
func (s *einvStore) einvUpdate(ctx context.Context, op string, fn func(pgx.Tx) error) error {
	if err := s.enter(op); err != nil {
		return err
	}
	defer s.gate.leave()
	return s.db.tx(ctx, "einvoice: "+op, einvWrite, fn)
}

// einvView runs fn, a read of the store, over the pool, after counting
// the call in; op names the call in errors. A read needs no transaction
// of its own: in READ COMMITTED, the store's level, each statement sees
// what committed before it started, in a transaction or not, and a
// statement alone costs one round trip instead of three (begin, the
// statement, commit), which the polls of idle nodes repeat every second.
func (s *einvStore) einvView(ctx context.Context, op string, fn func(querier) error) error {
	if err := s.enter(op); err != nil {
		return err
	}
	defer s.gate.leave()
	if s.db.closed.Load() {
		return wrap("einvoice: "+op, errClosedPool)
	}
	return wrap("einvoice: "+op, fn(s.db.pool))
}

// einvNotFound is the not-found error of field: there is no what id.
func einvNotFound(field, what, id string) error {
	return levy.NotFound(field, "there is no %s %s", what, id)
}

// einvJSON encodes v for a json column.
func einvJSON(what string, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", what, err)
	}
	return b, nil
}
