package batch

import "github.com/levytax/levy"

// codedError is a sentinel error of the package that carries one of
// Levy's codes: Error gives its text, errors.Is matches the sentinel
// itself, and errors.As (levy.ErrorCode) finds in it a *levy.Error of
// its code, whose message is the text.
type codedError struct {
	code, text string
}

// newCoded returns a sentinel error of text carrying code.
func newCoded(code, text string) error { return &codedError{code: code, text: text} }

// Error returns the error's text.
func (e *codedError) Error() string { return e.text }

// Unwrap returns the *levy.Error of the error's code, a new one each
// time.
func (e *codedError) Unwrap() error { return &levy.Error{Code: e.code, Message: e.text} }
