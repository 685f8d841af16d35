// Package journaltest is the conformance suite of journal.Store: every
// store of Levy's journal runs it, so that all of them keep the contract
// of the interface in the same way. Walk is a second suite that every
// store runs too: an accountant's operations on stored transactions,
// after each of which the tax summary, the CSV export, the stored taxes
// and the sales figures agree.
package journaltest
