package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/journal"
)

const batchUsage = `usage: levy batch sale|purchase|owner [--in FILE|-] [--out FILE|-] [--workers N] [--max-errors N] [--quiet]
                  [--format jsonl|csv] [--data-dir DIR | --database URL] [--tenant T] [--resume] [--rules FILES]
                  [--in-flight MIB]

Calculates a file of v2 request bodies, one JSON object per line (JSON
lines), on every core, and writes one line per input line, in input
order: the response, or an error record
  {"line": N, "transactionId": "...", "documentNumber": "...", "errors": [{"code", "message", "target"}]}
naming the input's line, its IDs when it has them, and each error with its
field path. A bad line never stops the run nor shifts the lines after it;
an empty line between requests gets an error record too, so that the Nth
output line always answers the Nth input line, and the empty lines that
end the file get none. A line longer than 64 MiB (the largest request
body) is not read into memory but skipped, with an error record of code
too_large ("line N is longer than the limit of 64 MiB; it was skipped").
The input is read as UTF-8 (a UTF-8 byte order mark is skipped); one in
UTF-16, as Windows PowerShell's > writes, is refused (exit 2) before any
line, with or without its byte order mark: save it as UTF-8. So is a CSV
file read as JSON lines (its first line names columns of the CSV layout):
give --format csv; and JSON lines read as CSV: give --format jsonl.

--in and --out must not name the same file (nor links to one file): the
output would overwrite the input before it is read. Nor may two runs
write one --out at once: the second is refused (exit 2) and leaves the
first one's output and checkpoint alone (on Unix systems, which lock it).

With --format csv (the default for an --in FILE named .csv), the input is
a CSV file of one row per line item, the rows of a document together, and
the output one row per line item and jurisdiction, with a total row that
ends each document (the layouts are below). A document with a bad row or
column gets error rows naming the row and column, then its total row, and
so does one with a stray double quote (12" pipe, not quoted) or rows
after another document's.

With a journal (--data-dir or --database), the message types that the API
stores go into it, as they do through the API: a transaction ID seen
before gets a new version, and a request without one is stored under a
new ID that its output line gives. The run stores its documents in groups
of up to 256 and writes a group's output after the journal has it, so
that whenever the run stops (a crash, Ctrl-C, --max-errors) every
document whose output line was written is stored, once. The tenant's tax
profile kept there (its customers' exemption certificates, its products,
its registrations and its policy) applies to every calculation, as it
does through the API.

--resume continues a run that stopped, with the same input and --out
FILE: it keeps the output's complete lines, skips as many input lines,
and goes on. Every run into --out FILE, with a journal or without, keeps
a checkpoint beside its output (FILE.levy-batch). With a journal the
resumed run reads it to learn whether the last group was stored, so that
every document is stored exactly once and the output equals that of a
run that never stopped. The checkpoint stays beside the output when the
run ends, whether it answered its whole input or stopped (Ctrl-C,
--max-errors), and holds a digest of the input the output answers:
--resume with another input is refused (exit 2) before anything is
calculated or stored, also after a finished run (a script that always
passes --resume), as is --resume with the other --format than the output
was written in, of an output that lost lines the checkpoint counts, with
a journal after a run without one (which stored nothing), or without
after a journaled run, or of an --out FILE that holds documents and no
checkpoint (standard output redirected into it). A run without --resume
replaces the checkpoint.
An --out that is not a regular file (a named pipe, /dev/stdout) keeps no
checkpoint, and --resume of it is refused. --max-errors counts the failed
documents of the whole output, those before the interruption included: a
run stopped by it and resumed with the same --max-errors stops at once,
and a larger one (or 0) goes on.

--in-flight bounds the memory of the answers that the run holds at once,
in MiB (default 256): those calculated and waiting for the documents
before them to be written, and a group's waiting for its checkpoint and
the journal. Documents of thousands of lines make answers of megabytes:
the run then reads on only as the answers before are written, and a
document whose answer alone is larger goes through alone. It changes
how many documents are calculated at once, never the output. Each
worker also holds the document it is calculating; fewer --workers
bound that.

A document that fails for a fault that is not its own (the journal or
the tax profile store cannot be reached or cannot write, a full disk)
gets no error record: the run stops there, with the documents before it
answered (and stored), and exits 2; --resume, once the fault is
cleared, calculates that document and goes on.

Progress goes to standard error when it is a terminal (documents, rate,
errors, elapsed time and, for a file, the time left), then a summary:
documents, lines, errors, total tax by currency and time. --quiet prints
neither. Exit status: 0 when every document succeeded, 1 when some failed,
2 on a usage or I/O error, a fault, or a run stopped (Ctrl-C) before any
failed; after --resume, the documents of the whole output count.
`

// batchOptions are the values of the flags of levy batch.
type batchOptions struct {
	perspective        string
	in, out            string
	workers, maxErrors int
	inFlight           int // MiB; 0 for batch.DefaultInFlight
	quiet, resume      bool
	dataDir, database  string
	tenant, format     string
	content            contentFlags
	rules              ruleFlag
}

// maxInFlightMiB is the largest --in-flight, whose bytes an int holds.
const maxInFlightMiB = math.MaxInt >> 20

// batchFlags returns the flag set of levy batch for perspective, with
// the options it fills; env reads the variables of its flags.
func batchFlags(perspective string, env envReader) (*flag.FlagSet, *batchOptions) {
	o := &batchOptions{perspective: perspective}
	fs := flag.NewFlagSet("levy batch "+perspective, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.in, "in", "-", "the input file of JSON lines; - for standard input")
	fs.StringVar(&o.out, "out", "-", "the output file; - (or none) for standard output")
	fs.IntVar(&o.workers, "workers", runtime.GOMAXPROCS(0), "requests calculated at once")
	fs.IntVar(&o.maxErrors, "max-errors", 0, "stop after this many failed documents, those of a resumed output included (0: never)")
	fs.BoolVar(&o.quiet, "quiet", false, "print no progress and no summary")
	fs.IntVar(&o.inFlight, "in-flight", 0, "MiB of answers held in memory at once, waiting to be written in order (0: the default, 256)")
	fs.StringVar(&o.dataDir, "data-dir", "", "data directory whose tax journal stores the calculations and whose tenants' tax profiles apply")
	env.stringVar(fs, &o.database, "database", databaseEnv, "PostgreSQL database whose tax journal stores the calculations and whose tenants' tax profiles apply, instead of --data-dir")
	fs.StringVar(&o.tenant, "tenant", levy.DefaultTenant, "tenant of the stored calculations and of the tax profile that applies")
	fs.StringVar(&o.format, "format", "", "jsonl or csv (default: csv for an --in FILE named .csv, else jsonl)")
	fs.BoolVar(&o.resume, "resume", false, "continue a run that stopped, after the documents its --out FILE holds")
	o.content.register(fs)
	o.rules.register(fs, ruleFlagUsage)
	return fs, o
}

// check returns the usage error of options that do not go together.
func (o *batchOptions) check(fs *flag.FlagSet) error {
	if toStdout(o.out) {
		// An empty --out is standard output, as every command's --out
		// takes it; it failed naming an empty "path".
		o.out = "-"
	}
	switch {
	case fs.NArg() > 0:
		return usageError{fmt.Sprintf("unexpected argument %q: give the input with --in", fs.Arg(0))}
	case o.workers < 1:
		return badFlag("workers", "--workers must be at least 1")
	case o.workers > batch.MaxWorkers:
		return badFlag("workers", "--workers must be at most %d", batch.MaxWorkers)
	case o.maxErrors < 0:
		return badFlag("max-errors", "--max-errors must not be negative")
	case o.inFlight < 0:
		return badFlag("in-flight", "--in-flight must not be negative (0 for the default, 256 MiB)")
	case o.inFlight > maxInFlightMiB:
		return badFlag("in-flight", "--in-flight must be at most %d (MiB)", maxInFlightMiB)
	case o.resume && o.out == "-":
		return badFlag("resume", "--resume needs the output of the run as --out FILE")
	case o.format != "" && o.format != "csv" && o.format != "jsonl":
		return badFlag("format", "--format %q: want jsonl or csv", o.format)
	case !batch.Perspective(o.perspective).Valid():
		return usageError{fmt.Sprintf("unknown perspective %q: sale, purchase or owner", o.perspective)}
	}
	// A tenant that no credential may carry would keep what the run
	// stores where no caller of the API can read it.
	if err := levy.CheckTenant(o.tenant); err != nil {
		var le *levy.Error
		if errors.As(err, &le) {
			return badFlag("tenant", "--tenant %s", le.Message)
		}
		return badFlag("tenant", "--tenant: %v", err)
	}
	return nil
}

// runBatch runs levy batch: its flags become a batch.Config, and the
// run goes to a batch.File for --out FILE, else to standard output.
func runBatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"batch needs a perspective: levy batch sale|purchase|owner [--in FILE] [--out FILE]"}
	}
	if isHelp(args[0]) {
		printHelp(stdout, batchUsage+"\n"+batch.CSVColumns, nil, nil)
		return nil
	}
	// A misspelt perspective is said first, before the help that -h
	// after it asks for or the faults of its flags.
	if !batch.Perspective(args[0]).Valid() {
		return usageError{fmt.Sprintf("unknown perspective %q: sale, purchase or owner", args[0])}
	}
	fs, o := batchFlags(args[0], envOfContext(ctx))
	if helpRequested(args[1:]) {
		printHelp(stdout, batchUsage+"\n"+batch.CSVColumns, fs, commandEnv([]string{"batch"}))
		return nil
	}
	if err := parseArgs(fs, args[1:]); err != nil {
		return err
	}
	if err := o.check(fs); err != nil {
		return err
	}
	src, size, closeIn, err := o.input(stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	if err := refuseSameFile(o.in, src, o.out, stdout); err != nil {
		return err
	}
	cfg, closeJournal, err := o.config(ctx, size >= 0, stdout)
	if err != nil {
		return err
	}
	defer closeJournal()
	prog := newBatchProgress(stderr, o.quiet, size, time.Now())
	cfg.Progress = prog.update
	sum, before, stream, err := o.run(ctx, cfg, src, stdout, stderr)
	var readErr *batch.ReadError
	var fault *batch.FaultError
	if err != nil && !errors.As(err, &readErr) && !errors.As(err, &fault) {
		return err
	}
	prog.finish(sum)
	// The exit status and its message are of the whole output: a resumed
	// run counts the documents the interrupted runs answered too.
	failed, documents := before.Failed+sum.Failed, before.Documents+sum.Documents
	switch {
	case readErr != nil:
		return exitError{2, readErr.Error()}
	case fault != nil:
		return exitError{2, o.faultMessage(fault, documents, stream)}
	case sum.Stopped != nil && failed == 0:
		return exitError{2, o.stoppedMessage(sum, failed, before.Documents, documents, stream)}
	case sum.Stopped != nil:
		return exitError{1, fmt.Sprintf("%s; %d of %d documents failed", o.stoppedMessage(sum, failed, before.Documents, documents, stream), failed, documents)}
	case failed > 0:
		return exitError{1, fmt.Sprintf("%d of %d documents failed", failed, documents)}
	}
	return nil
}

// input opens the input of --in, or takes standard input, and returns it
// with its size (-1 when it is not a regular file) and its closer.
func (o *batchOptions) input(stdin io.Reader) (io.Reader, int64, func() error, error) {
	if o.in == "-" {
		return stdin, -1, func() error { return nil }, nil
	}
	f, err := os.Open(o.in)
	if err != nil {
		return nil, 0, nil, inputError("--in", o.in, err)
	}
	size := int64(-1)
	fi, err := f.Stat()
	switch {
	case err != nil:
		f.Close()
		return nil, 0, nil, exitError{2, err.Error()}
	case fi.IsDir():
		// Refused before --out is created, which would empty it.
		f.Close()
		return nil, 0, nil, badFlag("in", "--in %s is a directory: give the file of requests", o.in)
	case fi.Mode().IsRegular():
		size = fi.Size()
	}
	return f, size, f.Close, nil
}

// config returns the batch.Config of the options, with the journal of
// --data-dir or --database open, and the function that closes it. A
// file (a regular input) is read as fast as the workers go: handing them
// 16 inputs at a time saves most of the goroutines' handovers. Input
// from a pipe or a terminal keeps one at a time, so that each answer
// comes as soon as its line does. stdout is the command's standard
// output, whose failed write names what the journal stored (noteStored).
func (o *batchOptions) config(ctx context.Context, file bool, stdout io.Writer) (batch.Config, func() error, error) {
	cfg := batch.Config{Perspective: batch.Perspective(o.perspective), Tenant: o.tenant, Workers: o.workers,
		MaxErrors: o.maxErrors, LineLimit: lineLimitOf(ctx), InFlight: o.inFlight << 20}
	if o.format == "csv" || o.format == "" && strings.EqualFold(filepath.Ext(o.in), ".csv") {
		cfg.Format = batch.CSV
	}
	if file {
		cfg.Chunk = 16
	}
	keep := func(s journal.Store) journal.Store {
		cfg.Journal = s
		if hook := batchAfterPost(ctx); hook != nil {
			cfg.Journal = afterPostStore{s, hook}
		}
		return s
	}
	if err := checkInputs(&o.rules, &o.content); err != nil {
		return cfg, nil, err
	}
	e, _, closeJournal, err := journalEngine(ctx, append(o.content.engineOptions(), o.rules.engineOptions()...), o.dataDir, o.database, o.tenant, noteStored(stdout, o.tenant, keep))
	if err != nil {
		// Nothing ran: a journal or content that cannot be opened is
		// an I/O error of the run (exit 2), not failed documents.
		var ue usageError
		var ee exitError
		if !errors.As(err, &ue) && !errors.As(err, &ee) {
			err = exitError{2, err.Error()}
		}
		return cfg, nil, err
	}
	cfg.Engine = e
	return cfg, closeJournal, nil
}

// run runs the batch into --out FILE (resumed with --resume), or to
// standard output. The Progress counts the documents that the output
// held when a resumed run began and those of them that failed; stream
// says that the output is not a regular file, whose run cannot be
// resumed. The error is an exitError, or a *batch.ReadError or a
// *batch.FaultError after the run.
func (o *batchOptions) run(ctx context.Context, cfg batch.Config, src io.Reader, stdout, stderr io.Writer) (sum batch.Summary, before batch.Progress, stream bool, err error) {
	if o.out == "-" {
		sum, err = batch.Run(ctx, cfg, src, stdout)
		stream = true
	} else {
		if err := checkOutFile(o.out); err != nil {
			return sum, before, stream, err
		}
		if fi, serr := os.Stat(o.out); serr == nil && !fi.Mode().IsRegular() {
			stream = true
			if o.resume {
				return sum, before, stream, onFlags([]string{"out", "resume"}, exitError{2, fmt.Sprintf("--out %s is not a regular file (a pipe, a terminal or a device): a run written to it keeps no checkpoint, so it cannot be resumed; "+
					"run the input again without --resume (into a regular --out FILE, to be able to resume it)", o.out)})
			}
		}
		var f *batch.File
		if f, err = batch.OpenFile(ctx, cfg, o.out, o.resume); err != nil {
			if pe := (*fs.PathError)(nil); errors.As(err, &pe) && !o.resume {
				return sum, before, stream, outputError(o.out, err)
			}
			return sum, before, stream, exitError{2, resumeMessage(err)}
		}
		before.Documents, before.Failed = f.Done(), f.Failed()
		if o.resume && !o.quiet {
			// Said before the run reads the input, whose first documents
			// must be those the output answers: a run of another input is
			// refused after this line.
			fmt.Fprintf(stderr, "levy batch: resuming after %s of %s (%d failed), once the input is seen to start with them\n", counted(f.Done(), "document"), o.out, f.Failed())
		}
		sum, err = f.Run(ctx, src)
	}
	var readErr *batch.ReadError
	var fault *batch.FaultError
	if err != nil && !errors.As(err, &readErr) && !errors.As(err, &fault) {
		return sum, before, stream, exitError{2, err.Error()}
	}
	return sum, before, stream, err
}

// stoppedMessage says why a run stopped before the end of its input:
// --max-errors counts the failed documents of the whole output (failed),
// those that a resumed output held (of its held documents) too. A run
// interrupted (Ctrl-C, a signal) says how many documents the output
// answers and how to go on: --resume, unless the output is not a
// regular file (stream).
func (o *batchOptions) stoppedMessage(sum batch.Summary, failed, held, documents int, stream bool) string {
	if !errors.Is(sum.Stopped, batch.ErrMaxErrors) {
		msg := fmt.Sprintf("interrupted (%v) after %s", sum.Stopped, counted(documents, "document"))
		if stream {
			return msg + "; the output keeps no checkpoint, so the run cannot be resumed: run the input again to answer all of it"
		}
		return msg + ": run the same command with --resume to go on from there"
	}
	msg := fmt.Sprintf("stopped after %d failed documents (--max-errors %d)", failed, o.maxErrors)
	if o.resume && sum.Documents == 0 && held > 0 {
		msg += "; the output held as many when the run was resumed: resume it with a larger --max-errors (or 0) to go on"
	}
	return msg
}

// faultMessage says why a run stopped at a document that failed for a
// fault that is not the document's (a store that cannot be reached, a
// full disk), with documents answered before it, and how to go on:
// --resume once the fault is cleared, unless the output is not a
// regular file (stream).
func (o *batchOptions) faultMessage(fault *batch.FaultError, documents int, stream bool) string {
	msg := fmt.Sprintf("%v; answered before it: %s", fault, counted(documents, "document"))
	if stream {
		where := "standard output"
		if o.out != "-" {
			where = "--out " + o.out + ", which is not a regular file,"
		}
		return msg + ", and " + where + " keeps no checkpoint: the run cannot be resumed"
	}
	return msg + ": once the fault is cleared, run the same command with --resume to go on from that document"
}

// resumeMessage words an error of opening the output in the flags of
// the command.
func resumeMessage(err error) string {
	var me *batch.MismatchError
	switch {
	case errors.Is(err, batch.ErrNoCheckpoint):
		return err.Error() + ": it was not written by levy batch with --out FILE (standard output redirected into it, say), or its checkpoint was removed, so neither its input nor what the journal stored can be checked; " +
			"run the input again without --resume, into a new --out FILE (with a journal, what the output answers is stored already, and a run of it again stores new versions)"
	case !errors.As(err, &me):
		return err.Error()
	case me.WrongFormat && me.Format == batch.CSV:
		return "the interrupted run wrote CSV output: resume it with --format csv"
	case me.WrongFormat:
		return "the interrupted run wrote JSON lines: resume it with --format jsonl"
	case me.Journaled:
		return "the interrupted run stored into a journal: resume it with the same --data-dir or --database"
	case me.Unjournaled:
		return "the interrupted run had no journal and stored nothing: resume it without --data-dir and --database, or run the file again without --resume to store all of it"
	}
	return fmt.Sprintf("the interrupted run was levy batch %s for tenant %q: resume it with the same perspective and --tenant", me.Perspective, me.Tenant)
}

// batchProgress shows the progress of a run on a terminal, at most a few
// times a second, and its summary.
type batchProgress struct {
	w        io.Writer
	terminal bool
	quiet    bool
	size     int64
	start    time.Time
	last     time.Time
	now      func() time.Time

	// based says that the first document was answered, at baseAt, when
	// baseRead bytes of the input had been read and baseDocs documents
	// answered: a resumed run reads
	// the documents it skips first, as fast as the disk goes, and the
	// time left is judged by the reading of the documents it calculates.
	based    bool
	baseAt   time.Time
	baseRead int64
	baseDocs int
}

func newBatchProgress(w io.Writer, quiet bool, size int64, start time.Time) *batchProgress {
	return &batchProgress{w: w, quiet: quiet, size: size, start: start, terminal: isTerminal(w), now: time.Now}
}

// update redraws the progress line when a fifth of a second has passed.
func (p *batchProgress) update(pr batch.Progress) {
	if p.quiet || !p.terminal {
		return
	}
	now := p.now()
	if !p.based {
		p.based, p.baseAt, p.baseRead, p.baseDocs = true, now, pr.Read, pr.Documents
	}
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	elapsed := now.Sub(p.start)
	rate := float64(pr.Documents) / max(elapsed.Seconds(), 1e-9)
	if now.After(p.baseAt) {
		rate = float64(pr.Documents-p.baseDocs) / now.Sub(p.baseAt).Seconds()
	}
	line := fmt.Sprintf("%s, %.0f/s, %s, %s", counted(pr.Documents, "document"), rate, counted(pr.Failed, "error"), elapsed.Round(time.Second))
	if read := pr.Read; p.size > 0 && read > 0 {
		line += fmt.Sprintf(", %d%%", read*100/p.size)
		// The time left is that of the bytes read since the first
		// document, not of those a resumed run skipped.
		if since := read - p.baseRead; since > 0 {
			left := time.Duration(float64(now.Sub(p.baseAt)) * float64(p.size-read) / float64(since))
			line += fmt.Sprintf(", %s left", left.Round(time.Second))
		}
	}
	fmt.Fprintf(p.w, "\r\033[K%s", line)
}

// finish prints the summary.
func (p *batchProgress) finish(sum batch.Summary) {
	if p.quiet {
		return
	}
	if p.terminal {
		fmt.Fprint(p.w, "\r\033[K")
	}
	curs := make([]string, 0, len(sum.Totals))
	for c := range sum.Totals {
		curs = append(curs, c)
	}
	slices.Sort(curs)
	var tax []string
	for _, c := range curs {
		a := sum.Totals[c]
		tax = append(tax, a.String()+" "+c)
	}
	if len(tax) == 0 {
		tax = []string{"none"}
	}
	fmt.Fprintf(p.w, "levy batch: %s, %s, %s, total tax %s, %s\n",
		counted(sum.Documents, "document"), counted(sum.Lines, "line"), counted(sum.Failed, "error"),
		strings.Join(tax, ", "), sum.Took.Round(time.Millisecond))
}

// The hooks of the tests of levy batch, which a context carries.
type (
	// lineLimitKey is the context key of a smaller line limit, so as not
	// to need lines of 64 MiB.
	lineLimitKey struct{}
	// afterPostKey is the context key of a function that runs after the
	// journal stored each group and before its output is written; its
	// error stops the run there as a crash would.
	afterPostKey struct{}
)

// lineLimitOf returns the line limit that ctx carries, or 0 (the
// default, batch.MaxLine).
func lineLimitOf(ctx context.Context) int {
	n, _ := ctx.Value(lineLimitKey{}).(int)
	return max(n, 0)
}

// batchAfterPost returns the hook that ctx carries, or nil.
func batchAfterPost(ctx context.Context) func() error {
	f, _ := ctx.Value(afterPostKey{}).(func() error)
	return f
}

// afterPostStore is a journal whose PostAll runs a hook after the
// journal stored a group.
type afterPostStore struct {
	journal.Store
	after func() error
}

// PostAll implements journal.Store.
func (s afterPostStore) PostAll(ctx context.Context, tenant string, txs []*journal.Transaction) ([]*journal.Transaction, error) {
	out, err := s.Store.PostAll(ctx, tenant, txs)
	if err != nil {
		return out, err
	}
	return out, s.after()
}

// refuseSameFile returns a usage error when the output of a run, or its
// checkpoint, is the file that the run reads: creating the output would
// empty the input before it is read (and --resume would cut it), and
// output appended to the input would be read again. in and out are the
// flags' values ("-" for standard input and output); src and stdout are
// what they read and write. Symbolic and hard links to the input, and
// other spellings of its path, are the same file. It compares regular
// files only: a terminal that is both standard input and output is no
// mistake.
func refuseSameFile(in string, src io.Reader, out string, stdout io.Writer) error {
	f, ok := src.(*os.File)
	if !ok {
		return nil
	}
	input, err := f.Stat()
	if err != nil || !input.Mode().IsRegular() {
		return nil
	}
	inName := "--in " + in
	if in == "-" {
		inName = "standard input"
	}
	// The flags at fault: --in, unless the input is standard input,
	// and --out, unless the output is standard output.
	at := func(out string) []string {
		if in == "-" {
			return []string{out}
		}
		return []string{"in", out}
	}
	same := func(fi os.FileInfo) bool { return fi.Mode().IsRegular() && os.SameFile(input, fi) }
	if out == "-" {
		if o, ok := fileOf(stdout); ok {
			if fi, err := o.Stat(); err == nil && same(fi) {
				return onFlags(at(""), usageError{fmt.Sprintf("%s and standard output are the same file: the output would be written into the input as it is read; write it to another file", inName)})
			}
		}
		return nil
	}
	if fi, err := os.Stat(out); err == nil && same(fi) {
		return onFlags(at("out"), usageError{fmt.Sprintf("%s and --out %s are the same file: the output would overwrite the input; give --out another file", inName, out)})
	}
	if fi, err := os.Stat(out + batch.CheckpointSuffix); err == nil && same(fi) {
		return onFlags(at("out"), usageError{fmt.Sprintf("%s is the checkpoint file of --out %s, which the run replaces and removes; give --out another file", inName, out)})
	}
	return nil
}
