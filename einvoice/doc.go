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
// in Completed. These are the only moves (CanMove); Completed, Processing
// Issue and Error are final. An ErrorDetail says what was wrong and
// where. The built-in DirTransmitter writes the document to
// outbox/<receiver>/<documentId>.xml under the service's directory.
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
// connection is not found.
//
// # Badger key layout
//
// Keys start with one byte that says what they hold; strings inside keys
// are length-prefixed (a uvarint, then the bytes):
//
//	'V'                          schema version, "1"; Open refuses any other
//	'D' tenant documentId        the document's record (JSON)
//	'X' tenant documentId        the document as received
//	'Q' documentId               work queue: documents in Pending or In Progress (value: tenant)
//	'I' tenant idempotencyKey    the document a keyed submission made (JSON string)
//	'W' tenant webhookId         a webhook connection with its secret (JSON)
//	'O' webhookId seq(8 bytes BE)  an event waiting for delivery (JSON, with the body to send)
//	'L' eventId                  dead letter: an event given up (JSON)
//	'S'                          the outbox sequence (a badger.Sequence lease)
//
// Writes are synced to disk before they are acknowledged. The secrets of
// connections are stored as they are, since signing needs them; the
// store's directory must be protected like any other credential store.
package einvoice
