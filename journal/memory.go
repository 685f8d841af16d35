package journal

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/levytax/levy/civil"
)

// memory is the Store of NewMemory. One mutex guards all its records: a
// method holds it for the whole operation, which makes every operation
// atomic. Transactions are copied on the way in and on the way out, so a
// caller never shares memory with the store.
type memory struct {
	operations
	mu      sync.Mutex
	closed  bool
	tenants map[string]map[string]*memRecord
}

// memRecord is what the memory store keeps of one transaction ID.
type memRecord struct {
	head     Head
	versions []*Transaction // versions[i] is version i+1
}

// NewMemory returns a Store that keeps its records in memory, for tests
// and short-lived tools. It has the semantics of the Badger store, except
// that nothing survives the process (Post's write is "on disk" once it is
// in the map). It is safe for concurrent use.
func NewMemory() Store {
	m := &memory{tenants: make(map[string]map[string]*memRecord)}
	m.operations = operations{be: memBackend{m}, clones: true}
	return m
}

// memState is the state of one tenant of a memory store. It is used only
// with the store's mutex held.
type memState struct {
	m      *memory
	tenant string
}

func (s memState) record(id string) *memRecord { return s.m.tenants[s.tenant][id] }

func (s memState) head(id string) (Head, bool, error) {
	if r := s.record(id); r != nil {
		return r.head, true, nil
	}
	return Head{}, false, nil
}

func (s memState) version(id string, v int) (*Transaction, error) {
	r := s.record(id)
	if r == nil || v < 1 || v > len(r.versions) {
		return nil, fmt.Errorf("version %d of %q is missing", v, id)
	}
	return r.versions[v-1], nil
}

func (s memState) putVersion(tx *Transaction) error {
	r := s.ensure(tx.TransactionID)
	if tx.Version != len(r.versions)+1 {
		return fmt.Errorf("version %d of %q follows version %d", tx.Version, tx.TransactionID, len(r.versions))
	}
	r.versions = append(r.versions, tx)
	return nil
}

func (s memState) putHead(id string, _ Head, _ bool, h Head) error {
	s.ensure(id).head = h
	return nil
}

// ensure returns the record of id, creating it.
func (s memState) ensure(id string) *memRecord {
	recs := s.m.tenants[s.tenant]
	if recs == nil {
		recs = make(map[string]*memRecord)
		s.m.tenants[s.tenant] = recs
	}
	r := recs[id]
	if r == nil {
		r = &memRecord{}
		recs[id] = r
	}
	return r
}

// run calls fn with the state of tenant, under the mutex, after checking
// the context and that the store is open. Errors other than *levy.Error
// are wrapped with op and id.
func (m *memory) run(ctx context.Context, op, tenant, id string, fn func(memState) error) error {
	if err := ctx.Err(); err != nil {
		return wrap(op, id, err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return wrap(op, id, ErrClosed)
	}
	return wrap(op, id, fn(memState{m: m, tenant: tenant}))
}

// memBackend runs the shared operations under the memory store's mutex.
type memBackend struct{ m *memory }

func (b memBackend) update(ctx context.Context, op, tenant string, ids []string, fn func(state) error) error {
	return b.m.run(ctx, op, tenant, ids[0], func(st memState) error { return fn(st) })
}

func (b memBackend) view(ctx context.Context, op, tenant, id string, fn func(state) error) error {
	return b.m.run(ctx, op, tenant, id, func(st memState) error { return fn(st) })
}

// Scan implements Store. It copies the matching transactions under the
// mutex and calls fn after releasing it, so fn may use the store.
func (m *memory) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*Transaction) error) error {
	if err := checkScan(tenant, from, to); err != nil {
		return err
	}
	var txs []*Transaction
	err := m.run(ctx, "scan", tenant, "", func(st memState) error {
		for _, r := range m.tenants[tenant] {
			if !r.head.Deleted && inPeriod(r.head.PostingDate, from, to) {
				txs = append(txs, clone(r.versions[r.head.Latest-1]))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.SortFunc(txs, func(a, b *Transaction) int {
		if c := a.PostingDate.Compare(b.PostingDate); c != 0 {
			return c
		}
		return cmp.Compare(a.TransactionID, b.TransactionID)
	})
	for _, tx := range txs {
		if err := ctx.Err(); err != nil {
			return wrap("scan", "", err)
		}
		if err := fn(tx); err != nil {
			return err
		}
	}
	return nil
}

// Close implements Store. Closing twice is harmless.
func (m *memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	m.tenants = nil
	return nil
}
