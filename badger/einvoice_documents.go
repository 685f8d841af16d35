package badger

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// Submit stores a new document, its content, its idempotency key, its
// entry in the work queue and the events of Pending in one transaction,
// or returns the document an earlier submission of the idempotency key
// made. See einvoice.Store.
func (s *EInvoiceStore) Submit(ctx context.Context, sub einvoice.Submission) (einvoice.Submitted, error) {
	if err := s.enter("submit"); err != nil {
		return einvoice.Submitted{}, err
	}
	defer s.gate.Leave()
	d := sub.Document
	if d == nil {
		return einvoice.Submitted{}, errors.New("einvoice: submit: no document")
	}
	tenant := d.TenantID
	var res einvoice.Submitted
	var taken []uint64
	defer func() { s.nums.release(taken) }()
	err := s.update(ctx, "submit", "", func(txn *bdb.Txn) error {
		res = einvoice.Submitted{Document: d, Created: true}
		if sub.IdempotencyKey != "" {
			k := einvKey(einvSubmit, tenant, sub.IdempotencyKey)
			var first einvKeyRecord
			found, err := einvGet(txn, k, &first)
			if err != nil {
				return err
			}
			if found {
				prev, err := einvLoadDocument(txn, tenant, first.DocumentID)
				if err != nil {
					return err
				}
				res = einvoice.Submitted{Document: prev, Digest: first.Digest}
				return nil
			}
			if err := einvSet(txn, k, einvKeyRecord{DocumentID: d.DocumentID, Digest: sub.Digest}); err != nil {
				return err
			}
		}
		if err := einvSet(txn, einvKey(einvDoc, tenant, d.DocumentID), d); err != nil {
			return err
		}
		if err := txn.Set(einvKey(einvXML, tenant, d.DocumentID), sub.Content); err != nil {
			return err
		}
		if err := txn.Set(einvKey(einvQueue, d.DocumentID), []byte(tenant)); err != nil {
			return err
		}
		var err error
		res.Notified, err = s.enqueue(txn, d, sub.Event, &taken)
		return err
	})
	if err != nil {
		return einvoice.Submitted{}, err
	}
	return res, nil
}

// einvKeyRecord is the value of an idempotency key ('I'): the document
// the key's first submission made, and the digest of that submission's
// content. A key stored by a Levy that kept no digests holds the
// document ID alone, as a JSON string; it reads with an empty Digest.
type einvKeyRecord struct {
	DocumentID string `json:"documentId"`
	Digest     string `json:"sha256,omitempty"`
}

// UnmarshalJSON reads a key's record, or the bare document ID of a key
// stored before digests were kept.
func (r *einvKeyRecord) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		*r = einvKeyRecord{}
		return json.Unmarshal(b, &r.DocumentID)
	}
	type plain einvKeyRecord // without this method
	return json.Unmarshal(b, (*plain)(r))
}

// Document returns the record of a tenant's document.
func (s *EInvoiceStore) Document(ctx context.Context, tenant, id string) (*einvoice.Document, error) {
	if err := s.enter("get"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var d *einvoice.Document
	err := s.view("get", id, func(txn *bdb.Txn) error {
		var err error
		d, err = einvLoadDocument(txn, tenant, id)
		return err
	})
	return d, err
}

// Content returns a tenant's document as it was received.
func (s *EInvoiceStore) Content(ctx context.Context, tenant, id string) ([]byte, error) {
	if err := s.enter("read"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var data []byte
	err := s.view("read", id, func(txn *bdb.Txn) error {
		item, err := txn.Get(einvKey(einvXML, tenant, id))
		if errors.Is(err, bdb.ErrKeyNotFound) {
			return einvNotFound("documentId", "document", id)
		}
		if err != nil {
			return err
		}
		data, err = item.ValueCopy(nil)
		return err
	})
	return data, err
}

// Move replaces a document's record if it is still in status m.From, and
// in the same transaction drops it from the work queue (m.Dequeue) and
// queues the events of its new status. See einvoice.Store.
func (s *EInvoiceStore) Move(ctx context.Context, m einvoice.Move) ([]string, error) {
	if err := s.enter("move"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	d := m.Document
	if d == nil {
		return nil, errors.New("einvoice: move: no document")
	}
	var notified []string
	var taken []uint64
	defer func() { s.nums.release(taken) }()
	err := s.update(ctx, "move "+m.From+" to "+d.Status, d.DocumentID, func(txn *bdb.Txn) error {
		cur, err := einvLoadDocument(txn, d.TenantID, d.DocumentID)
		if err != nil {
			return err
		}
		if cur.Status != m.From {
			return fmt.Errorf("it is %s: %w", cur.Status, einvoice.ErrMoved)
		}
		if err := einvSet(txn, einvKey(einvDoc, d.TenantID, d.DocumentID), d); err != nil {
			return err
		}
		if m.Dequeue {
			if err := txn.Delete(einvKey(einvQueue, d.DocumentID)); err != nil {
				return err
			}
		}
		notified, err = s.enqueue(txn, d, m.Event, &taken)
		return err
	})
	if err != nil {
		return nil, err
	}
	if m.Dequeue {
		s.mu.Lock()
		delete(s.claims, d.DocumentID)
		s.mu.Unlock()
	}
	return notified, nil
}

// enqueue puts an event of d's status in the outbox of every connection
// of d's tenant that selects it, and returns the IDs of those
// connections. The numbers it takes are appended to taken, for the
// caller to release once the transaction is over.
func (s *EInvoiceStore) enqueue(txn *bdb.Txn, d *einvoice.Document, ev einvoice.StatusEvent, taken *[]uint64) ([]string, error) {
	return s.enqueueFor(txn, d.TenantID, d.Status, taken, func(c einvoice.Connection) einvoice.OutboxEvent {
		return ev.For(c, d.DocumentID, d.Status)
	})
}

// enqueueFor puts the event that event makes for each connection of
// tenant that selects status in its outbox, and returns the IDs of those
// connections; see enqueue.
func (s *EInvoiceStore) enqueueFor(txn *bdb.Txn, tenant, status string, taken *[]uint64, event func(einvoice.Connection) einvoice.OutboxEvent) ([]string, error) {
	cs, err := einvConnections(txn, tenant)
	if err != nil {
		return nil, err
	}
	var notified []string
	for _, c := range cs {
		if !c.Events.Has(status) {
			continue
		}
		seq, err := s.nums.take()
		if err != nil {
			return nil, err
		}
		*taken = append(*taken, seq)
		oe := event(c.Connection)
		if err := einvSet(txn, einvOutboxKey(c.WebhookID, seq), einvEventOf(&oe)); err != nil {
			return nil, err
		}
		notified = append(notified, c.WebhookID)
	}
	return notified, nil
}

// einvNoticeRecord is the value of a notice's key ('N'): when it was
// queued, and what about.
type einvNoticeRecord struct {
	At      time.Time `json:"at"`
	Subject string    `json:"subject,omitempty"`
}

// Notify queues the events of a notice with the record of its key in
// one transaction, unless the tenant has the key already. See
// einvoice.Store.
func (s *EInvoiceStore) Notify(ctx context.Context, n einvoice.Notice) ([]string, bool, error) {
	if err := s.enter("notify"); err != nil {
		return nil, false, err
	}
	defer s.gate.Leave()
	var notified []string
	var queued bool
	var taken []uint64
	defer func() { s.nums.release(taken) }()
	err := s.update(ctx, "notify", n.Subject, func(txn *bdb.Txn) error {
		notified, queued = nil, false
		k := einvKey(einvNotice, n.Tenant, n.Key)
		var prev einvNoticeRecord
		found, err := einvGet(txn, k, &prev)
		if err != nil || found {
			return err
		}
		if err := einvSet(txn, k, einvNoticeRecord{At: n.At, Subject: n.Subject}); err != nil {
			return err
		}
		notified, err = s.enqueueFor(txn, n.Tenant, n.Status, &taken, n.For)
		queued = err == nil
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return notified, queued, nil
}

// einvLoadDocument reads the record of a tenant's document.
func einvLoadDocument(txn *bdb.Txn, tenant, id string) (*einvoice.Document, error) {
	var d einvoice.Document
	found, err := einvGet(txn, einvKey(einvDoc, tenant, id), &d)
	if err != nil {
		return nil, fmt.Errorf("read document %s: %w", id, err)
	}
	if !found {
		return nil, einvNotFound("documentId", "document", id)
	}
	return &d, nil
}

// Queue lists the work queue, in document ID order.
func (s *EInvoiceStore) Queue(ctx context.Context) ([]einvoice.QueueEntry, error) {
	if err := s.enter("read the work queue"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var list []einvoice.QueueEntry
	err := s.view("read the work queue", "", func(txn *bdb.Txn) error {
		return einvScan(txn, []byte{einvQueue}, nil, func(k, v []byte) (bool, error) {
			if id, ok := einvFirstPart(k); ok {
				list = append(list, einvoice.QueueEntry{DocumentID: id, Tenant: string(v)})
			}
			return ctx.Err() == nil, ctx.Err()
		})
	})
	return list, err
}

// Claim leases a document of the work queue. See einvoice.Store.
func (s *EInvoiceStore) Claim(ctx context.Context, documentID string, lease einvoice.Lease) error {
	if err := s.enter("claim"); err != nil {
		return err
	}
	defer s.gate.Leave()
	// The lock spans the look at the queue, so that a Move that dequeues
	// the document drops the lease given here.
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.view("claim", documentID, func(txn *bdb.Txn) error {
		_, err := txn.Get(einvKey(einvQueue, documentID))
		if errors.Is(err, bdb.ErrKeyNotFound) {
			return levy.NotFound("documentId", "document %s is not in the work queue", documentID)
		}
		return err
	})
	if err != nil {
		return err
	}
	return einvTake(s.claims, documentID, lease, time.Now())
}

// Release ends owner's lease on a queued document.
func (s *EInvoiceStore) Release(ctx context.Context, documentID, owner string) error {
	if err := s.enter("release"); err != nil {
		return err
	}
	defer s.gate.Leave()
	s.mu.Lock()
	einvDrop(s.claims, documentID, owner)
	s.mu.Unlock()
	return nil
}

// Dequeue drops a document from the work queue, with its lease.
func (s *EInvoiceStore) Dequeue(ctx context.Context, documentID string) error {
	if err := s.enter("dequeue"); err != nil {
		return err
	}
	defer s.gate.Leave()
	err := s.update(ctx, "dequeue", documentID, func(txn *bdb.Txn) error {
		return txn.Delete(einvKey(einvQueue, documentID))
	})
	if err != nil {
		return err
	}
	s.mu.Lock()
	delete(s.claims, documentID)
	s.mu.Unlock()
	return nil
}
