package cli

// How the commands write their results.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/levytax/levy/journal"
)

// isTerminal reports whether w is a terminal (see isTerminalFile), where
// a progress line redrawn with \r belongs; in a file, a pipe or
// /dev/null it would be noise.
func isTerminal(w io.Writer) bool {
	f, ok := fileOf(w)
	return ok && isTerminalFile(f)
}

// readsTerminal reports whether r is a terminal (see isTerminalFile), from
// which a command that waits for its input says so first: a pipe, a
// file or /dev/null needs no word.
func readsTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && isTerminalFile(f)
}

// toStdout reports whether the value of an --out flag names standard
// output: none, or "-", as every command's --out takes it (levy batch,
// levy journal export, levy profile export, levy einvoice render).
func toStdout(out string) bool { return out == "" || out == "-" }

// checkOutFile returns the error of an --out file that cannot be
// written: a directory, or a file of a directory that does not exist;
// nil for standard output. The commands check it before they open a
// store, so that a refused output opens nothing.
func checkOutFile(path string) error {
	if toStdout(path) {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return flagError{"out", exitError{2, fmt.Sprintf("--out %s is a directory, not a file", path)}}
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		return outputError(path, err)
	}
	if !fi.IsDir() {
		return flagError{"out", exitError{2, fmt.Sprintf("--out %s cannot be written: %s is not a directory", path, dir)}}
	}
	return nil
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// counted writes n and the noun one, in the plural when n is not 1:
// "1 transaction", "0 errors", "3 documents". The plural adds an s,
// which is right for every noun the messages count.
func counted(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + one + "s"
}

// stdoutWriter is the standard output that Run gives every command. It
// remembers the first write that failed (a reader that went away, a full
// disk) and what the command did that such a failure leaves done, so that
// Run ends the command with a message and a non-zero exit status rather
// than in silence, or killed by SIGPIPE.
type stdoutWriter struct {
	w  io.Writer
	mu sync.Mutex // guards err and done; held through a write
	// err is the first write's error.
	err error
	// done says what the command did that stays done; each returns ""
	// when it did nothing after all.
	done []func() string
}

// Write implements io.Writer. After a write failed, every later one
// fails with the same error, writing nothing.
func (s *stdoutWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// stdoutFailure returns the error of the first write to w that failed,
// when w is the standard output that Run gives a command; nil otherwise.
func stdoutFailure(w io.Writer) error {
	s, ok := w.(*stdoutWriter)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// asPrinted returns err, an error of printing to stdout, as Run should
// tell it: the failed write of Run's standard output itself when err
// only wraps it in a library's words ("nexus: write the report: write
// /dev/stdout: broken pipe"), so that Run says that standard output could
// not be written (levy ... | head -1) rather than name a fault of what
// was printed; any other err as it is.
func asPrinted(stdout io.Writer, err error) error {
	if failed := stdoutFailure(stdout); err != nil && failed != nil && errors.Is(err, failed) {
		return failed
	}
	return err
}

// fileOf returns the file that w writes to: w itself, or the file under
// the standard output that Run gives a command.
func fileOf(w io.Writer) (*os.File, bool) {
	if s, ok := w.(*stdoutWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	return f, ok
}

// noteDone records, on a command's standard output stdout, something the
// command did that a failed write of its output leaves done (a
// transaction stored, a profile imported): what says it, or "" when
// nothing was done after all. It does nothing on another writer.
func noteDone(stdout io.Writer, what func() string) {
	if s, ok := stdout.(*stdoutWriter); ok {
		s.mu.Lock()
		s.done = append(s.done, what)
		s.mu.Unlock()
	}
}

// finish ends a command that returned err and wrote to out: the exit
// status of exitCode, and, when a write to standard output failed, a
// message saying so on stderr, with what the command did nonetheless,
// and a non-zero status. A command whose error already describes the
// failed write (wrapping it) keeps its own words for it.
func finish(err error, out *stdoutWriter, stderr io.Writer) int {
	out.mu.Lock()
	failed, done := out.err, out.done
	out.mu.Unlock()
	if failed == nil {
		return exitCode(err, stderr)
	}
	code, said := 1, false
	if err != nil && err != failed {
		if code = exitCode(err, stderr); code == 0 {
			code = 1
		}
		said = errors.Is(err, failed)
	}
	if !said {
		fmt.Fprintf(stderr, "levy: standard output could not be written (%v): what was printed is incomplete\n", failed)
	}
	for _, d := range done {
		if what := d(); what != "" {
			fmt.Fprintf(stderr, "levy: done nonetheless: %s\n", what)
		}
	}
	return code
}

// storedNote counts the transactions that a command's journal stored,
// for the message of a command whose output failed after it stored them.
type storedNote struct {
	tenant  string
	mu      sync.Mutex
	n       int
	id      string // the last one stored
	version int
}

// String says what was stored, "" for nothing.
func (s *storedNote) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.n {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("transaction %s (version %d) was stored in the journal of tenant %s", s.id, s.version, s.tenant)
	}
	return fmt.Sprintf("%s were stored in the journal of tenant %s, the last %s (version %d)", counted(s.n, "transaction version"), s.tenant, s.id, s.version)
}

// posted records txs, just stored.
func (s *storedNote) posted(txs ...*journal.Transaction) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, tx := range txs {
		if tx != nil {
			s.n++
			s.id, s.version = tx.TransactionID, tx.Version
		}
	}
}

// notingStore is a journal that tells its storedNote what it stored.
type notingStore struct {
	journal.Store
	note *storedNote
}

// Post implements journal.Store.
func (s notingStore) Post(ctx context.Context, tenant string, tx *journal.Transaction) (*journal.Transaction, error) {
	out, err := s.Store.Post(ctx, tenant, tx)
	if err == nil {
		s.note.posted(out)
	}
	return out, err
}

// PostAll implements journal.Store.
func (s notingStore) PostAll(ctx context.Context, tenant string, txs []*journal.Transaction) ([]*journal.Transaction, error) {
	out, err := s.Store.PostAll(ctx, tenant, txs)
	if err == nil {
		s.note.posted(out...)
	}
	return out, err
}

// noteStored wraps the journal of a command whose standard output is
// stdout so that, when writing its output fails, the message names what
// it stored (noteDone); wrap, when not nil, wraps the journal further.
func noteStored(stdout io.Writer, tenant string, wrap func(journal.Store) journal.Store) func(journal.Store) journal.Store {
	note := &storedNote{tenant: tenant}
	noteDone(stdout, note.String)
	return func(s journal.Store) journal.Store {
		s = notingStore{s, note}
		if wrap != nil {
			s = wrap(s)
		}
		return s
	}
}
