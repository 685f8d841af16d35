// Package webhook is both ends of Levy's e-invoicing events: the body of an
// event (Event), its signature (Sign, Verify), and a receiver (Receiver),
// an http.Handler that a customer mounts at the target URL of a webhook
// connection to accept signed events.
//
// # Signature
//
// An event is sent as a POST with four headers: Content-Type
// application/json, X-Event-Timestamp (RFC 1123, GMT), Idempotency-Key (a
// GUID, one per event and the same on every retry of it) and X-Signature.
// The signature is the HMAC-SHA256, keyed with the UTF-8 bytes of the
// connection's secret, of the raw body bytes, the target URL as
// configured, the Idempotency-Key and the X-Event-Timestamp, concatenated
// in that order, and encoded as Base64Url without padding.
//
// # Events
//
// The events of a document name it (documentId) and the status it
// entered, one of Statuses. The events of a customer's exemption
// certificate that expires soon have status EventCertificateExpiring, no
// documentId, and the certificate (CertificateNotice): its number,
// customer, jurisdictions, reason, dates, and the notice's date, the
// tenant's chosen number of days before the expiration date. For
// example:
//
//	{"tenantId": "6f1c2a4e-...", "status": "Certificate Expiring",
//	 "certificate": {"number": "TX-1", "customerCode": "C-1", "customerName": "Alpha Supply",
//	  "jurisdictions": ["US-TX"], "reasonCode": "G", "effectiveDate": "2026-01-01",
//	  "expirationDate": "2026-12-31", "noticeDate": "2026-12-01", "daysBefore": 30}}
//
// Levy sends one such event per certificate and notice date, once, to
// the connections that list the status (not to those of "all" alone).
//
// The events of a change of a seller's economic-nexus status have status
// EventNexusStatusChanged, no documentId, and the change (NexusNotice);
// they too go only to the connections that list their status.
//
// The package depends on the standard library only, so that a receiver
// can embed it without the rest of Levy.
package webhook
