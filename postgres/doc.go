// Package postgres holds the stores of Levy that keep their records in
// PostgreSQL (15 or later), for businesses that run several `levy serve`
// nodes over shared state, through github.com/jackc/pgx/v5. A DB (Open)
// is one pool; its stores share it: DB.Journal (a journal.Backend under
// package journal's operations), DB.Auth (an auth.Store), DB.EInvoice
// (an einvoice.Store), DB.Profile (a profile.Store) and DB.NexusSent (a
// nexus.SentStore: the nexus watcher's records). Each passes its
// domain's conformance suite, as the Badger stores of package badger do,
// and the tests of this package add what one process cannot show:
// several DBs on one schema, as several nodes, racing for the same rows.
//
// # Across nodes
//
// Each store documents its tables and the locks that keep its rules when
// several nodes write at once: row locks on the heads of the journal's
// transaction IDs, and the keys of its tables for an ID that two nodes
// create at once; row locks on the client for the token rate limit and
// cache, a version row that every change of credentials or keys bumps
// (which nodes poll to refresh their token checks), leases with an
// expiry taken with FOR UPDATE SKIP LOCKED for the e-invoicing queue and
// each connection's outbox, a compare-and-set on a document's status, and
// a row lock on each tenant's head of its tax profile, whose version the
// nodes poll to refresh their cached profiles, and a compare-and-set on
// the write count of each record of the nexus watcher.
//
// # Background work
//
// Besides the poll of the schema's version (see Schema), a DB runs one
// thing of its own: after a fold of the journal's figures that it
// performed (the deltas that posts append, moved into the days' rows),
// and after ReplaceFigures deleted a tenant's deltas, it
// runs `VACUUM (TRUNCATE false, SKIP_LOCKED, PROCESS_TOAST false)
// journal_figure_deltas` in the background on a connection of the pool,
// so that the rows the fold deleted are not scanned by every read of the
// figures (the nexus report's among them). One runs at a time per DB, at
// most one every five seconds (a fold meanwhile asks for one that runs
// when the five seconds have passed), each bounded by a minute and by
// the statement timeout; its first, and then at most one a minute, is
// run with TRUNCATE true, to give the table's emptied pages back to the
// system. A VACUUM that fails is logged as a warning, and the next fold
// asks again; one that completes is logged at debug level. Close
// cancels one that runs and waits for its end.
//
// # Schema
//
// Open creates and migrates the schema itself: the numbered SQL files
// under migrations/ are embedded in the binary and applied in order,
// each in a transaction, under an advisory lock, so that nodes starting
// together migrate once. The table levy_schema holds the version
// reached. A migration, and a node's wait for another node's, are
// bounded by the context of Open, not by the statement timeout of the
// pool's statements; a migration cut short (the node killed) leaves the
// schema at the version before it, and the next start applies it. A database whose version is newer than the binary's is
// refused with a message that names both versions: an older binary must
// not write to a schema it does not know. A DB that serves reads the
// schema's version every second, and once a newer Levy has migrated it,
// refuses every operation (EUnavailable, its health check included) and
// logs both versions: it is to be replaced by a node of the newer Levy.
//
// # Errors
//
// A database that cannot be reached, or that refuses connections, and a
// statement that the database cancelled (past the statement timeout,
// most often waiting for a row lock that another node held) make the
// stores return a *levy.Error of code levy.EUnavailable, which the HTTP
// API answers 503 with Retry-After; a cancelled statement's transaction
// was rolled back, and it is not run again. Serialization failures and
// deadlocks are retried, a bounded number of times, before they are
// returned, and so is an attempt whose pooled connection failed before
// it sent anything (one that the server ended while it sat idle, as a
// restart of the database does). Every other error of the database is
// wrapped with the operation that met it.
package postgres
