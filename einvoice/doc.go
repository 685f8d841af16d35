// Package einvoice is Levy's e-invoicing: a customer submits an invoice as
// UBL 2.1 XML (EN 16931, Peppol BIS Billing 3.0), Levy validates it,
// delivers it through a Transmitter, and sends every status the document
// enters to the customer's webhook connections as signed events.
//
// # Workflow
//
// A document is Pending when it arrives. Pre-processing reads it (package
// ubl): a document that is not well-formed XML, not a UBL invoice or
// credit note, or lacks a mandatory element or has a malformed one goes
// to Processing Issue; any other goes to In Progress. Delivery then checks
// the EN 16931 business rules (totals such as BR-CO-15, participant
// identifiers such as a GLN's check digit) and hands the document to the
// Transmitter: a refusal by either puts it in Error, a delivery puts it
// in Completed. A transmitter that fails otherwise (an I/O error, a
// network down) is not the document's fault: the document stays In
// Progress and is tried again with backoff until it is delivered or
// refused. These are the only moves (CanMove); Completed, Processing
// Issue and Error are final. An ErrorDetail says what was wrong and
// where. The built-in DirTransmitter writes the document to
// outbox/<receiver>/<documentId>.xml under the service's directory
// (ReceiverDir names the receiver's directory), and the document's
// receipt names the file relative to the outbox.
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
// webhook connection of the tenant that selects the status. The event is
// written to a persistent outbox in the same Badger transaction as the
// status, so an acknowledged status always has its events. A goroutine
// per connection sends its events in order, each signed as package
// webhook describes, with the same Idempotency-Key on every attempt.
// A non-2xx answer, a timeout or a refused connection is retried after
// Config.MinBackoff, doubled after each attempt up to Config.MaxBackoff,
// with jitter, or after the target's Retry-After when that is longer;
// after Config.MaxAttempts the event moves to the dead-letter list
// (DeadLetters), from which an operator sends it again (Replay). The
// events of a connection wait behind its oldest, so a target sees a
// document's statuses in the order they happened. Delivery is at least
// once: a crash after a target accepted an event but before the outbox
// forgot it sends the event again, with the same Idempotency-Key.
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
// with AES-256-GCM: a fresh random nonce per value, the connection's key
// in the store as additional data, and the ID of the key beside the
// ciphertext. Open re-encrypts with the current key every secret stored
// in clear or under a previous key, and rewrites the connections so that
// the store's files keep no earlier version of them (see
// rewriteConnections). Without keys, secrets are stored in clear; the
// target URLs, documents and events are stored in clear either way.
//
// # Badger key layout
//
// Keys start with one byte that says what they hold; strings inside keys
// are length-prefixed (a uvarint, then the bytes):
//
//	'V'                          schema version, "2"; Open upgrades "1" (upgradeV1) and refuses any other
//	'D' tenant documentId        the document's record (JSON)
//	'X' tenant documentId        the document as received
//	'Q' documentId               work queue: documents in Pending or In Progress (value: tenant)
//	'I' tenant idempotencyKey    the document a keyed submission made (JSON string)
//	'W' tenant webhookId         a webhook connection (JSON); its "secret" is an object
//	                             {"keyId", "nonce", "sealed"} when sealed, a string when in clear
//	'O' webhookId seq(8 bytes BE)  an event waiting for delivery (JSON, with the body to send)
//	'L' eventId                  dead letter: an event given up (JSON)
//	'S'                          the outbox sequence (a badger.Sequence lease)
//	'w' tenant webhookId         a connection's record staged by a rewrite of the connections
//	'R'                          the staging of a rewrite is complete
//
// Writes are synced to disk before they are acknowledged.
package einvoice
