package content

import (
	"fmt"
	"strings"
)

// Error is a fault of a content file: its file, line and column (the
// column's name, or its number for the formats without a header), and
// what is wrong.
type Error struct {
	File    string
	Line    int
	Column  string
	Message string
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

// Errors are the faults of a file, reported together.
type Errors []*Error

// maxReported bounds the faults an Errors message lists.
const maxReported = 20

// Error lists the faults, one a line, up to maxReported.
func (es Errors) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d faults in content:", len(es))
	for i, e := range es {
		if i == maxReported {
			fmt.Fprintf(&b, "\n  and %d more", len(es)-maxReported)
			break
		}
		b.WriteString("\n  ")
		b.WriteString(e.Error())
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
