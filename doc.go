// Package levy holds the domain types that every part of Levy shares: the
// typed errors that the library returns and the HTTP adapter maps to status
// codes in one table.
//
// The engine, the lookups and the journal live in their own packages
// (engine, taxarea, journal, ...); this package depends on none of them.
package levy
