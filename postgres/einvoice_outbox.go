package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// CreateConnection implements einvoice.Store: the connection's record and
// its rows of numbers and lease, unless its tenant has limit connections,
// and with a key the key's row. The key is looked up and the count taken
// under a transaction-scoped advisory lock of the tenant, so that nodes
// creating a tenant's connections at once take turns: they keep the
// limit, and of two creations under one key the second finds the
// first's connection. The key's window is counted by the database's
// clock.
func (s *einvStore) CreateConnection(ctx context.Context, c einvoice.ConnectionRecord, key einvoice.ConnectionKey, limit int) (einvoice.CreatedConnection, error) {
	var res einvoice.CreatedConnection
	err := s.einvUpdate(ctx, "create webhook", func(tx pgx.Tx) error {
		res = einvoice.CreatedConnection{Connection: c, Created: true}
		conn, secret, err := einvConnectionColumns(c)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, "levy-einvoice-connections:"+c.TenantID); err != nil {
			return err
		}
		if key.Key != "" {
			var digest string
			var first, firstSecret []byte
			err := tx.QueryRow(ctx, `SELECT k.request_digest, c.connection, c.secret
				FROM einvoice_connection_keys k JOIN einvoice_connections c ON c.webhook_id = k.webhook_id AND c.tenant = k.tenant
				WHERE k.tenant = $1 AND k.idempotency_key = $2 AND k.created_at > clock_timestamp() - make_interval(secs => $3)`,
				c.TenantID, key.Key, einvoice.IdempotencyWindow.Seconds()).Scan(&digest, &first, &firstSecret)
			switch {
			case err == nil:
				rec, err := einvDecodeConnection(first, firstSecret)
				if err != nil {
					return err
				}
				res = einvoice.CreatedConnection{Connection: rec, Digest: digest}
				return nil
			case !errors.Is(err, pgx.ErrNoRows):
				return fmt.Errorf("read the idempotency key of the webhook connection: %w", err)
			}
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM einvoice_connections WHERE tenant = $1`, c.TenantID).Scan(&n); err != nil {
			return fmt.Errorf("count the webhook connections: %w", err)
		}
		if n >= limit {
			return fmt.Errorf("%d connections: %w", n, einvoice.ErrConnectionLimit)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO einvoice_connections (webhook_id, tenant, connection, secret) VALUES ($1, $2, $3, $4)`,
			c.WebhookID, c.TenantID, conn, secret); err != nil {
			return fmt.Errorf("write the webhook connection: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO einvoice_outbox_seqs (webhook_id) VALUES ($1)`, c.WebhookID); err != nil {
			return fmt.Errorf("write the webhook connection: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO einvoice_outbox_leases (webhook_id) VALUES ($1)`, c.WebhookID); err != nil {
			return fmt.Errorf("write the webhook connection: %w", err)
		}
		if key.Key != "" {
			if _, err := tx.Exec(ctx, `INSERT INTO einvoice_connection_keys (tenant, idempotency_key, webhook_id, request_digest) VALUES ($1, $2, $3, $4)
				ON CONFLICT (tenant, idempotency_key) DO UPDATE
				SET webhook_id = EXCLUDED.webhook_id, request_digest = EXCLUDED.request_digest, created_at = clock_timestamp()`,
				c.TenantID, key.Key, c.WebhookID, key.Digest); err != nil {
				return fmt.Errorf("write the idempotency key of the webhook connection: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return einvoice.CreatedConnection{}, err
	}
	return res, nil
}

// einvConnections returns the connections of a tenant, in webhook ID
// order.
func einvConnections(ctx context.Context, tx querier, tenant string) ([]einvoice.ConnectionRecord, error) {
	rows, err := tx.Query(ctx, `SELECT connection, secret FROM einvoice_connections WHERE tenant = $1 ORDER BY webhook_id`, tenant)
	if err != nil {
		return nil, fmt.Errorf("read the webhook connections: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (einvoice.ConnectionRecord, error) { return einvScanConnection(r) })
}

// einvConnectionColumns encodes a connection for its columns connection
// and secret.
func einvConnectionColumns(c einvoice.ConnectionRecord) (conn, secret []byte, err error) {
	if conn, err = einvJSON("the webhook connection", c.Connection); err != nil {
		return nil, nil, err
	}
	if secret, err = einvJSON("the sealed secret", c.Secret); err != nil {
		return nil, nil, err
	}
	return conn, secret, nil
}

// einvScanConnection reads a row of the columns connection and secret;
// its error is pgx.ErrNoRows, as it is, when there is no row.
func einvScanConnection(r pgx.Row) (einvoice.ConnectionRecord, error) {
	var conn, secret []byte
	if err := r.Scan(&conn, &secret); err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	return einvDecodeConnection(conn, secret)
}

// einvDecodeConnection decodes the columns connection and secret of a
// connection's row.
func einvDecodeConnection(conn, secret []byte) (einvoice.ConnectionRecord, error) {
	var c einvoice.ConnectionRecord
	if err := json.Unmarshal(conn, &c.Connection); err != nil {
		return c, fmt.Errorf("read a webhook connection: %w", err)
	}
	if err := json.Unmarshal(secret, &c.Secret); err != nil {
		return c, fmt.Errorf("read the secret of webhook connection %s: %w", c.WebhookID, err)
	}
	return c, nil
}

// Connections implements einvoice.Store.
func (s *einvStore) Connections(ctx context.Context, tenant string) ([]einvoice.ConnectionRecord, error) {
	var cs []einvoice.ConnectionRecord
	err := s.einvView(ctx, "list webhooks", func(tx querier) error {
		var err error
		cs, err = einvConnections(ctx, tx, tenant)
		return err
	})
	if err != nil {
		return nil, err
	}
	return cs, nil
}

// Connection implements einvoice.Store.
func (s *einvStore) Connection(ctx context.Context, tenant, id string) (einvoice.ConnectionRecord, error) {
	var c einvoice.ConnectionRecord
	err := s.einvView(ctx, "get webhook", func(tx querier) error {
		var err error
		c, err = einvScanConnection(tx.QueryRow(ctx, `SELECT connection, secret FROM einvoice_connections WHERE tenant = $1 AND webhook_id = $2`,
			tenant, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return einvNotFound("webhookId", "webhook connection", id)
		}
		return err
	})
	if err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	return c, nil
}

// DeleteConnection implements einvoice.Store. Its statements come in an
// order that closes the connection's queue: the record first; then the
// row of numbers, which waits for the writers of the queue that hold it
// and leaves none to later ones; then the events, in a statement that
// sees those writers' events; then the lease, which waits for a
// NextEvent in progress.
func (s *einvStore) DeleteConnection(ctx context.Context, tenant, id string) (einvoice.ConnectionRecord, error) {
	var c einvoice.ConnectionRecord
	err := s.einvUpdate(ctx, "delete webhook", func(tx pgx.Tx) error {
		var err error
		c, err = einvScanConnection(tx.QueryRow(ctx, `DELETE FROM einvoice_connections WHERE tenant = $1 AND webhook_id = $2 RETURNING connection, secret`,
			tenant, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return einvNotFound("webhookId", "webhook connection", id)
		}
		if err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM einvoice_outbox_seqs WHERE webhook_id = $1`,
			`DELETE FROM einvoice_outbox WHERE webhook_id = $1`,
			`DELETE FROM einvoice_outbox_leases WHERE webhook_id = $1`,
			`DELETE FROM einvoice_connection_keys WHERE webhook_id = $1`,
		} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	return c, nil
}

// ReplaceSecret implements einvoice.Store in one UPDATE of the
// connection's row, which sets the secret column only and returns the
// row: it waits for a DeleteConnection that holds the row, then finds
// none (not found), and a delete that comes later deletes the updated
// row. The numbers, leases and events of the connection are in tables
// of their own and stay as they are. Nodes keep no copy of a connection:
// each reads the row before each attempt, so every node signs with the
// new secret once the UPDATE has committed. The replaced row version,
// with the old secret sealed as it was, stays in the table's files until
// a vacuum reuses its space, as a deleted connection's does; Reseal's
// VACUUM FULL is what removes them.
func (s *einvStore) ReplaceSecret(ctx context.Context, tenant, id string, secret einvoice.SealedSecret) (einvoice.ConnectionRecord, error) {
	sealed, err := einvJSON("the sealed secret", secret)
	if err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	var c einvoice.ConnectionRecord
	err = s.einvUpdate(ctx, "replace webhook secret", func(tx pgx.Tx) error {
		var err error
		c, err = einvScanConnection(tx.QueryRow(ctx, `UPDATE einvoice_connections SET secret = $3 WHERE tenant = $1 AND webhook_id = $2
			RETURNING connection, secret`, tenant, id, sealed))
		if errors.Is(err, pgx.ErrNoRows) {
			return einvNotFound("webhookId", "webhook connection", id)
		}
		return err
	})
	if err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	return c, nil
}

// Outboxes implements einvoice.Store, in webhook ID order.
func (s *einvStore) Outboxes(ctx context.Context) ([]string, error) {
	var ids []string
	err := s.einvView(ctx, "resume the outbox", func(tx querier) error {
		rows, err := tx.Query(ctx, `SELECT s.webhook_id FROM einvoice_outbox_seqs s
			WHERE EXISTS (SELECT 1 FROM einvoice_outbox o WHERE o.webhook_id = s.webhook_id)
			ORDER BY s.webhook_id`)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// NextEvent implements einvoice.Store. It takes the lease of the
// connection's queue (einvTakeLease: a node never waits behind another
// taking or giving up the same lease, it answers ErrLeased) and reads the
// head of the queue, in one transaction. A connection that does not exist has no lease row and no
// events: NextEvent returns nil.
func (s *einvStore) NextEvent(ctx context.Context, webhookID string, lease einvoice.Lease) (*einvoice.OutboxEvent, error) {
	var ev *einvoice.OutboxEvent
	err := s.einvUpdate(ctx, "read the outbox", func(tx pgx.Tx) error {
		ev = nil
		found, err := einvTakeLease(ctx, tx, einvOutboxLeases, webhookID, lease)
		if err != nil || !found {
			return err // no such connection: no lease, no events
		}
		// The wait until the next attempt is counted by the database's
		// clock, as Retry scheduled it: the nodes' clocks need not agree.
		rows, err := tx.Query(ctx, `SELECT `+einvEventColumns+`, seq, NULL::timestamptz,
				greatest(0, floor(extract(epoch FROM next_attempt - clock_timestamp()) * 1000000))::bigint
			FROM einvoice_outbox WHERE webhook_id = $1 ORDER BY seq LIMIT 1`, webhookID)
		if err != nil {
			return err
		}
		var waitMicros int64
		evs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (einvoice.OutboxEvent, error) {
			return einvScanEvent(r, &waitMicros)
		})
		if err != nil {
			return fmt.Errorf("read the head of the queue: %w", err)
		}
		if len(evs) > 0 {
			ev = &evs[0]
			ev.Wait = time.Duration(waitMicros) * time.Microsecond
			ev.LeaseOwner = lease.Owner
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// einvEventColumns are the columns of an event common to the outbox and
// the dead-letter list, in the order einvScanEvent reads them, before
// its seq and dead_at.
const einvEventColumns = `event_id, tenant, webhook_id, document_id, status, body, created_at, attempts, next_attempt, last_error`

// einvScanEvent reads a row of einvEventColumns, seq and dead_at, and
// then the columns of extra, into them.
func einvScanEvent(r pgx.CollectableRow, extra ...any) (einvoice.OutboxEvent, error) {
	var ev einvoice.OutboxEvent
	var seq *int64
	var dead *time.Time
	err := r.Scan(append([]any{&ev.EventID, &ev.Tenant, &ev.WebhookID, &ev.DocumentID, &ev.Status, &ev.Body, &ev.CreatedAt,
		&ev.Attempts, &ev.NextAttempt, &ev.LastError, &seq, &dead}, extra...)...)
	if err != nil {
		return ev, err
	}
	ev.CreatedAt, ev.NextAttempt = ev.CreatedAt.UTC(), ev.NextAttempt.UTC()
	if seq != nil {
		ev.Seq = uint64(*seq)
	}
	if dead != nil {
		ev.DeadAt = dead.UTC()
	}
	return ev, nil
}

// ReleaseOutbox implements einvoice.Store.
func (s *einvStore) ReleaseOutbox(ctx context.Context, webhookID, owner string) error {
	return s.einvUpdate(ctx, "release the outbox", func(tx pgx.Tx) error {
		return einvDropLease(ctx, tx, einvOutboxLeases, webhookID, owner)
	})
}

// einvCheckLease fails with einvoice.ErrLeaseLost unless the lease of
// ev's connection's queue is still held by the owner NextEvent returned ev
// under, lapsed or not: another owner that took the lease over wrote
// itself in. It locks the lease row FOR SHARE until tx ends, so that no
// NextEvent takes the lease over before tx has committed (a NextEvent
// that finds the row locked answers ErrLeased), and one that took it
// over first is seen here. Callers write the event's row first and check
// after: the order in which DeleteConnection takes the same rows (the
// events, then the lease), which keeps the two from deadlocking.
func einvCheckLease(ctx context.Context, tx pgx.Tx, ev *einvoice.OutboxEvent) error {
	var owner string
	err := tx.QueryRow(ctx, `SELECT owner FROM einvoice_outbox_leases WHERE webhook_id = $1 FOR SHARE`, ev.WebhookID).Scan(&owner)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		owner = ""
	case err != nil:
		return fmt.Errorf("read the lease of %s: %w", ev.WebhookID, err)
	}
	if ev.LeaseOwner == "" || owner != ev.LeaseOwner {
		return fmt.Errorf("event %s of webhook connection %s: %w", ev.EventID, ev.WebhookID, einvoice.ErrLeaseLost)
	}
	return nil
}

// Delivered implements einvoice.Store: the event's row is deleted only
// while ev.LeaseOwner holds its connection's lease (einvCheckLease); the
// transaction is rolled back otherwise.
func (s *einvStore) Delivered(ctx context.Context, ev *einvoice.OutboxEvent) error {
	return s.einvUpdate(ctx, "remove a delivered event", func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM einvoice_outbox WHERE webhook_id = $1 AND seq = $2 AND event_id = $3`,
			ev.WebhookID, int64(ev.Seq), ev.EventID)
		if err != nil || tag.RowsAffected() == 0 {
			return err // gone: delivered by another owner, or its connection deleted
		}
		return einvCheckLease(ctx, tx, ev)
	})
}

// Retry implements einvoice.Store: the next attempt is delay after the
// database's clock_timestamp(), the clock every node sharing the
// database reads alike. It writes only while ev.LeaseOwner holds the
// connection's lease (einvCheckLease).
func (s *einvStore) Retry(ctx context.Context, ev *einvoice.OutboxEvent, delay time.Duration) error {
	var next time.Time
	var found bool
	err := s.einvUpdate(ctx, "schedule a retry", func(tx pgx.Tx) error {
		found = false
		err := tx.QueryRow(ctx, `UPDATE einvoice_outbox SET attempts = $4,
				next_attempt = clock_timestamp() + $5 * interval '1 microsecond', last_error = $6
			WHERE webhook_id = $1 AND seq = $2 AND event_id = $3 RETURNING next_attempt`,
			ev.WebhookID, int64(ev.Seq), ev.EventID, ev.Attempts, delay.Microseconds(), ev.LastError).Scan(&next)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return nil // the event is gone (its connection deleted)
		case err != nil:
			return err
		}
		if err := einvCheckLease(ctx, tx, ev); err != nil {
			return err
		}
		found = true
		return nil
	})
	if err != nil {
		return err
	}
	if found {
		ev.NextAttempt = next.UTC()
	}
	return nil
}

// Bury implements einvoice.Store: the event leaves its queue and enters
// the dead-letter list in one transaction. An event that is no longer in
// its queue is not buried: another node delivered it, having taken the
// lease over while this one's attempt ran past it, or its connection was
// deleted meanwhile. A dead letter of it would send a delivered event
// again when replayed, or name a connection that is gone. An event still
// queued is buried only while ev.LeaseOwner holds the connection's lease
// (einvCheckLease).
func (s *einvStore) Bury(ctx context.Context, ev *einvoice.OutboxEvent) error {
	return s.einvUpdate(ctx, "move an event to the dead-letter list", func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM einvoice_outbox WHERE webhook_id = $1 AND seq = $2 AND event_id = $3`,
			ev.WebhookID, int64(ev.Seq), ev.EventID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		if err := einvCheckLease(ctx, tx, ev); err != nil {
			return err
		}
		// An event without a time of death takes the zero time, which
		// the column, NOT NULL, holds (migration 014).
		_, err = tx.Exec(ctx, `INSERT INTO einvoice_dead_letters (`+einvEventColumns+`, dead_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
			ON CONFLICT (event_id) DO UPDATE SET tenant = EXCLUDED.tenant, webhook_id = EXCLUDED.webhook_id,
				document_id = EXCLUDED.document_id, status = EXCLUDED.status, body = EXCLUDED.body,
				created_at = EXCLUDED.created_at, attempts = EXCLUDED.attempts, next_attempt = EXCLUDED.next_attempt,
				last_error = EXCLUDED.last_error, dead_at = EXCLUDED.dead_at`,
			ev.EventID, ev.Tenant, ev.WebhookID, ev.DocumentID, ev.Status, einvBytes(ev.Body), ev.CreatedAt, ev.Attempts,
			ev.NextAttempt, ev.LastError, ev.DeadAt)
		return err
	})
}

// DropEvents implements einvoice.Store.
func (s *einvStore) DropEvents(ctx context.Context, webhookID string) error {
	return s.einvUpdate(ctx, "drop the events of a connection", func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM einvoice_outbox WHERE webhook_id = $1`, webhookID)
		return err
	})
}

// einvListedColumns are einvEventColumns with a NULL in place of the
// body, which DeadLetters leaves out.
const einvListedColumns = `event_id, tenant, webhook_id, document_id, status, NULL::bytea, created_at, attempts, next_attempt, last_error`

// The statements of a page of the dead-letter list: of every tenant, and
// of one. Each walks an index in the order of the list's key
// (einvoice_dead_letters_order, einvoice_dead_letters_tenant_order, of
// migration 014) from the row after the cursor, a row comparison that
// bounds the index's range, and stops at the limit: a page reads its own
// rows, wherever it is in the list. dead_at is never NULL (migration
// 014), so that the order is the columns' own.
const (
	einvDeadLettersSQL = `SELECT ` + einvListedColumns + `, NULL::bigint, dead_at FROM einvoice_dead_letters
		WHERE (created_at, dead_at, event_id) > ($1, $2, $3)
		ORDER BY created_at, dead_at, event_id
		LIMIT $4`
	einvTenantDeadLettersSQL = `SELECT ` + einvListedColumns + `, NULL::bigint, dead_at FROM einvoice_dead_letters
		WHERE tenant = $1 AND (created_at, dead_at, event_id) > ($2, $3, $4)
		ORDER BY created_at, dead_at, event_id
		LIMIT $5`
)

// DeadLetters implements einvoice.Store: the rows without their bodies,
// which the database then neither reads (a body long enough is kept
// apart, in TOAST) nor sends, limit of them after the key after, in key
// order, by one of the statements above (of all tenants with tenant "").
func (s *einvStore) DeadLetters(ctx context.Context, tenant string, after einvoice.DeadLetterKey, limit int) ([]einvoice.OutboxEvent, error) {
	if limit <= 0 {
		return nil, nil
	}
	sql, args := einvDeadLettersSQL, []any{after.CreatedAt, after.DeadAt, after.EventID, limit}
	if tenant != "" {
		sql, args = einvTenantDeadLettersSQL, append([]any{tenant}, args...)
	}
	var list []einvoice.OutboxEvent
	err := s.einvView(ctx, "list dead letters", func(tx querier) error {
		rows, err := tx.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		list, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (einvoice.OutboxEvent, error) { return einvScanEvent(r) })
		return err
	})
	if err != nil {
		return nil, err
	}
	return list, nil
}

// Replay implements einvoice.Store: the dead letter leaves the list and
// joins the end of its connection's queue under the connection's next
// number, in one transaction; a connection deleted meanwhile has no
// number to give, and the transaction is rolled back.
func (s *einvStore) Replay(ctx context.Context, tenant, eventID string, at time.Time) (*einvoice.OutboxEvent, error) {
	var was einvoice.OutboxEvent
	err := s.einvUpdate(ctx, "replay", func(tx pgx.Tx) error {
		ev, err := einvTakeDeadLetter(ctx, tx, tenant, eventID)
		if err != nil {
			return err
		}
		was = *ev
		queued := was
		queued.Attempts, queued.LastError, queued.DeadAt, queued.NextAttempt = 0, "", time.Time{}, at
		ok, err := einvAppend(ctx, tx, &queued)
		if err != nil {
			return err
		}
		if !ok {
			return levy.NotFound("eventId", "the webhook connection %s of dead letter %s has been deleted", was.WebhookID, eventID)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &was, nil
}

// einvCountsSQL counts the outbox and the dead-letter list, of every
// tenant, in one statement: a count walks the table's rows, or an index
// where the visibility map lets it, but no body kept apart in TOAST. The
// Service reads it at most once per few seconds (einvoice.Counter).
const einvCountsSQL = `SELECT (SELECT count(*) FROM einvoice_outbox), (SELECT count(*) FROM einvoice_dead_letters)`

// Counts implements einvoice.Counter: one statement, einvCountsSQL.
func (s *einvStore) Counts(ctx context.Context) (einvoice.Counts, error) {
	var n einvoice.Counts
	err := s.einvView(ctx, "count the outbox and the dead letters", func(tx querier) error {
		return tx.QueryRow(ctx, einvCountsSQL).Scan(&n.Waiting, &n.DeadLetters)
	})
	return n, err
}

// einvTakeDeadLetterSQL deletes a dead letter by its event ID (the
// primary key), $1, of tenant $2 when that is not empty, and returns it.
const einvTakeDeadLetterSQL = `DELETE FROM einvoice_dead_letters WHERE event_id = $1 AND ($2 = '' OR tenant = $2)
		RETURNING ` + einvEventColumns + `, NULL::bigint, dead_at`

// einvTakeDeadLetter deletes dead letter eventID (of tenant, when one is
// given) in tx and returns it as it was: not found when there is none.
func einvTakeDeadLetter(ctx context.Context, tx pgx.Tx, tenant, eventID string) (*einvoice.OutboxEvent, error) {
	rows, err := tx.Query(ctx, einvTakeDeadLetterSQL, eventID, tenant)
	if err != nil {
		return nil, err
	}
	evs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (einvoice.OutboxEvent, error) { return einvScanEvent(r) })
	if err != nil {
		return nil, fmt.Errorf("read the dead letter: %w", err)
	}
	if len(evs) == 0 {
		return nil, einvNotFound("eventId", "dead letter", eventID)
	}
	return &evs[0], nil
}

// DropDeadLetter implements einvoice.Store: one DELETE, of the tenant's
// dead letter only when a tenant is given.
func (s *einvStore) DropDeadLetter(ctx context.Context, tenant, eventID string) (*einvoice.OutboxEvent, error) {
	var was einvoice.OutboxEvent
	err := s.einvUpdate(ctx, "drop a dead letter", func(tx pgx.Tx) error {
		ev, err := einvTakeDeadLetter(ctx, tx, tenant, eventID)
		if err != nil {
			return err
		}
		was = *ev
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &was, nil
}
