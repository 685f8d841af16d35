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
// The package depends on the standard library only, so that a receiver
// can embed it without the rest of Levy.
package webhook
