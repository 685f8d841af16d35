package engine

import (
	"context"
	"errors"
	"io/fs"

	"github.com/levytax/levy"
)

// hostFaultError is a fault of what the host gave New or Reload (its rule
// files, rules, withholdings or rates): its message is err's, and it
// unwraps to both err and a levy.EInvalid *levy.Error, so that a host
// that switches on codes (levy.ErrorCode) is told that its input is at
// fault rather than Levy (levy.EInternal).
type hostFaultError struct {
	err  error
	code *levy.Error
}

func (e *hostFaultError) Error() string   { return e.err.Error() }
func (e *hostFaultError) Unwrap() []error { return []error{e.code, e.err} }

// hostFault codes err, a fault of the host's configuration, as
// levy.EInvalid. An error that has a code of its own (a *levy.Error), a
// file that could not be read (an *fs.PathError: missing, refused, a
// disk's fault) and the end of the context are returned as they are.
func hostFault(err error) error {
	var le *levy.Error
	var pe *fs.PathError
	switch {
	case err == nil, errors.As(err, &le), errors.As(err, &pe),
		errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	}
	return &hostFaultError{err: err, code: &levy.Error{Code: levy.EInvalid, Message: err.Error()}}
}
