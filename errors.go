package levy

import (
	"errors"
	"fmt"
)

// Error codes. Each says what kind of failure an Error is, independent of
// the transport; the HTTP adapter maps each to one status.
const (
	EInvalid  = "invalid"   // the input breaks a documented constraint
	ENotFound = "not_found" // the thing asked for does not exist
	EConflict = "conflict"  // the request contradicts the stored state
	EInternal = "internal"  // a fault of Levy or its environment

	EUnauthorized = "unauthorized" // the caller did not prove who it is
	EForbidden    = "forbidden"    // the caller may not do this
	ETooLarge     = "too_large"    // the input is over a configured size
	EUnsupported  = "unsupported"  // the input comes in a form Levy does not read
	EUnavailable  = "unavailable"  // Levy cannot serve the request now (its storage cannot take writes, say); a retry later may succeed
	ETooMany      = "too_many"     // the caller has as many requests of this kind under way as the server runs at once; a retry later may succeed
)

// FaultCode reports whether code names a fault of Levy or of its
// environment (EInternal, EUnavailable, ETooMany) rather than a verdict
// on the input: the same input may succeed later, so a batch stops at
// such a fault instead of recording it against the document, and a
// client may retry. Every other code judges the input.
func FaultCode(code string) bool {
	return code == EInternal || code == EUnavailable || code == ETooMany
}

// Error is a failure that Levy reports to its caller. Field names the
// offending input as a JSON path ("coordinates.latitude",
// "lineItems[2].quantity.value") when there is one.
type Error struct {
	Code    string
	Field   string
	Message string
}

// Error formats the error for logs. A nil *Error reads "<nil>", as fmt
// prints it.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", e.Code, e.Field, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Invalid returns an EInvalid error about field.
func Invalid(field, format string, args ...any) *Error {
	return &Error{Code: EInvalid, Field: field, Message: fmt.Sprintf(format, args...)}
}

// NotFound returns an ENotFound error about field.
func NotFound(field, format string, args ...any) *Error {
	return &Error{Code: ENotFound, Field: field, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EInternal
// for any other non-nil error, and "" for nil. A call whose context ended
// fails with the context's own error (errors.Is(err, context.Canceled)),
// which is no *Error: ErrorCode calls it internal, so a host that acts on
// codes asks errors.Is about its context first (ExampleErrorCode). A nil
// *Error held in a non-nil error, the mistake of returning a typed nil, is
// internal.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) && e != nil {
		return e.Code
	}
	return EInternal
}

// Errors is a list of errors reported together, as when a request breaks
// several constraints at once.
type Errors []*Error

// Error joins the messages. An empty list reads "no errors".
func (es Errors) Error() string {
	if len(es) == 0 {
		return "no errors"
	}
	if len(es) == 1 {
		return es[0].Error()
	}
	return fmt.Sprintf("%d errors, first: %v", len(es), es[0])
}

// Unwrap lets errors.As and errors.Is see every error of the list but a
// nil one, which would stand as a typed nil before the errors after it.
func (es Errors) Unwrap() []error {
	out := make([]error, 0, len(es))
	for _, e := range es {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// RenameField returns err with the Field of its *Error renamed from
// field to name, as when one layer calls by another name what a lower
// layer reported (a path parameter, a member of a wrapper); any other
// error is returned as it is. err itself is not changed.
func RenameField(err error, field, name string) error {
	var one *Error
	if errors.As(err, &one) && one != nil && one.Field == field {
		cp := *one
		cp.Field = name
		return &cp
	}
	return err
}

// MapErrors returns err with each of its *Error, err's own or each of a
// list of Errors, replaced by what f returns for it, as when one layer
// names otherwise the fields a lower layer reported; any other error is
// returned as it is. f must not change the *Error it is given: it returns
// a changed copy, or the error itself. err itself is not changed. f must
// not be nil, and must not return nil: either is a programming error (a
// nil f panics when err holds an *Error).
func MapErrors(err error, f func(*Error) *Error) error {
	var list Errors
	if errors.As(err, &list) {
		out := make(Errors, len(list))
		for i, e := range list {
			out[i] = f(e)
		}
		return out
	}
	var one *Error
	if errors.As(err, &one) {
		return f(one)
	}
	return err
}
