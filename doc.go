// Package levy holds the domain types that every part of Levy shares: the
// typed errors that the library returns and the HTTP adapter maps to status
// codes in one table, and the tenant of a context.
//
// The engine, the lookups, the journal and the other domains live in their
// own packages (engine, taxarea, journal, auth, einvoice, ...); the stores
// that keep their records live in one package per database (badger,
// postgres), and the HTTP adapters under api/. This package depends on
// none of them. layout_test.go keeps the rules of this layout that the
// compiler does not: the engine links no database, and no package but
// its own imports a database driver.
package levy
