// Package einvoicetest is the conformance suite of einvoice.Store: every
// implementation runs it (Run) and so keeps the contract the e-invoicing
// service relies on: a submission and a move of status are each one
// atomic unit with their events, a move is a compare-and-set, idempotency
// keys and records are per tenant, the events of a connection come out
// in the order they were made, dead letters go back to the end of their
// queue, leases keep a second owner out until they lapse, the outcome of
// an event's attempt is written only by the owner that still holds its
// connection's lease, and a closed store refuses every call.
//
// The suite uses times rounded to the microsecond, the precision of the
// common databases, and compares records by their JSON.
package einvoicetest
