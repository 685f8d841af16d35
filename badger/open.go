package badger

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	bdb "github.com/dgraph-io/badger/v4"
	"github.com/levytax/levy"
)

// Schema is a store's schema version key and the version it reads and
// writes, and what tells its directory from another store's.
type Schema struct {
	Key     byte   // the one-byte key that holds the version
	Version string // the version this Levy supports
	Store   string // the store in the error of another version: "the journal"
	// Kind names the store ("journal"), kept under KindKey in every
	// store of this Levy so that a store never opens the directory of
	// another (which, of an older version, it would "upgrade").
	Kind string
	// Prefixes are the first bytes of the keys the store writes (Key's
	// and KindKey's aside): a directory written before stores kept
	// their kind is refused when it holds a key of another first byte.
	Prefixes string
	// Upgrades bring a database of an older version, the key, to
	// Version in place, writing Version last; a version without one is
	// refused.
	Upgrades map[string]func(context.Context, *bdb.DB) error
}

// KindKey is the key under which every store of this package keeps its
// kind (Schema.Kind): a byte that no store's layout uses otherwise.
const KindKey = 0x00

// ErrOtherStore is the error of Open on a directory that holds another
// store than the one asked for (another Levy store, or a Badger
// database of another program); Open wraps it with what it found.
var ErrOtherStore = errors.New("the directory holds another store")

// ErrInUse is the error of an Open (OpenJournal, OpenProfile, ...) of a
// directory that another process, or another store of this one, holds
// open: Badger lets one writer open a directory. Open wraps it with the
// directory and Badger's own message. Its code is levy.EUnavailable
// (errors.As of a *levy.Error, levy.ErrorCode): the same Open may succeed
// once the other holder has closed the directory, as when a host is
// restarted before its previous process has exited.
var ErrInUse error = inUseError{}

// inUseError is ErrInUse.
type inUseError struct{}

func (inUseError) Error() string { return "another process has the directory open" }

// Unwrap gives the *levy.Error that a caller is told, a new one each
// time.
func (inUseError) Unwrap() error {
	return &levy.Error{Code: levy.EUnavailable, Message: "another process has the store's directory open; try again once it has closed it"}
}

// Open opens the Badger database of bo and writes the schema version into
// it when it is new, or checks the version when it is not. Badger's
// warnings and errors go to log, prefixed with name ("journal: badger:
// ..."); with a nil log Badger logs nothing. Its errors are prefixed with
// name and the directory ("journal: open DIR: ..."), the errors of the
// caller's own Open.
func Open(ctx context.Context, bo bdb.Options, name string, log *slog.Logger, s Schema) (*bdb.DB, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("%s: open %s: %w", name, bo.Dir, err)
	}
	bo = bo.WithLogger(nil)
	if log != nil {
		bo = bo.WithLogger(logger{log: log, prefix: name + ": badger: "})
	}
	if !bo.ReadOnly {
		if err := removeEmptyLogs(bo.ValueDir, "*.vlog", "value log", name, log); err != nil {
			return nil, fmt.Errorf("%s: open %s: %w", name, bo.Dir, err)
		}
		if err := removeEmptyLogs(bo.Dir, "*.mem", "memtable file", name, log); err != nil {
			return nil, fmt.Errorf("%s: open %s: %w", name, bo.Dir, err)
		}
	}
	db, err := bdb.Open(bo)
	if err != nil {
		// Badger does not wrap the error of its directory lock; its
		// message is all that tells it.
		if strings.Contains(err.Error(), "Cannot acquire directory lock") {
			return nil, fmt.Errorf("%s: open %s: %w: %w", name, bo.Dir, ErrInUse, err)
		}
		return nil, fmt.Errorf("%s: open %s: %w", name, bo.Dir, err)
	}
	if err := checkSchema(ctx, db, s); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("%s: open %s: %w", name, bo.Dir, err)
	}
	return db, nil
}

// checkSchema writes the schema version and the kind into a new
// database and checks them in an existing one, upgrading one of an older
// version that s.Upgrades knows. It refuses, changing nothing, a
// database of another kind (ErrOtherStore) or of a version it can not
// read.
func checkSchema(ctx context.Context, db *bdb.DB, s Schema) error {
	var older string
	err := db.Update(func(txn *bdb.Txn) error {
		version, found, err := readKey(txn, []byte{s.Key})
		if err != nil {
			return fmt.Errorf("read schema version: %w", err)
		}
		kind, kindFound, err := readKey(txn, []byte{KindKey})
		if err != nil {
			return fmt.Errorf("read the kind of store: %w", err)
		}
		switch {
		case kindFound && string(kind) != s.Kind:
			return fmt.Errorf("%w: it is the Levy %s store, not %s; give %s its own directory",
				ErrOtherStore, kind, s.Store, s.Store)
		case !kindFound:
			// A new database, or one written before stores kept their
			// kind: every key must be one that s writes.
			if err := checkPrefixes(txn, s, found); err != nil {
				return err
			}
		}
		if found && string(version) != s.Version {
			if s.Upgrades[string(version)] == nil {
				return fmt.Errorf("%s has schema version %q, this Levy supports version %q only: "+
					"open it with the Levy that wrote it (a newer one, or a release that upgrades version %q), or give this Levy a new directory",
					s.Store, version, s.Version, version)
			}
			older = string(version)
		}
		if !kindFound {
			if err := txn.Set([]byte{KindKey}, []byte(s.Kind)); err != nil {
				return fmt.Errorf("write the kind of store: %w", err)
			}
		}
		if !found {
			return txn.Set([]byte{s.Key}, []byte(s.Version))
		}
		return nil
	})
	if err != nil || older == "" {
		return err
	}
	if err := s.Upgrades[older](ctx, db); err != nil {
		return fmt.Errorf("upgrade %s from schema version %q to %q: %w", s.Store, older, s.Version, err)
	}
	return nil
}

// readKey returns the value of key in txn and whether it was found.
func readKey(txn *bdb.Txn, key []byte) ([]byte, bool, error) {
	item, err := txn.Get(key)
	if errors.Is(err, bdb.ErrKeyNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	v, err := item.ValueCopy(nil)
	return v, err == nil, err
}

// checkPrefixes refuses (ErrOtherStore) a database without a kind that
// holds a key whose first byte s does not write, or, without a schema
// version (versioned false), any key at all. It seeks once per first
// byte found, so it reads a few keys whatever the size of the database.
func checkPrefixes(txn *bdb.Txn, s Schema, versioned bool) error {
	it := txn.NewIterator(bdb.IteratorOptions{PrefetchValues: false})
	defer it.Close()
	for it.Rewind(); it.Valid(); {
		b := it.Item().Key()[0]
		if !versioned {
			return fmt.Errorf("%w: it holds records but no schema version of %s: it is not a Levy store; give %s an empty directory",
				ErrOtherStore, s.Store, s.Store)
		}
		if b != s.Key && strings.IndexByte(s.Prefixes, b) < 0 {
			return fmt.Errorf("%w: it holds keys (first byte %q) that %s never writes: it is another store, not %s; give %s its own directory",
				ErrOtherStore, b, s.Store, s.Store, s.Store)
		}
		if b == 0xff {
			break
		}
		it.Seek([]byte{b + 1})
	}
	return nil
}

// MaxTries bounds the attempts of Update.
const MaxTries = 20

// Update runs fn in a read-write transaction of db and commits it, and
// tries again, up to MaxTries times in all, when the commit meets a
// conflict. It returns the error of the last attempt, or ctx's error when
// ctx ends between attempts. When every attempt met a conflict (other
// writers kept changing the same keys), the error is a levy.EConflict
// that asks the caller to try again, not an internal fault.
func Update(ctx context.Context, db *bdb.DB, fn func(*bdb.Txn) error) error {
	for try := 1; ; try++ {
		txn := db.NewTransaction(true)
		err := fn(txn)
		if err == nil {
			err = txn.Commit()
		}
		txn.Discard()
		if !errors.Is(err, bdb.ErrConflict) {
			return err
		}
		if try == MaxTries {
			return fmt.Errorf("%w (%w)", &levy.Error{Code: levy.EConflict,
				Message: fmt.Sprintf("other requests changed the same records at the same moment %d times in a row; try again", MaxTries)}, err)
		}
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		// Back off a little, more after each conflict, at random so that
		// the writers that met spread out.
		time.Sleep(time.Duration(rand.Int64N(int64(try) * int64(500*time.Microsecond))))
	}
}

// logger sends Badger's warnings and errors to a slog.Logger, each
// message after prefix, and drops its informational and debug messages.
type logger struct {
	log    *slog.Logger
	prefix string
}

func (l logger) Errorf(f string, a ...any) {
	l.log.Error(l.prefix + strings.TrimSpace(fmt.Sprintf(f, a...)))
}

func (l logger) Warningf(f string, a ...any) {
	l.log.Warn(l.prefix + strings.TrimSpace(fmt.Sprintf(f, a...)))
}

func (logger) Infof(string, ...any)  {}
func (logger) Debugf(string, ...any) {}

// closeDB closes the database of a store whose directory probe watches,
// for the store's Close: unless the directory is gone or takes no new
// file, or the database lost its memory table (Probe.Closable), in which
// case Badger would try for ever to flush its memory table into it, and
// the files are left open with an error that says so.
func closeDB(db *bdb.DB, probe *Probe) error {
	if err := probe.Closable(); err != nil {
		return fmt.Errorf("%w; its files were left open", err)
	}
	probe.Remove()
	return db.Close()
}

// removeEmptyLogs removes the files of dir that match pattern (*.vlog,
// the value logs, or *.mem, the write-ahead files of the memtables) and
// are empty; what names them in a message ("value log"). A process
// stopped between creating such a file and writing its header or sizing
// it (a kill, a crash, the machine's power) leaves one behind, and Badger
// then refuses to open the directory ("Open existing file ... Create a
// new file", "while opening memtables ... Create a new file"): an empty
// file holds no value and no entry, so nothing is lost without it, and
// the store opens with everything it held.
func removeEmptyLogs(dir, pattern, what, name string, log *slog.Logger) error {
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		return err
	}
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() != 0 {
			continue
		}
		if err := os.Remove(f); err != nil {
			return fmt.Errorf("remove the empty %s %s: %w", what, f, err)
		}
		if log != nil {
			log.Warn(name+": removed an empty "+what+" left by a process that stopped as it created it", "file", f)
		}
	}
	return nil
}
