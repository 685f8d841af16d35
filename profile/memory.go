package profile

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/levytax/levy"
)

// memory is the Store of NewMemory. One mutex guards everything: each
// method holds it from start to end, which makes every Apply atomic and
// the Applies of a tenant take turns. Data is copied on the way in and
// out, so a caller never shares memory with the store.
type memory struct {
	mu      sync.Mutex
	closed  bool
	tenants map[string]*memTenant
}

// memTenant is what the memory store keeps of one tenant.
type memTenant struct {
	changes []memChange           // changes[i] made version i+1
	revs    map[Key][]memRevision // each record's versions, oldest first
	docs    map[string][]byte
}

// memChange is one change of a tenant: when and by whom.
type memChange struct {
	at time.Time
	by string
}

// memRevision is one version of a record; data is nil for a deletion.
type memRevision struct {
	version uint64
	data    []byte
}

// NewMemory returns a Store that keeps its records in memory, for tests,
// short-lived tools and hosts that load their profiles at start. It has
// the semantics of the stores of packages badger and postgres, except
// that nothing survives the process. It is safe for concurrent use.
func NewMemory() Store {
	return &memory{tenants: map[string]*memTenant{}}
}

// lock takes the mutex for op unless the store is closed or ctx ended.
func (m *memory) lock(ctx context.Context, op string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("profile: %s: %w", op, err)
	}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return fmt.Errorf("profile: %s: %w", op, ErrClosed)
	}
	return nil
}

// tenant returns the records of tenant, made when missing.
func (m *memory) tenant(name string) *memTenant {
	t := m.tenants[name]
	if t == nil {
		t = &memTenant{revs: map[Key][]memRevision{}, docs: map[string][]byte{}}
		m.tenants[name] = t
	}
	return t
}

func (m *memory) Apply(ctx context.Context, tenant string, c Commit) (uint64, error) {
	if err := m.lock(ctx, "apply"); err != nil {
		return 0, err
	}
	defer m.mu.Unlock()
	t := m.tenant(tenant)
	if c.Check != nil {
		cur, err := t.records(uint64(len(t.changes)), &c.Need)
		if err != nil {
			return 0, err
		}
		if err := c.Check(cur); err != nil {
			return 0, err
		}
	}
	at := c.At
	if n := len(t.changes); n > 0 && at.Before(t.changes[n-1].at) {
		at = t.changes[n-1].at
	}
	t.changes = append(t.changes, memChange{at: at, by: c.By})
	v := uint64(len(t.changes))
	for _, e := range c.Entries {
		t.revs[e.Key] = append(t.revs[e.Key], memRevision{version: v, data: bytes.Clone(e.Data)})
	}
	return v, nil
}

func (m *memory) Records(ctx context.Context, tenant string, asOf time.Time) (*Records, error) {
	if err := m.lock(ctx, "read"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	t := m.tenant(tenant)
	v := uint64(len(t.changes))
	if !asOf.IsZero() {
		// The changes' times never go back: those at or before asOf are
		// a prefix.
		v = uint64(sort.Search(len(t.changes), func(i int) bool { return t.changes[i].at.After(asOf) }))
	}
	return t.records(v, &Need{All: true})
}

// records returns the tenant's records at version v that need names.
func (t *memTenant) records(v uint64, need *Need) (*Records, error) {
	wants := need.Wants
	if len(need.Keys) > 16 {
		// The keys as a set, for a change that names many (an import's
		// unchanged records): Wants walks the list for each record.
		keys := make(map[Key]bool, len(need.Keys))
		for _, k := range need.Keys {
			keys[k] = true
		}
		few := Need{All: need.All, CertificatesOf: need.CertificatesOf}
		wants = func(k Key) bool { return keys[k] || few.Wants(k) }
	}
	var entries []Entry
	for k, revs := range t.revs {
		if !wants(k) {
			continue
		}
		i := sort.Search(len(revs), func(i int) bool { return revs[i].version > v })
		if i == 0 || revs[i-1].data == nil {
			continue
		}
		entries = append(entries, Entry{Key: k, Data: bytes.Clone(revs[i-1].data)})
	}
	var at time.Time
	var by string
	if v > 0 {
		at, by = t.changes[v-1].at, t.changes[v-1].by
	}
	return NewRecords(v, at, by, entries)
}

func (m *memory) History(ctx context.Context, tenant string, k Key) ([]Revision, error) {
	if err := m.lock(ctx, "history"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	t := m.tenant(tenant)
	var out []Revision
	for _, r := range t.revs[k] {
		c := t.changes[r.version-1]
		out = append(out, Revision{Version: r.version, At: c.at, By: c.by, Deleted: r.data == nil, Data: bytes.Clone(r.data)})
	}
	return out, nil
}

func (m *memory) Version(ctx context.Context, tenant string) (uint64, error) {
	if err := m.lock(ctx, "version"); err != nil {
		return 0, err
	}
	defer m.mu.Unlock()
	if t := m.tenants[tenant]; t != nil {
		return uint64(len(t.changes)), nil
	}
	return 0, nil
}

func (m *memory) Tenants(ctx context.Context) ([]string, error) {
	if err := m.lock(ctx, "tenants"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	var out []string
	for name, t := range m.tenants {
		if len(t.changes) > 0 {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out, nil
}

func (m *memory) PutDocument(ctx context.Context, tenant, digest string, content []byte) error {
	if err := m.lock(ctx, "put document"); err != nil {
		return err
	}
	defer m.mu.Unlock()
	t := m.tenant(tenant)
	if _, ok := t.docs[digest]; !ok {
		t.docs[digest] = bytes.Clone(content)
	}
	return nil
}

func (m *memory) Document(ctx context.Context, tenant, digest string) ([]byte, error) {
	if err := m.lock(ctx, "read document"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	if t := m.tenants[tenant]; t != nil {
		if b, ok := t.docs[digest]; ok {
			return bytes.Clone(b), nil
		}
	}
	return nil, DocumentNotFound(digest)
}

func (m *memory) CheckWrite(ctx context.Context) error {
	if err := m.lock(ctx, "check"); err != nil {
		return err
	}
	m.mu.Unlock()
	return nil
}

func (m *memory) Close() error {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	return nil
}

// DocumentNotFound is the error of a Store's Document for a digest the
// tenant has no document of.
func DocumentNotFound(digest string) error {
	return levy.NotFound("sha256", "there is no document %s", clip(digest))
}
