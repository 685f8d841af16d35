package nexus

import "github.com/levytax/levy/nexus/lastsent"

// Sent is the watcher's record of the last change of status it notified
// for a company in a state (lastsent.Record).
type Sent = lastsent.Record

// SentStore keeps the watcher's records (lastsent.Store): the Badger
// e-invoicing store's (badger.EInvoiceStore.NexusSent), PostgreSQL's
// (postgres.DB.NexusSent) or NewMemorySent.
type SentStore = lastsent.Store

// NewMemorySent returns an empty SentStore in memory, which a restart
// forgets.
func NewMemorySent() SentStore { return lastsent.NewMemory() }
