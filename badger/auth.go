package badger

import (
	"context"
	"fmt"
	"hash/maphash"
	"log/slog"
	"sync"
	"sync/atomic"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/auth"
)

// AuthStore is the Badger store of package auth (auth.Store): the
// credentials, the tenants' IDs, the signing keys, the rate-limit counts
// and the cached tokens of one data directory (by convention
// <data-dir>/auth).
//
// # Key layout
//
// Keys start with one byte that says what they hold; strings inside keys
// are length-prefixed (a uvarint, then the bytes: AppendLP), so a
// client's keys share one prefix:
//
//	'V'                      schema version, "1"; OpenAuth refuses any other
//	0x00                     the kind of store, "auth" (KindKey): OpenAuth refuses
//	                         the directory of another store
//	'C' client               credential: the auth.Credential (without its
//	                         tenant's ID), its secret's hash and parameters,
//	                         its generation (JSON, see authRecord)
//	'K' kid(8 bytes)         signing key, its creation time and when it was
//	                         superseded (JSON, see authKey)
//	'A'                      the current signing key's kid (8 bytes)
//	'R' client audience      rate limit: the issue times of the last tokens,
//	                         8 bytes big-endian Unix nanoseconds each, oldest first
//	'T' client audience      cached token: its expiry (8 bytes big-endian
//	                         Unix seconds), then the token
//	'N' tenant               the tenant's ID and its creation time (JSON)
//
// A signing key stored before the time it was superseded was kept (no
// superseded_at) counts as superseded when the current key was made, or
// when it was made itself if that is later. A store written before
// tenants had IDs gives one to each of its tenants when it opens.
//
// # Writes and concurrency
//
// Writes are acknowledged after Badger has synced them to disk (unless
// WithSyncWrites(false)). Each method is one Badger transaction, retried
// when it meets a conflict (Update). The rate-limit counts and the cached
// token of one client and audience are changed one call at a time (a
// mutex of the store picked by a hash of the pair), so that a burst of
// issuances takes turns instead of making their transactions conflict:
// Badger is opened by one process at a time, so the count is exact. The
// version of auth.Store.Version is a counter in memory, raised after each
// change of a credential, a tenant's ID or a key is committed. The store
// runs no value log garbage collection (WithGCInterval does not apply):
// its values are far smaller than the threshold (64 KiB) under which
// Badger keeps them in its LSM tree rather than its value log.
//
// AuthStore is safe for concurrent use. Close waits for the calls in
// progress.
type AuthStore struct {
	db    *bdb.DB
	probe *Probe // whether the store's directory still takes writes
	log   *slog.Logger
	gate  Gate // the calls in progress, for Close

	// version counts the changes of credentials, tenants and keys since
	// the store opened (auth.Store.Version).
	version atomic.Uint64

	// creating serializes the creations of credentials, whose count of
	// a tenant's credentials (Create's limit) a concurrent creation
	// would not conflict with: it adds a key the count did not read.
	creating sync.Mutex

	// stripes serialize the issuance steps (CountIssue, SwapCachedToken)
	// of one client and audience.
	seed    maphash.Seed
	stripes [64]sync.Mutex
}

// The schema version of the auth store, and its key.
const (
	authSchemaKey     = 'V'
	authSchemaVersion = "1"
)

var _ auth.Store = (*AuthStore)(nil)

// OpenAuth opens the auth store in dir, creating it if needed. It
// refuses a directory written with another schema version than the one
// this Levy supports, and gives their IDs to the tenants of a store
// written before tenants had one. Of the options, it reads WithLogger
// and WithSyncWrites.
func OpenAuth(ctx context.Context, dir string, opts ...Option) (*AuthStore, error) {
	o, err := newOptions(dir, opts)
	if err != nil {
		return nil, err
	}
	// The store is small: a few records per client. Badger's defaults are
	// sized for large databases, so its tables and caches are kept small.
	bo := bdb.DefaultOptions(dir).
		WithSyncWrites(o.syncWrites).
		WithMemTableSize(4 << 20).
		WithNumMemtables(2).
		WithValueThreshold(64 << 10).
		WithBlockCacheSize(8 << 20).
		WithValueLogFileSize(16 << 20)
	db, err := Open(ctx, bo, "auth", o.log, Schema{Key: authSchemaKey, Version: authSchemaVersion, Store: "the auth store",
		Kind: "auth", Prefixes: authPrefixes})
	if err != nil {
		return nil, err
	}
	probe, err := NewProbe("the auth store", dir)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	probe.Reserve(reserveFor(bo))
	s := &AuthStore{db: db, probe: probe, log: o.log, seed: maphash.MakeSeed()}
	s.version.Store(1)
	if err := s.giveTenantsIDs(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("auth: open %s: %w", dir, err)
	}
	return s, nil
}

// Close waits for the calls in progress and closes the database. The
// methods fail with auth.ErrClosed afterwards; a second Close does
// nothing and returns nil.
// A nil or zero store, which its Open did not make, has nothing to close:
// Close returns nil, and the other methods an error of levy.EInvalid.
func (s *AuthStore) Close() error {
	if s == nil || s.db == nil {
		return nil // never opened (OpenAuth failed): nothing to close
	}
	return s.gate.Close(func() error {
		if err := closeDB(s.db, s.probe); err != nil {
			return fmt.Errorf("auth: close: %w", err)
		}
		return nil
	})
}

// CheckWrite returns nil when the store's directory can take writes, and
// an error of code levy.EUnavailable that says why not (see Probe); every
// write checks it first.
func (s *AuthStore) CheckWrite(ctx context.Context) error {
	return s.enter(ctx, "check", "", func() error { return s.probe.Check(ctx) })
}

// Version returns the number of changes of credentials, tenants' IDs
// and signing keys since the store opened, plus one.
func (s *AuthStore) Version(ctx context.Context) (uint64, error) {
	var v uint64
	err := s.enter(ctx, "version", "", func() error {
		v = s.version.Load()
		return nil
	})
	return v, err
}

// enter runs fn as a call of the store, unless ctx has ended or the
// store is closed, and wraps its error with op and subject ("auth: op
// subject: ..."), except a *levy.Error.
func (s *AuthStore) enter(ctx context.Context, op, subject string, fn func() error) error {
	if s == nil || s.db == nil {
		return unopened("auth", op, "OpenAuth")
	}
	if err := ctx.Err(); err != nil {
		return Wrap("auth", op, subject, err)
	}
	if !s.gate.Enter() {
		// Not Wrap, which leaves an error carrying a *levy.Error as it
		// is: the call's context is kept for the logs of a shutdown.
		if subject == "" {
			return fmt.Errorf("auth: %s: %w", op, auth.ErrClosed)
		}
		return fmt.Errorf("auth: %s %s: %w", op, subject, auth.ErrClosed)
	}
	defer s.gate.Leave()
	return Wrap("auth", op, subject, fn())
}

// view runs fn in a read-only transaction (see enter), unless the
// store lost its memory table (Probe.Readable).
func (s *AuthStore) view(ctx context.Context, op, subject string, fn func(*bdb.Txn) error) error {
	return s.enter(ctx, op, subject, func() error { return s.probe.View(s.db, fn) })
}

// update runs fn in a read-write transaction, retried when it meets a
// conflict, after the write probe (see enter). fn reports whether it
// changes a credential, a tenant's ID or a signing key: once such a
// change is committed, update raises the version. fn runs again on each
// retry, so it sets what it tells its caller anew each time.
func (s *AuthStore) update(ctx context.Context, op, subject string, fn func(*bdb.Txn) (bool, error)) error {
	return s.enter(ctx, op, subject, func() error {
		var changed bool
		err := s.probe.Update(ctx, s.db, func(txn *bdb.Txn) error {
			var err error
			changed, err = fn(txn)
			return err
		})
		if err == nil && changed {
			s.version.Add(1)
		}
		return err
	})
}

// stripe returns the mutex of the issuance steps of the client and
// audience.
func (s *AuthStore) stripe(client, audience string) *sync.Mutex {
	return &s.stripes[maphash.String(s.seed, client+"\x00"+audience)%uint64(len(s.stripes))]
}

// authEach calls fn with the key and the value of each item under
// prefix, in key order; fn's error stops it.
func authEach(txn *bdb.Txn, prefix []byte, fn func(key, value []byte) error) error {
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: true})
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		item := it.Item()
		if err := item.Value(func(v []byte) error { return fn(item.Key(), v) }); err != nil {
			return err
		}
	}
	return nil
}
