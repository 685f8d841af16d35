package engine

import "unsafe"

// A calculation builds a good deal of state that dies with it: the calc,
// its doc and builder, the wire lines' views (lineIn), the leaf lines,
// the resolved places, the computed taxes (taxOut), the decisions of the
// document and a few buffers. Allocating it anew for every request costs
// more than the calculation itself once the garbage collector has to scan
// a dataset-sized heap to reclaim it, so it is kept in a scratch that a
// snapshot pools (snapshot.scratch) and reset when the calculation ends.
//
// Nothing a response holds points into a scratch: the response's taxes
// are carved from blocks a calculation allocates for itself (wireBlock,
// partBlock) or borrows from its engine (lend.go), which the scratch never
// hands back, and everything else the response
// takes from a line is copied by value. Decimal values that a response
// shares with the scratch are immutable. A reset scratch holds no pointer
// to a request or a response, so pooling keeps neither alive.

// scratch is the reusable state of one calculation.
type scratch struct {
	c calc
	d doc
	b builder
}

// maxPooledBytes bounds the size of each block that a scratch keeps when
// it goes back to the pool, so that one huge document does not pin its
// memory: 4 MiB, room for the taxes of a 1,000-line document of six taxes
// a line (2.4 MB) and for its leaf lines (0.9 MB), so that documents of
// that size carve from one pooled block each instead of allocating and
// clearing new ones every time (Quotation1000 9.6 MB and 3.06 ms a
// document with a bound of 2,048 items, 7.3 MB and 2.73 ms with this
// one, in one run). A scratch has six such blocks; sync.Pool drops what
// no calculation takes again within two collections.
const maxPooledBytes = 4 << 20

// maxPooled returns the most items of type T that a pooled block keeps.
func maxPooled[T any]() int {
	var zero T
	return maxPooledBytes / max(int(unsafe.Sizeof(zero)), 1)
}

// newScratch returns a reset scratch for a calculation against s: from
// the snapshot's pool, or a new one.
func (s *snapshot) newScratch() *scratch {
	w, _ := s.scratch.Get().(*scratch)
	if w == nil {
		w = &scratch{}
		w.c.envs = make([]*decided, 0, 4)
	}
	w.c.s, w.c.d, w.c.w = s, &w.d, w
	w.b.c, w.b.r.c = &w.c, &w.c
	return w
}

// release resets the calculation's scratch and puts it back in its
// snapshot's pool. Neither the calculation nor its builder may be used
// afterwards; the response it built stays valid.
func (c *calc) release() {
	w, s := c.w, c.s
	w.c = calc{envs: reuse(c.envs, 0), taxBlock: refit(c.taxBlock, c.used.taxes), lineBlock: refit(c.lineBlock, c.used.lines),
		inBlock: refit(c.inBlock, c.used.ins), placeBlock: refit(c.placeBlock, c.used.places),
		mixed: c.mixed.emptied(), notes: reuse(c.notes, 0),
		tmpls: reuse(c.tmpls, 0), tmplTaxes: reuse(c.tmplTaxes, maxPooled[taxOut]())}
	w.d = doc{lines: reuse(w.d.lines, maxPooled[*line]())}
	// b.errs may have been returned to the caller: drop it, never clear it.
	w.b = builder{r: resolver{recent: reuse(w.b.r.recent, 0)}, stored: w.b.stored.emptied()}
	s.scratch.Put(w)
}

// reuse empties a buffer for the next calculation: it zeroes the items
// in use, so that they point to nothing of this one, and keeps the
// buffer when it holds at most limit items (0: any number).
func reuse[T any](b []T, limit int) []T {
	if limit > 0 && cap(b) > limit {
		return nil
	}
	clear(b)
	return b[:0]
}

// refit empties a block for the next calculation as reuse does, and
// replaces it with one of used items when the calculation carved that
// many (up to maxPooled) from it and the blocks it moved on to: the next
// document of the same size then carves everything from one block.
func refit[T any](b []T, used int) []T {
	if used > cap(b) && used <= maxPooled[T]() {
		clear(b)
		return make([]T, 0, used)
	}
	return reuse(b, maxPooled[T]())
}

// usage counts the items a calculation carved from each of its blocks.
type usage struct {
	taxes, lines, ins, places int
}

// carve returns n zero items from the end of block, growing it (into a
// new array, which leaves the items carved before where they are) when
// it has no room: to hint items, or twice its size, at most maxBlock
// and at least n. It adds n to *used.
func carve[T any](block *[]T, used *int, n, hint int) []T {
	*used += n
	b := *block
	if cap(b)-len(b) < n {
		size := max(min(max(hint, 2*cap(b)), maxBlock), n)
		b = make([]T, 0, size)
	}
	i := len(b)
	*block = b[:i+n]
	return b[i : i+n : i+n]
}

// newLine returns a zero leaf line carved from the calculation's block.
func (c *calc) newLine(hint int) *line { return &carve(&c.lineBlock, &c.used.lines, 1, hint)[0] }

// newPlace returns a zero place carved from the calculation's block.
func (c *calc) newPlace() *place { return &carve(&c.placeBlock, &c.used.places, 1, 4)[0] }

// lineIns returns n zero wire line views carved from the calculation's
// block.
func (c *calc) lineIns(n int) []lineIn { return carve(&c.inBlock, &c.used.ins, n, n) }
