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

// flagFaults returns err, whose faults name the flags at fault in their
// fields (--audience, or --audience followed by words: "--audience
// (number 2)"), as a usage error about those flags, one fault a line;
// an error that names no field is returned as it is.
func flagFaults(err error) error {
	var many levy.Errors
	if errors.As(err, &many) && len(many) > 0 {
		lines := make([]string, len(many))
		names := make([]string, 0, len(many))
		for i, e := range many {
			lines[i] = e.Field + ": " + e.Message
			if name := fieldFlag(e.Field); name != "" && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		return badFlags(names, strings.Join(lines, "\nlevy: "))
	}
	var one *levy.Error
	if errors.As(err, &one) && one.Field != "" {
		return badFlags([]string{fieldFlag(one.Field)}, one.Field+": "+one.Message)
	}
	return err
}

// fieldFlag returns the name of the flag that a fault's field names, as
// the commands rename the fields of a library's faults: --name, alone or
// followed by a space and words; "" for a field that is no flag.
func fieldFlag(field string) string {
	name, _, _ := strings.Cut(field, " ")
	name, ok := strings.CutPrefix(name, "--")
	if !ok {
		return ""
	}
	return name
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
// already. The error of a flag's file is a flagError of the flag.
func inputError(what, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		err = pe.Err
	}
	return ofInput(what, exitError{2, fmt.Sprintf("%s %s cannot be read: %v", what, path, err)})
}

// ofInput returns err, about the input file that what gave, as a
// flagError of the flag when what is a flag (--in): the caller names the
// flag so, never an argument.
func ofInput(what string, err error) error {
	if name, ok := strings.CutPrefix(what, "--"); ok {
		return flagError{name, err}
	}
	return err
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
		err = ofInput(what, exitError{2, fmt.Sprintf("%s %s is a directory, not a file", what, path)})
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
	return flagError{"out", exitError{2, fmt.Sprintf("--out %s cannot be written: %v", path, err)}}
}

// commandEnv returns the function that names the environment variable
// of each flag of the command args begins with (levy journal report
// ...) that reads one, "" for a flag that reads none: what its -h lists
// and what fromEnvNote may say set a flag. Every flag of serve has one,
// which envName names; lookup and data read none. The commands read
// these variables through the envReader of their context, and
// TestCommandEnvIsWhatCommandsRead holds this table to what they read.
func commandEnv(args []string) func(flag string) string {
	none := func(string) string { return "" }
	if len(args) == 0 {
		return none
	}
	switch args[0] {
	case "serve":
		return envName
	case "journal", "nexus":
		return storeEnv()
	case "profile":
		return storeEnv("rules", envName("rules"))
	case "calc":
		return envOf("database", databaseEnv, "address-check", envName("address-check"))
	case "batch", "clients":
		return envOf("database", databaseEnv)
	case "einvoice":
		return envOf("data-dir", dataDirEnv, "database", databaseEnv)
	case "webhook":
		if len(args) > 1 && args[1] == "receive" {
			return envOf("secret", webhookSecretEnv, "previous-secret", webhookPreviousSecretEnv)
		}
		return envOf("database", databaseEnv) // dead-letters
	}
	return none
}

// fromEnvNote returns err, a usage error about flags (a flagError), with
// the environment variable named of each flag at fault that was not on
// the command line but set by its variable: without the note, a message
// about --addr would send the operator to a command line that has none.
// The flags are those the error carries, not those its text mentions,
// and the variables those the command reads (commandEnv): a flag that
// the command reads from none is never said to be set by one.
// Any other error is returned as it is.
func fromEnvNote(args []string, err error, getenv envReader) error {
	flags := faultyFlags(err)
	if len(flags) == 0 {
		return err
	}
	msg := err.Error()
	envOf := commandEnv(args)
	var notes []string
	for _, name := range flags {
		env := envOf(name)
		if env == "" || getenv(name, env) == "" || onCommandLine(args, name) || namesVar(msg, env) {
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
	var xe exitError
	if errors.As(err, &xe) {
		return onFlags(flags, exitError{code: xe.code, msg: msg})
	}
	return onFlags(flags, usageError{msg})
}

// flagError is a usage error about flags of the command line: a value
// that a flag cannot take, a flag missing or given with another that
// excludes it. Flag is the flag's name without its dashes; Err is the
// error told, a usageError or an exitError of code 2 (a file the flag
// names that cannot be read), and may be a flagError itself, of another
// flag at fault with the first. fromEnvNote reads the flags from it.
type flagError struct {
	Flag string
	Err  error
}

func (e flagError) Error() string { return e.Err.Error() }
func (e flagError) Unwrap() error { return e.Err }

// badFlag returns the usage error about the flag name (without its
// dashes) whose text is format with args, as fmt.Sprintf makes it.
func badFlag(name, format string, args ...any) error {
	return flagError{name, usageError{fmt.Sprintf(format, args...)}}
}

// badFlags returns the usage error msg about the flags names together
// (two that exclude each other, one that needs another), each of which
// fromEnvNote may say came from its variable.
func badFlags(names []string, msg string) error {
	return onFlags(names, usageError{msg})
}

// onFlags returns err, a usage error or an exitError of code 2, as a
// flagError of each of names, the first outermost; a name "" is left
// out.
func onFlags(names []string, err error) error {
	for i := len(names) - 1; i >= 0; i-- {
		if names[i] != "" {
			err = flagError{names[i], err}
		}
	}
	return err
}

// faultyFlags returns the names of the flags that err, a usage error,
// says are at fault, in the order it gives them; none for an error that
// is no usage error (exit status 2) or names no flag.
func faultyFlags(err error) []string {
	var xe exitError
	var ue usageError
	if !errors.As(err, &ue) && !(errors.As(err, &xe) && xe.code == 2) {
		return nil
	}
	var names []string
	var walk func(error)
	walk = func(e error) {
		for e != nil {
			if fe, ok := e.(flagError); ok && !slices.Contains(names, fe.Flag) {
				names = append(names, fe.Flag)
			}
			if many, ok := e.(interface{ Unwrap() []error }); ok {
				for _, one := range many.Unwrap() {
					walk(one)
				}
				return
			}
			e = errors.Unwrap(e)
		}
	}
	walk(err)
	return names
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
