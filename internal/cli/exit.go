package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
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

// envFlags are the flags of the commands other than serve whose value
// may come from an environment variable, with the variable. Every flag
// of serve has one, which envName names.
var envFlags = map[string]string{
	"data-dir": dataDirEnv, "database": databaseEnv, "server": serverEnv,
	"client-id": clientIDEnv, "client-secret": clientSecretEnv,
	"rules": "LEVY_RULES", "address-check": envName("address-check"),
	"secret": webhookSecretEnv, "previous-secret": webhookPreviousSecretEnv,
}

// fromEnvNote returns err, a usage error of the command line args, with
// the environment variable named of each flag it names that was not on
// the command line but set by its variable: without the note, a message
// about --addr would send the operator to a command line that has none.
// Any other error is returned as it is.
func fromEnvNote(args []string, err error, getenv func(string) string) error {
	var ue usageError
	var xe exitError
	var msg string
	switch {
	case errors.As(err, &ue):
		msg = ue.msg
	case errors.As(err, &xe) && xe.code == 2:
		msg = xe.msg
	default:
		return err
	}
	var notes []string
	for rest := msg; ; {
		i := strings.Index(rest, "--")
		if i < 0 {
			break
		}
		rest = rest[i+2:]
		n := 0
		for n < len(rest) && (rest[n] == '-' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= '0' && rest[n] <= '9') {
			n++
		}
		name := strings.TrimRight(rest[:n], "-")
		rest = rest[n:]
		env, ok := envFlags[name]
		if len(args) > 0 && args[0] == "serve" {
			env, ok = envName(name), true
		}
		if name == "" || !ok || getenv(env) == "" || onCommandLine(args, name) || namesVar(msg, env) {
			continue
		}
		note := "--" + name + " is set by " + env
		if !slices.Contains(notes, note) {
			notes = append(notes, note)
		}
	}
	if len(notes) == 0 {
		return err
	}
	msg += " (" + strings.Join(notes, "; ") + ")"
	if ue.msg != "" {
		return usageError{msg}
	}
	return exitError{code: 2, msg: msg}
}

// onCommandLine reports whether the flag name is among args, as --name,
// -name or either with =value.
func onCommandLine(args []string, name string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		a, _, _ = strings.Cut(a, "=")
		if a == "--"+name || a == "-"+name {
			return true
		}
	}
	return false
}

// namesVar reports whether msg names the environment variable env, and
// not only a longer one that begins with it.
func namesVar(msg, env string) bool {
	for rest := msg; ; {
		i := strings.Index(rest, env)
		if i < 0 {
			return false
		}
		rest = rest[i+len(env):]
		if rest == "" || !(rest[0] == '_' || rest[0] >= 'A' && rest[0] <= 'Z') {
			return true
		}
	}
}
