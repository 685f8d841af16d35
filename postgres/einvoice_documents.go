package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// Submit implements einvoice.Store: the idempotency key, the record, the
// content, the queue entry and the events of the document, in one
// transaction. A key already taken, by this node or another, even by a
// transaction not yet committed, makes it wait for that transaction and
// return the document it made.
func (s *einvStore) Submit(ctx context.Context, sub einvoice.Submission) (einvoice.Submitted, error) {
	d := sub.Document
	var res einvoice.Submitted
	err := s.einvUpdate(ctx, "submit", func(tx pgx.Tx) error {
		if d == nil {
			return errors.New("no document")
		}
		record, err := einvJSON("the document", d)
		if err != nil {
			return err
		}
		res = einvoice.Submitted{Document: d, Created: true}
		if sub.IdempotencyKey != "" {
			tag, err := tx.Exec(ctx, `INSERT INTO einvoice_idempotency_keys (tenant, idempotency_key, document_id, content_sha256) VALUES ($1, $2, $3, $4)
				ON CONFLICT (tenant, idempotency_key) DO NOTHING`, d.TenantID, sub.IdempotencyKey, d.DocumentID, sub.Digest)
			if err != nil {
				return fmt.Errorf("write the idempotency key: %w", err)
			}
			if tag.RowsAffected() == 0 {
				prev, digest, err := einvFirstSubmission(ctx, tx, d.TenantID, sub.IdempotencyKey)
				if err != nil {
					return err
				}
				res = einvoice.Submitted{Document: prev, Digest: digest}
				return nil
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO einvoice_documents (tenant, document_id, status, record) VALUES ($1, $2, $3, $4)`,
			d.TenantID, d.DocumentID, d.Status, record); err != nil {
			return fmt.Errorf("write the document: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO einvoice_contents (tenant, document_id, content) VALUES ($1, $2, $3)`,
			d.TenantID, d.DocumentID, sub.Content); err != nil {
			return fmt.Errorf("write the content: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO einvoice_queue (document_id, tenant) VALUES ($1, $2)`, d.DocumentID, d.TenantID); err != nil {
			return fmt.Errorf("queue the document: %w", err)
		}
		res.Notified, err = einvEnqueue(ctx, tx, d, sub.Event)
		return err
	})
	if err != nil {
		return einvoice.Submitted{}, err
	}
	return res, nil
}

// einvFirstSubmission returns the document that the first submission of
// a tenant's idempotency key made, committed with the key, and the digest
// stored with the key ("" for a key stored before the column was added).
func einvFirstSubmission(ctx context.Context, tx pgx.Tx, tenant, key string) (*einvoice.Document, string, error) {
	var id, digest string
	err := tx.QueryRow(ctx, `SELECT document_id, coalesce(content_sha256, '') FROM einvoice_idempotency_keys WHERE tenant = $1 AND idempotency_key = $2`,
		tenant, key).Scan(&id, &digest)
	if err != nil {
		return nil, "", fmt.Errorf("read the idempotency key: %w", err)
	}
	d, err := einvLoadDocument(ctx, tx, tenant, id)
	return d, digest, err
}

// einvLoadDocument reads the record of a tenant's document.
func einvLoadDocument(ctx context.Context, tx querier, tenant, id string) (*einvoice.Document, error) {
	var record []byte
	err := tx.QueryRow(ctx, `SELECT record FROM einvoice_documents WHERE tenant = $1 AND document_id = $2`, tenant, id).Scan(&record)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, einvNotFound("documentId", "document", id)
	}
	if err != nil {
		return nil, fmt.Errorf("read document %s: %w", id, err)
	}
	d := new(einvoice.Document)
	if err := json.Unmarshal(record, d); err != nil {
		return nil, fmt.Errorf("read document %s: %w", id, err)
	}
	return d, nil
}

// Document implements einvoice.Store.
func (s *einvStore) Document(ctx context.Context, tenant, id string) (*einvoice.Document, error) {
	var d *einvoice.Document
	err := s.einvView(ctx, "get", func(tx querier) error {
		var err error
		d, err = einvLoadDocument(ctx, tx, tenant, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// Content implements einvoice.Store.
func (s *einvStore) Content(ctx context.Context, tenant, id string) ([]byte, error) {
	var data []byte
	err := s.einvView(ctx, "read", func(tx querier) error {
		err := tx.QueryRow(ctx, `SELECT content FROM einvoice_contents WHERE tenant = $1 AND document_id = $2`, tenant, id).Scan(&data)
		if errors.Is(err, pgx.ErrNoRows) {
			return einvNotFound("documentId", "document", id)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return data, nil
}

// Move implements einvoice.Store: a compare-and-set of the status in one
// UPDATE, then, in the same transaction, the queue entry's removal and
// the events of the new status. Of several nodes moving one document at
// once, one updates the row; the others wait for its lock, find the
// status changed and fail with ErrMoved.
func (s *einvStore) Move(ctx context.Context, m einvoice.Move) ([]string, error) {
	d := m.Document
	if d == nil {
		d = &einvoice.Document{}
	}
	var notified []string
	err := s.einvUpdate(ctx, "move "+m.From+" to "+d.Status, func(tx pgx.Tx) error {
		if m.Document == nil {
			return errors.New("no document")
		}
		record, err := einvJSON("the document", d)
		if err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE einvoice_documents SET status = $3, record = $4
			WHERE tenant = $1 AND document_id = $2 AND status = $5`, d.TenantID, d.DocumentID, d.Status, record, m.From)
		if err != nil {
			return fmt.Errorf("write document %s: %w", d.DocumentID, err)
		}
		if tag.RowsAffected() == 0 {
			var cur string
			err := tx.QueryRow(ctx, `SELECT status FROM einvoice_documents WHERE tenant = $1 AND document_id = $2`,
				d.TenantID, d.DocumentID).Scan(&cur)
			if errors.Is(err, pgx.ErrNoRows) {
				return einvNotFound("documentId", "document", d.DocumentID)
			}
			if err != nil {
				return fmt.Errorf("read document %s: %w", d.DocumentID, err)
			}
			return fmt.Errorf("document %s is %s: %w", d.DocumentID, cur, einvoice.ErrMoved)
		}
		if m.Dequeue {
			if _, err := tx.Exec(ctx, `DELETE FROM einvoice_queue WHERE document_id = $1`, d.DocumentID); err != nil {
				return fmt.Errorf("dequeue document %s: %w", d.DocumentID, err)
			}
		}
		notified, err = einvEnqueue(ctx, tx, d, m.Event)
		return err
	})
	if err != nil {
		return nil, err
	}
	return notified, nil
}

// einvEnqueue queues an event of d's status for every connection of d's
// tenant that selects it, and returns their IDs. It takes the next
// number of each connection from its row of einvoice_outbox_seqs, in
// webhook ID order, and holds the row's lock until the transaction ends:
// the events of one connection commit in the order of their numbers. A
// connection deleted meanwhile has no such row any more and gets none.
func einvEnqueue(ctx context.Context, tx pgx.Tx, d *einvoice.Document, ev einvoice.StatusEvent) ([]string, error) {
	return einvEnqueueFor(ctx, tx, d.TenantID, d.Status, func(c einvoice.Connection) einvoice.OutboxEvent {
		return ev.For(c, d.DocumentID, d.Status)
	})
}

// Notify implements einvoice.Store: the notice's key, then its events,
// in one transaction. Of several nodes notifying one key at once, one
// inserts the key; the others wait for its transaction, find the key
// taken and queue nothing.
func (s *einvStore) Notify(ctx context.Context, n einvoice.Notice) ([]string, bool, error) {
	var notified []string
	var queued bool
	err := s.einvUpdate(ctx, "notify", func(tx pgx.Tx) error {
		notified, queued = nil, false
		tag, err := tx.Exec(ctx, `INSERT INTO einvoice_notices (tenant, notice_key, subject, created_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (tenant, notice_key) DO NOTHING`, n.Tenant, n.Key, n.Subject, n.At)
		if err != nil {
			return fmt.Errorf("write the notice: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		notified, err = einvEnqueueFor(ctx, tx, n.Tenant, n.Status, n.For)
		queued = err == nil
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return notified, queued, nil
}

// einvEnqueueFor queues the event that event makes for each connection
// of tenant that selects status, and returns their IDs; see einvEnqueue.
func einvEnqueueFor(ctx context.Context, tx pgx.Tx, tenant, status string, event func(einvoice.Connection) einvoice.OutboxEvent) ([]string, error) {
	cs, err := einvConnections(ctx, tx, tenant)
	if err != nil {
		return nil, err
	}
	var notified []string
	for _, c := range cs {
		if !c.Events.Has(status) {
			continue
		}
		oe := event(c.Connection)
		ok, err := einvAppend(ctx, tx, &oe)
		if err != nil {
			return nil, err
		}
		if ok {
			notified = append(notified, c.WebhookID)
		}
	}
	return notified, nil
}

// einvAppend puts ev at the end of its connection's queue under the
// connection's next number, and reports whether it did: false when the
// connection is gone. ev.Tenant must be the connection's tenant.
func einvAppend(ctx context.Context, tx pgx.Tx, ev *einvoice.OutboxEvent) (bool, error) {
	var seq int64
	err := tx.QueryRow(ctx, `WITH n AS (
			UPDATE einvoice_outbox_seqs s SET last_seq = s.last_seq + 1
			FROM einvoice_connections c
			WHERE s.webhook_id = $1 AND c.webhook_id = s.webhook_id AND c.tenant = $2
			RETURNING s.last_seq)
		INSERT INTO einvoice_outbox (webhook_id, seq, event_id, tenant, document_id, status, body, created_at, attempts, next_attempt, last_error)
		SELECT $1, n.last_seq, $3, $2, $4, $5, $6, $7, $8, $9, $10 FROM n
		RETURNING seq`,
		ev.WebhookID, ev.Tenant, ev.EventID, ev.DocumentID, ev.Status, einvBytes(ev.Body), ev.CreatedAt, ev.Attempts, ev.NextAttempt, ev.LastError).Scan(&seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("queue an event for connection %s: %w", ev.WebhookID, err)
	}
	ev.Seq = uint64(seq)
	return true, nil
}

// einvBytes returns b, or an empty slice for nil: a body column is NOT
// NULL, and an event may have an empty body.
func einvBytes(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// Queue implements einvoice.Store, in document ID order.
func (s *einvStore) Queue(ctx context.Context) ([]einvoice.QueueEntry, error) {
	var list []einvoice.QueueEntry
	err := s.einvView(ctx, "read the work queue", func(tx querier) error {
		list = nil
		rows, err := tx.Query(ctx, `SELECT document_id, tenant FROM einvoice_queue ORDER BY document_id`)
		if err != nil {
			return err
		}
		list, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (einvoice.QueueEntry, error) {
			var e einvoice.QueueEntry
			err := r.Scan(&e.DocumentID, &e.Tenant)
			return e, err
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return list, nil
}

// Claim implements einvoice.Store, with the lease in the document's row
// of the work queue (einvTakeLease).
func (s *einvStore) Claim(ctx context.Context, documentID string, lease einvoice.Lease) error {
	return s.einvUpdate(ctx, "claim", func(tx pgx.Tx) error {
		found, err := einvTakeLease(ctx, tx, einvQueueLeases, documentID, lease)
		if err == nil && !found {
			err = levy.NotFound("documentId", "document %s is not in the work queue", documentID)
		}
		return err
	})
}

// Release implements einvoice.Store.
func (s *einvStore) Release(ctx context.Context, documentID, owner string) error {
	return s.einvUpdate(ctx, "release", func(tx pgx.Tx) error {
		return einvDropLease(ctx, tx, einvQueueLeases, documentID, owner)
	})
}

// einvLeases is a table whose rows hold a lease (columns owner, ” when
// none, and until), and the column of their key.
type einvLeases struct{ table, key string }

// The tables of leases: the work queue, a row per document, and the
// leases of the outbox, a row per connection.
var (
	einvQueueLeases  = einvLeases{table: "einvoice_queue", key: "document_id"}
	einvOutboxLeases = einvLeases{table: "einvoice_outbox_leases", key: "webhook_id"}
)

// einvTakeLease gives lease on the row id of t for its term from the
// database's clock, unless another owner holds a lease there that has
// not lapsed by that clock; found is false when there is no such row.
// It locks the row with FOR UPDATE
// SKIP LOCKED: a row another transaction has locked, to take or drop its
// lease or to delete it, is another owner's work of the moment, and
// einvTakeLease answers ErrLeased at once rather than wait for it.
func einvTakeLease(ctx context.Context, tx pgx.Tx, t einvLeases, id string, lease einvoice.Lease) (found bool, err error) {
	var owner string
	var live bool
	err = tx.QueryRow(ctx, `SELECT owner, coalesce(until > clock_timestamp(), false) FROM `+t.table+`
		WHERE `+t.key+` = $1 FOR UPDATE SKIP LOCKED`, id).Scan(&owner, &live)
	if errors.Is(err, pgx.ErrNoRows) {
		// Skipped, or not there: only a row that is there is locked.
		var there bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+t.table+` WHERE `+t.key+` = $1)`, id).Scan(&there); err != nil {
			return false, fmt.Errorf("read the lease of %s: %w", id, err)
		}
		if there {
			return true, fmt.Errorf("%s is locked by another owner at work on it: %w", id, einvoice.ErrLeased)
		}
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read the lease of %s: %w", id, err)
	}
	if owner != "" && owner != lease.Owner && live {
		return true, fmt.Errorf("%s: %w", id, einvoice.ErrLeased)
	}
	// The lease ends by the database's clock, the one its check above
	// reads: the node's clock is never compared with it.
	if _, err := tx.Exec(ctx, `UPDATE `+t.table+` SET owner = $2, until = clock_timestamp() + $3 * interval '1 microsecond'
		WHERE `+t.key+` = $1`, id, lease.Owner, lease.Term.Microseconds()); err != nil {
		return true, fmt.Errorf("write the lease of %s: %w", id, err)
	}
	return true, nil
}

// einvDropLease ends owner's lease on the row id of t, if owner holds it.
func einvDropLease(ctx context.Context, tx pgx.Tx, t einvLeases, id, owner string) error {
	_, err := tx.Exec(ctx, `UPDATE `+t.table+` SET owner = '', until = NULL WHERE `+t.key+` = $1 AND owner = $2`, id, owner)
	return err
}

// Dequeue implements einvoice.Store.
func (s *einvStore) Dequeue(ctx context.Context, documentID string) error {
	return s.einvUpdate(ctx, "dequeue", func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM einvoice_queue WHERE document_id = $1`, documentID)
		return err
	})
}
