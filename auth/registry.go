package auth

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/tick"
)

// Registry keeps the credentials and signing keys of a Store: it creates,
// rotates and revokes credentials, hashing their secrets, rotates and
// retires signing keys, and keeps in memory what verifying a token needs
// (the signing keys and the state of each credential). Its own changes
// reach its memory as soon as they are committed; the changes that other
// processes sharing the Store make reach it at Refresh.
//
// An Issuer has a Registry of its own; a program that manages
// credentials without issuing tokens (levy clients) uses one alone.
//
// Registry is safe for concurrent use. Its changes are serialized by a
// mutex; its in-memory state is an immutable value that each change
// replaces whole, which readers load without a lock.
type Registry struct {
	store  Store
	log    *slog.Logger
	now    func() time.Time
	hash   HashParams
	hashes *hashGate // the secrets being hashed and those waiting

	// dummy is a hash of no secret, compared with the secret presented
	// for an unknown client so that the answer takes as long as for a
	// known one.
	dummy SecretHash

	// verified remembers the secrets that matched recently.
	verified *verified

	// admin serializes the changes of credentials and keys and the
	// reloads of Refresh, so that the in-memory state is replaced by one
	// writer at a time.
	admin sync.Mutex
	mem   atomic.Pointer[memState]

	// miss is held by the one refresh after a miss that runs or waits
	// its turn (refreshAfterMiss); missAt, which its holder alone reads
	// and writes, is when the last such refresh started.
	miss   chan struct{}
	missAt time.Time
}

// missGap is the least time between two refreshes after a miss: a flood
// of tokens of unknown keys costs the Store at most one Refresh (a read
// of its version, mostly) per missGap.
const missGap = 100 * time.Millisecond

// NewRegistry returns a Registry over s with the hashing, logging and
// clock settings of cfg (Hash, HashConcurrency, HashQueue, Logger, Now;
// it ignores the others), after loading the signing keys and the state
// of every credential from s. It fails with a levy.EInvalid error for
// hash parameters out of bounds.
func NewRegistry(ctx context.Context, s Store, cfg Config) (*Registry, error) {
	r := &Registry{
		store:    s,
		log:      cfg.Logger,
		now:      cfg.Now,
		hash:     cfg.Hash,
		verified: newVerified(),
		miss:     make(chan struct{}, 1),
	}
	if r.hash == (HashParams{}) {
		r.hash = HashParams{Time: defaultHashTime, Memory: defaultHashMemory, Threads: defaultHashThreads}
	}
	if !r.hash.valid() {
		return nil, levy.Invalid("Hash", "hash parameters %+v out of bounds", cfg.Hash)
	}
	if r.log == nil {
		r.log = slog.New(slog.DiscardHandler)
	}
	if r.now == nil {
		r.now = time.Now
	}
	hashers := cfg.HashConcurrency
	if hashers <= 0 {
		hashers = min(max(runtime.GOMAXPROCS(0), 2), 4)
	}
	queue := cfg.HashQueue
	if queue <= 0 {
		queue = defaultHashQueue
	}
	r.hashes = newHashGate(hashers, queue)

	if err := r.reload(ctx); err != nil {
		return nil, err
	}
	var err error
	if r.dummy, err = r.newHash(ctx, ""); err != nil {
		return nil, fmt.Errorf("auth: make the hash of no secret: %w", err)
	}
	return r, nil
}

// Refresh brings the in-memory state up to date with the Store, and
// reports whether it had to: it asks the Store for its version and, when
// that is not the version of the state in memory, loads the Store's
// snapshot. A process that shares its Store with other processes calls
// it from time to time, so that their revocations, rotations and signing
// keys reach its Verify; a process that alone uses its Store has no need
// to.
func (r *Registry) Refresh(ctx context.Context) (bool, error) {
	v, err := r.store.Version(ctx)
	if err != nil {
		return false, err
	}
	if v == r.mem.Load().version {
		return false, nil
	}
	r.admin.Lock()
	defer r.admin.Unlock()
	if v == r.mem.Load().version {
		// Another call reloaded it meanwhile (the token requests that
		// refresh before they sign, at once after a change).
		return false, nil
	}
	if err := r.reload(ctx); err != nil {
		return false, err
	}
	return true, nil
}

// refreshAfterMiss runs Refresh for a caller that has met a token or a
// credential newer than the state in memory (another process sharing
// the Store has just made it), and returns once a Refresh that started
// after the call has ended: the caller may then look again. The
// refreshes after a miss run one at a time and at least missGap apart,
// and the callers that wait for one share it, so that tokens made up
// with unknown key IDs cannot hammer the Store. It returns the error of
// the Refresh, or of ctx.
func (r *Registry) refreshAfterMiss(ctx context.Context) error {
	asked := time.Now()
	select {
	case r.miss <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-r.miss }()
	if r.missAt.After(asked) {
		return nil // a Refresh that started after the call has ended
	}
	if wait := missGap - time.Since(r.missAt); wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	r.missAt = time.Now()
	_, err := r.Refresh(ctx)
	return err
}

// holds reports whether the state in memory knows rec's client at rec's
// secret generation or a later one, so that the tokens issued from rec
// verify in this process.
func (r *Registry) holds(rec *Record) bool {
	c := r.mem.Load().creds[rec.ClientID]
	return c != nil && c.generation >= rec.Generation
}

// Follow calls Refresh every interval until ctx ends, for a process that
// shares its Store with others (the nodes of a cluster over PostgreSQL):
// a revocation, a rotation or a new signing key made by another node
// reaches this one's Verify within one interval and one snapshot's read.
// A failed Refresh is logged and tried again at the next tick; Verify
// goes on with the state it has.
//
// Each Refresh is given at most ten intervals (tick.Bound): one that the Store does
// not answer, as over a connection that hangs without failing (a
// database server frozen, a network path gone silent), fails then, and
// the next tick tries again, on another connection. So a revocation made
// elsewhere reaches this process within eleven intervals and a read even
// then, rather than never: the revoked credential's tokens, which Verify
// checks against memory, stop working here too.
func (r *Registry) Follow(ctx context.Context, every time.Duration) {
	tick.Every(ctx, every, false, func(rctx context.Context) {
		if _, err := r.Refresh(rctx); err != nil && ctx.Err() == nil {
			r.log.Warn("auth: refresh the credentials and keys", "err", err)
		}
	})
}

// reload replaces the in-memory state by the Store's snapshot. The
// caller holds r.admin, or has not shared r yet.
func (r *Registry) reload(ctx context.Context) error {
	snap, err := r.store.Snapshot(ctx)
	if err != nil {
		return err
	}
	m, err := newMemState(snap)
	if err != nil {
		return fmt.Errorf("auth: load the snapshot: %w", err)
	}
	r.mem.Store(m)
	return nil
}
