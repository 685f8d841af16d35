// Package journal is Levy's tax journal: the calculations that are stored
// for reporting and remittance (invoices, accruals, distributed tax, the
// owner's movements and the sync kinds), kept per tenant with every
// version, and the operations on them: delete, reversal, rollback and
// existence, with remittance summaries and exports over a period.
//
// # Stores
//
// Store is the interface of a journal. Open returns the product's store,
// on Badger (github.com/dgraph-io/badger/v4) in a directory; NewMemory
// returns one in memory for tests and short-lived tools. Both pass the
// same conformance suite (journaltest.Run). Every method is safe for
// concurrent use.
//
// # Tenancy
//
// Every record belongs to a tenant, and every method takes the tenant
// whose records it reads or writes: a transaction ID of one tenant is
// invisible to every other.
//
// # Versions
//
// Posting a transaction ID again stores a new version and keeps the
// earlier ones for audit (Versions lists them). A version posted by a
// sync kind (ARBILLING_SYNC, APINVOICE_SYNC, ACCRUAL_SYNC) reconciles
// the stored lines with the lines sent, matched by lineItemId (see
// Reconcile); Rollback returns the transaction to the version before the
// last sync changed it, as a new version.
//
// # Badger key layout
//
// Keys start with one byte that says what they hold; strings inside keys
// are length-prefixed (a uvarint, then the bytes), so no tenant or ID can
// run into the next part, and a tenant's keys share one prefix:
//
//	'V'                                  schema version, "1"; Open refuses any other
//	'H' tenant id                        head: latest version, deleted, reversal links (JSON)
//	'T' tenant id version(8 bytes BE)    one version of a transaction (JSON)
//	'P' tenant date(YYYYMMDD) id         period index: the latest version of a live
//	                                     transaction by posting date (value: version)
//
// Writes are acknowledged after Badger has synced them to disk
// (SyncWrites). Badger syncs its log once per committed transaction, so
// throughput does not grow with concurrent writers; writes to one
// transaction ID are serialized by striped locks, with Badger's conflict
// detection and bounded retries behind them. A background goroutine runs value-log
// garbage collection until Close. Errors of Badger are wrapped with the
// operation that met them.
package journal
