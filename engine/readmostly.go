package engine

import (
	"maps"
	"sync"
	"sync/atomic"
)

// readMostly is a bounded map for a workload that reads far more than it
// adds, such as the snapshot's decisions and rates: a lookup reads an
// immutable map without locking; new entries go to a locked map, which
// is merged into a new immutable map once lookups have missed the
// immutable one about as often as the maps have entries, so that the cost
// of the copy is spread over them. An entry, once stored, is not replaced.
// A map that holds its bound of entries starts again empty with the next
// one, so that the entries in use (documents of a new day, say) fill it
// again, and a stream of unusual keys can not grow it; lookups that read
// entries before keep them, valid as ever.
//
// A readMostly is safe for concurrent use; its zero value is empty.
type readMostly[K comparable, V any] struct {
	read   atomic.Pointer[map[K]*V]
	mu     sync.Mutex
	dirty  map[K]*V // entries not yet in read
	misses int      // lookups that found no entry in read
}

// get returns the entry of k, or nil.
func (m *readMostly[K, V]) get(k K) *V {
	read := m.read.Load()
	if read != nil {
		if v := (*read)[k]; v != nil {
			return v
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if now := m.read.Load(); now != read {
		// Merged since: the entry may be in the new map.
		if now != nil {
			if v := (*now)[k]; v != nil {
				return v
			}
		}
		read = now
	}
	v := m.dirty[k]
	m.misses++
	if n := len(m.dirty); n > 0 && m.misses >= n+lenOf(read) {
		merged := make(map[K]*V, n+lenOf(read))
		if read != nil {
			maps.Copy(merged, *read)
		}
		maps.Copy(merged, m.dirty)
		m.read.Store(&merged)
		m.dirty, m.misses = nil, 0
	}
	return v
}

// put keeps v as the entry of k, unless the map has one; a map that holds
// limit entries is emptied first.
func (m *readMostly[K, V]) put(k K, v *V, limit int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	read := m.read.Load()
	if read != nil {
		if _, ok := (*read)[k]; ok {
			return
		}
	}
	if _, ok := m.dirty[k]; ok {
		return
	}
	if len(m.dirty)+lenOf(read) >= limit {
		m.read.Store(nil)
		m.dirty, m.misses = nil, 0
	}
	if m.dirty == nil {
		m.dirty = map[K]*V{}
	}
	m.dirty[k] = v
}

// size returns the number of entries the map holds.
func (m *readMostly[K, V]) size() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.dirty) + lenOf(m.read.Load())
}

// lenOf returns the length of the map m points to, 0 for nil.
func lenOf[M ~map[K]V, K comparable, V any](m *M) int {
	if m == nil {
		return 0
	}
	return len(*m)
}
