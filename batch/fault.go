package batch

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/levytax/levy"
)

// FaultError is the error of a run that stopped at a document whose
// calculation failed for a fault of Levy or of what it depends on, not
// of the document: an error of code levy.EInternal, levy.EUnavailable
// or levy.ETooMany (a journal or tax profile store that cannot be
// reached or cannot write, a disk that is full, a failure of Levy
// itself), or a context's end other than the run's own. Such a document
// is not answered with an error record: a resumed run would pass over
// it as answered, though it never failed on its own. The run stops
// there instead, in order: the documents before it are answered (and
// stored), the Summary counts them, and the checkpoint of a File holds
// them, so that the run resumed once the fault is cleared (OpenFile with
// resume, or Config.Skip set to Summary.Documents) calculates that
// document and those after it.
//
// levy.ErrorCode of a FaultError is its cause's code.
type FaultError struct {
	// N is the document's number: its line in a JSON lines input, its
	// place among the documents of a CSV input or among the requests of
	// an iterator, from 1.
	N int
	// FirstRow and LastRow are the document's rows in a CSV input (the
	// header being row 1), as its output's total row gives them; 0 in
	// any other run.
	FirstRow, LastRow int
	// Err is the calculation's error.
	Err error
}

// Error names the document (and its CSV rows) and the fault.
func (e *FaultError) Error() string {
	where := ""
	if e.FirstRow > 0 {
		where = fmt.Sprintf(" (rows %d-%d)", e.FirstRow, e.LastRow)
	}
	return fmt.Sprintf("document %d%s could not be calculated, for a fault that is not the document's: %v", e.N, where, e.Err)
}

// Unwrap returns the calculation's error.
func (e *FaultError) Unwrap() error { return e.Err }

// faulty reports whether err, the error of one document's calculation,
// is a fault of Levy or of what it depends on rather than the
// document's own error (see FaultError): a context's end, an error
// that carries no *levy.Error, or one of a fault's codes, in a list of
// errors (levy.Errors) too. Any other code (levy.EInvalid,
// levy.ENotFound, levy.EConflict, ...) judges the document.
func faulty(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var list levy.Errors
	if errors.As(err, &list) && len(list) > 0 {
		return slices.ContainsFunc(list, func(e *levy.Error) bool { return levy.FaultCode(e.Code) })
	}
	return levy.FaultCode(levy.ErrorCode(err))
}
