package badger

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
)

// ProbeInterval is how long a Probe's answer holds before it looks at the
// directory again.
const ProbeInterval = time.Second

// probeFile is the file a Probe writes in the directory it watches.
const probeFile = ".levy-write-probe"

// Probe watches that a store's directory can still take writes. Badger
// keeps its files open, so a directory deleted under a running server
// takes every write without an error, and loses them all at the next
// start; a read-only or full file system fails writes with errors that
// say nothing of the cause. A Probe checks on every call that the
// directory is still the one the store opened (a stat, about a
// microsecond), and at most once per ProbeInterval that a new small file
// can be made in it, written and synced, and that its file system has the space
// the store keeps in reserve (Reserve); it turns the failures of writes
// into a levy.EUnavailable error (503 over HTTP), so that no write is
// acknowledged that the store cannot keep.
//
// The reserve matters because Badger writes its write-ahead log and its
// tables through memory-mapped files that it creates at their full size
// without taking the disk space: on a full file system the write of a
// page fails with SIGBUS, which ends the whole process, where a write
// of a file would have failed with an error.
//
// Probe is safe for concurrent use; a call that finds the answer stale
// does the check while the others wait for it.
type Probe struct {
	name  string      // the store, in errors: "the journal"
	dir   string      // its directory
	ident os.FileInfo // the directory as the store opened it
	now   func() time.Time
	// reserve is the free space, in bytes, below which the directory
	// takes no more writes (Reserve); 0 checks none.
	reserve int64

	mu  sync.Mutex
	at  time.Time // when err was found; zero before the first check
	err error
	// broken is the error that a write met when Badger could not make its
	// next memory table: the database has none left, and fails every
	// read and write (some with a panic) until it is opened again, so
	// every Check and Readable returns it, whatever the directory has
	// become.
	broken error
}

// NewProbe returns a Probe of the directory dir of the store name ("the
// journal"), which must exist: the store has just opened it.
func NewProbe(name, dir string) (*Probe, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: watch %s: %w", name, dir, err)
	}
	return &Probe{name: name, dir: dir, ident: fi, now: time.Now}, nil
}

// Reserve makes the Probe refuse writes once the file system of the
// directory has less than n bytes free, and returns it. A store keeps in
// reserve what Badger may write into memory-mapped files before the
// next check: stores call it with reserveFor of their options.
func (p *Probe) Reserve(n int64) *Probe {
	p.reserve = n
	return p
}

// reserveFor is the reserve of a store opened with bo: three memory
// tables, the write-ahead log of the one being filled, that of the next
// and the table that the flush of the first writes.
func reserveFor(bo bdb.Options) int64 { return 3 * bo.MemTableSize }

// Check returns nil when the store's directory can take writes, and an
// error of code levy.EUnavailable that says why not. Whether the
// directory is the one opened is checked on every call; whether a file
// in it can be written and synced, once per ProbeInterval.
func (p *Probe) Check(ctx context.Context) error {
	if p == nil {
		return nil
	}
	if err := p.same(); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.broken != nil {
		return p.broken
	}
	if now := p.now(); p.at.IsZero() || now.Sub(p.at) >= ProbeInterval {
		if err := ctx.Err(); err != nil {
			return err
		}
		p.err, p.at = p.write(), now
	}
	return p.err
}

// same checks that the directory is the one the store opened.
func (p *Probe) same() error {
	fi, err := os.Stat(p.dir)
	if err != nil {
		return p.unavailable("its directory is gone", fmt.Errorf("its directory %s is gone: %w", p.dir, err))
	}
	if !os.SameFile(fi, p.ident) {
		return p.unavailable("its directory was replaced after it was opened", fmt.Errorf("its directory %s was replaced after it was opened", p.dir))
	}
	return nil
}

// write makes a new small file in the directory, writes and syncs it.
// The file is removed and made anew each time, rather than written over:
// Badger makes new files as it goes (a memory table's log, a table, a
// value log), and a directory that lost its write permission (a chmod, a
// change of owner) still lets an existing file be written, while Badger's
// next new file would fail, leaving its database without a memory table
// (every later read and write of the store failing, until a restart).
func (p *Probe) write() error {
	if err := p.newFile(); err != nil {
		return err
	}
	if p.reserve > 0 {
		if free, ok := freeSpace(p.dir); ok && free < p.reserve {
			return p.unavailable(fmt.Sprintf("its file system has %d MiB free, under the %d MiB it keeps in reserve; free some space or move the data directory to a larger disk",
				free>>20, p.reserve>>20), fmt.Errorf("in %s", p.dir))
		}
	}
	return nil
}

// newFile makes the probe's file anew in the directory, writes and syncs
// it.
func (p *Probe) newFile() error {
	path := filepath.Join(p.dir, probeFile)
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return p.unavailable("its directory takes no new file: "+fileFault(err), err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return p.unavailable("its directory takes no new file: "+fileFault(err), err)
	}
	_, err = f.Write([]byte("ok\n"))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return p.unavailable("a file in its directory cannot be written: "+fileFault(err), err)
	}
	return nil
}

// Closable returns nil when the store's database may be closed, and
// otherwise why not: its directory is gone or was replaced (Gone), takes
// no new file now, or the database lost its memory table. Badger's Close
// writes the memory table into a new table file, and retries for ever,
// once a second, when it cannot make one, so that a server stopped
// (SIGTERM) while its directory took no file never ended. A store whose
// database may not be closed leaves its files open: the writes it
// acknowledged are in its write-ahead log, which the next start reads.
func (p *Probe) Closable() error {
	if p == nil {
		return nil
	}
	if err := p.same(); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.broken != nil {
		return p.broken
	}
	return p.newFile()
}

// unavailable wraps the cause of a failed check.
//
// The *levy.Error, which a client is answered (503, and /healthz, which
// needs no token), says why in words that name no path of the server's
// (why, or the system's reason for a file error: "permission denied");
// the error as a whole, which the server's log writes, adds cause, with
// its paths.
func (p *Probe) unavailable(why string, cause error) error {
	return fmt.Errorf("%w (%w)", &levy.Error{Code: levy.EUnavailable, Message: p.name + " cannot take writes: " + why}, cause)
}

// fileFault says what a failure of the file system was without the path
// that its error names: the system's reason ("permission denied", "no
// space left on device"), or "a file error".
func fileFault(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	return "a file error"
}

// Update is Update, after a Check: a store that cannot take writes
// refuses the write with the Check's error, and a write that fails on an
// error of the file system (read-only, full, I/O) is refused as
// unavailable too, and makes the next Check look again.
func (p *Probe) Update(ctx context.Context, db *bdb.DB, fn func(*bdb.Txn) error) error {
	if err := p.Check(ctx); err != nil {
		return err
	}
	err := Update(ctx, db, fn)
	if err != nil && p != nil && lostMemTable(err) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.broken == nil {
			p.broken = fmt.Errorf("%w (in %s: %w)", &levy.Error{Code: levy.EUnavailable, Message: p.name +
				" could not make a new file in its directory and cannot be used until the server restarts; mend the cause and restart it (the writes it acknowledged are in its files)"},
				p.dir, err)
		}
		return p.broken
	}
	if err != nil && p != nil && storageFault(err) {
		p.mu.Lock()
		p.at = time.Time{}
		p.mu.Unlock()
		return fmt.Errorf("%w (%w)", &levy.Error{Code: levy.EUnavailable, Message: p.name + " could not write: " + fileFault(err)}, err)
	}
	return err
}

// Readable returns nil when the store's database can be read, and
// otherwise the error that a write met when Badger could not make its
// next memory table: without one, a read panics inside Badger. Every
// read of a store goes through it (View, or before a read-only
// transaction), so that such a store answers its reads as it answers
// its writes, unavailable (503) naming the restart it needs, rather than
// with an internal error. A directory that takes no writes now is no
// cause to refuse a read: Readable does not Check it.
func (p *Probe) Readable() error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.broken
}

// View is db.View after Readable.
func (p *Probe) View(db *bdb.DB, fn func(*bdb.Txn) error) error {
	if err := p.Readable(); err != nil {
		return err
	}
	return db.View(fn)
}

// lostMemTable reports whether err is Badger's failure to make the
// memory table that follows a full one (its file could not be made),
// after which its database has no memory table. Badger says so only in
// its message: the error's chain does not keep the file system's.
func lostMemTable(err error) bool {
	return strings.Contains(err.Error(), "cannot create new mem table")
}

// storageFault reports whether err is a failure of the file system
// rather than of the write's content.
func storageFault(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) || errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.ENOSPC) ||
		errors.Is(err, syscall.EIO) || errors.Is(err, syscall.EDQUOT)
}

// Gone returns the error of Check when the store's directory is gone or
// was replaced, and nil otherwise. A store must not close its Badger
// database then: Badger's Close retries for ever to flush its memory
// table into the lost directory.
func (p *Probe) Gone() error {
	if p == nil {
		return nil
	}
	return p.same()
}

// Remove deletes the probe's file; a store calls it when it closes.
func (p *Probe) Remove() {
	if p != nil {
		_ = os.Remove(filepath.Join(p.dir, probeFile))
	}
}
