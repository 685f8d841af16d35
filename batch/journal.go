package batch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/atomicfile"
	"github.com/levytax/levy/journal"
)

// How a journaled run stores its documents.
//
// The engine of a journaled run calculates each document with its
// Prepare method, which returns the transaction that the document
// stores, checked as Post would check it, without storing it. The run
// then commits the documents in groups, in input order:
//
//  1. when the output is a File, it writes a checkpoint beside it (the
//     output file's name plus CheckpointSuffix): the group's first
//     document number, the transaction IDs the group stores (none for a
//     group of quotations, say) with the number of each one's latest
//     version before the commit, and the group's output, and makes it
//     durable;
//  2. it posts the group's transactions with one journal.Store.PostAll,
//     which stores all of them or none;
//  3. it writes the group's output and makes it durable.
//
// A document is acknowledged when its output is written, so after a
// crash at any point every acknowledged document is stored exactly once:
// its group was committed before its output was written. The documents
// after the last acknowledged one are stored only when the crash came
// between steps 2 and 3; resuming (OpenFile) tells that case from the
// others by the checkpoint (the versions of the group's transaction IDs
// numbered after those it recorded), writes the group's output from the checkpoint
// instead of calculating and posting the group again, and goes on after
// it. A run that ends in order (its input answered, or stopped by
// Config.MaxErrors or its context) replaces the checkpoint by an end
// mark, a checkpoint of no group after the last document, which holds
// the chain of all the input's documents that the output answers (see
// fingerprint.go): a resumed run is then held to the whole of that input.
//
// A run without a journal that writes to a File keeps a mark beside it
// in the same place, so that a resumed run is held to the input its
// output answers too: it stores nothing, so the mark, written before
// each group's output, holds no IDs nor outputs, only the group's first
// document number, its number of documents, where its output begins in
// the file and the chains before and after it; neither the mark nor the
// output is synced. A resumed run finds the output holding the group
// whole, part of it (cut back to the group's start and answered again)
// or none of it. Its end mark is that of a journaled run. Its layout
// version, markVersion, tells it from a journaled run's checkpoint: a
// run resumed with a journal after a run without one, or the reverse, is
// refused (*MismatchError).

// CheckpointSuffix names the checkpoint file beside a File: the
// output's path plus this suffix.
const CheckpointSuffix = ".levy-batch"

// checkpoint is the file that a journaled run writes before it commits a
// group, so that a resumed run can tell whether the group was stored, and
// as its end mark, with neither Stored nor Outputs, when it ended in
// order. A run without a journal writes it as its mark (markVersion).
type checkpoint struct {
	// Version is the layout of the file: checkpointVersion for a
	// journaled run's, markVersion for the mark of a run without a
	// journal, which a levy that reads only checkpointVersion refuses
	// instead of taking it for a journaled run's.
	Version     int    `json:"version"`
	Perspective string `json:"perspective"`
	Tenant      string `json:"tenant"`
	// First is the number of the group's first document in the input.
	First int `json:"first"`
	// Since is the time just before the commit, to the microsecond; the
	// group's versions were posted at it or later, unless the wall clock
	// stepped back. Only a checkpoint of clockCheckpointVersion, which
	// has no Latest, is judged by it.
	Since time.Time `json:"since"`
	// Stored lists the transaction IDs the group posts, one per posting.
	Stored []string `json:"stored"`
	// Latest gives, for each ID of Stored, the number of its latest
	// version before the group (0 when the journal held none): the
	// group's versions are numbered after it, whatever the clock says.
	Latest map[string]int `json:"latest,omitempty"`
	// Syncs lists those of Stored posted as syncs, one per posting: a
	// sync sent again as its transaction's latest sync stands stores no
	// version (journal.Store.Post), so that the group may have been
	// stored with fewer versions of them. A checkpoint without it counts
	// a version for every posting.
	Syncs []string `json:"syncs,omitempty"`
	// Outputs are the group's output, one element per document.
	Outputs []string `json:"outputs"`
	// Before and Through are the chains of the input's digests before
	// the group's first document and after its last (see
	// fingerprint.go); a checkpoint without them is not checked.
	Before  string `json:"before,omitempty"`
	Through string `json:"through,omitempty"`
	// Documents and Offset, in a mark of a run without a journal, are
	// the group's number of documents (0 for an end mark) and the
	// output's size before the group's output.
	Documents int   `json:"documents,omitempty"`
	Offset    int64 `json:"offset,omitempty"`
}

// The layout versions of a checkpoint: a journaled run's, the mark of a
// run without a journal, and the journaled run's checkpoint of an earlier
// Levy, which has no Latest and is judged by the time of its versions
// (still read, so that a run interrupted under that Levy resumes).
const (
	clockCheckpointVersion = 1
	markVersion            = 2
	checkpointVersion      = 3
)

// journaled reports whether the checkpoint is a journaled run's.
func (cp *checkpoint) journaled() bool {
	return cp.Version == checkpointVersion || cp.Version == clockCheckpointVersion
}

// size is the number of documents of the checkpoint's group.
func (cp *checkpoint) size() int {
	if cp.journaled() {
		return len(cp.Outputs)
	}
	return cp.Documents
}

// sink is where a committer hands the answers of a group, once the
// journal has stored it.
type sink interface {
	// emit hands on one document's answer.
	emit(r *result) error
	// flush ends a group; durable says that the group stored documents,
	// whose output must then outlive a crash.
	flush(durable bool) error
}

// fileSink writes the answers as lines of an output, and makes a
// group's output durable when the output is a file.
type fileSink struct {
	w    *bufio.Writer
	file *os.File // the output file, synced after each stored group; nil otherwise
}

func newFileSink(out io.Writer, file *os.File) *fileSink {
	return &fileSink{w: bufio.NewWriterSize(out, 1<<20), file: file}
}

func (s *fileSink) emit(r *result) error { return writeLine(s.w, r.out) }

func (s *fileSink) flush(durable bool) error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("write the output: %w", err)
	}
	if s.file != nil && durable {
		if err := s.file.Sync(); err != nil {
			return fmt.Errorf("write the output: %w", err)
		}
	}
	return nil
}

// committer commits a journaled run's documents in groups (see the
// comment at the top of this file); without a journal it hands each
// answer on at once, unless it keeps a mark for a File. It belongs to
// the goroutine that runs the run.
type committer struct {
	journal     journal.Store // nil for a run without a journal
	tenant      string
	perspective string
	side        string // the checkpoint's path; "" when the output is not a File
	done        int    // documents acknowledged before the group
	// failed counts the failed documents of the output before the run
	// (those of a resumed File), which count toward Config.MaxErrors.
	failed int
	sink   sink
	// currencies counts the calculated documents that the run's summary
	// counts by currency, so that a currency whose documents are all
	// taken out of it again (uncount, settle) leaves its Totals.
	currencies map[string]int
	// offset, in a run without a journal that keeps a mark, is the size
	// of the output before the group.
	offset int64

	group []result
	txs   []*journal.Transaction
	lines int
	// bytes is the weight of the group's answers (result.weight), and
	// heavy the weight at which a group ends (Config.InFlight).
	bytes, heavy int64
	// refused are the documents that the journal refused when their
	// group was stored (refuse), as they were counted in the run's
	// summary, until settle takes them out of it.
	refused []result

	// posted says that the journal stored the transactions of the group
	// being committed: from then on its documents count as answered,
	// even when their output cannot be written (uncount).
	posted bool

	// latest, when the committer keeps a checkpoint, holds the number of
	// the latest version of each ID of the group's transactions before
	// the group was stored (checkpoint.Latest).
	latest map[string]int

	// start, when the committer keeps a checkpoint, is the chain of the
	// skipped documents' digests, which chain continues from its first
	// group on (see fingerprint.go).
	start   *fingerprint
	chain   digest
	started bool
}

// add takes one document's answer into the group; without a journal it
// hands it on at once.
func (c *committer) add(r *result) error {
	if c.journal == nil && c.side == "" {
		c.done++
		return c.sink.emit(r)
	}
	c.group = append(c.group, *r)
	c.bytes += r.weight()
	if r.tx != nil && !r.failed {
		c.txs = append(c.txs, r.tx)
		c.lines += len(r.tx.Lines)
	}
	return nil
}

// full reports whether the group is as large as a group gets: GroupSize
// documents, GroupLines journal lines, or answers that weigh heavy.
func (c *committer) full() bool {
	return len(c.group) >= GroupSize || c.lines >= GroupLines || c.heavy > 0 && c.bytes >= c.heavy
}

// commit stores the group and hands on its answers. It runs to the end
// even when ctx has ended, so that an interrupted run leaves what it
// calculated acknowledged and stored.
func (c *committer) commit(ctx context.Context) error {
	if len(c.group) == 0 {
		return c.sink.flush(false)
	}
	ctx = context.WithoutCancel(ctx)
	c.posted = false
	if c.start != nil && !c.started {
		c.chain, c.started = c.start.chain, true
	}
	before := c.chain
	for i := range c.group {
		c.chain = c.chain.chained(c.group[i].digest)
	}
	// The checkpoint is written for a group that stores nothing too (all
	// quotations, say): it holds the chain through the group, so that a
	// run killed after it holds a resumed run's input to every document
	// it skips, not only to those up to the last stored group.
	switch {
	case c.side != "" && c.journal == nil:
		cp := c.mark(before, len(c.group))
		if err := writeMark(c.side, &cp); err != nil {
			return err
		}
	case c.side != "":
		if err := c.readLatest(ctx); err != nil {
			return err
		}
		if err := c.checkpoint(before); err != nil {
			return err
		}
	}
	// A document that the journal refuses (a post over a reversal whose
	// own reversal stands, say) is the error of that document alone: it
	// is answered with its error, and the rest of the group is stored
	// again, as one unit, after the checkpoint of what the group now
	// stores and answers.
	for len(c.txs) > 0 {
		_, err := c.journal.PostAll(ctx, c.tenant, c.txs)
		if err == nil {
			break
		}
		var pe *journal.PostAllError
		if !errors.As(err, &pe) || !pe.Refused() || !c.refuse(pe.Index, pe.Err) {
			return fmt.Errorf("store documents %d to %d in the journal: %w", c.done+1, c.done+len(c.group), err)
		}
		if c.side != "" {
			if err := c.checkpoint(before); err != nil {
				return err
			}
		}
	}
	c.posted = len(c.txs) > 0
	for i := range c.group {
		if err := c.sink.emit(&c.group[i]); err != nil {
			return err
		}
		c.offset += int64(len(c.group[i].out)) + 1
	}
	// The output is made durable after a group with a checkpoint, which
	// the next group's replaces, and after a group that stored documents;
	// a run without a journal stores nothing that its output must match.
	if err := c.sink.flush(len(c.txs) > 0 || c.side != "" && c.journal != nil); err != nil {
		return err
	}
	c.done += len(c.group)
	clear(c.group)
	clear(c.txs)
	c.group, c.txs, c.lines, c.bytes = c.group[:0], c.txs[:0], 0, 0
	return nil
}

// checkpoint writes the checkpoint of a journaled run before it stores
// the group, whose chain before it is before: what the group stores and
// its output.
func (c *committer) checkpoint(before digest) error {
	cp := checkpoint{Version: checkpointVersion, Perspective: c.perspective, Tenant: c.tenant,
		First: c.done + 1, Since: time.Now().UTC().Truncate(time.Microsecond)}
	if c.start != nil {
		cp.Before, cp.Through = before.String(), c.chain.String()
	}
	if len(c.txs) > 0 {
		cp.Latest = make(map[string]int, len(c.txs))
	}
	for _, tx := range c.txs {
		cp.Latest[tx.TransactionID] = c.latest[tx.TransactionID]
		cp.Stored = append(cp.Stored, tx.TransactionID)
		if tx.Sync {
			cp.Syncs = append(cp.Syncs, tx.TransactionID)
		}
	}
	for _, r := range c.group {
		cp.Outputs = append(cp.Outputs, string(r.out))
	}
	return writeCheckpoint(c.side, &cp)
}

// readLatest reads, before the group is stored, the number of the latest
// version of each of its transaction IDs into c.latest, so that a
// resumed run tells the group's versions by their numbers, not by the
// wall clock, which may step back between the checkpoint and the commit.
// A refused document's transaction leaves the group without changing
// the others' numbers, so they are read once per group, in one read of
// a journal.LatestVersioner.
func (c *committer) readLatest(ctx context.Context) error {
	c.latest = nil
	if len(c.txs) == 0 {
		return nil
	}
	ids := distinctIDs(c.txs)
	latest, err := journal.LatestVersions(ctx, c.journal, c.tenant, ids)
	if err != nil {
		return fmt.Errorf("read the latest versions of documents %d to %d from the journal: %w", c.done+1, c.done+len(c.group), err)
	}
	c.latest = latest
	return nil
}

// distinctIDs returns the transaction IDs of txs, each once, in order.
func distinctIDs(txs []*journal.Transaction) []string {
	seen := make(map[string]bool, len(txs))
	ids := make([]string, 0, len(txs))
	for _, tx := range txs {
		if !seen[tx.TransactionID] {
			seen[tx.TransactionID] = true
			ids = append(ids, tx.TransactionID)
		}
	}
	return ids
}

// refuse makes the document whose transaction is c.txs[i] a failed
// document with the journal's refusal err, and takes its transaction
// out of what the group stores. It reports false when no document of
// the group can answer it so, which leaves the group as it was.
func (c *committer) refuse(i int, err error) bool {
	if i < 0 || i >= len(c.txs) {
		return false
	}
	tx := c.txs[i]
	k := slices.IndexFunc(c.group, func(r result) bool { return r.tx == tx })
	if k < 0 || c.group[k].refuse == nil {
		return false
	}
	r := c.group[k]
	failed := r.refuse(err)
	failed.digest = r.digest
	c.group[k] = failed
	c.refused = append(c.refused, r)
	c.txs = slices.Delete(c.txs, i, i+1)
	c.lines -= len(tx.Lines)
	return true
}

// count adds the document r to sum (sign 1), or takes it out (-1): a
// failed one to its failures, a calculated one's lines and tax to the
// totals. A currency none of whose calculated documents sum counts any
// more has no entry in sum.Totals.
func (c *committer) count(sum *Summary, r *result, sign int) {
	sum.Documents += sign
	if r.failed {
		sum.Failed += sign
		return
	}
	c.countTax(sum, r, sign)
}

// countTax adds the lines and tax of r, a calculated document, to sum
// (sign 1), or takes them out (-1).
func (c *committer) countTax(sum *Summary, r *result, sign int) {
	sum.Lines += sign * r.lines
	if c.currencies == nil {
		c.currencies = map[string]int{}
	}
	c.currencies[r.currency] += sign
	if c.currencies[r.currency] <= 0 {
		delete(c.currencies, r.currency)
		delete(sum.Totals, r.currency)
		return
	}
	if sign > 0 {
		sum.Totals[r.currency] = sum.Totals[r.currency].Add(r.tax)
	} else {
		sum.Totals[r.currency] = sum.Totals[r.currency].Sub(r.tax)
	}
}

// settle takes the documents that the journal refused since the last
// call out of sum, where they were counted as answered: each is a
// failed document, whose lines and tax no longer count.
func (c *committer) settle(sum *Summary) {
	for i := range c.refused {
		sum.Failed++
		c.countTax(sum, &c.refused[i], -1)
	}
	clear(c.refused)
	c.refused = c.refused[:0]
}

// uncount takes out of sum, after commit failed, the documents of the
// group it was committing, which drive counted as it added them: unless
// the journal stored the group, neither its output nor its
// transactions were written, and a Summary returned with the error
// counts only the documents answered before it, those a run given them
// as Config.Skip passes over. A group the journal stored stays counted,
// so that such a run does not store it again.
func (c *committer) uncount(sum *Summary) {
	c.settle(sum)
	if c.posted {
		return
	}
	for i := range c.group {
		c.count(sum, &c.group[i], -1)
	}
}

// finish writes the end mark of a run that ended in order, every group
// committed: a checkpoint of no group, after the last document the output
// holds, whose chain is that of all of them. A resumed run checks its
// whole skipped input against it, and a checkpoint of the last stored
// group would hold it only to the documents up to that group. A
// committer that keeps no checkpoint, or committed nothing, leaves the
// checkpoint as it is: the output has not changed since it was written.
func (c *committer) finish() error {
	if c.side == "" || !c.started {
		return nil
	}
	if c.journal == nil {
		cp := c.mark(c.chain, 0)
		return writeMark(c.side, &cp)
	}
	chain := c.chain.String()
	cp := checkpoint{Version: checkpointVersion, Perspective: c.perspective, Tenant: c.tenant,
		First: c.done + 1, Since: time.Now().UTC().Truncate(time.Microsecond), Before: chain, Through: chain}
	return writeCheckpoint(c.side, &cp)
}

// mark is the mark of a run without a journal before a group of n
// documents (none for the end mark), whose chain before it is before.
func (c *committer) mark(before digest, n int) checkpoint {
	return checkpoint{Version: markVersion, Perspective: c.perspective, Tenant: c.tenant,
		First: c.done + 1, Since: time.Now().UTC().Truncate(time.Microsecond),
		Before: before.String(), Through: c.chain.String(), Documents: n, Offset: c.offset}
}

// writeLine writes one document's output and its newline.
func writeLine(w *bufio.Writer, out []byte) error {
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("write the output: %w", err)
	}
	if err := w.WriteByte('\n'); err != nil {
		return fmt.Errorf("write the output: %w", err)
	}
	return nil
}

// writeCheckpoint replaces the checkpoint at path with cp, durably.
func writeCheckpoint(path string, cp *checkpoint) error {
	b, err := json.Marshal(cp)
	if err != nil {
		return fmt.Errorf("write the checkpoint: %w", err)
	}
	if err := atomicfile.Write(path, b, 0o600); err != nil {
		return fmt.Errorf("write the checkpoint: %w", err)
	}
	return nil
}

// writeMark replaces the mark of a run without a journal at path with
// cp. It is not synced: the output it describes is not either, and a
// mark lost or cut by a crash of the machine is refused (readCheckpoint),
// never taken for a good one.
func writeMark(path string, cp *checkpoint) error {
	b, err := json.Marshal(cp)
	if err != nil {
		return fmt.Errorf("write the checkpoint: %w", err)
	}
	tmp := path + ".incoming"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("write the checkpoint: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write the checkpoint: %w", err)
	}
	return nil
}

// readCheckpoint reads the checkpoint at path; it returns nil when there
// is none.
func readCheckpoint(path string) (*checkpoint, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the checkpoint: %w", err)
	}
	var cp checkpoint
	if err := json.Unmarshal(b, &cp); err != nil {
		return nil, fmt.Errorf("read the checkpoint %s: %w", path, err)
	}
	if cp.Version != checkpointVersion && cp.Version != clockCheckpointVersion && cp.Version != markVersion {
		return nil, fmt.Errorf("the checkpoint %s has layout version %d, which this Levy does not know (it reads versions %d to %d): a newer Levy wrote it; resume the run with that Levy", path, cp.Version, clockCheckpointVersion, checkpointVersion)
	}
	if cp.Version == checkpointVersion {
		for _, id := range cp.Stored {
			if n, ok := cp.Latest[id]; !ok || n < 0 {
				return nil, fmt.Errorf("the checkpoint %s is damaged: it has no version number before the group for transaction %s", path, id)
			}
		}
	}
	// An end mark (committer.finish) has neither outputs nor stored IDs;
	// a group has outputs, and stored IDs only with them. The mark of a
	// run without a journal has neither, and always its chains.
	if cp.First < 1 || len(cp.Outputs) == 0 && len(cp.Stored) > 0 ||
		!cp.journaled() && (len(cp.Outputs) > 0 || cp.Documents < 0 || cp.Offset < 0 || cp.Before == "" || cp.Through == "") {
		return nil, fmt.Errorf("the checkpoint %s is damaged: first document %d, %d outputs, %d stored", path, cp.First, len(cp.Outputs), len(cp.Stored))
	}
	return &cp, nil
}

// countLines returns the number of complete lines of r, how many of them
// are error records, and the offset just after the last one: what an
// output of JSON lines has acknowledged.
func countLines(r io.Reader) (n, failed int, good int64, err error) {
	br := bufio.NewReaderSize(r, 1<<20)
	off := int64(0)
	start := true // the chunk begins a line
	var head []byte
	for {
		chunk, err := br.ReadSlice('\n')
		off += int64(len(chunk))
		if start {
			head = append(head[:0], chunk[:min(len(chunk), len(errorRecordStart))]...)
		}
		ended := len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		if ended {
			n++
			good = off
			if lineFailed(head) {
				failed++
			}
		}
		start = ended
		switch {
		case err == nil || errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF):
			return n, failed, good, nil
		default:
			return 0, 0, 0, err
		}
	}
}

// errorRecordStart is how the output line of a failed JSON lines input
// begins (an ErrorRecord); a response never begins so.
const errorRecordStart = `{"line":`

// lineFailed reports whether out, one line of a JSON lines output, is an
// error record.
func lineFailed(out []byte) bool { return bytes.HasPrefix(out, []byte(errorRecordStart)) }

// resumeOutput prepares the output file of an interrupted run for
// resuming it and returns it open for appending with the number of
// documents it holds, how many of those failed, and what the input of
// the documents it holds must match (nil when the checkpoint does not
// tell): the partial last document, if any, is cut off, and a group that
// the journal stored but whose output the run did not write is written
// from the checkpoint. count reads what an output holds, and failed
// tells a failed document's output in the checkpoint. store is nil for
// a run without a journal. header, when not nil, is what an output
// starts with (the header row of a CSV output): it is written when the
// output holds nothing whole. An output of the other format (CSV rows
// resumed as JSON lines, or the reverse) is refused with a
// *MismatchError, unchanged.
func resumeOutput(ctx context.Context, path string, store journal.Store, perspective, tenant string,
	count func(io.Reader) (int, int, int64, error), failed func([]byte) bool, header []byte) (*os.File, int, int, *inputCheck, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, 0, 0, nil, err
	}
	fail := func(err error) (*os.File, int, int, *inputCheck, error) {
		f.Close()
		return nil, 0, 0, nil, err
	}
	if err := lockOutput(f); err != nil {
		return fail(err)
	}
	if err := sameFormat(f, header != nil); err != nil {
		return fail(fmt.Errorf("resume the output %s: %w", path, err))
	}
	done, bad, good, err := count(f)
	if err != nil {
		return fail(fmt.Errorf("read the output %s to resume: %w", path, err))
	}
	// The checkpoint is read before the output is cut: an output that
	// holds documents and has none is refused as it is.
	cp, err := readCheckpoint(path + CheckpointSuffix)
	if err != nil {
		return fail(err)
	}
	if cp == nil && done > 0 {
		return fail(fmt.Errorf("%w: %s holds %d documents and there is no %s beside it", ErrNoCheckpoint, path, done, filepath.Base(path+CheckpointSuffix)))
	}
	err = f.Truncate(good)
	if err == nil {
		_, err = f.Seek(good, io.SeekStart)
	}
	if err == nil && good == 0 && header != nil {
		_, err = f.Write(header)
	}
	if err != nil {
		return fail(fmt.Errorf("read the output %s to resume: %w", path, err))
	}
	if cp == nil {
		return f, 0, 0, nil, nil // nothing to resume: the run starts from the first document
	}
	// check is what the input must match when the output holds n
	// documents of the group or none.
	check := func(through bool) *inputCheck {
		n, want := cp.First-1, cp.Before
		if through {
			n, want = cp.First-1+cp.size(), cp.Through
		}
		if n == 0 || want == "" {
			return nil
		}
		return &inputCheck{n: n, want: want}
	}
	switch {
	case store == nil && cp.journaled():
		return fail(&MismatchError{Journaled: true, Perspective: Perspective(cp.Perspective), Tenant: cp.Tenant})
	case store != nil && !cp.journaled():
		return fail(&MismatchError{Unjournaled: true, Perspective: Perspective(cp.Perspective), Tenant: cp.Tenant})
	case cp.Perspective != perspective || cp.Tenant != tenant:
		return fail(&MismatchError{Perspective: Perspective(cp.Perspective), Tenant: cp.Tenant})
	case !cp.journaled():
		n, failed, check, err := resumeMark(f, path, cp, done, bad, count, check)
		if err != nil {
			return fail(err)
		}
		return f, n, failed, check, nil
	case done > cp.First-1+len(cp.Outputs):
		// The output is written only after the checkpoint of its group:
		// lines past it were added to the file since (another output
		// appended to it, say), and skipping as many input documents
		// would leave them unstored.
		return fail(fmt.Errorf("the output %s holds %d documents, more than the %d that its checkpoint counts: was it changed?", path, done, cp.First-1+len(cp.Outputs)))
	case done == cp.First-1+len(cp.Outputs):
		return f, done, bad, check(true), nil // the group was written out
	case done < cp.First-1:
		return fail(fmt.Errorf("the output %s holds %d documents, fewer than the %d that its checkpoint says were written and stored: was it changed or deleted?", path, done, cp.First-1))
	}
	// A group that stores nothing is as good as stored: its output is
	// written from the checkpoint.
	stored, err := len(cp.Stored) == 0, error(nil)
	if !stored {
		stored, err = groupStored(ctx, store, tenant, cp, done > cp.First-1)
	}
	if err != nil {
		return fail(err)
	}
	if !stored {
		if done != cp.First-1 {
			return fail(fmt.Errorf("the output %s holds documents of group %d that the journal does not: was it changed?", path, cp.First))
		}
		return f, done, bad, check(false), nil
	}
	w := bufio.NewWriter(f)
	for _, o := range cp.Outputs[done-(cp.First-1):] {
		if err := writeLine(w, []byte(o)); err != nil {
			return fail(err)
		}
		if failed([]byte(o)) {
			bad++
		}
	}
	if err := w.Flush(); err != nil {
		return fail(fmt.Errorf("write the output: %w", err))
	}
	if err := f.Sync(); err != nil {
		return fail(fmt.Errorf("write the output: %w", err))
	}
	return f, cp.First - 1 + len(cp.Outputs), bad, check(true), nil
}

// resumeMark is resumeOutput after the mark cp of a run without a
// journal, when the output in f holds done documents (bad of them
// failed): it returns the documents that the resumed output holds, how
// many of them failed, and what its input must match. An output that
// holds part of the mark's group is cut back to the group's start, whose
// documents the resumed run answers again; one that holds fewer
// documents than those before the group, or more than those through
// it, was changed and is refused.
func resumeMark(f *os.File, path string, cp *checkpoint, done, bad int,
	count func(io.Reader) (int, int, int64, error), check func(bool) *inputCheck) (int, int, *inputCheck, error) {
	start, end := cp.First-1, cp.First-1+cp.Documents
	switch {
	case done == end:
		return done, bad, check(true), nil
	case done > end:
		return 0, 0, nil, fmt.Errorf("the output %s holds %d documents, more than the %d that its checkpoint counts: was it changed?", path, done, end)
	case done < start:
		return 0, 0, nil, fmt.Errorf("the output %s holds %d documents, fewer than the %d that its checkpoint says were written: was it changed or deleted?", path, done, start)
	case done == start:
		return done, bad, check(false), nil
	}
	n, failed, good, err := count(io.NewSectionReader(f, 0, cp.Offset))
	if err != nil || n != start || good != cp.Offset {
		return 0, 0, nil, fmt.Errorf("the output %s does not hold the %d documents that its checkpoint counts before byte %d: was it changed?", path, start, cp.Offset)
	}
	if err := f.Truncate(cp.Offset); err != nil {
		return 0, 0, nil, fmt.Errorf("cut the output %s back to document %d: %w", path, start, err)
	}
	if _, err := f.Seek(cp.Offset, io.SeekStart); err != nil {
		return 0, 0, nil, fmt.Errorf("cut the output %s back to document %d: %w", path, start, err)
	}
	return n, failed, check(false), nil
}

// sameFormat returns a *MismatchError when the output in f, read from
// its start, was written in the other format than a resumed run's: a
// CSV output begins with its header row, and a JSON lines output never
// does. A CSV output cut inside its header row is taken for CSV. f is
// left at its start.
func sameFormat(f *os.File, csv bool) error {
	header := csvOutputHeader()
	head := make([]byte, len(header))
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("read the output: %w", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("read the output: %w", err)
	}
	head = head[:n]
	isCSV := n > 0 && bytes.HasPrefix(header, head)
	switch {
	case n == 0 || csv == isCSV:
		return nil
	case isCSV:
		return &MismatchError{WrongFormat: true, Format: CSV}
	}
	return &MismatchError{WrongFormat: true, Format: JSONLines}
}

// groupStored reports whether the group of a checkpoint is in the
// journal: each of its transaction IDs has as many versions numbered
// after the checkpoint's Latest (posted since the checkpoint's time, for
// a checkpoint of an earlier Levy without it) as the group posts, or
// none has any. A sync
// posted again as it stands stores no version, so an ID's syncs may
// count from none to one version each: an ID posted only as syncs with
// no version since tells nothing, and the others decide. When none
// does, written does: it says that the output holds part of the group,
// which is written only after the journal took the group; otherwise the
// group counts as not stored, and posting it again stores nothing of
// what the journal has. Anything else means another writer posted to
// them meanwhile, which resuming cannot sort out.
func groupStored(ctx context.Context, store journal.Store, tenant string, cp *checkpoint, written bool) (bool, error) {
	want, syncs := map[string]int{}, map[string]int{}
	var order []string
	for _, id := range cp.Stored {
		if want[id] == 0 {
			order = append(order, id)
		}
		want[id]++
	}
	for _, id := range cp.Syncs {
		syncs[id]++
	}
	var latest map[string]int
	if cp.Version == checkpointVersion {
		var err error
		if latest, err = journal.LatestVersions(ctx, store, tenant, order); err != nil {
			return false, fmt.Errorf("read the interrupted group's transactions from the journal to resume: %w", err)
		}
	}
	stored, missing := 0, 0
	for _, id := range order {
		since, err := versionsSince(ctx, store, tenant, id, cp, latest)
		if err != nil {
			return false, err
		}
		least := want[id] - min(syncs[id], want[id]) // the postings that always store a version
		switch {
		case since == 0 && least == 0:
			// Syncs alone, each stored or sent again: either way.
		case since == 0:
			missing++
		case since >= least && since <= want[id]:
			stored++
		case least == want[id]:
			return false, fmt.Errorf("transaction %s has %d versions posted since the interrupted group began, not %d: another writer changed it; resume cannot tell what was stored", id, since, want[id])
		default:
			return false, fmt.Errorf("transaction %s has %d versions posted since the interrupted group began, not %d to %d: another writer changed it; resume cannot tell what was stored", id, since, least, want[id])
		}
	}
	if stored > 0 && missing > 0 {
		return false, fmt.Errorf("the journal holds part of the interrupted group (%d of %d transactions): another writer changed it; resume cannot tell what was stored", stored, stored+missing)
	}
	if stored == 0 && missing == 0 {
		return written, nil
	}
	return stored > 0, nil
}

// versionsSince returns how many versions of id the journal holds that
// came after the checkpoint cp was written: those numbered after its
// Latest, given latest, the journal's latest numbers now; for a
// checkpoint of an earlier Levy, which has no Latest, those posted at
// its time or later.
func versionsSince(ctx context.Context, store journal.Store, tenant, id string, cp *checkpoint, latest map[string]int) (int, error) {
	if cp.Version == checkpointVersion {
		if latest[id] < cp.Latest[id] {
			return 0, fmt.Errorf("transaction %s has %d versions in the journal, fewer than the %d it had before the interrupted group: is this the journal the run stored into, or was it restored from an older copy?", id, latest[id], cp.Latest[id])
		}
		return latest[id] - cp.Latest[id], nil
	}
	vs, err := store.Versions(ctx, tenant, id)
	if err != nil && levy.ErrorCode(err) != levy.ENotFound {
		return 0, fmt.Errorf("read transaction %s from the journal to resume: %w", id, err)
	}
	since := 0
	for _, v := range vs {
		if !v.PostedAt.Before(cp.Since) {
			since++
		}
	}
	return since, nil
}

// ErrNoCheckpoint is the error of resuming an output that holds
// documents without the checkpoint beside it that every run into a File
// leaves (an output that a Run wrote, to a host's standard output
// redirected to the file, say; or one whose checkpoint was removed):
// without it, a resumed run can neither hold its input to the one that
// the output answers nor tell whether the journal stored a group whose
// output is missing, and would skip as many documents of any input. The
// output and the checkpoint are left as they were; the input is to be
// run again without resuming, into a new output.
// It carries levy.EConflict (levy.ErrorCode), as ErrInputChanged does.
var ErrNoCheckpoint = newCoded(levy.EConflict, "batch: the output has no checkpoint to resume from")

// MismatchError is the error of resuming a run with settings other than
// those of the interrupted run, which its checkpoint gives. It carries
// levy.EConflict (levy.ErrorCode): a refusal of the state the run was
// asked to resume, as ErrInputChanged is.
type MismatchError struct {
	// Journaled says that the interrupted run stored into a journal and
	// the resumed one has none.
	Journaled bool
	// Unjournaled says that the interrupted run had no journal, and
	// stored nothing, and the resumed one has one: the documents it
	// skips would be missing from the journal.
	Unjournaled bool
	// WrongFormat says that the output was written in Format, which is
	// not the resumed run's.
	WrongFormat bool
	Format      Format
	// Perspective and Tenant are the interrupted run's.
	Perspective Perspective
	Tenant      string
}

// Error says what the resumed run differs in from the interrupted one,
// and how to resume it.
func (e *MismatchError) Error() string {
	if e.WrongFormat {
		return fmt.Sprintf("batch: the output holds %s output: resume it with the same format", e.Format)
	}
	if e.Journaled {
		return "batch: the interrupted run stored into a journal: resume it with the same journal"
	}
	if e.Unjournaled {
		return "batch: the interrupted run had no journal and stored nothing: resume it without a journal, or run the input again without resuming to store all of it"
	}
	return fmt.Sprintf("batch: the interrupted run was a %s run for tenant %q: resume it with the same perspective and tenant", e.Perspective, e.Tenant)
}

// Unwrap returns the *levy.Error of the mismatch, of code
// levy.EConflict, a new one each time.
func (e *MismatchError) Unwrap() error {
	return &levy.Error{Code: levy.EConflict, Message: e.Error()}
}
