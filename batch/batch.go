package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/internal/ordered"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// Perspective is whose calculation a run makes: the seller's (a sale,
// POST /supplies), the buyer's (a purchase, POST /procurement) or the
// owner's (POST /owner).
type Perspective string

// The perspectives of a run.
const (
	Sale     Perspective = "sale"
	Purchase Perspective = "purchase"
	Owner    Perspective = "owner"
)

// Valid reports whether p is one of Sale, Purchase and Owner.
func (p Perspective) Valid() bool { return p == Sale || p == Purchase || p == Owner }

// unknownPerspective is the error of a perspective that is not one.
func unknownPerspective(p string) error {
	return levy.Invalid("perspective", "unknown perspective %q: sale, purchase or owner", p)
}

// Format is the layout of a run's input and output.
type Format int

const (
	// JSONLines is one v2 request body a line in, and one line out per
	// line in: the response, or an error record (ErrorRecord).
	JSONLines Format = iota
	// CSV is one row per line item in, the rows of a document together,
	// and one row per line item and jurisdiction out, with a total row
	// that ends each document (CSVColumns describes both).
	CSV
)

// String names the format: "JSON lines" or "CSV".
func (f Format) String() string {
	switch f {
	case JSONLines:
		return "JSON lines"
	case CSV:
		return "CSV"
	}
	return fmt.Sprintf("format %d", int(f))
}

// Config says what a run calculates and where it stores it. Run,
// OpenFile, Sales, Purchases and Owners refuse a Config without an
// Engine (or with one that engine.New did not make), with a Perspective (Run and OpenFile; the iterators set their
// own) or Format that is not one of this package's, or with a negative
// count (or Workers or Chunk above MaxWorkers or MaxChunk), before they
// read anything: the error is a
// levy.EInvalid naming that field ("Engine", "Perspective", "Format",
// "Workers", ...), as is a nil in, out or reqs ("in", "out", "reqs").
// A Tenant that no credential may carry is refused so too ("Tenant").
// Config is a value: a run copies it, and many runs may share one.
type Config struct {
	// Engine calculates the requests; it is required.
	Engine *engine.Engine
	// Perspective is the kind of every request of the run; it is
	// required.
	Perspective Perspective
	// Format is the layout of the input and the output (JSONLines by
	// default).
	Format Format
	// Journal, when set, stores the calculations of the kinds that the
	// API stores (invoices, accruals, ...), as the API does: a
	// transaction ID seen before gets a new version, a request without
	// one is stored under a generated ID that its output gives. The run
	// stores its documents in groups of up to GroupSize with one
	// journal.Store.PostAll each, and writes a group's output only after
	// the journal has it (see File for the exactly-once guarantee). The
	// engine's own journal (engine.WithJournal), if it has one, is not
	// written to. Without Journal the engine calculates as Sale,
	// Purchase and Owner do, storing into its own journal if it has one.
	Journal journal.Store
	// Tenant is the tenant of the calculations and of what they store.
	// Without it, a run's tenant is the one its context carries
	// (levy.WithTenant), as it is for the engine's own calls, and
	// levy.DefaultTenant when the context carries none; a File's is
	// that of the context given to OpenFile, which its checkpoint
	// keeps. It must be a
	// tenant that a credential may carry (levy.CheckTenant): what a run
	// stores under any other could be read by no caller of the API.
	Tenant string
	// Workers is how many requests are calculated at once (default
	// runtime.GOMAXPROCS, at most MaxWorkers).
	Workers int
	// Chunk is how many inputs a worker takes at once (default 1, at
	// most MaxChunk). A file read as fast as the workers go runs faster
	// with 16, which saves most of the goroutines' handovers; input that
	// arrives as it is written (a pipe, a terminal) is answered line by
	// line with 1.
	Chunk int
	// MaxErrors stops the run after this many failed documents (0:
	// never); Summary.Stopped is then ErrMaxErrors. The failed documents
	// of a resumed File's output (File.Failed) count too, so that a run
	// resumed with the same MaxErrors stops where a run that never
	// stopped would have: one resumed after it stopped at MaxErrors
	// answers nothing more, and needs a larger MaxErrors (or 0) to go on.
	// Those that a run passes over with Skip alone are not known to it,
	// and do not count.
	MaxErrors int
	// LineLimit is the longest line (JSON lines) or record (CSV) read,
	// without its line ending (default MaxLine). A longer one is skipped
	// without being held in memory, and answered with an error of code
	// too_large.
	LineLimit int
	// InFlight bounds the memory that a run's answers hold, in bytes
	// (default DefaultInFlight): the answers calculated and waiting to
	// be written (or yielded) after the documents before them, and those
	// of a group waiting for its checkpoint and the journal. The run reads no further document while
	// the answers it holds back in order, with the documents it has read
	// and not yet calculated (weighed as their answers may be), come to
	// half of InFlight; a group of a journaled run or of a File ends, as
	// it does at GroupSize, once its answers come to an eighth, which its
	// checkpoint holds twice more while it is written. A document whose
	// answer alone is larger goes through alone, so that no document is
	// too large for the bound: 1 calculates one document at a time.
	// Beside it, each worker holds the document it is calculating, which
	// for thousands of line items is several times its answer (fewer
	// Workers bound that). The bound changes how many documents are
	// calculated at once, never what is written: a smaller one saves
	// memory on documents of thousands of lines, at the cost of workers
	// left waiting for the answers before theirs to be written.
	InFlight int
	// Skip is how many documents at the start of the input a run passes
	// over without calculating them: those a stopped run answered
	// (File.Run sets it to what its file holds).
	Skip int
	// Progress, when set, is called after each document, in order, on
	// the goroutine that runs the run, and once more at its end when the
	// journal refused documents of its last group after they were
	// reported: the last call's counts are those of the Summary (but for
	// a run ended by an error that is not a *ReadError or a
	// *FaultError, whose Summary leaves out a group never stored). It
	// should return quickly.
	Progress func(Progress)
}

// Progress is how far a run has come.
type Progress struct {
	// Documents and Failed count the documents answered, and those of
	// them that failed, since the run started (skipped ones left out).
	Documents, Failed int
	// Read is the bytes of input read so far (0 for an iterator).
	Read int64
}

// Summary is what a run did.
type Summary struct {
	// Documents and Failed count the documents answered, and those of
	// them that failed. With an error that ended the run (the journal's,
	// writing the output) they count the documents answered before it,
	// which a run given them as Config.Skip passes over: a group of a
	// journaled run that the journal did not store is left out, and one
	// that it stored is counted even when its output failed, so that
	// such a run neither loses a document nor stores one twice.
	Documents, Failed int
	// Lines counts the top-level line items of the documents that were
	// calculated.
	Lines int
	// Totals is the tax of the calculated documents by currency code,
	// with an entry for each currency of at least one of them (0 when
	// their tax is): a document that the journal refused, or that a
	// group never stored takes out of the counts, takes its currency's
	// entry with it when it was that currency's only one.
	Totals map[string]money.Amount
	// Took is how long the run took.
	Took time.Duration
	// Stopped says why the run ended before the end of its input:
	// ErrMaxErrors, or the error of its context. Every document answered
	// before it was written (and stored).
	Stopped error
}

// ErrMaxErrors is Summary.Stopped when a run stopped at
// Config.MaxErrors failed documents.
var ErrMaxErrors = errors.New("batch: too many failed documents")

// ReadError is the error of a run whose input could not be read to its
// end (an I/O error, a CSV syntax error, a bad CSV header). The documents
// read before it were answered, and the Summary counts them; a line or a
// document that the error cut is not answered, so that a resumed run
// reads it whole.
type ReadError struct{ Err error }

// Error returns the reading's error, saying that the input could not be
// read.
func (e *ReadError) Error() string { return "read the input: " + e.Err.Error() }

// Unwrap returns the reading's error.
func (e *ReadError) Unwrap() error { return e.Err }

// GroupSize is how many documents a journaled run stores at once, and
// GroupLines the most journal lines: a group ends at either.
const (
	GroupSize  = 256
	GroupLines = 8192
)

// ErrorRecord is the output line of a JSON lines input line that failed:
// the line's number, its IDs when they can be read, and each error with
// its field path.
type ErrorRecord struct {
	Line           int         `json:"line"`
	TransactionID  string      `json:"transactionId,omitempty"`
	DocumentNumber string      `json:"documentNumber,omitempty"`
	Errors         []ErrorItem `json:"errors"`
}

// ErrorItem is one error of an error record, as the API reports it.
type ErrorItem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Target  string `json:"target,omitempty"`
}

// result is the answer to one document of the input.
type result struct {
	out    []byte // the output line, without its newline
	failed bool
	tx     *journal.Transaction // what a successful calculation stores, in a journaled run
	// refuse, on a result with tx, returns the document's failed result
	// for err, the journal's refusal of tx when its group is stored
	// (committer.refuse).
	refuse   func(err error) result
	lines    int // the request's line items, top level
	currency string
	tax      money.Amount
	value    any // the Result of an iterator run
	// digest is the digest of the document's input, which a File's
	// checkpoint chains (see fingerprint.go); zero in other runs.
	digest digest
}

// input is one line of a JSON lines input, numbered from 1.
type input struct {
	n    int
	body []byte
	// tooLong, when not 0, is the limit that the line is longer than:
	// it was skipped, and body is nil.
	tooLong int
}

// errNoInput is the error of a run given a nil reader.
var errNoInput = levy.Invalid("in", "the run needs a reader for its input, and in is nil")

// settings returns cfg with its defaults, the tenant that ctx carries
// among them, or the error of what it lacks.
func (cfg Config) settings(ctx context.Context) (Config, error) {
	switch {
	case cfg.Engine == nil:
		return cfg, levy.Invalid("Engine", "a run needs an engine to calculate its requests")
	case cfg.Engine.Resolver() == nil:
		// Only an Engine that engine.New did not make has no resolver:
		// it would answer every document with the same error.
		return cfg, levy.Invalid("Engine", "the engine was not made by engine.New")
	case !cfg.Perspective.Valid():
		return cfg, levy.Invalid("Perspective", "unknown perspective %q: sale, purchase or owner", string(cfg.Perspective))
	}
	if err := cfg.negative(); err != nil {
		return cfg, err
	}
	if cfg.Format != JSONLines && cfg.Format != CSV {
		return cfg, levy.Invalid("Format", "unknown format %d: JSONLines or CSV", cfg.Format)
	}
	if cfg.Tenant == "" {
		cfg.Tenant = levy.Tenant(ctx)
	}
	if err := levy.CheckTenant(cfg.Tenant); err != nil {
		var le *levy.Error
		if errors.As(err, &le) {
			return cfg, levy.Invalid("Tenant", "%s", le.Message)
		}
		return cfg, fmt.Errorf("check the tenant: %w", err)
	}
	if cfg.Workers == 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Chunk == 0 {
		cfg.Chunk = 1
	}
	if cfg.LineLimit == 0 {
		cfg.LineLimit = MaxLine
	}
	if cfg.InFlight == 0 {
		cfg.InFlight = DefaultInFlight
	}
	return cfg, nil
}

// DefaultInFlight is Config.InFlight when it is not set: 256 MiB, which
// holds back in order hundreds of answers of a hundred line items, and
// some thirty answers of 2,000 line items.
const DefaultInFlight = 256 << 20

// How a run weighs its documents for Config.InFlight. An answer weighs
// its output's bytes, and three times as many when the run holds its
// journal transaction too (the transaction of a line item takes about
// twice the memory of its output); an answer of an iterator run, which
// has no output, weighs answerLine per line item (a response and its
// transaction); and every answer answerBase more. A document not yet
// calculated weighs answerPerByte times its request body's bytes: a
// line item of a few dozen bytes in makes over a kilobyte of output.
const (
	answerBase    = 512
	answerLine    = 8 << 10
	answerPerByte = 32
)

// weight is what the answer r holds in memory, as Config.InFlight
// counts it.
func (r *result) weight() int64 {
	n := int64(answerBase) + int64(len(r.out))
	if r.tx != nil {
		n += 2 * int64(len(r.out))
	}
	if r.value != nil {
		n += int64(r.lines) * answerLine
	}
	return n
}

// bodyWeight is what the answer to a request body of size bytes may
// hold in memory.
func bodyWeight(size int) int64 { return answerBase + answerPerByte*int64(size) }

// MaxWorkers and MaxChunk are the largest Config.Workers and
// Config.Chunk: a run starts its workers and sets aside room for the
// documents in flight (64 per worker, or a chunk per worker) before it
// reads anything, so that a larger count would hold the memory of
// millions of goroutines and documents for an input of one line.
const (
	MaxWorkers = 4096
	MaxChunk   = 4096
)

// negative returns the invalid-input error (levy.Invalid) naming the
// first of cfg's counts that is negative, in the order of Config, or nil
// when none is: 0 is each one's default, and no count may be below it.
// Workers and Chunk above MaxWorkers and MaxChunk are refused too.
func (cfg Config) negative() error {
	for _, f := range []struct {
		name string
		n    int
	}{
		{"Workers", cfg.Workers},
		{"Chunk", cfg.Chunk},
		{"MaxErrors", cfg.MaxErrors},
		{"LineLimit", cfg.LineLimit},
		{"InFlight", cfg.InFlight},
		{"Skip", cfg.Skip},
	} {
		if f.n < 0 {
			return levy.Invalid(f.name, "must not be negative (0 for the default), got %d", f.n)
		}
	}
	if cfg.Workers > MaxWorkers {
		return levy.Invalid("Workers", "must be at most %d, got %d", MaxWorkers, cfg.Workers)
	}
	if cfg.Chunk > MaxChunk {
		return levy.Invalid("Chunk", "must be at most %d, got %d", MaxChunk, cfg.Chunk)
	}
	return nil
}

// Run reads the documents of in, in cfg.Format, calculates them on
// cfg.Workers goroutines and writes the answer to each to out, in input
// order: one output line per input line (JSONLines), or a document's
// rows (CSV, after the header row unless cfg.Skip is set). A document
// that fails gets its error record or rows, and the run goes on. With
// cfg.Journal, the stored kinds go into the journal in groups, and a
// group's output is written after the journal has it. Run keeps no
// checkpoint: to resume a journaled run exactly once after a crash, or
// any run with its input checked, write to a File.
//
// The error is one that ended the run at once (writing out, storing in
// the journal), or a *ReadError or a *FaultError after the documents
// before it were answered; the end of ctx and cfg.MaxErrors stop the run in order
// (Summary.Stopped), with every document answered so far written. The
// end of ctx stops the run even while it waits for input (a pipe or a
// terminal that went quiet): a line it cut is not answered, and the Read
// of in that was waiting is left to return on a goroutine of its own.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) (Summary, error) {
	cfg, err := cfg.settings(ctx)
	if err != nil {
		return Summary{}, err
	}
	if out == nil {
		return Summary{}, levy.Invalid("out", "Run needs a writer for its output, and out is nil")
	}
	if in == nil {
		return Summary{}, errNoInput
	}
	s := newFileSink(out, nil)
	if cfg.Format == CSV && cfg.Skip == 0 {
		if _, err := s.w.Write(csvOutputHeader()); err != nil {
			return Summary{}, fmt.Errorf("write the output: %w", err)
		}
	}
	sum, err := run(ctx, cfg, in, &committer{journal: cfg.Journal, tenant: cfg.Tenant, done: cfg.Skip, sink: s}, nil)
	if err != nil && !endedInOrder(err) {
		return sum, err
	}
	if ferr := s.w.Flush(); ferr != nil {
		return sum, fmt.Errorf("write the output: %w", ferr)
	}
	return sum, err
}

// run reads the documents of in in the run's format, past the first
// cfg.Skip, and drives them through the committer. When the committer
// keeps a checkpoint, the documents' digests are chained (see
// fingerprint.go), and check, when not nil, is what the skipped ones
// must match: another input ends the run, before anything is
// calculated, with ErrInputChanged.
func run(ctx context.Context, cfg Config, in io.Reader, com *committer, check *inputCheck) (Summary, error) {
	if in == nil {
		return Summary{}, errNoInput
	}
	ctx = contextOf(ctx, cfg)
	counter := &countingReader{r: &cancelReader{ctx: ctx, r: in}}
	src, err := notUTF16(counter)
	if err == nil {
		src, err = ofFormat(src, cfg.Format)
	}
	if err != nil {
		return Summary{Totals: map[string]money.Amount{}}, &ReadError{err}
	}
	skip := cfg.Skip
	chained := com.side != ""
	fp := &fingerprint{check: check}
	if chained {
		com.start = fp
	}
	if cfg.Format == CSV {
		docs, readErr := readCSVDocuments(src, string(cfg.Perspective), cfg.LineLimit)
		calc, err := csvCalculator(cfg.Engine, string(cfg.Perspective), cfg.Journal)
		if err != nil {
			return Summary{}, err
		}
		if chained {
			plain := calc
			calc = func(ctx context.Context, d csvDocument) (result, error) {
				r, err := plain(ctx, d)
				r.digest = csvDigest(&d)
				return r, err
			}
		}
		skipped := func(yield func(csvDocument) bool) {
			for d := range docs {
				if d.N <= skip {
					if chained && !fp.skip(csvDigest(&d)) {
						return
					}
					continue
				}
				if chained && !fp.verify() || !yield(d) {
					return
				}
			}
			if chained {
				fp.verify()
			}
		}
		weigh := func(d csvDocument) int64 { return bodyWeight(len(d.Body)) }
		sum, err := drive(ctx, cfg, com, counter, skipped, weigh, calc)
		if err == nil && fp.err != nil {
			return sum, fp.err
		}
		if err == nil {
			if rerr := readErr(); rerr != nil && !stoppedReading(rerr, &sum) {
				err = &ReadError{rerr}
			}
		}
		return sum, err
	}
	calc, err := lineCalculator(cfg.Engine, string(cfg.Perspective), cfg.Journal)
	if err != nil {
		return Summary{}, err
	}
	if chained {
		plain := calc
		calc = func(ctx context.Context, in input) (result, error) {
			r, err := plain(ctx, in)
			r.digest = lineDigest(in)
			return r, err
		}
	}
	var readErr error
	limit := cfg.LineLimit
	inputs := func(yield func(input) bool) {
		deliver := func(in input) bool {
			switch {
			case in.n <= skip:
				if chained && !fp.skip(lineDigest(in)) {
					return false
				}
			case chained && !fp.verify() || !yield(in):
				return false
			}
			return true
		}
		// blanks holds the blank lines read since the last line that was
		// not: those before another line are answered (each an error
		// record, so that the output keeps one line per input line),
		// those that end the input (the blank line that an editor leaves
		// at the end of a file) are no documents. Blank lines that a
		// stopped run answered (an earlier Levy's) are skipped as such.
		var blanks []input
		r := newLineReader(src, limit)
		for n := 1; ; n++ {
			line, tooLong, err := r.next()
			if err != nil && !errors.Is(err, io.EOF) {
				// The input failed, or the run's context ended, before
				// the line's end: the line is not answered, so that a
				// resumed run reads it whole and answers it.
				readErr = err
				return
			}
			if len(line) > 0 || tooLong || err == nil {
				in := input{n: n, body: bytes.TrimRight(line, "\r\n")}
				if tooLong {
					in.tooLong = limit
				}
				if !tooLong && len(bytes.TrimSpace(in.body)) == 0 {
					blanks = append(blanks, in)
				} else {
					for _, b := range blanks {
						if !deliver(b) {
							return
						}
					}
					blanks = blanks[:0]
					if !deliver(in) {
						return
					}
				}
			}
			if err != nil { // io.EOF
				for _, b := range blanks {
					if b.n <= skip && !deliver(b) {
						return
					}
				}
				if chained {
					fp.verify()
				}
				return
			}
		}
	}
	weigh := func(in input) int64 { return bodyWeight(len(in.body)) }
	sum, err := drive(ctx, cfg, com, counter, inputs, weigh, calc)
	if err == nil && fp.err != nil {
		return sum, fp.err
	}
	if err == nil && readErr != nil && !stoppedReading(readErr, &sum) {
		err = &ReadError{readErr}
	}
	return sum, err
}

// errUTF16 is the error of an input that begins with a UTF-16 byte
// order mark (Windows PowerShell's redirection and a spreadsheet's
// "Unicode text" write such files): its lines would split between the
// two bytes of each newline, and no line nor header would read.
var errUTF16 = levy.Invalid("", "the input is UTF-16 text (it begins with a UTF-16 byte order mark): save it as UTF-8, which JSON lines and CSV input are read in")

// errUTF16NoMark is the error of an input in UTF-16 without a byte order
// mark, as some tools write it: its first characters are ASCII, each
// beside a NUL byte.
var errUTF16NoMark = levy.Invalid("", "the input looks like UTF-16 text without a byte order mark (its first bytes alternate with NUL bytes): save it as UTF-8, which JSON lines and CSV input are read in")

// utf16Head is how many of the input's first bytes notUTF16 looks at.
const utf16Head = 8

// notUTF16 returns a reader of r's whole input, or an error when the
// input is UTF-16: errUTF16 when it begins with a UTF-16 byte order mark
// (FF FE or FE FF), errUTF16NoMark when its first bytes alternate with
// NUL bytes, as ASCII text in UTF-16 does (no JSON line nor CSV header
// of UTF-8 begins with a NUL byte). It reads up to utf16Head bytes but
// stops at the first newline, so that a first line that arrives alone
// is answered without waiting for more input: no line is answered
// before its newline anyway. An error of r is left to the reader
// returned, which reads r again.
func notUTF16(r io.Reader) (io.Reader, error) {
	var head [utf16Head]byte
	n := readFirstLine(r, head[:])
	if n >= 2 && (head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF) {
		return nil, errUTF16
	}
	if nulInterleaved(head[:n]) {
		return nil, errUTF16NoMark
	}
	return io.MultiReader(bytes.NewReader(head[:n]), r), nil
}

// readFirstLine reads r into buf until buf holds a newline or is full,
// or r ends or fails, and returns how many bytes it read. An error of r
// is not returned: whoever reads r next meets it again.
func readFirstLine(r io.Reader, buf []byte) int {
	n := 0
	for n < len(buf) && bytes.IndexByte(buf[:n], '\n') < 0 {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil || m == 0 {
			break
		}
	}
	return n
}

// csvSniff is how many of an input's first bytes ofFormat looks at:
// enough for a header naming every column.
const csvSniff = 4096

// ofFormat returns a reader of r's whole input, or an error when the
// input is plainly of the other format than the run's. Read as JSON
// lines, a CSV file of the batch layout: its first line is no JSON
// object but names columns of the layout, separated by commas (a header
// such as document_number,document_date,...); such a file answered
// every line with an error record ("invalid character 'd' looking for
// beginning of value"), exit 1, and no word of its format. Read as CSV,
// a file of JSON lines: its first line is a JSON object, which stopped
// the run with "bare \" in non-quoted-field". It reads up to csvSniff
// bytes but stops at the first newline, as notUTF16 does; an error of r
// is left to the reader returned.
func ofFormat(r io.Reader, format Format) (io.Reader, error) {
	var head [csvSniff]byte
	n := readFirstLine(r, head[:])
	line := head[:n]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\ufeff")))
	if format == CSV {
		if len(line) > 0 && line[0] == '{' {
			return nil, levy.Invalid("", "the input looks like JSON lines, not CSV: its first line is a JSON object; give levy batch --format jsonl (Format JSONLines in a batch.Config), or name the file other than .csv")
		}
	} else if len(line) > 0 && line[0] != '{' && bytes.IndexByte(line, ',') >= 0 {
		for _, cell := range strings.Split(string(line), ",") {
			name := strings.ToLower(strings.Trim(strings.TrimSpace(cell), `"`))
			if slices.ContainsFunc(csvInputs[:], func(c csvInput) bool { return c.name == name }) {
				return nil, levy.Invalid("", "the input looks like CSV, not JSON lines: its first line names the column %s; give levy batch --format csv (Format CSV in a batch.Config), or name the file .csv", name)
			}
		}
	}
	return io.MultiReader(bytes.NewReader(head[:n]), r), nil
}

// nulInterleaved reports whether b, the first bytes of an input, are
// ASCII text in UTF-16 without a byte order mark: of each pair of bytes
// one is NUL and the other is not, the NUL always on the same side
// (little endian: the second; big endian: the first). It looks at whole
// pairs, at least one.
func nulInterleaved(b []byte) bool {
	pairs := len(b) / 2
	if pairs == 0 {
		return false
	}
	little, big := true, true
	for i := range pairs {
		lo, hi := b[2*i], b[2*i+1]
		little = little && lo != 0 && hi == 0
		big = big && lo == 0 && hi != 0
	}
	return little || big
}

// endedInOrder reports whether err, the error of a run, came after
// every document answered before it was committed: a *ReadError or a
// *FaultError.
func endedInOrder(err error) bool {
	var re *ReadError
	var fe *FaultError
	return errors.As(err, &re) || errors.As(err, &fe)
}

// stoppedReading reports whether err, what ended the reading of a run's
// input, is the end of the run's context (see cancelReader) rather than
// a failure of the input; then the run was stopped in order, and sum
// says so.
func stoppedReading(err error, sum *Summary) bool {
	var c *readCancelled
	if !errors.As(err, &c) {
		return false
	}
	if sum.Stopped == nil {
		sum.Stopped = c.err
	}
	return true
}

// cancelReader reads from r until ctx ends: a Read that waits for input
// (a pipe, a terminal, a network stream that went quiet) returns at the
// end of ctx with a *readCancelled, so that a run stops promptly however
// its input stalls. Each Read of r runs on a goroutine of its own, into
// a buffer of the cancelReader; one that ctx interrupted is left to
// finish on its own (it holds its goroutine until r returns), and every
// later Read returns at once. It belongs to the goroutine that reads the
// input.
type cancelReader struct {
	ctx  context.Context
	r    io.Reader
	buf  []byte
	done chan readResult // nil until the first Read
	err  error           // the *readCancelled once ctx ended a Read
}

// readResult is what one Read of the underlying reader returned.
type readResult struct {
	n   int
	err error
}

// readCancelled is the error of a read that the end of the run's
// context interrupted.
type readCancelled struct{ err error }

func (e *readCancelled) Error() string { return "the run's context ended: " + e.err.Error() }

// Unwrap returns the context's error.
func (e *readCancelled) Unwrap() error { return e.err }

// Read implements io.Reader.
func (c *cancelReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if err := c.ctx.Err(); err != nil {
		c.err = &readCancelled{err}
		return 0, c.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if cap(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	if c.done == nil {
		c.done = make(chan readResult, 1)
	}
	buf, done := c.buf[:len(p)], c.done
	go func() {
		n, err := c.r.Read(buf)
		done <- readResult{n, err}
	}()
	select {
	case res := <-done:
		copy(p, buf[:res.n])
		return res.n, res.err
	case <-c.ctx.Done():
		// The goroutine still owns buf: a later Read never reaches it.
		c.err = &readCancelled{c.ctx.Err()}
		return 0, c.err
	}
}

// contextOf is the context of a run's calculations: ctx with the run's
// tenant.
func contextOf(ctx context.Context, cfg Config) context.Context {
	return levy.WithTenant(ctx, cfg.Tenant)
}

// drive calculates the inputs on the run's workers and hands each result,
// in input order, to the committer. Its error is an I/O or journal error
// that ends the run at once, or a *FaultError after the documents before
// the faulty one were committed; the end of ctx and cfg.MaxErrors stop
// it in order (Summary.Stopped). The failed documents that the output
// held before the run (committer.failed) count toward cfg.MaxErrors. A
// Progress report follows each document, and one more follows the last
// commit when the journal's refusals changed the counts, so that the
// last report agrees with the Summary. The summary's Took counts the
// last commit too; it is set on the named result, which the deferred
// function can still change after a return statement has copied sum
// into it.
func drive[T any](ctx context.Context, cfg Config, com *committer, read *countingReader, inputs iter.Seq[T], weigh func(T) int64, calc func(context.Context, T) (result, error)) (sum Summary, err error) {
	sum = Summary{Totals: map[string]money.Amount{}}
	start := time.Now()
	defer func() { sum.Took = time.Since(start) }()
	var last Progress // the last one reported
	report := func() {
		last = Progress{Documents: sum.Documents, Failed: sum.Failed}
		if read != nil {
			last.Read = read.n.Load()
		}
		cfg.Progress(last)
	}
	over := func() bool { return cfg.MaxErrors > 0 && com.failed+sum.Failed >= cfg.MaxErrors }
	var fault error
	if over() {
		// The output holds as many failures already: a run that never
		// stopped would have stopped there.
		sum.Stopped = ErrMaxErrors
		inputs = func(func(T) bool) {}
	}
	// Half of InFlight holds back the answers in order, and an eighth,
	// with its checkpoint's copies, the group (see Config.InFlight).
	com.heavy = max(int64(cfg.InFlight)/8, 1)
	w := ordered.Weights[T, result]{Limit: max(int64(cfg.InFlight)/2, 1), In: weigh, Out: func(r result) int64 { return r.weight() }}
	for r, err := range ordered.MapWeighed(ctx, inputs, cfg.Workers, 64*cfg.Workers, cfg.Chunk, w, calc) {
		if err != nil {
			if fe := (*FaultError)(nil); errors.As(err, &fe) {
				fault = err
			} else {
				sum.Stopped = err // the context ended
			}
			break
		}
		if err := com.add(&r); err != nil {
			return sum, err
		}
		com.count(&sum, &r, 1)
		if com.full() {
			if err := com.commit(ctx); err != nil {
				com.uncount(&sum)
				return sum, err
			}
		}
		com.settle(&sum)
		if cfg.Progress != nil {
			report()
		}
		if over() {
			sum.Stopped = ErrMaxErrors
			break
		}
	}
	if err = com.commit(ctx); err != nil {
		com.uncount(&sum)
		return sum, err
	}
	com.settle(&sum)
	if cfg.Progress != nil && (last.Documents != sum.Documents || last.Failed != sum.Failed) {
		report()
	}
	return sum, fault
}

// calculators returns the calculations of the three perspectives in the
// shape of the engine's Prepare methods: those methods in a journaled
// run (j, the run's journal, not nil), whose documents the run stores
// itself, and otherwise Sale, Purchase and Owner, with no transaction.
// A transaction that the journal refuses when its group is stored (one
// under the ID of a live transaction of another perspective, say) is
// that document's error (committer.refuse).
func calculators(e *engine.Engine, j journal.Store) (
	func(context.Context, *wire.SaleRequest) (*wire.SaleResponse, *journal.Transaction, error),
	func(context.Context, *wire.PurchaseRequest) (*wire.PurchaseResponse, *journal.Transaction, error),
	func(context.Context, *wire.OwnerRequest) (*wire.OwnerResponse, *journal.Transaction, error)) {
	if j != nil {
		return e.PrepareSale, e.PreparePurchase, e.PrepareOwner
	}
	return unstored(e.Sale), unstored(e.Purchase), unstored(e.Owner)
}

// unstored gives a calculation the shape of the Prepare methods.
func unstored[Q, R any](calc func(context.Context, *Q) (*R, error)) func(context.Context, *Q) (*R, *journal.Transaction, error) {
	return func(ctx context.Context, q *Q) (*R, *journal.Transaction, error) {
		r, err := calc(ctx, q)
		return r, nil, err
	}
}

// lineCalculator returns the function that answers one input line of a
// perspective: decoded as the API decodes a body, calculated, encoded.
func lineCalculator(e *engine.Engine, perspective string, j journal.Store) (func(context.Context, input) (result, error), error) {
	var one func(ctx context.Context, body []byte) (any, *journal.Transaction, int, string, money.Amount, error)
	s, p, o := calculators(e, j)
	switch Perspective(perspective) {
	case Sale:
		one = decodeCalc(s, func(r *wire.SaleResponse) (int, *wire.Currency, money.Amount) {
			return len(r.LineItems), r.Currency, r.TotalTax
		})
	case Purchase:
		one = decodeCalc(p, func(r *wire.PurchaseResponse) (int, *wire.Currency, money.Amount) {
			return len(r.LineItems), r.Currency, r.TotalTax
		})
	case Owner:
		one = decodeCalc(o, func(r *wire.OwnerResponse) (int, *wire.Currency, money.Amount) {
			return len(r.LineItems), r.Currency, r.TotalTax
		})
	default:
		return nil, unknownPerspective(perspective)
	}
	return func(ctx context.Context, in input) (result, error) {
		if in.tooLong > 0 {
			return errorRecord(in, lineTooLong(in.n, in.tooLong)), nil
		}
		if len(bytes.TrimSpace(in.body)) == 0 {
			return errorRecord(in, levy.Invalid("", "the line is empty: each line holds one request body")), nil
		}
		resp, tx, lines, cur, tax, err := one(ctx, in.body)
		if err != nil {
			if ctx.Err() != nil {
				return result{}, ctx.Err()
			}
			if faulty(err) {
				return result{}, &FaultError{N: in.n, Err: err}
			}
			return errorRecord(in, err), nil
		}
		b, err := json.Marshal(resp)
		if err != nil {
			return result{}, &FaultError{N: in.n, Err: fmt.Errorf("encode the response: %w", err)}
		}
		r := result{out: b, tx: tx, lines: lines, currency: cur, tax: tax}
		if tx != nil {
			r.refuse = func(err error) result { return errorRecord(in, err) }
		}
		return r, nil
	}, nil
}

// decodeCalc returns the calculation of one body of a perspective: read
// as the API reads a body, calculated by calc, and summed up by sum
// (its line items, currency and total tax) for the run's summary.
func decodeCalc[Q, R any](calc func(context.Context, *Q) (*R, *journal.Transaction, error), sum func(*R) (int, *wire.Currency, money.Amount)) func(context.Context, []byte) (any, *journal.Transaction, int, string, money.Amount, error) {
	return func(ctx context.Context, body []byte) (any, *journal.Transaction, int, string, money.Amount, error) {
		req := new(Q)
		if err := jsonbody.Decode(bytes.NewReader(body), req, MaxLine); err != nil {
			return nil, nil, 0, "", money.Amount{}, err
		}
		resp, tx, err := calc(ctx, req)
		if err != nil {
			return nil, nil, 0, "", money.Amount{}, err
		}
		lines, cur, tax := sum(resp)
		return resp, tx, lines, currencyOf(cur), tax, nil
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
func errorRecord(in input, err error) result {
	rec := ErrorRecord{Line: in.n, Errors: errorItems(err)}
	var ids struct {
		TransactionID  string `json:"transactionId"`
		DocumentNumber string `json:"documentNumber"`
	}
	// The calculation read the body past a byte order mark, as the API
	// does; the IDs are read the same way.
	if json.Unmarshal(bytes.TrimPrefix(in.body, []byte("\ufeff")), &ids) == nil {
		rec.TransactionID, rec.DocumentNumber = ids.TransactionID, ids.DocumentNumber
	}
	b, _ := json.Marshal(rec) // strings and numbers only
	return result{out: b, failed: true}
}

// countingReader counts the bytes read through it, for the progress of a
// run.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
