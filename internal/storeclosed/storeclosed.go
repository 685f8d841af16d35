// Package storeclosed makes the errors that Levy's stores (the journal,
// auth, e-invoicing and profile stores, and the services over them)
// return after Close. Such an error says the store cannot serve now,
// not that Levy failed: a host that is shutting down has closed it
// while requests were still arriving, and the same request sent again,
// to this program once it runs again or to another instance, may
// succeed. So it carries Levy's code levy.EUnavailable, which the HTTP
// adapter answers with 503 and Retry-After, and by which a host retries.
package storeclosed

import "github.com/levytax/levy"

// New returns the error of a closed store, described by text ("store is
// closed"): Error gives text; errors.Is matches the returned value only,
// so that each store's sentinel stays its own; and errors.As finds in it
// a *levy.Error of code levy.EUnavailable, a new one each time, whose
// message, what a client is told, is text with the advice to try again
// later.
func New(text string) error { return &closedError{text: text} }

// closedError is the error of a closed store.
type closedError struct{ text string }

// Error returns the description of the closed store.
func (e *closedError) Error() string { return e.text }

// Unwrap returns the *levy.Error that a client is told.
func (e *closedError) Unwrap() error {
	return &levy.Error{Code: levy.EUnavailable, Message: e.text + "; try again later"}
}
