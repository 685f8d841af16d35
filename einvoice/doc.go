// Package einvoice is Levy's e-invoicing: a customer submits an invoice as
// UBL 2.1 XML (EN 16931, Peppol BIS Billing 3.0), as UN/CEFACT CII XML
// (XRechnung CII, Factur-X's XML) or as a Factur-X or ZUGFeRD PDF, Levy
// validates it, delivers it through a Transmitter, and sends every status
// the document enters to the customer's webhook connections as signed
// events.
//
// # Workflow
//
// A document is Pending when it arrives. Pre-processing reads it (package
// ubl; for a PDF, the CII invoice it embeds, package facturx): a document
// that is not well-formed XML, not a UBL invoice or credit note or a CII
// invoice (ROOT), a PDF without a readable XML invoice (PDF), or one with
// a number that is not a number goes to Processing Issue; any other goes
// to In Progress. The record names the document's syntax (UBL or CII) and
// media type (application/xml or application/pdf). Delivery then checks
// the EN 16931 business rules (totals such as BR-CO-15, participant
// identifiers such as a GLN's check digit) and hands the document to the
// Transmitter: a refusal by either puts it in Error, a delivery puts it
// in Completed. A transmitter that fails otherwise (an I/O error, a
// network down) is not the document's fault: the document stays In
// Progress and is tried again with backoff until it is delivered or
// refused. These are the only moves (CanMove); Completed, Processing
// Issue and Error are final. An ErrorDetail says what was wrong and
// where. The built-in DirTransmitter writes the document, as it was
// received, to <receiver>/<documentId>.xml (.pdf for a PDF) under
// Config.OutboxDir (ReceiverDir names
// the receiver's directory), and the document's receipt names the file
// relative to that directory.
//
// # Storage
//
// A Service keeps its records in a Store, an interface that says what
// e-invoicing needs from storage and the error contract of each method;
// package badger implements it in an embedded database, and package
// einvoicetest is the conformance suite that every implementation runs.
// Each method of a Store is one atomic unit: a move of a document's
// status is a compare-and-set that queues the events of the new status
// in the same unit (Store.Move), and a submission stores the document,
// its content, its idempotency key with the digest of its content, its
// place in the work queue and its events at once (Store.Submit); a later
// submission under the key answers with the first record if it sends the
// same document, and is refused (levy.EConflict) if it sends another. A document of the work queue and the
// outbox of a connection are leased to one Service at a time
// (Store.Claim, Store.NextEvent), so that, while a lease holds, no
// other Service that shares the store works on the document or sends
// the connection's events; a lease lapses, so that the work of a
// Service that stopped is taken over.
//
// # Fairness and bounds
//
// A pool of workers (Config.Workers) processes the documents. One
// tenant's documents hold at most Config.TenantWorkers of them at once
// (all but one by default), and a free worker takes a document of the
// tenant that holds the fewest, the tenants taking turns: a tenant that
// submits many documents, or expensive ones, delays another's by at most
// one document's processing. A document is at most
// Config.MaxDocumentBytes long (4 MiB by default, below the API's body
// limit), and reading it is bounded whatever its content (ubl.MaxElements,
// ubl.MaxDepth).
//
// # Events
//
// Every status a document enters, Pending included, makes one event per
// webhook connection of the tenant that selects the status. Each text it
// carries from the document or its checks (the number, the endpoints'
// names and identifiers, the metadata, the texts of the problems) is at
// most 1,024 bytes, cut with "…", and an event lists at most 101
// problems, the last a TRUNCATED entry that counts the rest (the record
// keeps them whole), so that a large document, or a long rejection,
// makes events of a bounded size. The event is
// written to a persistent outbox in the same atomic unit of the store as
// the status, so an acknowledged status always has its events. A goroutine
// per connection sends its events in order, each signed as package
// webhook describes, with the same Idempotency-Key on every attempt.
// A non-2xx answer, a timeout or a refused connection is retried after
// Config.MinBackoff, doubled after each attempt up to Config.MaxBackoff,
// with jitter, or after the target's Retry-After when that is longer,
// counted by the store's clock (the database's, for a store that nodes
// share), so that a node whose clock disagrees with the one that
// scheduled a retry sends it neither early nor late; after
// Config.MaxAttempts the event moves to the dead-letter list
// (DeadLetters), from which an operator sends it again (Replay). A 410
// Gone is not retried: the receiver says the URL takes no events any
// more, for good, and the event moves to the dead-letter list after
// that one attempt, its last error and the log saying that the target
// answered Gone (each later event of the connection is sent once, and
// so moved, until the receiver takes events again or the connection is
// deleted). The
// events of a connection wait behind its oldest, so a target sees a
// document's statuses in the order they happened. Delivery is at least
// once: a crash after a target accepted an event but before the outbox
// forgot it sends the event again, with the same Idempotency-Key.
//
// # Notices
//
// Events about something other than a document go through the same
// outbox, signing and retries: a notice (Notify), such as the expiry of a
// customer's exemption certificate that package profile/expiry sends
// (status webhook.EventCertificateExpiring, its body a webhook.Event with
// a certificate and no documentId). A notice has a key per tenant, which
// the store records in the atomic unit that queues its events
// (Store.Notify), so that it is queued once whichever Service, on
// whichever node, notifies it first, and however many times. Its events
// go to the connections whose list of statuses names its status: "all"
// selects the statuses of documents only, so that a receiver written
// for them is not sent events it would refuse.
//
// # Tenancy
//
// Every document and connection belongs to the tenant of the context of
// the call that made it (levy.Tenant); another tenant's document or
// connection is not found. Events carry in tenantId what
// Config.TenantID returns for the tenant (such as its GUID), or, without
// it, the tenant's name.
//
// # Targets
//
// A connection's target must be https (or plain http to loopback, or to
// any host with Config.AllowHTTP), with a port from 1 to 65535. Unless
// Config.AllowPrivateTargets, events go to public addresses only: the
// sender checks the address it dials, after DNS, and refuses loopback,
// private, link-local, unspecified and other reserved addresses. The
// errors of a delivery, in the logs and the dead-letter list, name the
// target's scheme and host only, never its path or query.
//
// # Secrets at rest
//
// With Config.Secrets, the secret of every connection is stored sealed
// with AES-256-GCM: a fresh random nonce per value, the connection's
// tenant and ID as additional data, and the ID of the key beside the
// ciphertext (SealedSecret, which a Store keeps as an opaque value). New
// re-encrypts with the current key every secret stored in clear or under
// a previous key, and has the store rewrite the connections so that its
// storage keeps no earlier version of them (Store.Reseal). Without keys,
// secrets are stored in clear; the target URLs, documents and events are
// stored in clear either way.
//
// # Rotating a connection's secret
//
// ReplaceSecret gives a connection a new secret, sealed as a new
// connection's is, and keeps the rest: its ID, target, events and the
// events waiting for it, in their order and under their Idempotency-Keys.
// Events are signed when they are sent, so every attempt that begins once
// it has returned, of an event made before or after, is signed with the
// new secret, on every Service that shares the store. The store keeps the
// replaced record, with the old secret sealed as it was, until its
// storage drops old versions (a Badger compaction, a PostgreSQL vacuum),
// as it keeps a deleted connection's; Reseal, at the next start with a
// new secrets key, removes every old version.
package einvoice
