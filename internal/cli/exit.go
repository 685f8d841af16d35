package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/levytax/levy"
)

// How a command ends: its exit status is 0 on success, 1 when it failed
// (a bad request, some failed lines of a batch), 2 for a usage error or
// an I/O error that kept it from running (exitError says which).

// exitCode prints a command's error to stderr and returns the exit
// status it ends with: exitError's code, 2 for a usage error, and 1 for
// any other error, each field of a levy.Errors on its own line.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var xe exitError
	if errors.As(err, &xe) {
		fmt.Fprintf(stderr, "levy: %v\n", err)
		return xe.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "levy: %v\n", err)
		return 2
	}
	var le *levy.Error
	if errors.As(err, &le) && le.Field != "" {
		fmt.Fprintf(stderr, "levy: %s: %s\n", le.Field, le.Message)
		for _, e := range moreErrors(err) {
			fmt.Fprintf(stderr, "levy: %s: %s\n", e.Field, e.Message)
		}
		return 1
	}
	fmt.Fprintf(stderr, "levy: %v\n", err)
	return 1
}

// moreErrors returns the errors after the first of a levy.Errors list.
func moreErrors(err error) []*levy.Error {
	var es levy.Errors
	if errors.As(err, &es) && len(es) > 1 {
		return es[1:]
	}
	return nil
}

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// exitError ends the program with its code and message.
type exitError struct {
	code int
	msg  string
}

func (e exitError) Error() string { return e.msg }
