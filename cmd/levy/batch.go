package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/internal/ordered"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

const batchUsage = `usage: levy batch sale|purchase|owner [--in FILE|-] [--out FILE|-] [--workers N] [--max-errors N] [--quiet]
                  [--format jsonl|csv] [--data-dir DIR | --database URL] [--tenant T] [--resume]

Calculates a file of v2 request bodies, one JSON object per line (JSON
lines), on every core, and writes one line per input line, in input
order: the response, or an error record
  {"line": N, "transactionId": "...", "documentNumber": "...", "errors": [{"code", "message", "target"}]}
naming the input's line, its IDs when it has them, and each error with its
field path. A bad line never stops the run nor shifts the lines after it;
an empty line gets an error record too, so that the Nth output line always
answers the Nth input line. A line longer than 64 MiB (the largest request
body) is not read into memory but skipped, with an error record of code
too_large ("line N is longer than the limit of 64 MiB; it was skipped").

--in and --out must not name the same file (nor links to one file): the
output would overwrite the input before it is read.

With --format csv (the default for an --in FILE named .csv), the input is
a CSV file of one row per line item, the rows of a document together, and
the output one row per line item and jurisdiction, with a total row that
ends each document (the layouts are below). A document with a bad row or
column gets error rows naming the row and column, then its total row.

With a journal (--data-dir or --database), the message types that the API
stores go into it, as they do through the API: a transaction ID seen
before gets a new version, and a request without one is stored under a
new ID that its output line gives. The run stores its documents in groups
of up to 256 and writes a group's output after the journal has it, so
that whenever the run stops (a crash, Ctrl-C, --max-errors) every
document whose output line was written is stored, once.

--resume continues a run that stopped, with the same input and --out
FILE: it keeps the output's complete lines, skips as many input lines,
and goes on. With a journal it reads the checkpoint that the run keeps
beside its output (FILE.levy-batch) to learn whether the last group was
stored, so that every document is stored exactly once and the output
equals that of a run that never stopped. The checkpoint is removed when a
run ends.

Progress goes to standard error when it is a terminal (documents, rate,
errors, elapsed time and, for a file, the time left), then a summary:
documents, lines, errors, total tax by currency and time. --quiet prints
neither. Exit status: 0 when every line succeeded, 1 when some failed, 2 on
a usage or I/O error.
`

// batchResult is the answer to one input line.
type batchResult struct {
	out      []byte // the output line, without its newline
	failed   bool
	posted   *posted // what a successful calculation posts, in a journaled run
	lines    int     // the request's line items, top level
	currency string
	tax      money.Amount
}

// batchInput is one line of the input, numbered from 1.
type batchInput struct {
	n    int
	body []byte
	// tooLong, when not 0, is the limit that the line is longer than:
	// it was skipped, and body is nil.
	tooLong int
}

// batchError is an error record.
type batchError struct {
	Line           int             `json:"line"`
	TransactionID  string          `json:"transactionId,omitempty"`
	DocumentNumber string          `json:"documentNumber,omitempty"`
	Errors         []api.ErrorItem `json:"errors"`
}

// exitError ends the program with its code and message.
type exitError struct {
	code int
	msg  string
}

func (e exitError) Error() string { return e.msg }

// runBatch runs levy batch.
func runBatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"batch needs a perspective: levy batch sale|purchase|owner [--in FILE] [--out FILE]"}
	}
	if isHelp(args[0]) {
		printHelp(stdout, batchUsage+"\n"+csvColumns, nil, nil)
		return nil
	}
	perspective := args[0]
	fs := flag.NewFlagSet("levy batch "+perspective, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	in := fs.String("in", "-", "the input file of JSON lines; - for standard input")
	out := fs.String("out", "-", "the output file; - for standard output")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "requests calculated at once")
	maxErrors := fs.Int("max-errors", 0, "stop after this many failed lines (0: never)")
	quiet := fs.Bool("quiet", false, "print no progress and no summary")
	dataDir := fs.String("data-dir", "", "data directory whose tax journal stores the calculations")
	database := fs.String("database", os.Getenv(databaseEnv), "PostgreSQL database whose tax journal stores the calculations, instead of --data-dir")
	tenant := fs.String("tenant", levy.DefaultTenant, "tenant of the stored calculations")
	format := fs.String("format", "", "jsonl or csv (default: csv for an --in FILE named .csv, else jsonl)")
	resume := fs.Bool("resume", false, "continue a run that stopped, after the documents its --out FILE holds")
	var cf contentFlags
	cf.register(fs)
	if helpRequested(args[1:]) {
		printHelp(stdout, batchUsage+"\n"+csvColumns, fs, envOf("database", databaseEnv))
		return nil
	}
	if err := fs.Parse(args[1:]); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("unexpected argument %q: give the input with --in", fs.Arg(0))}
	}
	if *workers < 1 {
		return usageError{"--workers must be at least 1"}
	}
	if *maxErrors < 0 {
		return usageError{"--max-errors must not be negative"}
	}
	if *resume && *out == "-" {
		return usageError{"--resume needs the output of the run as --out FILE"}
	}

	csvFormat := *format == "csv" || *format == "" && strings.EqualFold(filepath.Ext(*in), ".csv")
	if *format != "" && *format != "csv" && *format != "jsonl" {
		return usageError{fmt.Sprintf("--format %q: want jsonl or csv", *format)}
	}
	src, size := stdin, int64(-1)
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			return exitError{2, err.Error()}
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
		src = f
	}
	if err := refuseSameFile(*in, src, *out, stdout); err != nil {
		return err
	}
	var store journal.Store
	keep := func(s journal.Store) journal.Store { store = s; return deferredJournal{s} }
	e, ctx, closeJournal, err := journalEngine(ctx, cf.engineOptions(), *dataDir, *database, *tenant, keep)
	if err != nil {
		return err
	}
	defer closeJournal()
	count, header := countLines, []byte(nil)
	if csvFormat {
		count, header = countCSVDocuments, csvOutputHeader()
	}

	dst := stdout
	var outFile *os.File
	skip, side := 0, ""
	if *out != "-" {
		if store != nil {
			side = *out + checkpointSuffix
		}
		var f *os.File
		if *resume {
			f, skip, err = resumeOutput(ctx, *out, store, perspective, *tenant, count, header)
		} else {
			f, err = os.Create(*out)
			if err == nil && side != "" {
				if rerr := os.Remove(side); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
					err = rerr
				}
			}
		}
		if err != nil {
			return exitError{2, err.Error()}
		}
		defer f.Close() // after an error; the good path closes it below
		outFile, dst = f, f
		if *resume && !*quiet {
			fmt.Fprintf(stderr, "levy batch: resuming after %d documents of %s\n", skip, *out)
		}
	}
	w := bufio.NewWriterSize(dst, 1<<20)
	if !*resume {
		w.Write(header) // a resumed output has it already
	}

	counter := &countingReader{r: src}
	limit := lineLimitOf(ctx)
	run := &batchRun{
		workers: *workers, maxErrors: *maxErrors, chunk: 1,
		prog: newBatchProgress(stderr, *quiet, size, counter, time.Now()),
		com: &batchCommitter{store: store, tenant: *tenant, perspective: perspective, w: w, file: outFile, side: side,
			done: skip, afterPost: batchAfterPost(ctx)},
	}
	if size >= 0 {
		// A file is read as fast as the workers go: handing them 16
		// inputs at a time saves most of the goroutines' handovers. Input
		// from a pipe or a terminal keeps one at a time, so that each
		// answer comes as soon as its line does.
		run.chunk = 16
	}
	if csvFormat {
		docs, readErr := readCSVDocuments(counter, perspective, limit)
		calc, err := csvCalculator(e, perspective)
		if err != nil {
			return err
		}
		skipped := func(yield func(csvDocument) bool) {
			for d := range docs {
				if d.N > skip && !yield(d) {
					return
				}
			}
		}
		err = drive(ctx, run, skipped, journaled(calc, store != nil))
		return run.finish(err, readErr(), outFile, side)
	}
	calc, err := batchCalculator(e, perspective)
	if err != nil {
		return err
	}
	var readErr error
	inputs := func(yield func(batchInput) bool) {
		r := newLineReader(counter, limit)
		for n := 1; ; n++ {
			line, tooLong, err := r.next()
			if (len(line) > 0 || tooLong || err == nil) && n > skip {
				in := batchInput{n: n, body: bytes.TrimRight(line, "\r\n")}
				if tooLong {
					in.tooLong = limit
				}
				if !yield(in) {
					return
				}
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					readErr = err
				}
				return
			}
		}
	}
	err = drive(ctx, run, inputs, journaled(calc, store != nil))
	return run.finish(err, readErr, outFile, side)
}

// batchRun is one run of levy batch: its settings, progress, committer
// and counts. It belongs to the goroutine that runs it.
type batchRun struct {
	workers, maxErrors int
	chunk              int // inputs a worker takes at once: 16 from a file, 1 from a pipe or terminal
	prog               *batchProgress
	com                *batchCommitter

	docs, failed, lineItems int
	totals                  map[string]money.Amount
	stopped                 error // why the run stopped before the end of its input
	took                    time.Duration
}

// journaled returns calc, which keeps what each calculation posts in its
// result when the run has a journal (see deferredJournal).
func journaled[T any](calc func(context.Context, T) (batchResult, error), on bool) func(context.Context, T) (batchResult, error) {
	if !on {
		return calc
	}
	return func(ctx context.Context, in T) (batchResult, error) {
		p := new(posted)
		r, err := calc(withPosted(ctx, p), in)
		if err == nil && !r.failed {
			r.posted = p
		}
		return r, err
	}
}

// drive calculates the inputs on the run's workers and hands each result,
// in input order, to the committer. Its error is an I/O or journal error
// that ends the run at once; the end of ctx and --max-errors stop it in
// order (b.stopped).
func drive[T any](ctx context.Context, b *batchRun, inputs iter.Seq[T], calc func(context.Context, T) (batchResult, error)) error {
	b.totals = map[string]money.Amount{}
	start := time.Now()
	defer func() { b.took = time.Since(start) }()
	for r, err := range ordered.MapChunks(ctx, inputs, b.workers, 64*b.workers, b.chunk, calc) {
		if err != nil {
			b.stopped = err // the context ended
			break
		}
		if err := b.com.add(r.out, r.posted); err != nil {
			return err
		}
		if b.com.full() {
			if err := b.com.commit(ctx); err != nil {
				return err
			}
		}
		b.docs++
		if r.failed {
			b.failed++
		} else {
			b.lineItems += r.lines
			b.totals[r.currency] = b.totals[r.currency].Add(r.tax)
		}
		b.prog.update(b.docs, b.failed)
		if b.maxErrors > 0 && b.failed >= b.maxErrors {
			b.stopped = fmt.Errorf("stopped after %d failed documents (--max-errors)", b.failed)
			break
		}
	}
	return b.com.commit(ctx)
}

// finish ends a run: it flushes and closes the output, removes the
// checkpoint, prints the summary and returns the run's exit error.
func (b *batchRun) finish(err, readErr error, outFile *os.File, side string) error {
	if err != nil {
		return exitError{2, err.Error()}
	}
	if err := b.com.w.Flush(); err != nil {
		return exitError{2, "write the output: " + err.Error()}
	}
	if outFile != nil {
		if err := outFile.Close(); err != nil {
			return exitError{2, "write the output: " + err.Error()}
		}
	}
	if side != "" {
		// Every group is stored and written: the checkpoint has no more to tell.
		if err := os.Remove(side); err != nil && !errors.Is(err, os.ErrNotExist) {
			return exitError{2, err.Error()}
		}
	}
	b.prog.finish(b.docs, b.failed, b.lineItems, b.totals, b.took)
	switch {
	case readErr != nil:
		return exitError{2, "read the input: " + readErr.Error()}
	case b.stopped != nil && b.failed == 0:
		return exitError{2, b.stopped.Error()}
	case b.stopped != nil:
		return exitError{1, fmt.Sprintf("%s; %d of %d documents failed", b.stopped, b.failed, b.docs)}
	case b.failed > 0:
		return exitError{1, fmt.Sprintf("%d of %d lines failed", b.failed, b.docs)}
	}
	return nil
}

// batchCalculator returns the function that answers one input line of a
// perspective: decoded as the API decodes a body, calculated, encoded.
func batchCalculator(e *engine.Engine, perspective string) (func(context.Context, batchInput) (batchResult, error), error) {
	var one func(ctx context.Context, body []byte) (any, int, string, money.Amount, error)
	switch perspective {
	case "sale":
		one = decodeCalc(e.Sale, func(r *wire.SaleResponse) (int, *wire.Currency, money.Amount) {
			return len(r.LineItems), r.Currency, r.TotalTax
		})
	case "purchase":
		one = decodeCalc(e.Purchase, func(r *wire.PurchaseResponse) (int, *wire.Currency, money.Amount) {
			return len(r.LineItems), r.Currency, r.TotalTax
		})
	case "owner":
		one = decodeCalc(e.Owner, func(r *wire.OwnerResponse) (int, *wire.Currency, money.Amount) {
			return len(r.LineItems), r.Currency, r.TotalTax
		})
	default:
		return nil, usageError{fmt.Sprintf("unknown perspective %q: sale, purchase or owner", perspective)}
	}
	return func(ctx context.Context, in batchInput) (batchResult, error) {
		if in.tooLong > 0 {
			return errorRecord(in, lineTooLong(in.n, in.tooLong)), nil
		}
		if len(bytes.TrimSpace(in.body)) == 0 {
			return errorRecord(in, levy.Invalid("", "the line is empty: each line holds one request body")), nil
		}
		resp, lines, cur, tax, err := one(ctx, in.body)
		if err != nil {
			if ctx.Err() != nil {
				return batchResult{}, ctx.Err()
			}
			return errorRecord(in, err), nil
		}
		b, err := json.Marshal(resp)
		if err != nil {
			return errorRecord(in, fmt.Errorf("encode the response: %w", err)), nil
		}
		return batchResult{out: b, lines: lines, currency: cur, tax: tax}, nil
	}, nil
}

// decodeCalc returns the calculation of one body of a perspective: read
// as the API reads a body, calculated by calc, and summed up by sum
// (its line items, currency and total tax) for the run's summary.
func decodeCalc[Q, R any](calc func(context.Context, *Q) (*R, error), sum func(*R) (int, *wire.Currency, money.Amount)) func(context.Context, []byte) (any, int, string, money.Amount, error) {
	return func(ctx context.Context, body []byte) (any, int, string, money.Amount, error) {
		req := new(Q)
		if err := jsonbody.Decode(bytes.NewReader(body), req, maxRequest); err != nil {
			return nil, 0, "", money.Amount{}, err
		}
		resp, err := calc(ctx, req)
		if err != nil {
			return nil, 0, "", money.Amount{}, err
		}
		lines, cur, tax := sum(resp)
		return resp, lines, currencyOf(cur), tax, nil
	}
}

// currencyOf is the code of a response's currency.
func currencyOf(c *wire.Currency) string {
	if c == nil || c.ISOCurrencyCodeAlpha == "" {
		return "USD"
	}
	return c.ISOCurrencyCodeAlpha
}

// errorRecord is the output line of an input line that failed: its
// number, its IDs when they can be read, and the errors as the API
// reports them.
func errorRecord(in batchInput, err error) batchResult {
	rec := batchError{Line: in.n, Errors: batchErrorItems(err)}
	var ids struct {
		TransactionID  string `json:"transactionId"`
		DocumentNumber string `json:"documentNumber"`
	}
	if json.Unmarshal(in.body, &ids) == nil {
		rec.TransactionID, rec.DocumentNumber = ids.TransactionID, ids.DocumentNumber
	}
	b, _ := json.Marshal(rec) // strings and numbers only
	return batchResult{out: b, failed: true}
}

// countingReader counts the bytes read through it, for the progress of a
// file of known size.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// batchProgress shows the progress of a run on a terminal, at most a few
// times a second, and its summary.
type batchProgress struct {
	w        io.Writer
	terminal bool
	quiet    bool
	size     int64
	read     *countingReader
	start    time.Time
	last     time.Time
}

func newBatchProgress(w io.Writer, quiet bool, size int64, read *countingReader, start time.Time) *batchProgress {
	p := &batchProgress{w: w, quiet: quiet, size: size, read: read, start: start}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

// update redraws the progress line when a fifth of a second has passed.
func (p *batchProgress) update(docs, failed int) {
	if p.quiet || !p.terminal {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	elapsed := now.Sub(p.start)
	rate := float64(docs) / max(elapsed.Seconds(), 1e-9)
	line := fmt.Sprintf("%d documents, %.0f/s, %d errors, %s", docs, rate, failed, elapsed.Round(time.Second))
	if read := p.read.n.Load(); p.size > 0 && read > 0 {
		left := time.Duration(float64(elapsed) * float64(p.size-read) / float64(read))
		line += fmt.Sprintf(", %d%%, %s left", read*100/p.size, left.Round(time.Second))
	}
	fmt.Fprintf(p.w, "\r\033[K%s", line)
}

// finish prints the summary.
func (p *batchProgress) finish(docs, failed, lines int, totals map[string]money.Amount, took time.Duration) {
	if p.quiet {
		return
	}
	if p.terminal {
		fmt.Fprint(p.w, "\r\033[K")
	}
	curs := make([]string, 0, len(totals))
	for c := range totals {
		curs = append(curs, c)
	}
	slices.Sort(curs)
	var tax []string
	for _, c := range curs {
		a := totals[c]
		tax = append(tax, a.String()+" "+c)
	}
	if len(tax) == 0 {
		tax = []string{"none"}
	}
	fmt.Fprintf(p.w, "levy batch: %d documents, %d lines, %d errors, total tax %s, %s\n",
		docs, lines, failed, strings.Join(tax, ", "), took.Round(time.Millisecond))
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
	same := func(fi os.FileInfo) bool { return fi.Mode().IsRegular() && os.SameFile(input, fi) }
	if out == "-" {
		if o, ok := stdout.(*os.File); ok {
			if fi, err := o.Stat(); err == nil && same(fi) {
				return usageError{fmt.Sprintf("%s and standard output are the same file: the output would be written into the input as it is read; write it to another file", inName)}
			}
		}
		return nil
	}
	if fi, err := os.Stat(out); err == nil && same(fi) {
		return usageError{fmt.Sprintf("%s and --out %s are the same file: the output would overwrite the input; give --out another file", inName, out)}
	}
	if fi, err := os.Stat(out + checkpointSuffix); err == nil && same(fi) {
		return usageError{fmt.Sprintf("%s is the checkpoint file of --out %s, which the run replaces and removes; give --out another file", inName, out)}
	}
	return nil
}
