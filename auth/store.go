package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dgraph-io/badger/v4"

	kv "github.com/levytax/levy/badger"
)

// ErrClosed is the error, wrapped, of the methods of a Store after Close.
var ErrClosed = errors.New("store is closed")

// HashParams are the argon2id parameters with which a Store hashes new
// secrets. A hash keeps the parameters it was made with, so a secret
// stays valid when they change.
type HashParams struct {
	Time    uint32 // passes over the memory
	Memory  uint32 // memory in KiB
	Threads uint8  // parallelism
}

// The hash parameters of a Store without WithHashParams: 2 passes over
// 19 MiB with one thread (OWASP's recommendation for argon2id).
const (
	defaultHashTime    = 2
	defaultHashMemory  = 19 * 1024 // KiB
	defaultHashThreads = 1
)

// Bounds of the hash parameters that a Store accepts, in an option or in
// a stored hash, so that a damaged record cannot make it allocate without
// limit.
const (
	maxHashTime    = 16
	maxHashMemory  = 256 * 1024 // KiB
	maxHashThreads = 16
)

// valid reports whether the parameters are within the bounds.
func (p HashParams) valid() bool {
	return p.Time >= 1 && p.Time <= maxHashTime &&
		p.Memory >= 8*uint32(p.Threads) && p.Memory <= maxHashMemory &&
		p.Threads >= 1 && p.Threads <= maxHashThreads
}

// Option configures Open.
type Option func(*options)

// options are the settings of a Store.
type options struct {
	log     *slog.Logger
	hash    HashParams
	hashers int
	queue   int
}

// WithLogger sends the store's logs to log: its own (credentials created,
// rotated and revoked, signing keys rotated; never a secret or a token)
// and Badger's warnings and errors. Without it, or with nil, the store
// logs nothing.
func WithLogger(log *slog.Logger) Option {
	return func(o *options) { o.log = log }
}

// WithHashParams sets the argon2id parameters of the secrets that the
// store hashes from now on. By default a Store uses 2 passes over 19 MiB
// with one thread (OWASP's recommendation for argon2id); tests lower them
// to run fast, a product has no reason to. Parameters out of bounds make
// Open fail.
func WithHashParams(p HashParams) Option {
	return func(o *options) { o.hash = p }
}

// WithHashConcurrency sets how many secrets the store hashes at once
// (by default GOMAXPROCS, at least 2 and at most 4). Each hash holds the
// memory of its parameters, so this bounds the memory that a burst of
// token requests can take; the others wait their turn, or until their
// context ends. A value that is not positive keeps the default.
func WithHashConcurrency(n int) Option {
	return func(o *options) {
		if n > 0 {
			o.hashers = n
		}
	}
}

// WithHashQueue sets how many token requests may wait for a hashing slot
// (32 by default), in each of two queues: the requests for known clients,
// and those for unknown client IDs, whose hash only makes the answer take
// as long. A request beyond it is refused at once (Issue fails with
// temporarily_unavailable, 503, Retry-After 1 second). The hashes for
// unknown client IDs hold at most all slots but one (with at least two
// slots), so that the known clients always have one. A value that is not
// positive keeps the default.
func WithHashQueue(n int) Option {
	return func(o *options) {
		if n > 0 {
			o.queue = n
		}
	}
}

// Store is the Badger store of credentials, signing keys, rate-limit
// counters and cached tokens, with the key layout of the package
// documentation. It keeps in memory what verifying a token needs (the
// signing keys and the state of each credential) and updates it when one
// of its methods changes them, after the change is committed.
//
// Store is safe for concurrent use. Changes of credentials and keys are
// serialized by a mutex; token issuance runs in parallel, with Badger's
// conflict detection and bounded retries between issuances of one client
// and audience. Close waits for the calls in progress.
type Store struct {
	db     *badger.DB
	probe  *kv.Probe // whether the store's directory still takes writes
	log    *slog.Logger
	hash   HashParams
	hashes *hashGate // the secrets being hashed and those waiting
	now    func() time.Time

	// dummy is a hash of no secret, compared with the secret presented
	// for an unknown client so that the answer takes as long as for a
	// known one.
	dummy secretHash

	// verified remembers the secrets that matched recently.
	verified *verified

	// admin serializes the changes of credentials and keys, so that the
	// in-memory state is replaced by one writer at a time.
	admin sync.Mutex
	mem   atomic.Pointer[memState]

	gate kv.Gate // the calls in progress, for Close
}

// Open opens the auth store in dir (by convention <data-dir>/auth),
// creating it if needed, and loads the signing keys and the state of
// every credential into memory. It refuses a directory written with
// another schema version than the one this Levy supports.
func Open(ctx context.Context, dir string, opts ...Option) (*Store, error) {
	o := options{
		hash:    HashParams{Time: defaultHashTime, Memory: defaultHashMemory, Threads: defaultHashThreads},
		hashers: min(max(runtime.GOMAXPROCS(0), 2), 4),
		queue:   defaultHashQueue,
	}
	for _, opt := range opts {
		opt(&o)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("auth: open %s: %w", dir, err)
	}
	if !o.hash.valid() {
		return nil, fmt.Errorf("auth: open %s: hash parameters %+v out of bounds", dir, o.hash)
	}
	// The store is small: a few records per client. Badger's defaults are
	// sized for large databases, so its tables and caches are kept small.
	bo := badger.DefaultOptions(dir).
		WithSyncWrites(true).
		WithMemTableSize(4 << 20).
		WithNumMemtables(2).
		WithValueThreshold(64 << 10).
		WithBlockCacheSize(8 << 20).
		WithValueLogFileSize(16 << 20)
	db, err := kv.Open(ctx, bo, "auth", o.log, kv.Schema{Key: keySchema, Version: schemaVersion, Store: "the auth store"})
	if err != nil {
		return nil, err
	}
	probe, err := kv.NewProbe("the auth store", dir)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	if o.log == nil {
		o.log = slog.New(slog.DiscardHandler)
	}
	s := &Store{
		db:     db,
		probe:  probe,
		log:    o.log,
		hash:   o.hash,
		hashes: newHashGate(o.hashers, o.queue),
		now:    time.Now,

		verified: newVerified(),
	}
	if err := s.init(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("auth: open %s: %w", dir, err)
	}
	return s, nil
}

// init loads the in-memory state and makes the dummy hash.
func (s *Store) init(ctx context.Context) error {
	m, err := s.load()
	if err != nil {
		return err
	}
	s.mem.Store(m)
	if err := s.ensureTenants(ctx); err != nil {
		return err
	}
	s.dummy, err = s.newHash(ctx, "")
	return err
}

// Close waits for the calls in progress and closes the database. The
// methods fail with ErrClosed afterwards; a second Close does nothing and
// returns nil. Tokens keep verifying from memory after Close.
func (s *Store) Close() error {
	return s.gate.Close(func() error {
		if err := s.probe.Gone(); err != nil {
			// Badger would try to flush its memory table into the lost
			// directory for ever.
			return fmt.Errorf("auth: close: %w; its files were left open", err)
		}
		s.probe.Remove()
		if err := s.db.Close(); err != nil {
			return fmt.Errorf("auth: close: %w", err)
		}
		return nil
	})
}

// CheckWrite returns nil when the store's directory can take writes, and
// an error of code levy.EUnavailable that says why not (see kv.Probe);
// every write checks it first.
func (s *Store) CheckWrite(ctx context.Context) error { return s.probe.Check(ctx) }

// update runs fn in a read-write transaction and commits it, and tries
// again when the commit meets a conflict.
func (s *Store) update(ctx context.Context, fn func(*badger.Txn) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if !s.gate.Enter() {
		return ErrClosed
	}
	defer s.gate.Leave()
	return s.probe.Update(ctx, s.db, fn)
}

// view runs fn in a read-only transaction.
func (s *Store) view(ctx context.Context, fn func(*badger.Txn) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if !s.gate.Enter() {
		return ErrClosed
	}
	defer s.gate.Leave()
	return s.db.View(fn)
}
