// Package postgres holds the stores of Levy that keep their records in
// PostgreSQL (15 or later), for businesses that run several `levy serve`
// nodes over shared state, through github.com/jackc/pgx/v5. It implements
// the storage interfaces of the domain packages (journal.Backend, ...) and
// each store passes its domain's conformance suite, as the Badger stores
// of package badger do.
//
// # Schema
//
// Open creates and migrates the schema itself: the numbered SQL files
// under migrations/ are embedded in the binary and applied in order,
// each in a transaction, under an advisory lock, so that nodes starting
// together migrate once. The table levy_schema holds the version
// reached. A database whose version is newer than the binary's is
// refused with a message that names both versions: an older binary must
// not write to a schema it does not know.
//
// # Errors
//
// A database that cannot be reached, or that refuses connections, makes
// the stores return a *levy.Error of code levy.EUnavailable, which the
// HTTP API answers 503 with Retry-After. Serialization failures and
// deadlocks are retried, a bounded number of times, before they are
// returned. Every other error of the database is wrapped with the
// operation that met it.
package postgres
