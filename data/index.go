package data

import (
	"hash/maphash"
	"math/bits"
)

// The tables that stay in memory while a dataset is in use are built so
// that the garbage collector has little to scan: every collection marks
// the whole live heap, and a table of strings, slices or maps with string
// keys makes it follow one pointer per string. The tables keep strings as
// offsets into one long string and index them with hashIndex, which holds
// only integers.

// hashIndex finds entries, numbered from 0, by a 64-bit hash of their key.
// It is an open-addressing table: an entry sits in the first free slot at
// or after the slot its hash names, with the upper half of its hash as a
// tag, so that a lookup compares the key of an entry only when the tags
// agree. The caller compares the keys; see probe.
type hashIndex struct {
	seed  maphash.Seed
	slots []slot // a power of two, at least twice the entries
	mask  uint64
}

// slot is a slot of a hashIndex: an entry plus one (0 is a free slot) and
// the tag of its hash.
type slot struct {
	tag   uint32
	entry int32
}

// newHashIndex returns an index for n entries.
func newHashIndex(n int) hashIndex {
	size := 8
	for size < 2*n {
		size *= 2
	}
	return hashIndex{seed: maphash.MakeSeed(), slots: make([]slot, size), mask: uint64(size - 1)}
}

// hash returns the hash of a key.
func (x *hashIndex) hash(key string) uint64 { return maphash.String(x.seed, key) }

// hash2 returns the hash of a key of two strings.
func (x *hashIndex) hash2(a, b string) uint64 {
	return bits.RotateLeft64(maphash.String(x.seed, a), 17) ^ maphash.String(x.seed, b)
}

// add indexes entry e under hash h.
func (x *hashIndex) add(h uint64, e int32) {
	i := h & x.mask
	for x.slots[i].entry != 0 {
		i = (i + 1) & x.mask
	}
	x.slots[i] = slot{tag: uint32(h >> 32), entry: e + 1}
}

// probe returns the lookup of the entries indexed under h.
func (x *hashIndex) probe(h uint64) probe { return probe{x: x, i: h & x.mask, tag: uint32(h >> 32)} }

// probe is a lookup in a hashIndex. Its next method returns the entries
// that may have the key, one after the other, and -1 after the last:
//
//	for p := x.probe(h); ; {
//		e := p.next()
//		if e < 0 || key(e) == k {
//			return e
//		}
//	}
type probe struct {
	x   *hashIndex
	i   uint64
	tag uint32
}

// next returns the next entry whose tag is that of the hash, or -1.
func (p *probe) next() int32 {
	for {
		s := p.x.slots[p.i]
		p.i = (p.i + 1) & p.x.mask
		if s.entry == 0 {
			return -1
		}
		if s.tag == p.tag {
			return s.entry - 1
		}
	}
}
