// Package lastsenttest is the conformance suite of lastsent.Store: the
// memory store, Badger's and PostgreSQL's run it, so that each keeps the
// contract of the interface in the same way.
package lastsenttest
