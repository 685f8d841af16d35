package badger

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// CreateConnection stores a new webhook connection unless its tenant has
// limit connections already. With a key, the transaction reads the key's
// record first and answers the connection it names when that connection
// still exists and was made less than einvoice.IdempotencyWindow ago;
// otherwise it writes the connection and the key's record together. Two
// creations at once under one key both read the key's record, so the
// second to commit conflicts, and its retry finds the first's.
func (s *EInvoiceStore) CreateConnection(ctx context.Context, c einvoice.ConnectionRecord, key einvoice.ConnectionKey, limit int) (einvoice.CreatedConnection, error) {
	if err := s.enter("create webhook"); err != nil {
		return einvoice.CreatedConnection{}, err
	}
	defer s.gate.Leave()
	var res einvoice.CreatedConnection
	err := s.update(ctx, "create webhook", "", func(txn *bdb.Txn) error {
		res = einvoice.CreatedConnection{Connection: c, Created: true}
		var kk []byte
		if key.Key != "" {
			kk = einvKey(einvConnKey, c.TenantID, key.Key)
			var used einvConnKeyRecord
			found, err := einvGet(txn, kk, &used)
			if err != nil {
				return err
			}
			if found && time.Since(used.At) < einvoice.IdempotencyWindow {
				var first einvConnRecord
				ok, err := einvGet(txn, einvKey(einvConn, c.TenantID, used.WebhookID), &first)
				if err != nil {
					return err
				}
				if ok {
					res = einvoice.CreatedConnection{Connection: einvoice.ConnectionRecord(first), Digest: used.Digest}
					return nil
				}
			}
		}
		cs, err := einvConnections(txn, c.TenantID)
		if err != nil {
			return err
		}
		if len(cs) >= limit {
			return fmt.Errorf("%d connections: %w", len(cs), einvoice.ErrConnectionLimit)
		}
		if kk != nil {
			if err := einvSet(txn, kk, einvConnKeyRecord{WebhookID: c.WebhookID, Digest: key.Digest, At: time.Now().UTC()}); err != nil {
				return err
			}
		}
		return einvSet(txn, einvKey(einvConn, c.TenantID, c.WebhookID), einvConnRecord(c))
	})
	if err != nil {
		return einvoice.CreatedConnection{}, err
	}
	return res, nil
}

// einvConnKeyRecord is the record of the idempotency key of a
// connection's creation.
type einvConnKeyRecord struct {
	WebhookID string    `json:"webhookId"`
	Digest    string    `json:"digest"`
	At        time.Time `json:"at"`
}

// einvDropConnKeys deletes the records of the idempotency keys of a
// tenant that name the connection id.
func einvDropConnKeys(txn *bdb.Txn, tenant, id string) error {
	var drop [][]byte
	err := einvScan(txn, einvKey(einvConnKey, tenant), nil, func(k, v []byte) (bool, error) {
		var r einvConnKeyRecord
		if err := json.Unmarshal(v, &r); err != nil {
			return false, fmt.Errorf("read the idempotency key of a webhook connection: %w", err)
		}
		if r.WebhookID == id {
			drop = append(drop, bytes.Clone(k))
		}
		return true, nil
	})
	if err != nil {
		return err
	}
	for _, k := range drop {
		if err := txn.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// Connections lists the connections of a tenant, in webhook ID order.
func (s *EInvoiceStore) Connections(ctx context.Context, tenant string) ([]einvoice.ConnectionRecord, error) {
	if err := s.enter("list webhooks"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var cs []einvoice.ConnectionRecord
	err := s.view("list webhooks", "", func(txn *bdb.Txn) error {
		var err error
		cs, err = einvConnections(txn, tenant)
		return err
	})
	return cs, err
}

// einvConnections returns the stored connections of a tenant.
func einvConnections(txn *bdb.Txn, tenant string) ([]einvoice.ConnectionRecord, error) {
	var cs []einvoice.ConnectionRecord
	err := einvScan(txn, einvKey(einvConn, tenant), nil, func(_, v []byte) (bool, error) {
		var c einvConnRecord
		if err := json.Unmarshal(v, &c); err != nil {
			return false, fmt.Errorf("read a webhook connection: %w", err)
		}
		cs = append(cs, einvoice.ConnectionRecord(c))
		return true, nil
	})
	return cs, err
}

// Connection returns one connection of a tenant.
func (s *EInvoiceStore) Connection(ctx context.Context, tenant, id string) (einvoice.ConnectionRecord, error) {
	if err := s.enter("get webhook"); err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	defer s.gate.Leave()
	var c einvConnRecord
	err := s.view("get webhook", id, func(txn *bdb.Txn) error {
		found, err := einvGet(txn, einvKey(einvConn, tenant, id), &c)
		if err == nil && !found {
			err = einvNotFound("webhookId", "webhook connection", id)
		}
		return err
	})
	return einvoice.ConnectionRecord(c), err
}

// DeleteConnection removes a connection of a tenant, then the events
// waiting for it, a batch per transaction (dropEvents), so that the
// store's other writes go on meanwhile. No event joins its queue once the
// connection's record is gone (a transaction that would add one reads the record, and
// conflicts), and a crash before the events go leaves them to the
// dispatcher, which finds their connection gone and drops them
// (DropEvents).
func (s *EInvoiceStore) DeleteConnection(ctx context.Context, tenant, id string) (einvoice.ConnectionRecord, error) {
	if err := s.enter("delete webhook"); err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	defer s.gate.Leave()
	var c einvConnRecord
	err := s.update(ctx, "delete webhook", id, func(txn *bdb.Txn) error {
		k := einvKey(einvConn, tenant, id)
		found, err := einvGet(txn, k, &c)
		if err != nil {
			return err
		}
		if !found {
			return einvNotFound("webhookId", "webhook connection", id)
		}
		if err := einvDropConnKeys(txn, tenant, id); err != nil {
			return err
		}
		return txn.Delete(k)
	})
	if err == nil {
		err = s.dropEvents(ctx, id)
	}
	if err != nil {
		return einvoice.ConnectionRecord{}, Wrap("einvoice", "delete webhook", id, err)
	}
	return einvoice.ConnectionRecord(c), nil
}

// ReplaceSecret replaces the sealed secret of a connection of a tenant,
// in one transaction that reads the connection's record and writes it
// back with the new secret: a DeleteConnection that commits first leaves
// no record to read (not found), and one that commits in between makes
// the transaction conflict, and its retry finds no record. The events
// waiting for the connection are under keys of their own, which it does
// not touch. Badger keeps the replaced version, with the old secret
// sealed as it was, in its tables until a compaction drops it, as it
// keeps a deleted connection's; Reseal's rewrite is what removes every
// old version. See einvoice.Store.
func (s *EInvoiceStore) ReplaceSecret(ctx context.Context, tenant, id string, secret einvoice.SealedSecret) (einvoice.ConnectionRecord, error) {
	if err := s.enter("replace webhook secret"); err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	defer s.gate.Leave()
	var c einvConnRecord
	err := s.update(ctx, "replace webhook secret", id, func(txn *bdb.Txn) error {
		k := einvKey(einvConn, tenant, id)
		c = einvConnRecord{}
		found, err := einvGet(txn, k, &c)
		if err != nil {
			return err
		}
		if !found {
			return einvNotFound("webhookId", "webhook connection", id)
		}
		c.Secret = secret
		return einvSet(txn, k, c)
	})
	if err != nil {
		return einvoice.ConnectionRecord{}, err
	}
	return einvoice.ConnectionRecord(c), nil
}

// Outboxes returns the IDs of the connections that have events waiting.
func (s *EInvoiceStore) Outboxes(ctx context.Context) ([]string, error) {
	if err := s.enter("resume the outbox"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var ids []string
	err := s.view("resume the outbox", "", func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{einvOutbox}})
		defer it.Close()
		for it.Rewind(); it.Valid(); {
			id, ok := einvFirstPart(it.Item().Key())
			if !ok {
				return fmt.Errorf("an outbox key %q of no connection", it.Item().Key())
			}
			ids = append(ids, id)
			// Past the connection's events.
			it.Seek(append(einvKey(einvOutbox, id), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff))
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return nil
	})
	return ids, err
}

// NextEvent returns the oldest event waiting for a connection and leases
// its queue. See einvoice.Store.
func (s *EInvoiceStore) NextEvent(ctx context.Context, webhookID string, lease einvoice.Lease) (*einvoice.OutboxEvent, error) {
	if err := s.enter("read the outbox"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	s.mu.Lock()
	if err := einvTake(s.lanes, webhookID, lease, time.Now()); err != nil {
		s.mu.Unlock()
		return nil, err
	}
	after := s.done[webhookID]
	s.mu.Unlock()
	after = s.nums.resumeAfter(webhookID, after)
	var ev *einvoice.OutboxEvent
	err := s.view("read the outbox of", webhookID, func(txn *bdb.Txn) error {
		return einvScan(txn, einvKey(einvOutbox, webhookID), after, func(k, v []byte) (bool, error) {
			var r einvEvent
			if err := json.Unmarshal(v, &r); err != nil {
				return false, fmt.Errorf("read an outbox event: %w", err)
			}
			ev = r.event(binary.BigEndian.Uint64(k[len(k)-8:]))
			return false, nil
		})
	})
	if ev != nil {
		// The store's clock is this process's: a Badger store has one
		// process.
		ev.Wait = max(time.Until(ev.NextAttempt), 0)
		ev.LeaseOwner = lease.Owner
	}
	return ev, err
}

// holdLane reports whether ev.LeaseOwner holds the lease of ev's
// connection's queue, lapsed or not (a lease that lapsed and that no
// other owner took is still its owner's), and if it does counts a write
// under it in until done is called: meanwhile NextEvent refuses the lease
// to another owner even once it lapses, so that no owner takes the queue
// over between the check and the commit of the write.
func (s *EInvoiceStore) holdLane(ev *einvoice.OutboxEvent) (held bool, done func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.lanes[ev.WebhookID]
	if !ok || ev.LeaseOwner == "" || cur.owner != ev.LeaseOwner {
		return false, func() {}
	}
	cur.writing++
	s.lanes[ev.WebhookID] = cur
	return true, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if cur, ok := s.lanes[ev.WebhookID]; ok && cur.writing > 0 {
			cur.writing--
			s.lanes[ev.WebhookID] = cur
		}
	}
}

// einvLeaseLost is the error of a write of ev's outcome by an owner that
// no longer holds the lease of its connection's queue.
func einvLeaseLost(ev *einvoice.OutboxEvent) error {
	return fmt.Errorf("event %s of webhook connection %s: %w", ev.EventID, ev.WebhookID, einvoice.ErrLeaseLost)
}

// einvQueued reports whether the event at k is still in its queue.
func einvQueued(txn *bdb.Txn, k []byte) (bool, error) {
	if _, err := txn.Get(k); err != nil {
		if errors.Is(err, bdb.ErrKeyNotFound) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// ReleaseOutbox ends owner's lease on a connection's queue.
func (s *EInvoiceStore) ReleaseOutbox(ctx context.Context, webhookID, owner string) error {
	if err := s.enter("release the outbox"); err != nil {
		return err
	}
	defer s.gate.Leave()
	s.mu.Lock()
	einvDrop(s.lanes, webhookID, owner)
	s.mu.Unlock()
	return nil
}

// Delivered removes an event from its connection's queue, while
// ev.LeaseOwner holds the queue's lease (holdLane). See einvoice.Store.
func (s *EInvoiceStore) Delivered(ctx context.Context, ev *einvoice.OutboxEvent) error {
	if err := s.enter("remove a delivered event"); err != nil {
		return err
	}
	defer s.gate.Leave()
	held, done := s.holdLane(ev)
	defer done()
	k := einvOutboxKey(ev.WebhookID, ev.Seq)
	err := s.update(ctx, "remove a delivered event", ev.EventID, func(txn *bdb.Txn) error {
		if queued, err := einvQueued(txn, k); err != nil || !queued {
			return err // gone: nothing to remove
		}
		if !held {
			return einvLeaseLost(ev)
		}
		return txn.Delete(k)
	})
	if err != nil {
		return err
	}
	s.finished(ev.WebhookID, k)
	return nil
}

// Retry stores the attempts and last error of an event that is still
// waiting, with its next attempt delay from now, while ev.LeaseOwner
// holds the queue's lease (holdLane). See einvoice.Store.
func (s *EInvoiceStore) Retry(ctx context.Context, ev *einvoice.OutboxEvent, delay time.Duration) error {
	if err := s.enter("schedule a retry"); err != nil {
		return err
	}
	defer s.gate.Leave()
	held, done := s.holdLane(ev)
	defer done()
	k := einvOutboxKey(ev.WebhookID, ev.Seq)
	r := einvEventOf(ev)
	r.NextAttempt = time.Now().UTC().Add(delay)
	err := s.update(ctx, "schedule a retry", ev.EventID, func(txn *bdb.Txn) error {
		// The event may have gone meanwhile (its connection deleted).
		if queued, err := einvQueued(txn, k); err != nil || !queued {
			return err
		}
		if !held {
			return einvLeaseLost(ev)
		}
		return einvSet(txn, k, r)
	})
	if err != nil {
		return err
	}
	ev.NextAttempt = r.NextAttempt
	return nil
}

// Bury moves an event from its connection's queue to the dead-letter
// list in one transaction. An event no longer in its queue (its
// connection deleted while its last attempt ran) is not buried: it has no
// connection to be replayed to. One still queued is buried only while
// ev.LeaseOwner holds the queue's lease (holdLane).
func (s *EInvoiceStore) Bury(ctx context.Context, ev *einvoice.OutboxEvent) error {
	if err := s.enter("move an event to the dead-letter list"); err != nil {
		return err
	}
	defer s.gate.Leave()
	held, done := s.holdLane(ev)
	defer done()
	k := einvOutboxKey(ev.WebhookID, ev.Seq)
	err := s.update(ctx, "move an event to the dead-letter list", ev.EventID, func(txn *bdb.Txn) error {
		if queued, err := einvQueued(txn, k); err != nil || !queued {
			return err
		}
		if !held {
			return einvLeaseLost(ev)
		}
		if err := txn.Delete(k); err != nil {
			return err
		}
		return einvPutDead(txn, einvEventOf(ev))
	})
	if err != nil {
		return err
	}
	s.finished(ev.WebhookID, k)
	return nil
}

// DropEvents removes every event waiting for a connection.
func (s *EInvoiceStore) DropEvents(ctx context.Context, webhookID string) error {
	if err := s.enter("drop the events of"); err != nil {
		return err
	}
	defer s.gate.Leave()
	return Wrap("einvoice", "drop the events of", webhookID, s.dropEvents(ctx, webhookID))
}

// einvDropBatch bounds the events deleted in one transaction of
// dropEvents.
const einvDropBatch = 1000

// dropEvents deletes the events of a connection, einvDropBatch of them
// per transaction, and forgets where its queue was read. Each transaction
// is as short as any other write, so that the writes of every other
// connection and tenant go on while a long queue is deleted: Badger's
// DropPrefix, which would drop them all at once, refuses every other
// write of the store (ErrBlockedWrites) while it flushes the memtables.
// Once the connection's record is gone, no event joins its queue (a
// transaction that would add one reads the record, and conflicts), so
// that the last batch that finds none leaves none; an event that a
// Retry of an attempt in flight rewrites meanwhile is deleted by its
// batch all the same (or the Retry, which reads it first, conflicts and
// finds it gone). Badger keeps the deleted versions in its tables until
// a compaction drops them.
func (s *EInvoiceStore) dropEvents(ctx context.Context, webhookID string) error {
	prefix := einvKey(einvOutbox, webhookID)
	var after []byte
	for {
		var keys [][]byte
		err := s.probe.Update(ctx, s.db, func(txn *bdb.Txn) error {
			keys = keysUnder(txn, prefix, after, einvDropBatch)
			for _, k := range keys {
				if err := txn.Delete(k); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if len(keys) == 0 {
			break
		}
		after = keys[len(keys)-1] // past the deletion markers of this batch
		if s.dropped != nil {
			s.dropped(webhookID, len(keys))
		}
	}
	s.mu.Lock()
	delete(s.done, webhookID)
	s.mu.Unlock()
	return nil
}

// finished notes that the event at k left the head of its connection's
// queue.
func (s *EInvoiceStore) finished(webhookID string, k []byte) {
	s.mu.Lock()
	s.done[webhookID] = k
	s.mu.Unlock()
}

// Replay moves a dead letter back to the end of its connection's queue
// in one transaction. See einvoice.Store.
func (s *EInvoiceStore) Replay(ctx context.Context, tenant, eventID string, at time.Time) (*einvoice.OutboxEvent, error) {
	if err := s.enter("replay"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var r einvEvent
	var taken []uint64
	defer func() { s.nums.release(taken) }()
	err := s.update(ctx, "replay", eventID, func(txn *bdb.Txn) error {
		dead, err := einvTakeDead(txn, eventID)
		if err != nil {
			return err
		}
		if dead == nil || tenant != "" && dead.Tenant != tenant {
			return einvNotFound("eventId", "dead letter", eventID)
		}
		r = *dead
		if _, err := txn.Get(einvKey(einvConn, r.Tenant, r.WebhookID)); err != nil {
			if errors.Is(err, bdb.ErrKeyNotFound) {
				return levy.NotFound("eventId", "the webhook connection %s of dead letter %s has been deleted", r.WebhookID, eventID)
			}
			return err
		}
		seq, err := s.nums.take()
		if err != nil {
			return err
		}
		taken = append(taken, seq)
		queued := r
		queued.Attempts, queued.LastError, queued.DeadAt, queued.NextAttempt = 0, "", time.Time{}, at
		return einvSet(txn, einvOutboxKey(queued.WebhookID, seq), queued)
	})
	if err != nil {
		return nil, err
	}
	return r.event(0), nil
}

// DropDeadLetter removes a dead letter in one transaction. See
// einvoice.Store.
func (s *EInvoiceStore) DropDeadLetter(ctx context.Context, tenant, eventID string) (*einvoice.OutboxEvent, error) {
	if err := s.enter("drop a dead letter"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var r einvEvent
	err := s.update(ctx, "drop a dead letter", eventID, func(txn *bdb.Txn) error {
		dead, err := einvTakeDead(txn, eventID)
		if err != nil {
			return err
		}
		if dead == nil || tenant != "" && dead.Tenant != tenant {
			return einvNotFound("eventId", "dead letter", eventID)
		}
		r = *dead
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r.event(0), nil
}

// einvNumbering gives the events of the outbox their sequence numbers and
// knows which numbers belong to transactions not yet committed or
// abandoned. A reader may look for new events after the last one it
// finished only below the lowest such number: a transaction that took a
// smaller number than a committed one may commit after it.
//
// einvNumbering is safe for concurrent use.
type einvNumbering struct {
	seq *bdb.Sequence

	mu   sync.Mutex
	open map[uint64]struct{}
}

// take returns the next number and counts it as open.
func (n *einvNumbering) take() (uint64, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	v, err := n.seq.Next()
	if err != nil {
		return 0, fmt.Errorf("next outbox sequence number: %w", err)
	}
	n.open[v] = struct{}{}
	return v, nil
}

// release forgets numbers whose transaction committed or was abandoned.
func (n *einvNumbering) release(vs []uint64) {
	if len(vs) == 0 {
		return
	}
	n.mu.Lock()
	for _, v := range vs {
		delete(n.open, v)
	}
	n.mu.Unlock()
}

// floor returns the lowest open number.
func (n *einvNumbering) floor() (uint64, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	lo, ok := uint64(0), false
	for v := range n.open {
		if !ok || v < lo {
			lo, ok = v, true
		}
	}
	return lo, ok
}

// resumeAfter returns where a reader of webhookID's queue that finished
// with the event at done may look for events: after done, or after the
// event below the lowest open number if that is lower (nil: from the
// start).
func (n *einvNumbering) resumeAfter(webhookID string, done []byte) []byte {
	if done == nil {
		return nil
	}
	lo, ok := n.floor()
	if !ok || binary.BigEndian.Uint64(done[len(done)-8:]) < lo {
		return done
	}
	if lo == 0 {
		return nil
	}
	return einvOutboxKey(webhookID, lo-1)
}
