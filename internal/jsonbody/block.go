package jsonbody

import (
	"reflect"
	"strconv"
	"unsafe"
)

// A block is one allocation that holds the first targets of the pointers
// of a decoded value: a one-line request points to a seller, two
// addresses, a customer, a product, a quantity and a price, each of its
// own type, which the slabs of alloc would allocate one by one. The
// layout of the block of a type is learnt from the first body decoded
// into it that has such targets: for each type of target allocated one by one, up to
// maxBlockPlace of them, at most maxBlockBytes in all, and no more than
// maxBlockPlans types. A later body takes its first targets of those
// types from one block, allocated when the first of them is needed, and
// the rest as before. The block stays in memory while any of its values
// does; all of them belong to the one decoded value, whose targets are
// zero values until decoded into, as those of reflect.New are.

// blockLayout is the block of a plan: a struct type with a field for
// each place, and the offsets of each plan's places in it.
type blockLayout struct {
	typ   reflect.Type
	plans []blockPlan
}

// blockPlan is the places of one plan's values in a block.
type blockPlan struct {
	pl      *plan
	offsets []uintptr
}

const (
	// maxBlockPlans is the most plans a block holds places for.
	maxBlockPlans = 16
	// maxBlockPlace is the most places of one plan in a block: the
	// slabs of alloc take over from the third value of a small type.
	maxBlockPlace = 2
	// maxBlockBytes bounds the size of a block, which a body that uses
	// few of its places allocates (and clears) all the same.
	maxBlockBytes = 2048
)

// newBlockLayout returns the layout of a block for the targets that a
// pass allocated one by one, in the order of made (a plan once per
// target), or nil when it made none: the next body decoded into the plan
// is learnt from then.
func newBlockLayout(made []*plan) *blockLayout {
	l := &blockLayout{}
	var fields []reflect.StructField
	var owner []int // the index in l.plans of each field's plan
	places := map[*plan]int{}
	var size uintptr
	for _, pl := range made {
		i, known := places[pl]
		if !known {
			if len(l.plans) == maxBlockPlans {
				continue
			}
			i = len(l.plans)
			places[pl] = i
			l.plans = append(l.plans, blockPlan{pl: pl})
		}
		if pl.size == 0 || size+pl.size > maxBlockBytes {
			continue
		}
		n := 0
		for _, o := range owner {
			if o == i {
				n++
			}
		}
		if n == maxBlockPlace {
			continue
		}
		fields = append(fields, reflect.StructField{Name: "F" + strconv.Itoa(len(fields)), Type: pl.typ})
		owner = append(owner, i)
		size += pl.size
	}
	if len(fields) == 0 {
		return nil
	}
	l.typ = reflect.StructOf(fields)
	for f, i := range owner {
		l.plans[i].offsets = append(l.plans[i].offsets, l.typ.Field(f).Offset)
	}
	return l
}

// one returns a new zero value of plan pl for a pointer to point to,
// from the block when it has a place left for pl, else allocated alone.
func (d *pass) one(pl *plan) unsafe.Pointer {
	if l := d.layout; l != nil {
		for i := range l.plans {
			bp := &l.plans[i]
			if bp.pl != pl {
				continue
			}
			if int(d.taken[i]) < len(bp.offsets) {
				if d.block == nil {
					d.block = reflect.New(l.typ).UnsafePointer()
				}
				p := unsafe.Add(d.block, bp.offsets[d.taken[i]])
				d.taken[i]++
				return p
			}
			break
		}
	}
	if d.learning && len(d.learn) < 4*maxBlockPlans*maxBlockPlace {
		d.learn = append(d.learn, pl)
	}
	return reflect.New(pl.typ).UnsafePointer()
}
