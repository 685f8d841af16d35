package engine

// docMemoFew bounds the values of a docMemo compared one by one; a map
// holds the rest.
const docMemoFew = 8

// docMemo remembers values by key for the length of one document: the
// first docMemoFew in a slice compared one by one, which most documents
// never pass and which the pool keeps from one document to the next, and
// the rest in a map, so that a document of many keys (a seller per line,
// a pair of places per line) does not compare each line's key with all
// those before it.
//
// A docMemo belongs to one calculation; it is not safe for concurrent
// use.
type docMemo[K comparable, V any] struct {
	few  []docMemoEntry[K, V]
	more map[K]V
}

// docMemoEntry is one of a docMemo's first values.
type docMemoEntry[K comparable, V any] struct {
	key K
	val V
}

// get returns the value kept under k, and whether there is one.
func (m *docMemo[K, V]) get(k K) (V, bool) {
	for i := range m.few {
		if m.few[i].key == k {
			return m.few[i].val, true
		}
	}
	v, ok := m.more[k]
	return v, ok
}

// put keeps v under k, which get has not found.
func (m *docMemo[K, V]) put(k K, v V) {
	if len(m.few) < docMemoFew {
		m.few = append(m.few, docMemoEntry[K, V]{k, v})
		return
	}
	if m.more == nil {
		m.more = map[K]V{}
	}
	m.more[k] = v
}

// emptied returns the memo for the next document: its slice kept and
// cleared, its map dropped.
func (m docMemo[K, V]) emptied() docMemo[K, V] {
	return docMemo[K, V]{few: reuse(m.few, 0)}
}
