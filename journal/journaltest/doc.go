// Package journaltest is the conformance suite of journal.Store: every
// store of Levy's journal runs it, so that all of them keep the contract
// of the interface in the same way.
package journaltest
