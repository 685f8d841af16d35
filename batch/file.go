package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/levytax/levy"
)

// File is the output file of a run. A journaled run that writes to a
// File keeps a checkpoint beside it (the path plus CheckpointSuffix),
// written before it commits each group and as the run's end mark when it
// ends, so that the run can be resumed exactly
// once after any interruption, a crash or kill -9 included: every
// document whose output was written is stored once, and the resumed
// run's output equals that of a run that never stopped. A run without a
// journal keeps a mark there too, before each group's output and at its
// end, which holds a resumed run to the input that the output answers.
//
// A File belongs to one goroutine.
type File struct {
	cfg     Config
	path    string
	f       *os.File
	done    int
	failed  int
	resumed bool
	check   *inputCheck // what the skipped input must match; nil for none
	// stream says that the output is not a regular file (a pipe, a
	// terminal, /dev/stdout): it keeps no checkpoint, and is not synced.
	stream bool
}

// OpenFile opens the output file at path for a run of cfg. Without
// resume it creates the file, or empties it, and removes a checkpoint
// left beside it. With resume it continues the run that wrote the file
// and stopped: it keeps the file's complete documents and cuts a partial
// last one, and when the checkpoint tells that the journal stored a group
// whose output was not written, it writes that output from the
// checkpoint; Done then counts the documents the file holds, which Run
// skips. A resumed run must have the interrupted run's journal,
// perspective, tenant and format (else a *MismatchError), and a journal
// exactly when the interrupted run had one (a *MismatchError again), and
// its input must be the same: when the checkpoint holds the digests of
// the input (see fingerprint.go), Run refuses another one with
// ErrInputChanged before it calculates anything. An output that a run
// without a journal left holding part of a group is cut back to the
// group's start. An output that holds documents without the checkpoint
// beside it is refused, unchanged, with ErrNoCheckpoint; one that holds
// none starts from the first document. While another File has the output open,
// OpenFile returns ErrOutputBusy and changes nothing.
//
// An output that is not a regular file (a named pipe, a terminal,
// /dev/stdout) is written as Run writes out: without a checkpoint, so
// its run cannot be resumed (with resume, OpenFile refuses it with a
// levy.EInvalid naming "path"), and a journaled run into it is exactly
// once only as long as it does not crash. An empty path, or one that
// names a directory, is a levy.EInvalid naming "path" too.
func OpenFile(ctx context.Context, cfg Config, path string, resume bool) (*File, error) {
	cfg, err := cfg.settings(ctx)
	if err != nil {
		return nil, err
	}
	if path == "" {
		return nil, levy.Invalid("path", "the run needs the path of its output file, and path is empty")
	}
	o := &File{cfg: cfg, path: path, resumed: resume}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, levy.Invalid("path", "%s is a directory: the output of a run is a file", path)
	} else if err == nil && !fi.Mode().IsRegular() {
		if resume {
			return nil, levy.Invalid("path", "%s is not a regular file (a pipe, a terminal or a device): a run written to it cannot be resumed, as its output cannot be read back", path)
		}
		o.stream = true
	}
	if resume {
		count, failed, header := countLines, lineFailed, []byte(nil)
		if cfg.Format == CSV {
			count, failed, header = countCSVDocuments, csvFailed, csvOutputHeader()
		}
		o.f, o.done, o.failed, o.check, err = resumeOutput(ctx, path, cfg.Journal, string(cfg.Perspective), cfg.Tenant, count, failed, header)
		if err != nil {
			return nil, err
		}
		return o, nil
	}
	// Opened without O_TRUNC: a run that has the file open keeps it
	// (ErrOutputBusy) until this one holds the lock and empties it.
	if o.f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o666); err != nil {
		return nil, err
	}
	if err := lockOutput(o.f); err != nil {
		o.f.Close()
		return nil, err
	}
	if fi, err := o.f.Stat(); err != nil || fi.Mode().IsRegular() {
		if err == nil {
			err = o.f.Truncate(0)
		}
		if err != nil {
			o.f.Close()
			return nil, fmt.Errorf("empty the output %s: %w", path, err)
		}
	}
	// The checkpoint of an earlier run into path tells of an output
	// that is gone now, whether this run is journaled or not. An output
	// that is no regular file has none.
	if o.stream {
		return o, nil
	}
	if err := os.Remove(o.checkpoint()); err != nil && !errors.Is(err, os.ErrNotExist) {
		o.f.Close()
		return nil, fmt.Errorf("remove the checkpoint of an earlier run: %w", err)
	}
	return o, nil
}

// ErrOutputBusy is the error of opening a File whose output another open
// File has, in this process or another (a second levy batch into the
// same --out): two runs into one output would each store the documents
// the other stores, and mix their lines. The File holds the output's
// lock until it is closed or its run ends.
//
// It carries levy.EConflict (levy.ErrorCode): the output is in a state
// that refuses the run, and the run may be made once the other ends.
var ErrOutputBusy = newCoded(levy.EConflict, "batch: another run has the output open; wait for it to end, or resume it once it stopped")

// checkpoint is the path of the File's checkpoint.
func (o *File) checkpoint() string { return o.path + CheckpointSuffix }

// Done returns how many documents the file held when it was opened: 0
// unless it was resumed.
func (o *File) Done() int {
	if o == nil {
		return 0
	}
	return o.done
}

// Failed returns how many of the Done documents failed: the error
// records (JSONLines) or error total rows (CSV) that the file held when
// it was resumed. A resumed run's Summary counts only the documents it
// answers itself; Done and Failed count those before them, so that
// Failed plus Summary.Failed tells whether every document of the input
// succeeded.
func (o *File) Failed() int {
	if o == nil {
		return 0
	}
	return o.failed
}

// Run runs the documents of in, after the first Done, as Run does, into
// the file, and closes it. The input must be the one of the interrupted
// run when the File was resumed. When the run ends, even when it was
// stopped in order (Summary.Stopped), its input could not be read to
// the end (*ReadError) or a document met a fault (*FaultError), the
// file holds every answered document. The checkpoint stays beside the
// file: after a run that ended in order (its whole input answered,
// stopped early, its input unreadable, or a fault) it
// is the end mark, the digests of every document the file answers; after
// any other error it tells a resumed run whether the last group was
// stored. Either way a resumed run's input is held to the same documents
// (ErrInputChanged), and a file that lost documents the checkpoint
// counts is refused. A File runs once: a second Run, a Run after Close,
// and the Run of a nil File or of one OpenFile did not make are refused
// as levy.EInvalid.
func (o *File) Run(ctx context.Context, in io.Reader) (Summary, error) {
	if o == nil {
		return Summary{}, levy.Invalid("", "batch: the File is nil: OpenFile failed")
	}
	if o.f == nil {
		return Summary{}, levy.Invalid("", "batch: the File was run or closed, or OpenFile did not make it: a File runs once")
	}
	defer o.Close() // after an error; the good path closes it below
	cfg := o.cfg
	cfg.Skip = o.done
	s := newFileSink(o.f, o.f)
	if cfg.Format == CSV && !o.resumed {
		s.w.Write(csvOutputHeader()) // a resumed output has it already; an error shows at the flush
	}
	com := &committer{journal: cfg.Journal, tenant: cfg.Tenant, perspective: string(cfg.Perspective), done: o.done, failed: o.failed,
		sink: s, side: o.checkpoint()}
	if o.stream {
		// A pipe or a device can be neither synced nor read back: the
		// run goes as Run does, without a checkpoint.
		s.file, com.side = nil, ""
	}
	if cfg.Journal == nil && !o.stream {
		// The mark of a run without a journal says where each group's
		// output begins: the file's size, and the header row to come.
		off, err := o.f.Seek(0, io.SeekCurrent)
		if err != nil {
			return Summary{}, fmt.Errorf("write the output: %w", err)
		}
		com.offset = off + int64(s.w.Buffered())
	}
	sum, err := run(ctx, cfg, in, com, o.check)
	if err != nil && !endedInOrder(err) {
		return sum, err
	}
	if ferr := s.w.Flush(); ferr != nil {
		return sum, fmt.Errorf("write the output: %w", ferr)
	}
	f := o.f
	o.f = nil
	if cerr := f.Close(); cerr != nil {
		return sum, fmt.Errorf("write the output: %w", cerr)
	}
	// Every group is stored and written, whether the run answered its
	// whole input or stopped early: the checkpoint becomes the end mark,
	// which holds the digests of every document the output answers, so
	// that a resumed run (a script that always resumes, say) refuses
	// another input instead of skipping as many of its documents.
	if merr := com.finish(); merr != nil {
		return sum, merr
	}
	return sum, err
}

// Close closes the file without running; a File that ran is closed
// already, and so has nothing to close, as has a nil File (that of a
// failed OpenFile), so that a deferred Close is safe.
func (o *File) Close() error {
	if o == nil || o.f == nil {
		return nil
	}
	f := o.f
	o.f = nil
	return f.Close()
}
