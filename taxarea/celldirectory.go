package taxarea

import (
	"math/bits"

	"github.com/golang/geo/s2"
)

// cellDirectory finds the position of a cell of a grid by its ID. It is
// an open-addressing table of the IDs and their positions, probed
// linearly: a lookup reads one or two neighbouring slots where a Go map
// would hash, probe its control bytes and compare. It holds no pointers.
// It is immutable once built and safe for concurrent use.
type cellDirectory struct {
	slots []cellSlot // a power of two, at least twice the cells
	shift uint       // 64 - log2(len(slots))
}

// cellSlot is a slot of a cellDirectory: a cell ID (0: free) and its
// position.
type cellSlot struct {
	id  s2.CellID
	pos int32
}

// newCellDirectory returns a directory with room for n cells.
func newCellDirectory(n int) cellDirectory {
	size := 8
	for size < 2*n {
		size *= 2
	}
	return cellDirectory{slots: make([]cellSlot, size), shift: uint(64 - bits.TrailingZeros(uint(size)))}
}

// slot returns the first slot to probe for id: a Fibonacci hash of the
// ID, whose low bits say little (cells of one level end alike).
func (d *cellDirectory) slot(id s2.CellID) uint64 {
	return (uint64(id) * 0x9E3779B97F4A7C15) >> d.shift
}

// add records the position of a cell; the cell must not be there yet.
func (d *cellDirectory) add(id s2.CellID, pos int32) {
	mask := uint64(len(d.slots) - 1)
	for i := d.slot(id); ; i = (i + 1) & mask {
		if d.slots[i].id == 0 {
			d.slots[i] = cellSlot{id, pos}
			return
		}
	}
}

// find returns the position of a cell, or -1.
func (d *cellDirectory) find(id s2.CellID) int32 {
	if len(d.slots) == 0 {
		return -1
	}
	mask := uint64(len(d.slots) - 1)
	for i := d.slot(id); ; i = (i + 1) & mask {
		switch d.slots[i].id {
		case id:
			return d.slots[i].pos
		case 0:
			return -1
		}
	}
}

// len returns the number of slots, 0 for a directory never built.
func (d *cellDirectory) len() int { return len(d.slots) }
