package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

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

// flagFaults returns err, whose faults name the flags at fault, as a
// usage error, one fault a line; an error that names no field is
// returned as it is.
func flagFaults(err error) error {
	var many levy.Errors
	if errors.As(err, &many) && len(many) > 0 {
		lines := make([]string, len(many))
		for i, e := range many {
			lines[i] = e.Field + ": " + e.Message
		}
		return usageError{strings.Join(lines, "\nlevy: ")}
	}
	var one *levy.Error
	if errors.As(err, &one) && one.Field != "" {
		return usageError{one.Field + ": " + one.Message}
	}
	return err
}

// extraArg returns the words that name the first of args past the n
// that a command takes, to end the message that refuses them:
// `: unexpected argument "x"`; "" when args are n or fewer.
func extraArg(args []string, n int) string {
	if len(args) <= n {
		return ""
	}
	return fmt.Sprintf(": unexpected argument %q", args[n])
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

// inputError is the error of an input file that cannot be opened or
// read (missing, unreadable, a directory): it names what gave the file,
// a flag ("--in") or an argument ("the request file"), and its path, and
// ends the command with exit status 2, as an I/O error that keeps it from
// running. The cause is told without the path that the message names
// already.
func inputError(what, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		err = pe.Err
	}
	return exitError{2, fmt.Sprintf("%s %s cannot be read: %v", what, path, err)}
}

// openReadable opens the file path that what gave, or returns the
// inputError of one that cannot be opened or is a directory (which
// os.Open opens, and whose read fails later in other words).
func openReadable(what, path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, inputError(what, path, err)
	}
	fi, err := f.Stat()
	if err == nil && fi.IsDir() {
		err = exitError{2, fmt.Sprintf("%s %s is a directory, not a file", what, path)}
	} else if err != nil {
		err = inputError(what, path, err)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkReadable returns the error of openReadable for the file path that
// what gave; nil when it can be read. The commands check the files that
// a library opens later (--rules, --content) so that a missing one is
// told in the flag's words, not the library's.
func checkReadable(what, path string) error {
	f, err := openReadable(what, path)
	if err != nil {
		return err
	}
	return f.Close()
}

// outputError is the error of an --out file that cannot be created (its
// directory missing or not writable): it names the flag and the path,
// not the name of the temporary file that the output is written into
// first, and ends the command with exit status 2, as an I/O error that
// keeps it from running.
func outputError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return exitError{2, fmt.Sprintf("--out %s cannot be written: %v", path, err)}
}
