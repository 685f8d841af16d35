package einvoice

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	kv "github.com/levytax/levy/badger"
)

// The first byte of every key says what it holds (see the package
// documentation for the layout).
const (
	keySchema = 'V'
	keyDoc    = 'D'
	keyXML    = 'X'
	keyQueue  = 'Q'
	keyConn   = 'W'
	keyOutbox = 'O'
	keyDead   = 'L'
	keySeq    = 'S'
	keySubmit = 'I'
)

// schemaVersion is the version of the key layout this Levy reads and
// writes. Version 1 stored the secrets of connections only in clear, the
// receipts of the outbox directory as absolute paths, and the errors of
// events with their target URLs; Open upgrades it (upgradeV1).
const schemaVersion = "2"

// errStale is returned by move when the document is no longer in the
// status the caller expected; another worker moved it first.
var errStale = errors.New("the document moved on")

// key builds a key of kind from length-prefixed parts.
func key(kind byte, parts ...string) []byte {
	n := 1
	for _, p := range parts {
		n += kv.LPSize(p)
	}
	k := make([]byte, 1, n+8)
	k[0] = kind
	for _, p := range parts {
		k = kv.AppendLP(k, p)
	}
	return k
}

// outboxKey is the key of an event in a connection's queue: the
// connection ID, then the event's sequence number, so that a prefix scan
// yields the connection's events in the order they were made.
func outboxKey(webhookID string, seq uint64) []byte {
	return binary.BigEndian.AppendUint64(key(keyOutbox, webhookID), seq)
}

// outboxEvent is an event waiting for delivery to one connection, or, in
// the dead-letter list, one whose delivery was given up.
type outboxEvent struct {
	EventID     string    `json:"eventId"` // the Idempotency-Key
	Tenant      string    `json:"tenant"`
	WebhookID   string    `json:"webhookId"`
	DocumentID  string    `json:"documentId"`
	Status      string    `json:"status"`
	Body        []byte    `json:"body"` // the exact bytes every attempt sends
	CreatedAt   time.Time `json:"createdAt"`
	Attempts    int       `json:"attempts"`
	NextAttempt time.Time `json:"nextAttempt"`
	LastError   string    `json:"lastError,omitempty"`
	DeadAt      time.Time `json:"deadAt,omitzero"`
}

// getJSON reads the JSON value at k into v; found is false when there
// is none.
func getJSON(txn *badger.Txn, k []byte, v any) (found bool, err error) {
	item, err := txn.Get(k)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, item.Value(func(b []byte) error { return json.Unmarshal(b, v) })
}

// setJSON writes v as JSON at k.
func setJSON(txn *badger.Txn, k []byte, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return txn.Set(k, b)
}

// scan calls fn with the key and value of every key under prefix, in key
// order, until fn returns false or an error.
func scan(txn *badger.Txn, prefix []byte, fn func(k, v []byte) (bool, error)) error {
	return scanFrom(txn, prefix, nil, fn)
}

// scanFrom is scan from the first key under prefix after the key after
// (from the first key when after is nil). Starting after the keys known
// to be gone skips their deletion markers, which a scan from the start
// of the prefix would step over until Badger compacts them away.
func scanFrom(txn *badger.Txn, prefix, after []byte, fn func(k, v []byte) (bool, error)) error {
	it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()
	if after == nil {
		it.Rewind()
	} else {
		it.Seek(append(bytes.Clone(after), 0))
	}
	for ; it.Valid(); it.Next() {
		item := it.Item()
		var more bool
		err := item.Value(func(v []byte) error {
			var err error
			more, err = fn(item.Key(), v)
			return err
		})
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
	return nil
}

// connections returns the stored connections of tenant, without their
// secrets.
func connections(txn *badger.Txn, tenant string) ([]Connection, error) {
	var cs []Connection
	err := scan(txn, key(keyConn, tenant), func(_, v []byte) (bool, error) {
		var c connRecord
		if err := json.Unmarshal(v, &c); err != nil {
			return false, fmt.Errorf("read a webhook connection: %w", err)
		}
		cs = append(cs, c.Connection)
		return true, nil
	})
	return cs, err
}

// enqueue puts an event of d's current status in the outbox of every
// connection of d's tenant that selects it, and returns the IDs of those
// connections. The events carry tenantID (see Config.TenantID).
// The numbers it takes are appended to taken, for the caller to release
// once the transaction is over.
func (s *Service) enqueue(txn *badger.Txn, d *Document, tenantID string, now time.Time, taken *[]uint64) ([]string, error) {
	cs, err := connections(txn, d.TenantID)
	if err != nil {
		return nil, err
	}
	var woken []string
	for _, c := range cs {
		if !c.Events.Has(d.Status) {
			continue
		}
		body, err := json.Marshal(d.event(tenantID, c.IncludeMetadata))
		if err != nil {
			return nil, fmt.Errorf("encode the event: %w", err)
		}
		seq, err := s.nums.take()
		if err != nil {
			return nil, err
		}
		*taken = append(*taken, seq)
		ev := outboxEvent{EventID: s.newID(), Tenant: d.TenantID, WebhookID: c.WebhookID, DocumentID: d.DocumentID,
			Status: d.Status, Body: body, CreatedAt: now, NextAttempt: now}
		if err := setJSON(txn, outboxKey(c.WebhookID, seq), ev); err != nil {
			return nil, err
		}
		woken = append(woken, c.WebhookID)
	}
	return woken, nil
}

// loadDocument reads the record of a tenant's document.
func loadDocument(txn *badger.Txn, tenant, id string) (*Document, error) {
	var d Document
	found, err := getJSON(txn, key(keyDoc, tenant, id), &d)
	if err != nil {
		return nil, fmt.Errorf("read document %s: %w", id, err)
	}
	if !found {
		return nil, levy.NotFound("documentId", "there is no document %s", id)
	}
	return &d, nil
}

// move moves a tenant's document from one status to another in one
// transaction: it checks the workflow allows it, applies change to the
// record, appends the transition to its history, drops a document that
// reached a final status from the work queue, and puts the events of the
// new status in the outbox. It returns the record and the connections
// that have new events. It fails with errStale when the document is no
// longer in status from.
func (s *Service) move(ctx context.Context, tenant, id, from, to string, change func(*Document)) (*Document, []string, error) {
	if !CanMove(from, to) {
		return nil, nil, fmt.Errorf("einvoice: the workflow has no move from %s to %s", from, to)
	}
	eventTenant, err := s.eventTenant(ctx, tenant)
	if err != nil {
		return nil, nil, err
	}
	var d *Document
	var woken []string
	var taken []uint64
	defer func() { s.nums.release(taken) }()
	err = s.probe.Update(ctx, s.db, func(txn *badger.Txn) error {
		var err error
		if d, err = loadDocument(txn, tenant, id); err != nil {
			return err
		}
		if d.Status != from {
			return errStale
		}
		if change != nil {
			change(d)
		}
		now := s.now().UTC()
		d.Status = to
		d.History = append(d.History, Transition{Status: to, At: now})
		if err := setJSON(txn, key(keyDoc, tenant, id), d); err != nil {
			return err
		}
		if Final(to) {
			if err := txn.Delete(key(keyQueue, id)); err != nil {
				return err
			}
		}
		woken, err = s.enqueue(txn, d, eventTenant, now, &taken)
		return err
	})
	if err != nil {
		return nil, nil, kv.Wrap("einvoice", "move "+from+" to "+to, id, err)
	}
	return d, woken, nil
}
