package content

import (
	"fmt"
	"strings"

	"github.com/levytax/levy"
)

// Error is a fault of a content file: its file, line and column (the
// column's name, or its number for the formats without a header), and
// what is wrong.
type Error struct {
	File    string
	Line    int
	Column  string
	Message string

	// more marks the fault that stands for those past MaxFaults.
	more bool
}

// Error writes file:line: column: message.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Column != "" {
		fmt.Fprintf(&b, ": column %s", e.Column)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// Unwrap gives the fault's code, levy.EInvalid, to errors.As of a
// *levy.Error and to levy.ErrorCode: a host whose engine.New or Reload
// fails on a content file is told that the file is at fault, not Levy
// (levy.EInternal). The *levy.Error names no field, since a file has no
// JSON path; its message is the fault's.
func (e *Error) Unwrap() error {
	return &levy.Error{Code: levy.EInvalid, Message: e.Error()}
}

// Errors are the faults of a file, reported together.
type Errors []*Error

// maxReported bounds the faults an Errors message lists.
const maxReported = 20

// MaxFaults bounds the faults kept of one file: past them a file is
// surely not what it was meant to be (of another format, or of another
// state), and ten million faulty rows kept would hold gigabytes.
const MaxFaults = 1000

// add adds the fault e to es, unless es holds MaxFaults already: the
// first fault past them is replaced by one that says the rest of the
// file's faults are not listed, and later ones are dropped.
func (es *Errors) add(e *Error) {
	switch n := len(*es); {
	case n < MaxFaults:
		*es = append(*es, e)
	case n == MaxFaults:
		*es = append(*es, &Error{File: e.File, Line: e.Line, Message: fmt.Sprintf("more than %d faults in the file; those from this line on are not listed", MaxFaults), more: true})
	}
}

// Error lists the faults, one a line, up to maxReported.
func (es Errors) Error() string {
	var b strings.Builder
	n, more := 0, false
	for _, e := range es {
		if e.more {
			more = true
		} else {
			n++
		}
	}
	switch {
	case more:
		fmt.Fprintf(&b, "more than %d faults in content:", n)
	case n == 1:
		b.WriteString("1 fault in content:")
	default:
		fmt.Fprintf(&b, "%d faults in content:", n)
	}
	listed := 0
	for _, e := range es {
		if listed == maxReported {
			break
		}
		if !e.more {
			b.WriteString("\n  ")
			b.WriteString(e.Error())
			listed++
		}
	}
	if rest := n - listed; rest > 0 {
		fmt.Fprintf(&b, "\n  and %d more", rest)
		if more {
			fmt.Fprintf(&b, " (a file stops being listed at %d faults)", MaxFaults)
		}
	}
	return b.String()
}

// Unwrap lets errors.As find each fault.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}
