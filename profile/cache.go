package profile

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"sync/atomic"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/tick"
)

// FollowInterval is how often a Cache that follows its Store looks for
// changes (Follow): a change made by another node, or by an offline
// import into the same database, reaches this one's calculations within
// about that long.
const FollowInterval = time.Second

// Cache keeps the compiled snapshot of each tenant's profile that a
// process has asked for, so that a calculation reads it from memory. A
// snapshot is loaded from the Store the first time its tenant is asked
// for, and loaded again when the tenant's version in the Store is no
// longer the snapshot's: at once for a change made through a Service of
// this Cache (Invalidate), and at the next Refresh for a change made
// elsewhere (another node of a PostgreSQL cluster, an import by `levy
// profile import`), which Follow runs every FollowInterval.
//
// Cache is safe for concurrent use. Snapshot, on the path of every
// calculation, loads an immutable map without a lock; loads and
// refreshes take turns under a lock and replace the map whole. A call
// that waits for the lock (a calculation of a tenant not in memory while
// a Refresh waits on a hung connection, say) stops waiting when its
// context ends, and returns the context's error, wrapped. The cache
// keeps every tenant it has loaded, which a process serves a bounded
// number of.
type Cache struct {
	store Store
	log   *slog.Logger

	snaps atomic.Pointer[map[string]*Snapshot]
	// turn serializes the loads of snapshots and the replacements of
	// the map: a call holds the lock while it holds the channel's one
	// slot (lock, unlock), and waits for it under its context.
	turn chan struct{}
	// stale holds the tenants whose Invalidate stopped waiting for the
	// lock (its context ended): Snapshot does not serve them from
	// memory, and the next holder of the lock forgets them (dropStale),
	// so that a change stored through this process is not hidden by the
	// snapshot from before it. Nil when there are none; replaced whole.
	stale atomic.Pointer[map[string]bool]
}

// NewCache returns an empty cache over s. log receives the failures of
// Follow; nil discards them. A cache over a nil Store, like a nil
// *Cache, refuses every load as levy.EInvalid (errNoCache), and its
// Follow returns at once.
func NewCache(s Store, log *slog.Logger) *Cache {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	c := &Cache{store: s, log: log, turn: make(chan struct{}, 1)}
	empty := map[string]*Snapshot{}
	c.snaps.Store(&empty)
	return c
}

// Snapshot returns the tenant's snapshot: from memory, or loaded from the
// store the first time. The usual call, for a tenant in memory, costs a
// map lookup and allocates nothing.
func (c *Cache) Snapshot(ctx context.Context, tenant string) (*Snapshot, error) {
	if c.unusable() {
		return nil, errNoCache()
	}
	if s, ok := (*c.snaps.Load())[tenant]; ok && !c.isStale(tenant) {
		return s, nil
	}
	if err := c.lock(ctx, "load the profile of tenant "+tenant); err != nil {
		return nil, err
	}
	defer c.unlock()
	if s, ok := (*c.snaps.Load())[tenant]; ok {
		return s, nil // another caller loaded it meanwhile
	}
	s, err := c.load(ctx, tenant)
	if err != nil {
		return nil, err
	}
	c.put(tenant, s)
	return s, nil
}

// lock takes the cache's lock for op, unless ctx ends first: then it
// returns ctx's error, wrapped, naming op.
func (c *Cache) lock(ctx context.Context, op string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("profile: %s: %w", op, err)
	}
	select {
	case c.turn <- struct{}{}:
		c.dropStale()
		return nil
	case <-ctx.Done():
		return fmt.Errorf("profile: %s: stopped waiting for another load of the cache: %w", op, ctx.Err())
	}
}

// isStale reports whether tenant is one of c.stale.
func (c *Cache) isStale(tenant string) bool {
	st := c.stale.Load()
	return st != nil && (*st)[tenant]
}

// markStale adds tenant to c.stale.
func (c *Cache) markStale(tenant string) {
	for {
		old := c.stale.Load()
		m := map[string]bool{tenant: true}
		if old != nil {
			m = maps.Clone(*old)
			m[tenant] = true
		}
		if c.stale.CompareAndSwap(old, &m) {
			return
		}
	}
}

// dropStale forgets the tenants of c.stale. The caller holds the lock.
func (c *Cache) dropStale() {
	for {
		st := c.stale.Load()
		if st == nil {
			return
		}
		m := maps.Clone(*c.snaps.Load())
		for tenant := range *st {
			delete(m, tenant)
		}
		c.snaps.Store(&m)
		if c.stale.CompareAndSwap(st, nil) {
			return
		}
	}
}

// unlock releases the lock that lock took.
func (c *Cache) unlock() { <-c.turn }

// load reads and compiles the tenant's current records.
func (c *Cache) load(ctx context.Context, tenant string) (*Snapshot, error) {
	r, err := c.store.Records(ctx, tenant, time.Time{})
	if err != nil {
		return nil, fmt.Errorf("profile: load the profile of tenant %s: %w", tenant, err)
	}
	return Compile(r), nil
}

// put replaces the map with one that holds s for tenant. The caller
// holds the lock.
func (c *Cache) put(tenant string, s *Snapshot) {
	m := maps.Clone(*c.snaps.Load())
	m[tenant] = s
	c.snaps.Store(&m)
}

// Invalidate loads the tenant's snapshot again when the cache holds one
// whose version is not the store's, as after a change made through this
// process. It returns the error of the store; the cache then forgets the
// tenant, so that the next Snapshot loads it. So it does when ctx ends
// while Invalidate waits for the lock, and it returns ctx's error,
// wrapped.
func (c *Cache) Invalidate(ctx context.Context, tenant string) error {
	if c.unusable() {
		return errNoCache()
	}
	if err := c.lock(ctx, "refresh the profile of tenant "+tenant); err != nil {
		c.markStale(tenant)
		return err
	}
	defer c.unlock()
	_, err := c.refreshOne(ctx, tenant)
	return err
}

// refreshOne loads tenant's snapshot again if the cache holds one at
// another version than the store's, and reports whether it did. On an
// error it forgets the tenant. The caller holds the lock.
func (c *Cache) refreshOne(ctx context.Context, tenant string) (bool, error) {
	old, ok := (*c.snaps.Load())[tenant]
	if !ok {
		return false, nil
	}
	v, err := c.store.Version(ctx, tenant)
	if err == nil && v == old.Version() {
		return false, nil
	}
	var s *Snapshot
	if err == nil {
		s, err = c.load(ctx, tenant)
	}
	if err != nil {
		m := maps.Clone(*c.snaps.Load())
		delete(m, tenant)
		c.snaps.Store(&m)
		return false, err
	}
	c.put(tenant, s)
	return true, nil
}

// Refresh compares the version of every tenant in memory with the
// store's, loads again the snapshots of those that changed, and returns
// how many it loaded. A tenant whose load fails is forgotten (its next
// Snapshot loads it) and the first error is returned after the others
// are refreshed.
func (c *Cache) Refresh(ctx context.Context) (int, error) {
	if c.unusable() {
		return 0, errNoCache()
	}
	if err := c.lock(ctx, "refresh the cached profiles"); err != nil {
		return 0, err
	}
	defer c.unlock()
	var first error
	n := 0
	for tenant := range *c.snaps.Load() {
		changed, err := c.refreshOne(ctx, tenant)
		if err != nil && first == nil {
			first = err
		}
		if changed {
			n++
		}
	}
	return n, first
}

// Follow calls Refresh every interval (FollowInterval when it is not
// positive) until ctx ends, for a process that shares its Store with
// others: a change made elsewhere reaches this process's snapshots within
// one interval and one load. A failed Refresh is logged and tried again
// at the next tick; calculations go on with the snapshots in memory,
// except those of the tenants that failed, which load at their next use.
//
// Each Refresh is given at most ten intervals (tick.Bound; ten seconds at
// FollowInterval): one that the store does not answer, as over a
// connection that hangs without failing (a server frozen, a network path
// gone silent), fails then, and the tenants it had not refreshed are
// forgotten like those whose refresh failed. So a change made elsewhere
// reaches this process within eleven intervals and a load even then,
// rather than never, and a Snapshot or Invalidate that waits for the
// Refresh waits no longer.
func (c *Cache) Follow(ctx context.Context, interval time.Duration) {
	if c.unusable() {
		return
	}
	if interval <= 0 {
		interval = FollowInterval
	}
	tick.Every(ctx, interval, false, func(rctx context.Context) {
		if _, err := c.Refresh(rctx); err != nil && ctx.Err() == nil {
			c.log.Warn("profile: refresh the cached profiles", "err", err)
		}
	})
}

// unusable reports whether c is nil, a zero Cache, or one over a nil
// Store: none can load a snapshot.
func (c *Cache) unusable() bool { return c == nil || c.store == nil || c.turn == nil }

// errNoCache is the error of every load of an unusable cache: invalid,
// since no retry mends it.
func errNoCache() error {
	return levy.Invalid("", "profile: the Cache was not made by NewCache over a Store")
}
