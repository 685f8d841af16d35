package einvoice

import (
	"context"
	"encoding/binary"
	"errors"
	"time"
)

// Store keeps what e-invoicing needs to keep: the documents and their
// content, the idempotency keys of submissions, the work queue (the
// documents in Pending or In Progress), the webhook connections with
// their sealed secrets, the outbox of events per connection in the order
// they were made, and the dead-letter list. The rules (the workflow, the
// fairness of the workers, the backoff of deliveries, the signing and
// sealing of secrets) stay in Service; a Store only keeps records and
// makes each method's writes one atomic unit, so that a backend can
// implement each with one transaction.
//
// Every method is safe for concurrent use. Errors are *levy.Error values
// where the caller is at fault: ENotFound for an unknown document,
// connection or dead letter (another tenant's included), EUnavailable
// when the store cannot take writes now (its storage is gone, read-only
// or full). The sentinel errors ErrMoved, ErrLeased, ErrLeaseLost and
// ErrConnectionLimit, wrapped, say that the stored state forbids what
// was asked. After Close, every method fails with ErrClosed, wrapped.
// Anything else is a fault of the store.
//
// Leases. A document of the work queue is processed by one owner at a
// time (Claim), and the events of one connection are sent by one owner
// at a time, in order (NextEvent); an owner is one Service, which names
// itself with a GUID, or with the name of its node (Config.Node), which
// a node restarted after a crash uses again. A lease lapses its Term after the store last gave
// it, counted by the store's own clock (the database's, for a store that
// nodes share), never by a node's: the clocks of the nodes that share a
// store need not agree. The work of an owner that stopped without
// releasing its lease is so taken over once it lapses; the rules do
// not depend on leases for correctness (a move is a compare-and-set on
// the status, and an event is sent at least once under one
// Idempotency-Key), only to keep two owners from doing the same work.
// The outcome of an event's attempt, though (Delivered, Retry, Bury), is
// written only by the owner that still holds its connection's lease: an
// owner whose attempt outlasted its lease, which another owner took over
// meanwhile, gets ErrLeaseLost and writes nothing, so that it does not
// overwrite what the new owner recorded of the same event.
type Store interface {
	// Submit stores a new document, all at once: sub.Document (in
	// Pending), its content, the idempotency key naming it with
	// sub.Digest (when sub.IdempotencyKey is not empty), its entry in the
	// work queue, and the events of its status (see Move). When the
	// tenant of the document already has a document under the
	// idempotency key, Submit writes nothing and returns that document
	// with Created false and the digest stored with the key, which the
	// Service compares with the new submission's.
	Submit(ctx context.Context, sub Submission) (Submitted, error)
	// Document returns the record of a tenant's document.
	Document(ctx context.Context, tenant, id string) (*Document, error)
	// Content returns a tenant's document as it was received.
	Content(ctx context.Context, tenant, id string) ([]byte, error)
	// Move changes the status of a document by compare-and-set: if the
	// stored record is still in status m.From, it is replaced with
	// m.Document, and in the same atomic unit an event of the new status
	// is queued for each connection of the document's tenant that
	// selects it (Events.Has), and, with m.Dequeue, the document leaves
	// the work queue (with its lease). It returns the IDs of the
	// connections that got an event. It fails with ErrMoved, and writes
	// nothing, when the stored status is not m.From.
	Move(ctx context.Context, m Move) (notified []string, err error)

	// Notify queues the event of a notice (an event about something
	// other than a document, such as a certificate that expires soon) for
	// every connection of n.Tenant that selects n.Status, in one atomic
	// unit with the record that the tenant notified n.Key, each event
	// with a new GUID as its event ID, n.Subject as its document ID and
	// n.Body as its body for every connection. When the tenant has
	// notified n.Key before, whoever did, it writes nothing and returns
	// queued false: a notice is queued once however many Services, on
	// however many nodes, try. It returns the IDs of the connections
	// that got an event (none when no connection selects the status; the
	// key is recorded all the same).
	Notify(ctx context.Context, n Notice) (notified []string, queued bool, err error)

	// Queue lists the work queue: every document submitted and not yet
	// dequeued, leased or not.
	Queue(ctx context.Context) ([]QueueEntry, error)
	// Claim leases a document of the work queue to lease.Owner for
	// lease.Term from now, by the store's clock: it fails with ErrLeased
	// while another owner holds a lease that has not lapsed, and with
	// ENotFound when the document is not in the queue. The owner of a
	// lease may claim again to renew it: the lease then lapses the new
	// term after the renewal (a term of zero or less ends it at once).
	Claim(ctx context.Context, documentID string, lease Lease) error
	// Release ends the lease of owner on a queued document; it does
	// nothing when owner holds none.
	Release(ctx context.Context, documentID, owner string) error
	// Dequeue drops a document from the work queue, with its lease; it
	// does nothing when the document is not in the queue.
	Dequeue(ctx context.Context, documentID string) error

	// CreateConnection stores a new webhook connection, its secret
	// sealed (the store keeps c.Secret as it is), unless the tenant has
	// limit connections already: then it fails with ErrConnectionLimit.
	// With a key (key.Key not empty) it is one step that first looks the
	// key up: when a connection of the tenant that still exists was
	// created under key.Key less than IdempotencyWindow ago, by the
	// store's clock (the database's, for a store that nodes share), it
	// writes nothing and returns that connection with Created false and
	// the digest stored with the key, which the Service compares (the
	// limit is not counted then). Otherwise it stores c and the key with
	// key.Digest, in the same atomic unit, in place of the key's earlier
	// use if any; two creations at once under one key store one
	// connection, and the other returns it. DeleteConnection frees the
	// key of the connection it deletes.
	CreateConnection(ctx context.Context, c ConnectionRecord, key ConnectionKey, limit int) (CreatedConnection, error)
	// Connections lists the connections of a tenant, in webhook ID
	// order.
	Connections(ctx context.Context, tenant string) ([]ConnectionRecord, error)
	// Connection returns one connection of a tenant.
	Connection(ctx context.Context, tenant, id string) (ConnectionRecord, error)
	// DeleteConnection removes a connection of a tenant with the events
	// waiting for it, and returns it. Once it returns, NextEvent yields
	// none of those events and no event joins the connection's queue.
	DeleteConnection(ctx context.Context, tenant, id string) (ConnectionRecord, error)
	// ReplaceSecret replaces the sealed secret of a connection of a
	// tenant with secret (kept as it is), in one atomic unit, and returns
	// the connection as stored afterwards. Everything else stays: the
	// webhook ID, the target, the events selected, the creation time, and
	// the events waiting for the connection, in their order, with their
	// attempts. It fails with ENotFound (field webhookId) when the tenant
	// has no such connection, when it is another tenant's (the same
	// error), and when it was deleted: a replacement never brings a
	// deleted connection back, nor a connection's queue.
	ReplaceSecret(ctx context.Context, tenant, id string, secret SealedSecret) (ConnectionRecord, error)
	// Reseal calls fn with every stored connection, of every tenant; fn
	// may change its secret and reports whether it did. When fn changed
	// any, the records are replaced by fn's versions so that no earlier
	// version of them stays readable in the store's storage (an old
	// version holds a secret in clear or under a retired key). An error
	// of fn stops Reseal before it writes anything. It returns how many
	// records fn changed. It is meant for the start of a Service, before
	// anything else writes connections.
	Reseal(ctx context.Context, fn func(*ConnectionRecord) (changed bool, err error)) (int, error)

	// Outboxes returns the IDs of the connections that have events
	// waiting.
	Outboxes(ctx context.Context) ([]string, error)
	// NextEvent returns the oldest event waiting for a connection, or
	// nil when there is none, and leases the connection's queue to
	// lease.Owner for lease.Term from now, by the store's clock, as
	// Claim leases a document: while the lease holds, NextEvent
	// fails with ErrLeased for any other owner, so that one owner at a
	// time sends a connection's events, in order. The event stays at the
	// head of the queue until Delivered, Bury or DropEvents removes it.
	// Its Wait is how long until its NextAttempt by the store's clock.
	NextEvent(ctx context.Context, webhookID string, lease Lease) (*OutboxEvent, error)
	// ReleaseOutbox ends the lease of owner on a connection's queue; it
	// does nothing when owner holds none.
	ReleaseOutbox(ctx context.Context, webhookID, owner string) error
	// Delivered removes an event that NextEvent returned from its
	// connection's queue; it does nothing when the event is gone. While
	// the event is there, it fails with ErrLeaseLost, and removes
	// nothing, unless the connection's queue is still leased to the owner
	// NextEvent returned the event under (ev.LeaseOwner), lapsed or not:
	// a lease that lapsed and that no other owner took is still that
	// owner's. Retry and Bury write under the same condition.
	Delivered(ctx context.Context, ev *OutboxEvent) error
	// Retry stores the attempts and last error of an event that
	// NextEvent returned, which stays at the head of its queue, with its
	// next attempt delay after now by the store's clock (the database's,
	// for a store that nodes share), which it also sets in
	// ev.NextAttempt. The node that sends the retry may not be the one
	// that scheduled it, and their clocks need not agree: the wait is
	// counted by the one clock they share (see OutboxEvent.Wait). It
	// does nothing when the event is gone (its connection deleted), and
	// fails with ErrLeaseLost when ev.LeaseOwner no longer holds the
	// connection's lease (see Delivered).
	Retry(ctx context.Context, ev *OutboxEvent, delay time.Duration) error
	// Bury moves an event that NextEvent returned from its connection's
	// queue to the dead-letter list, as ev says it (attempts, last error,
	// DeadAt), in one atomic unit; it does nothing when the event is gone
	// (delivered by another owner, its connection deleted), and fails
	// with ErrLeaseLost when ev.LeaseOwner no longer holds the
	// connection's lease (see Delivered).
	Bury(ctx context.Context, ev *OutboxEvent) error
	// DropEvents removes every event waiting for a connection, such as
	// one found deleted.
	DropEvents(ctx context.Context, webhookID string) error

	// DeadLetters lists at most limit dead letters of one tenant, or with
	// tenant "" of all of them, those whose DeadLetterKey comes after
	// after (all of them for the zero key), in the order of their keys
	// (DeadLetterKey.Compare), without their bodies (Body nil): a list
	// shows none, and holding every body of a long list at once would
	// cost memory in proportion to them. Replay and DropDeadLetter return
	// the body. A store holds no more than limit of them at once.
	DeadLetters(ctx context.Context, tenant string, after DeadLetterKey, limit int) ([]OutboxEvent, error)
	// Replay moves a dead letter back to the end of its connection's
	// queue, in one atomic unit, with its attempts, last error and DeadAt
	// cleared and its next attempt at at; the event keeps its ID. It
	// returns the dead letter as it was. With a tenant, only that
	// tenant's dead letter is replayed ("" replays any tenant's). It fails
	// with ENotFound (field eventId) when there is no such dead letter,
	// when it is another tenant's (the same error, so that a tenant cannot
	// tell another's event IDs from unknown ones), or when its connection
	// has been deleted.
	Replay(ctx context.Context, tenant, eventID string, at time.Time) (*OutboxEvent, error)
	// DropDeadLetter removes a dead letter for good, and returns it as it
	// was; its connection need not exist any more (the dead letters of a
	// deleted connection cannot be replayed, only dropped). With a
	// tenant, only that tenant's dead letter is dropped ("" drops any
	// tenant's). It fails with ENotFound (field eventId) when there is no
	// such dead letter, or when it is another tenant's (the same error),
	// and then removes nothing.
	DropDeadLetter(ctx context.Context, tenant, eventID string) (*OutboxEvent, error)

	// CheckWrite returns nil when the store can take writes, and an
	// error of code levy.EUnavailable that says why not.
	CheckWrite(ctx context.Context) error
	// Close releases the store once the calls in progress have
	// returned; the methods fail afterwards, and a second Close returns
	// nil. Events, documents and leases stay as they are: a lease lapses
	// its term after it was last given.
	Close() error
}

// The errors of a Store that say the stored state forbids what was
// asked. Stores return them wrapped; test them with errors.Is.
var (
	// ErrMoved: the document is no longer in the status a Move expected;
	// another owner moved it first.
	ErrMoved = errors.New("the document moved on")
	// ErrLeased: another owner holds a lease that has not lapsed.
	ErrLeased = errors.New("another owner holds the lease")
	// ErrLeaseLost: the outcome of an event's attempt was not written,
	// because the owner that made the attempt no longer holds its
	// connection's lease: another owner took it over (once it lapsed) or
	// the owner released it. The event is the new owner's to send and
	// record; the one that lost the lease drops its outcome.
	ErrLeaseLost = errors.New("the lease of the connection's queue passed to another owner")
	// ErrConnectionLimit: the tenant has as many webhook connections as
	// it may have.
	ErrConnectionLimit = errors.New("the tenant has the most webhook connections allowed")
)

// IdempotencyWindow is how long the idempotency key of a webhook
// connection's creation names it: a creation under the key later than
// this makes a new connection.
const IdempotencyWindow = 24 * time.Hour

// ConnectionKey is the idempotency key of a webhook connection's
// creation, for Store.CreateConnection.
type ConnectionKey struct {
	Key string // "" for a creation without one
	// Digest is the digest of the request (see Service.CreateConnectionWithKey):
	// a later creation under Key is the same request only if its digest
	// is the same. It is never the secret in clear.
	Digest string
}

// CreatedConnection is the answer of Store.CreateConnection.
type CreatedConnection struct {
	// Connection is the stored record: the one given, or with Created
	// false the one an earlier creation under the key made.
	Connection ConnectionRecord
	Created    bool
	// Digest is, with Created false, the digest stored with the key.
	Digest string
}

// Submission is what Store.Submit stores.
type Submission struct {
	Document       *Document // the record, in Pending
	Content        []byte    // the document as received
	IdempotencyKey string    // "" for a submission without one
	// Digest is the digest of Content (hex SHA-256, as Document.SHA256),
	// stored with the idempotency key: a later submission of the key is
	// the same document only if its digest is the same.
	Digest string
	Event  StatusEvent
}

// Submitted is the answer of Store.Submit.
type Submitted struct {
	// Document is the stored record: the submission's, or with Created
	// false the one an earlier submission of the idempotency key made.
	Document *Document
	Created  bool
	// Digest is, with Created false, the digest stored with the
	// idempotency key by the submission that made Document; "" for a key
	// stored before stores kept digests (the Service then compares with
	// Document.SHA256, the digest of the same content).
	Digest string
	// Notified lists the connections that got an event.
	Notified []string
}

// Move is a change of a document's status for Store.Move.
type Move struct {
	// From is the status the stored record must be in.
	From string
	// Document is the new record, in its new status; its TenantID and
	// DocumentID name the document.
	Document *Document
	// Dequeue drops the document from the work queue: it has reached a
	// final status.
	Dequeue bool
	// Event is the event of the new status.
	Event StatusEvent
}

// StatusEvent is the event of a status a document entered, in the two
// forms a connection may ask for. The store queues one event per
// connection of the document's tenant that selects the status, each with
// a new GUID (NewGUID) as its event ID, CreatedAt and NextAttempt At,
// and the body its IncludeMetadata asks for.
type StatusEvent struct {
	Body             []byte // the event without metadata
	BodyWithMetadata []byte // the event with metadata
	At               time.Time
}

// body returns the body a connection asks for.
func (e StatusEvent) body(withMeta bool) []byte {
	if withMeta {
		return e.BodyWithMetadata
	}
	return e.Body
}

// For returns the event that a Store queues for connection c: one of c's
// tenant's document of status, with a new event ID. A Store calls it for
// every connection that selects the status (c.Events.Has(status)).
func (e StatusEvent) For(c Connection, documentID, status string) OutboxEvent {
	return OutboxEvent{EventID: NewGUID(), Tenant: c.TenantID, WebhookID: c.WebhookID, DocumentID: documentID,
		Status: status, Body: e.body(c.IncludeMetadata), CreatedAt: e.At, NextAttempt: e.At}
}

// Notice is an event about something other than a document, for
// Store.Notify: one per connection of the tenant that selects its
// status, queued once per key.
type Notice struct {
	Tenant string
	// Status is the event's status, which connections select
	// (webhook.EventCertificateExpiring).
	Status string
	// Key names the notice within the tenant (at most MaxNoticeKey
	// bytes): the events of a key are queued once.
	Key string
	// Subject names what the notice is about ("certificate C-1/TX-1"):
	// its events carry it where the events of a document carry the
	// document's ID (OutboxEvent.DocumentID, DeadLetter.DocumentID).
	Subject string
	// Body is the event, sent as it is to every connection.
	Body []byte
	At   time.Time
}

// MaxNoticeKey bounds the key of a Notice, in bytes.
const MaxNoticeKey = 512

// For returns the event that a Store queues for connection c: the
// notice's, with a new event ID.
func (n Notice) For(c Connection) OutboxEvent {
	return OutboxEvent{EventID: NewGUID(), Tenant: c.TenantID, WebhookID: c.WebhookID, DocumentID: n.Subject,
		Status: n.Status, Body: n.Body, CreatedAt: n.At, NextAttempt: n.At}
}

// QueueEntry is a document of the work queue.
type QueueEntry struct {
	DocumentID string
	Tenant     string
}

// Lease is a claim of an owner on a piece of work, for a term. It holds
// no time of day: the store that gives the lease counts its term from
// its own clock, so that an owner whose clock is behind the store's (or
// another node's) does not hold a lease that has lapsed already, or let
// another owner take over a lease it still works under.
type Lease struct {
	Owner string // a GUID per Service, or "node:" and the name of its node
	// Term is how long the lease lasts from when the store gives it; zero
	// or less ends it at once.
	Term time.Duration
}

// OutboxEvent is an event waiting for delivery to one connection, or, in
// the dead-letter list, one whose delivery was given up.
type OutboxEvent struct {
	EventID     string // the Idempotency-Key of every attempt
	Tenant      string
	WebhookID   string
	DocumentID  string
	Status      string
	Body        []byte // the exact bytes every attempt sends
	CreatedAt   time.Time
	Attempts    int
	NextAttempt time.Time
	LastError   string
	DeadAt      time.Time // when it was given up; zero in the outbox
	// Seq is the event's place in its connection's queue, set by the
	// store: a later event has a greater one. Zero in a dead letter.
	Seq uint64
	// Wait is, in an event that NextEvent returned, how long until
	// NextAttempt by the store's clock, zero once that has passed: a
	// node sends a retry when the store's clock says it is due, not its
	// own. It is not stored; zero elsewhere.
	Wait time.Duration
	// LeaseOwner is, in an event that NextEvent returned, the owner of
	// the lease it was returned under: Delivered, Retry and Bury write
	// the event's outcome only while that owner holds the connection's
	// lease. It is not stored; "" elsewhere, which holds no lease.
	LeaseOwner string `json:"-"`
}

// ConnectionRecord is a webhook connection as a Store keeps it, with its
// secret sealed.
type ConnectionRecord struct {
	Connection
	Secret SealedSecret
}

// connectionAAD is what a connection's sealed secret is bound to: the
// byte 'W', then the tenant and the webhook ID, each length-prefixed (a
// uvarint, then the bytes). A sealed secret copied to another connection
// does not open.
func connectionAAD(tenant, webhookID string) []byte {
	return appendLP(appendLP([]byte{'W'}, tenant), webhookID)
}

// appendLP appends s length-prefixed: its length as a uvarint, then its
// bytes.
func appendLP(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// Counts are the sizes of a store's queues, of every tenant together:
// the events waiting in the outbox (sent, or waiting to be retried) and
// the dead letters.
type Counts struct {
	Waiting     int64
	DeadLetters int64
}

// Counter is a Store that counts its outbox and its dead-letter list
// cheaply: from an index or the keys alone (never the events' bodies),
// in one read. A Service whose store is a Counter serves the gauges
// levy_einvoice_events_waiting and levy_einvoice_dead_letters, which read
// it at most once per countsMaxAge however often they are scraped. The
// counts are of the store, so of every node that shares it.
type Counter interface {
	Counts(ctx context.Context) (Counts, error)
}
