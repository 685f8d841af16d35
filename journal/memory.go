package journal

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/levytax/levy/civil"
)

// memory is the Backend of NewMemory. One mutex guards all its records: a
// unit holds it from start to end, which makes every operation atomic.
// Transactions are copied on the way in and on the way out, so a caller
// never shares memory with the store.
type memory struct {
	mu      sync.Mutex
	closed  bool
	tenants map[string]map[string]*memRecord
	figures map[string]map[FigureKey]*Figure // by tenant
}

// memRecord is what the memory store keeps of one transaction ID.
type memRecord struct {
	head     Head
	versions []*Transaction // versions[i] is version i+1
}

// NewMemory returns a Store that keeps its records in memory, for tests
// and short-lived tools. It has the semantics of the Badger store, except
// that nothing survives the process (a write is durable once it is in
// the map). It is safe for concurrent use.
func NewMemory() Store {
	return NewStore(&memory{tenants: make(map[string]map[string]*memRecord), figures: make(map[string]map[FigureKey]*Figure)})
}

// memState is the State of one tenant of a memory store. It is used only
// with the store's mutex held. A failed unit's writes are undone from
// undo.
type memState struct {
	m      *memory
	tenant string
	undo   []func()
}

func (s *memState) record(id string) *memRecord { return s.m.tenants[s.tenant][id] }

func (s *memState) Head(id string) (Head, bool, error) {
	if r := s.record(id); r != nil {
		return r.head, true, nil
	}
	return Head{}, false, nil
}

func (s *memState) Version(id string, v int) (*Transaction, error) {
	r := s.record(id)
	if r == nil || v < 1 || v > len(r.versions) {
		return nil, fmt.Errorf("version %d of %q is missing", v, id)
	}
	return clone(r.versions[v-1]), nil
}

func (s *memState) PutVersion(tx *Transaction) error {
	r := s.ensure(tx.TransactionID)
	if tx.Version != len(r.versions)+1 {
		return fmt.Errorf("version %d of %q follows version %d", tx.Version, tx.TransactionID, len(r.versions))
	}
	n := len(r.versions)
	r.versions = append(r.versions, clone(tx))
	s.undo = append(s.undo, func() { r.versions = r.versions[:n] })
	return nil
}

func (s *memState) PutHead(id string, _ Head, _ bool, h Head) error {
	r := s.ensure(id)
	old := r.head
	r.head = h
	s.undo = append(s.undo, func() { r.head = old })
	return nil
}

func (s *memState) AddFigures(figs []Figure) error {
	m := s.m.figures[s.tenant]
	if m == nil {
		m = make(map[FigureKey]*Figure)
		s.m.figures[s.tenant] = m
	}
	for _, f := range figs {
		k := f.Key()
		cur, ok := m[k]
		if !ok {
			cur = &Figure{Company: f.Company, Area: f.Area, Day: f.Day}
			m[k] = cur
			s.undo = append(s.undo, func() { delete(m, k) })
		}
		old := *cur
		cur.Direct = cur.Direct.Add(f.Direct)
		cur.Marketplace = cur.Marketplace.Add(f.Marketplace)
		s.undo = append(s.undo, func() { *cur = old })
	}
	return nil
}

// ensure returns the record of id, creating it (and, should the unit
// fail, removing it again).
func (s *memState) ensure(id string) *memRecord {
	recs := s.m.tenants[s.tenant]
	if recs == nil {
		recs = make(map[string]*memRecord)
		s.m.tenants[s.tenant] = recs
	}
	r := recs[id]
	if r == nil {
		r = &memRecord{}
		recs[id] = r
		s.undo = append(s.undo, func() { delete(recs, id) })
	}
	return r
}

// run calls fn with the state of tenant, under the mutex, after checking
// that the store is open, and undoes fn's writes when it fails.
func (m *memory) run(tenant string, fn func(*memState) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return ErrClosed
	}
	st := &memState{m: m, tenant: tenant}
	err := fn(st)
	if err != nil {
		for i := len(st.undo) - 1; i >= 0; i-- {
			st.undo[i]()
		}
	}
	return err
}

// Update implements Backend.
func (m *memory) Update(_ context.Context, tenant string, _ []string, fn func(State) error) error {
	return m.run(tenant, func(st *memState) error { return fn(st) })
}

// View implements Backend.
func (m *memory) View(_ context.Context, tenant string, fn func(State) error) error {
	return m.run(tenant, func(st *memState) error { return fn(st) })
}

// Scan implements Backend. It copies the matching transactions under the
// mutex, one consistent state, and calls fn after releasing it, so fn may
// use the store and holds up no other unit.
func (m *memory) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*Transaction) error) error {
	var txs []*Transaction
	err := m.run(tenant, func(*memState) error {
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
			return err
		}
		if err := fn(tx); err != nil {
			return err
		}
	}
	return nil
}

// Figures implements Backend.
func (m *memory) Figures(ctx context.Context, tenant string, q FigureQuery, fn func(Figure) error) error {
	var figs []Figure
	err := m.run(tenant, func(*memState) error {
		for _, f := range m.figures[tenant] {
			if q.Selects(f) && !f.IsZero() {
				figs = append(figs, *f)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, f := range figs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

// AreaSums implements Backend: the memory store keeps days only, and
// adds them up.
func (m *memory) AreaSums(_ context.Context, tenant, company, area string, spans []Span) ([]Sum, error) {
	sums := make([]Sum, len(spans))
	err := m.run(tenant, func(*memState) error {
		for _, f := range m.figures[tenant] {
			if f.Company == company && f.Area == area {
				AddDay(sums, spans, f)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sums, nil
}

// ReplaceFigures implements Backend.
func (m *memory) ReplaceFigures(_ context.Context, tenant string, figs []Figure) error {
	return m.run(tenant, func(*memState) error {
		fm := make(map[FigureKey]*Figure, len(figs))
		for _, f := range figs {
			f := f
			fm[f.Key()] = &f
		}
		m.figures[tenant] = fm
		return nil
	})
}

// Close implements Backend. Closing twice is harmless.
func (m *memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	m.tenants = nil
	m.figures = nil
	return nil
}
