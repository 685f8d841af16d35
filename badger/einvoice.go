package badger

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// The first byte of every key of the e-invoicing store.
const (
	einvSchemaKey = 'V'
	einvDoc       = 'D'
	einvXML       = 'X'
	einvQueue     = 'Q'
	einvConn      = 'W'
	einvOutbox    = 'O'
	einvDead      = 'L'
	einvSeq       = 'S'
	einvSubmit    = 'I'
	einvNotice    = 'N'
	einvConnKey   = 'K' // the idempotency key of a connection's creation
	einvStage     = 'w' // a connection's record as rewritten: 'w' and the rest of its 'W' key
	einvStageDone = 'R' // the staged records are complete
	einvNexusSent = 'n' // the nexus watcher's last notice of a state (einvoice_nexus.go)
	einvDeadOrder = 'l' // a tenant's dead letters in the order of their einvoice.DeadLetterKey
	einvDeadAll   = 'm' // every tenant's dead letters in the order of their einvoice.DeadLetterKey
)

// einvPrefixes are the first bytes of the keys of the e-invoicing store,
// the schema version's and the kind's aside (see Schema.Prefixes).
const einvPrefixes = string(einvDoc) + string(einvXML) + string(einvQueue) + string(einvConn) + string(einvOutbox) +
	string(einvDead) + string(einvSeq) + string(einvSubmit) + string(einvNotice) + string(einvConnKey) + string(einvStage) + string(einvStageDone) + string(einvNexusSent) +
	string(einvDeadOrder) + string(einvDeadAll)

// einvSchemaVersion is the version of the key layout this Levy reads and
// writes.
const einvSchemaVersion = "3"

// EInvoiceStore is the e-invoicing store in Badger: it implements
// einvoice.Store, each method's writes in one Badger transaction. Open it
// with OpenEInvoice.
//
// # Key layout
//
// Keys start with one byte that says what they hold; strings inside keys
// are length-prefixed (AppendLP):
//
//	'V'                          schema version, "3"; OpenEInvoice upgrades "1" (einvUpgradeV1) and "2"
//	                             (einvUpgradeV2), and refuses any other
//	0x00                         the kind of store, "einvoice" (KindKey): OpenEInvoice refuses the directory of another store
//	'D' tenant documentId        the document's record (JSON of einvoice.Document)
//	'X' tenant documentId        the document as received
//	'Q' documentId               work queue: documents in Pending or In Progress (value: tenant)
//	'I' tenant idempotencyKey    the document a keyed submission made and the digest of its content
//	                             (JSON {"documentId", "sha256"}; a key stored before digests were
//	                             kept is the document ID alone, a JSON string, and is still read)
//	'W' tenant webhookId         a webhook connection (JSON); its "secret" is an object
//	                             {"keyId", "nonce", "sealed"} when sealed, a string when in clear
//	'K' tenant idempotencyKey    the connection a keyed creation made, the digest of its request and
//	                             when, by the store's clock (JSON {"webhookId", "digest", "at"}); written
//	                             in the transaction that writes the 'W' key, deleted with it, and
//	                             replaced by a creation under the key after einvoice.IdempotencyWindow;
//	                             a key a Levy of before these records never wrote, which it ignores
//	'O' webhookId seq(8 bytes BE)  an event waiting for delivery (JSON, with the body to send)
//	'L' eventId                  dead letter: an event given up (JSON)
//	'l' tenant created dead eventId  the dead letter eventId of tenant in the list's order: created and
//	                             dead are the event's CreatedAt and DeadAt (einvAppendTime), the event
//	                             ID its bytes to the end of the key, not length-prefixed, so that the
//	                             keys sort as einvoice.DeadLetterKey.Compare does; no value. Written
//	                             and deleted in the transaction that writes or deletes the 'L' key
//	'm' created dead eventId     the same for the list of every tenant
//	'S'                          the outbox sequence (a Badger Sequence lease)
//	'N' tenant noticeKey         a notice queued (einvoice.Store.Notify), so that it is queued
//	                             once (JSON {"at", "subject"}); a key a Levy of before notices
//	                             never wrote, which it ignores
//	'w' tenant webhookId         a connection's record staged by a rewrite of the connections
//	'R'                          the staging of a rewrite is complete
//	'n' tenant company area      the nexus watcher's last notice of the company's status in the
//	                             area (JSON of nexus.Sent; see NexusSent); a key a Levy of
//	                             before these records never wrote, which it ignores
//
// Writes are synced to disk before they are acknowledged (unless
// WithSyncWrites(false)), and go through a Probe, so that a store whose
// directory is gone, read-only or full refuses them as unavailable.
//
// # Schema versions
//
// Version 1 stored the secrets of connections only in clear, the receipts
// of the outbox directory as absolute paths, and the errors of events
// with their target URLs. OpenEInvoice upgrades it in place to version 2
// (einvUpgradeV1): the receipts become relative to the outbox directory
// and the files move to their receiver's directory, the errors lose the
// paths and queries of the URLs they quote, and the version becomes 2,
// last, so that an upgrade a crash interrupts runs again.
//
// Version 2 kept the dead letters under their event IDs alone, so that a
// page of the list read every one of them; version 3 adds the 'l' and 'm'
// keys, by which a page reads its own dead letters and no other.
// OpenEInvoice upgrades a store of version 2 (einvUpgradeV2): it writes
// the two keys of every dead letter, then the version, last, so that an
// upgrade a crash interrupts runs again. Version 1 is upgraded to 2
// first, then to 3.
//
// # Leases
//
// One process holds the directory, so the leases of the work queue and
// of the outboxes (einvoice.Lease) live in memory, each ending its term
// after it was given by the store's clock (time.Now): they order the
// Services that share one store in one process, and a restart forgets
// them, as it forgets the Services that held them. The outcome of an
// event's attempt (Delivered, Retry, Bury) is written only while the
// owner NextEvent gave the event to still holds its connection's lease,
// and the write is counted under the lease until it commits, so that no
// other owner takes the queue over in between (holdLane).
//
// EInvoiceStore is safe for concurrent use: every write is one Badger
// transaction, retried on a conflict; the leases and the outbox's reading
// positions are guarded by a mutex. Close waits for the calls in
// progress.
type EInvoiceStore struct {
	db    *bdb.DB
	probe *Probe // whether the directory still takes writes
	log   *slog.Logger
	gate  Gate
	// nums numbers the events of the outbox from a Badger sequence, which
	// leases its numbers in blocks, so taking one never makes two
	// transactions conflict; the numbers of a block unused at a crash are
	// skipped, never reused.
	nums einvNumbering

	mu sync.Mutex
	// done holds, per connection, the key of the last event removed from
	// the head of its queue: every event made later has a greater key, so
	// the next look at the queue starts after it, past the deletion
	// markers that a scan from the start would step over.
	done   map[string][]byte
	claims map[string]einvHeld // leases of the work queue, by document ID
	lanes  map[string]einvHeld // leases of the outboxes, by webhook ID

	// dropped, when not nil, is called after each transaction of
	// dropEvents with the number of events it deleted (for the tests).
	dropped func(webhookID string, n int)
}

var _ einvoice.Store = (*EInvoiceStore)(nil)

// OpenEInvoice opens the e-invoicing store of the e-invoicing directory
// dir (by convention <data-dir>/einvoice), creating it if needed: the
// Badger files live in dir/db. It refuses a store written with another
// schema version than the one this Levy supports, except versions 1 and
// 2, which it upgrades; the upgrade moves the files that Levy's
// DirTransmitter delivered to dir/outbox, its directory then, each to
// its receiver's directory. A store of version 2 gets the keys that list
// its dead letters in order (einvUpgradeV2). It finishes a rewrite of
// the connections that a crash interrupted (see Reseal).
func OpenEInvoice(ctx context.Context, dir string, opts ...Option) (*EInvoiceStore, error) {
	o, err := newOptions(dir, opts)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("einvoice: open %s: %w", dir, err)
	}
	bo := bdb.DefaultOptions(filepath.Join(dir, "db")).
		WithSyncWrites(o.syncWrites).
		WithMemTableSize(8 << 20).
		WithNumMemtables(2).
		WithBlockCacheSize(16 << 20).
		WithValueLogFileSize(64 << 20)
	schema := Schema{Key: einvSchemaKey, Version: einvSchemaVersion, Store: "the e-invoicing store",
		Kind: "einvoice", Prefixes: einvPrefixes,
		Upgrades: map[string]func(context.Context, *bdb.DB) error{
			"2": func(ctx context.Context, db *bdb.DB) error { return einvUpgradeV2(ctx, db, o.log) },
		}}
	db, err := Open(ctx, bo, "einvoice", o.log, schema)
	if errors.Is(err, ErrOtherStore) {
		// Another store's directory, whatever its version: no upgrade.
		return nil, err
	}
	if err != nil {
		// A store of version 1 is upgraded, then opened again.
		upgraded, uerr := einvUpgradeV1(ctx, bo, filepath.Join(dir, "outbox"), o.log)
		if uerr != nil {
			return nil, fmt.Errorf("einvoice: upgrade %s from schema version 1: %w", dir, uerr)
		}
		if !upgraded {
			return nil, err
		}
		if db, err = Open(ctx, bo, "einvoice", o.log, schema); err != nil {
			return nil, err
		}
	}
	if err := einvFinishRewrite(ctx, db); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("einvoice: open %s: %w", dir, err)
	}
	probe, err := NewProbe("the e-invoicing store", bo.Dir)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	probe.Reserve(reserveFor(bo))
	s := &EInvoiceStore{db: db, probe: probe, log: o.log, done: map[string][]byte{},
		claims: map[string]einvHeld{}, lanes: map[string]einvHeld{}}
	s.nums.open = map[uint64]struct{}{}
	if s.nums.seq, err = db.GetSequence([]byte{einvSeq}, 256); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("einvoice: open %s: %w", dir, err)
	}
	return s, nil
}

// Close waits for the calls in progress and closes the store. A store
// whose directory is gone is not closed (Badger would try to flush into
// it for ever): Close says so, and leaves its files open.
// A nil or zero store, which its Open did not make, has nothing to close:
// Close returns nil, and the other methods an error of levy.EInvalid.
func (s *EInvoiceStore) Close() error {
	if s == nil || s.db == nil {
		return nil // never opened (OpenEInvoice failed): nothing to close
	}
	return s.gate.Close(func() error {
		if err := s.nums.seq.Release(); err != nil {
			s.log.Warn("einvoice: release the outbox sequence", "err", err)
		}
		if err := closeDB(s.db, s.probe); err != nil {
			return fmt.Errorf("einvoice: close: %w", err)
		}
		return nil
	})
}

// CheckWrite returns nil when the store's directory can take writes, and
// an error of code levy.EUnavailable that says why not: the directory is
// gone or was replaced, or a file in it cannot be written and synced.
// The answer holds for a second (ProbeInterval).
func (s *EInvoiceStore) CheckWrite(ctx context.Context) error {
	if err := s.enter("check"); err != nil {
		return err
	}
	defer s.gate.Leave()
	return s.probe.Check(ctx)
}

// enter counts a call in, or fails once Close has begun.
func (s *EInvoiceStore) enter(op string) error {
	if s == nil || s.db == nil {
		return unopened("einvoice", op, "OpenEInvoice")
	}
	if !s.gate.Enter() {
		return fmt.Errorf("einvoice: %s: %w", op, einvoice.ErrClosed)
	}
	return nil
}

// update runs fn in a read-write transaction through the probe, retried
// on a conflict, and wraps its error with op and subject.
func (s *EInvoiceStore) update(ctx context.Context, op, subject string, fn func(*bdb.Txn) error) error {
	return Wrap("einvoice", op, subject, s.probe.Update(ctx, s.db, fn))
}

// view runs fn in a read-only transaction and wraps its error with op
// and subject.
func (s *EInvoiceStore) view(op, subject string, fn func(*bdb.Txn) error) error {
	return Wrap("einvoice", op, subject, s.probe.View(s.db, fn))
}

// einvKey builds a key of kind from length-prefixed parts.
func einvKey(kind byte, parts ...string) []byte {
	n := 1
	for _, p := range parts {
		n += LPSize(p)
	}
	k := make([]byte, 1, n+8)
	k[0] = kind
	for _, p := range parts {
		k = AppendLP(k, p)
	}
	return k
}

// einvOutboxKey is the key of an event in a connection's queue: the
// connection ID, then the event's sequence number, so that a prefix scan
// yields the connection's events in the order they were made.
func einvOutboxKey(webhookID string, seq uint64) []byte {
	return binary.BigEndian.AppendUint64(einvKey(einvOutbox, webhookID), seq)
}

// einvFirstPart returns the first length-prefixed part of a key after its
// kind byte.
func einvFirstPart(k []byte) (string, bool) {
	if len(k) < 2 {
		return "", false
	}
	n, w := binary.Uvarint(k[1:])
	if w <= 0 || uint64(len(k)-1-w) < n {
		return "", false
	}
	return string(k[1+w : 1+w+int(n)]), true
}

// einvEvent is an event as the store holds it, in the outbox or the
// dead-letter list; its sequence number is in its key.
type einvEvent struct {
	EventID     string    `json:"eventId"`
	Tenant      string    `json:"tenant"`
	WebhookID   string    `json:"webhookId"`
	DocumentID  string    `json:"documentId"`
	Status      string    `json:"status"`
	Body        []byte    `json:"body"`
	CreatedAt   time.Time `json:"createdAt"`
	Attempts    int       `json:"attempts"`
	NextAttempt time.Time `json:"nextAttempt"`
	LastError   string    `json:"lastError,omitempty"`
	DeadAt      time.Time `json:"deadAt,omitzero"`
}

// einvListed is an event of the dead-letter list as DeadLetters reads
// it: its body, which the JSON holds base64-encoded and a list does not
// show, is passed over rather than decoded.
type einvListed struct {
	einvEvent
	Body einvSkipped `json:"body"`
}

// einvSkipped is a JSON value that is read past and not kept.
type einvSkipped struct{}

// UnmarshalJSON keeps nothing of the value.
func (*einvSkipped) UnmarshalJSON([]byte) error { return nil }

func einvEventOf(ev *einvoice.OutboxEvent) einvEvent {
	return einvEvent{EventID: ev.EventID, Tenant: ev.Tenant, WebhookID: ev.WebhookID, DocumentID: ev.DocumentID,
		Status: ev.Status, Body: ev.Body, CreatedAt: ev.CreatedAt, Attempts: ev.Attempts, NextAttempt: ev.NextAttempt,
		LastError: ev.LastError, DeadAt: ev.DeadAt}
}

func (r *einvEvent) event(seq uint64) *einvoice.OutboxEvent {
	return &einvoice.OutboxEvent{EventID: r.EventID, Tenant: r.Tenant, WebhookID: r.WebhookID, DocumentID: r.DocumentID,
		Status: r.Status, Body: r.Body, CreatedAt: r.CreatedAt, Attempts: r.Attempts, NextAttempt: r.NextAttempt,
		LastError: r.LastError, DeadAt: r.DeadAt, Seq: seq}
}

// einvConnRecord is a webhook connection as the store holds it.
type einvConnRecord struct {
	einvoice.Connection
	Secret einvoice.SealedSecret `json:"secret"`
}

// einvGet reads the JSON value at k into v; found is false when there is
// none.
func einvGet(txn *bdb.Txn, k []byte, v any) (found bool, err error) {
	item, err := txn.Get(k)
	if errors.Is(err, bdb.ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, item.Value(func(b []byte) error { return json.Unmarshal(b, v) })
}

// einvSet writes v as JSON at k.
func einvSet(txn *bdb.Txn, k []byte, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return txn.Set(k, b)
}

// einvScan calls fn with the key and value of every key under prefix, in
// key order, from the first key after the key after (from the first key
// when after is nil), until fn returns false or an error. Starting after
// the keys known to be gone skips their deletion markers, which a scan
// from the start of the prefix would step over until Badger compacts
// them away.
func einvScan(txn *bdb.Txn, prefix, after []byte, fn func(k, v []byte) (bool, error)) error {
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
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

// einvHeld is a lease as the store holds it: its owner, when it lapses
// by the store's clock, and how many writes of its owner under it are in
// progress (writing, of an outbox's lease: see EInvoiceStore.holdLane).
type einvHeld struct {
	owner   string
	until   time.Time
	writing int
}

// einvTake gives lease on id in held, for its term from now, unless
// another owner holds a lease there that has not lapsed at now, or that
// its owner is writing under.
func einvTake(held map[string]einvHeld, id string, lease einvoice.Lease, now time.Time) error {
	cur, ok := held[id]
	if ok && cur.owner != lease.Owner && (now.Before(cur.until) || cur.writing > 0) {
		return fmt.Errorf("einvoice: lease %s: %w", id, einvoice.ErrLeased)
	}
	next := einvHeld{owner: lease.Owner, until: now.Add(lease.Term)}
	if ok && cur.owner == lease.Owner {
		next.writing = cur.writing
	}
	held[id] = next
	return nil
}

// einvDrop ends owner's lease on id in held, if owner holds it.
func einvDrop(held map[string]einvHeld, id, owner string) {
	if cur, ok := held[id]; ok && cur.owner == owner {
		delete(held, id)
	}
}

// einvNotFound is the not-found error of field: there is no what id.
func einvNotFound(field, what, id string) error {
	return levy.NotFound(field, "there is no %s %s", what, id)
}
