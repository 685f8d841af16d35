package jsonbody

import (
	"encoding/json"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
)

// A plan says how the one pass (pass.go) decodes JSON into the values of
// one Go type: where each member of a struct goes, how to allocate a
// pointer's target or grow a slice, and which values it leaves to a
// method or to encoding/json. Plans are built once per type and never
// changed; they follow encoding/json's rules exactly, so that a body the
// pass accepts is decoded to the value encoding/json gives it.

// planKind is how the pass decodes the values of a type.
type planKind uint8

const (
	// planBail: a type whose decoding the pass does not copy (the
	// ",string" option, a method promoted into an unnamed type). Any
	// value of it sends the body to the reference decoder.
	planBail planKind = iota
	planString
	planBool
	planInt
	planUint
	planFloat
	planStruct
	planPointer
	planSlice
	planAmount      // money.Amount, through its UnmarshalJSON
	planDate        // civil.Date, through its UnmarshalText
	planUnmarshaler // a type with an UnmarshalJSON method
	planText        // a type with an UnmarshalText method
	// planDelegate: maps, arrays, interfaces, byte slices and the other
	// kinds the pass leaves to encoding/json, value by value; the pass
	// still checks their syntax and member names.
	planDelegate
)

// plan is what the pass knows of a Go type.
type plan struct {
	kind  planKind
	typ   reflect.Type
	size  uintptr // the size of a value, for the items of a slice
	bits  int     // the size of an integer or float in bits
	elem  *plan   // the target of a pointer, the items of a slice
	shape *shape  // the member names the scan of strict.go checks

	// For a struct: its members by exact name, and by folded name those
	// that are not members by exact name (see structPlan).
	names  nameTable
	folded map[string]*entry
	// count says whether a slice counts its items before it allocates
	// them (large items), rather than growing.
	count bool
	// chunks are the types of arrays of 2, 4, 8 and 16 values of a small
	// type that pointers point to, which the pass allocates a few
	// pointers' targets at a time (pass.alloc); nil for other types.
	chunks []reflect.Type
	slab   uint8 // the place of the type's chunk in pass.slabs
	// block is, for a plan that Decode decodes into, where the first
	// targets of its pointers go (see block.go); nil until a body has
	// been decoded into it.
	block atomic.Pointer[blockLayout]
}

// entry is one member name of a struct plan.
type entry struct {
	// seen is the bit of the name in an object's set of names met, for
	// the names that are members by exact name; -1 otherwise.
	seen int
	// strictFold: the name equals a member's only without regard to case
	// (strict.go refuses it).
	strictFold bool
	// bail: a name the pass leaves to the reference decoder.
	bail bool
	// field is the field a member of this name decodes into, nil when
	// there is none or it is reached through an embedded pointer.
	field *planField
	// shape checks the names inside the member's value when it is not
	// decoded (field nil).
	shape *shape
}

// planField is where a member's value goes in its struct.
type planField struct {
	offset uintptr
	plan   *plan
}

var plans sync.Map // planKey → *plan

// planKey names a plan: a type, and whether its values are reached
// through a pointer, which matters only for an unnamed type with methods.
type planKey struct {
	typ        reflect.Type
	viaPointer bool
}

// pointeePlan returns the plan for decoding into the target of a pointer
// to t: the top-level value of Decode, whose methods are found through
// the pointer as encoding/json finds them.
func pointeePlan(t reflect.Type) *plan {
	if p, ok := plans.Load(planKey{t, true}); ok {
		return p.(*plan)
	}
	b := planBuilder{building: map[planKey]*plan{}}
	p := b.value(t, true)
	// The plans are published once all are complete: a plan refers to
	// those of the types it holds, and a recursive type to itself.
	for key, q := range b.building {
		plans.Store(key, q)
	}
	plans.Store(planKey{t, true}, p)
	return p
}

// planBuilder builds the plans of a type and of the types it holds; a
// plan under construction is in building, so that a recursive type (a
// line holds lines) refers to itself.
type planBuilder struct {
	building map[planKey]*plan
}

var (
	amountType    = reflect.TypeFor[money.Amount]()
	dateType      = reflect.TypeFor[civil.Date]()
	jsonNumberTyp = reflect.TypeFor[json.Number]()
)

// value returns the plan of a value of type t held in a struct field, a
// slice or (viaPointer) a pointer's target.
//
// encoding/json looks for UnmarshalJSON and UnmarshalText among the
// methods of *t when t is named or reached through a pointer; an unnamed
// type held directly is decoded by its kind, even when *t has methods
// (which it can have only by embedding). A named pointer type has no
// methods, and encoding/json decodes its target by kind too.
func (b *planBuilder) value(t reflect.Type, viaPointer bool) *plan {
	pt := reflect.PointerTo(t)
	methods := pt.Implements(jsonUnmarshaler) || pt.Implements(textUnmarshaler)
	key := planKey{t, viaPointer && methods && t.Name() == "" && t.Kind() != reflect.Pointer}
	if p, ok := b.building[key]; ok {
		return p
	}
	if p, ok := plans.Load(key); ok {
		return p.(*plan)
	}
	p := &plan{typ: t, size: t.Size(), shape: shapeOf(t)}
	b.building[key] = p
	if p.size > 0 && p.size <= maxChunkedSize {
		for n := 2; n <= maxChunk; n *= 2 {
			p.chunks = append(p.chunks, reflect.ArrayOf(n, t))
		}
		p.slab = uint8(hashName([]byte(t.String())) % uint32(len(pass{}.slabs)))
	}
	switch {
	case t.Kind() == reflect.Pointer && t.Name() != "" && (t.Elem().Kind() == reflect.Pointer ||
		reflect.PointerTo(t.Elem()).Implements(jsonUnmarshaler) || reflect.PointerTo(t.Elem()).Implements(textUnmarshaler)):
		p.kind = planBail
	case t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface || !methods:
		b.kindPlan(p, t)
	case t.Name() == "" && !viaPointer:
		p.kind = planBail
	case t == amountType:
		p.kind = planAmount
	case t == dateType:
		p.kind = planDate
	case pt.Implements(jsonUnmarshaler):
		p.kind = planUnmarshaler
	default:
		p.kind = planText
	}
	return p
}

// kindPlan fills in the plan of a type without methods by its kind.
func (b *planBuilder) kindPlan(p *plan, t reflect.Type) {
	switch t.Kind() {
	case reflect.String:
		p.kind = planString
		if t == jsonNumberTyp {
			p.kind = planDelegate
		}
	case reflect.Bool:
		p.kind = planBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.kind, p.bits = planInt, t.Bits()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p.kind, p.bits = planUint, t.Bits()
	case reflect.Float32, reflect.Float64:
		p.kind, p.bits = planFloat, t.Bits()
	case reflect.Pointer:
		p.kind = planPointer
		p.elem = b.value(t.Elem(), true)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			p.kind = planDelegate // base64, or a named byte type's methods
			return
		}
		p.kind = planSlice
		p.elem = b.value(t.Elem(), false)
		p.count = t.Elem().Size() >= countItemsFrom
	case reflect.Struct:
		b.structPlan(p, t)
	default:
		// Maps, arrays, interfaces and the kinds JSON has no value for.
		p.kind = planDelegate
	}
}

// maxChunk is the largest number of pointers' targets allocated at once,
// and maxChunkedSize the largest type allocated so.
const (
	maxChunk       = 16
	maxChunkedSize = 256
)

// countItemsFrom is the size of a slice's item from which the pass
// counts the items of an array before it allocates them, so that a
// slice of large structs (a request's lines) is allocated once.
const countItemsFrom = 128

// structPlan fills in the plan of a struct type. A member name decodes
// into the field of that exact name, else into the first field (in the
// order of the struct) whose name equals it without regard to case, as
// in encoding/json; strict.go's names (its shape) say which names are
// refused.
func (b *planBuilder) structPlan(p *plan, t reflect.Type) {
	fields := Fields(t)
	at := make([]*planField, len(fields))
	for i, f := range fields {
		if f.Quoted() {
			// The ",string" option: left to the reference decoder.
			p.kind = planBail
			return
		}
		if at[i] = b.fieldOf(t, f); at[i] == nil {
			// Reached through an embedded pointer, which encoding/json
			// allocates as it goes: leave the whole struct to it.
			p.kind = planDelegate
			return
		}
	}
	p.kind = planStruct
	exact := map[string]*planField{}
	byFold := map[string]*planField{}
	for i, f := range fields {
		exact[f.Name] = at[i]
		if key := string(foldName(nil, []byte(f.Name))); byFold[key] == nil {
			byFold[key] = at[i]
		}
	}
	target := func(name string) *planField {
		if f, ok := exact[name]; ok {
			return f
		}
		return byFold[string(foldName(nil, []byte(name)))]
	}
	names := map[string]*entry{}
	p.folded = map[string]*entry{}
	sh := p.shape
	ms := membersOf(t)
	for i, m := range sh.members {
		e := &entry{seen: i, field: target(m.name), shape: m.shape}
		// Where encoding/json and strict.go see different fields under
		// one name (conflicting embedded fields), the names inside the
		// value are checked against another type than the one decoded:
		// the reference decoder handles it.
		e.bail = e.field != nil && e.field.plan.typ != ms[m.name].typ
		names[m.name] = e
	}
	// A field that strict.go does not know by its name (one named by an
	// invalid tag) is too fine a point: the pass leaves it to the
	// reference decoder, by the exact name and by the folded one.
	for _, f := range fields {
		if names[f.Name] == nil {
			names[f.Name] = &entry{seen: -1, bail: true}
		}
	}
	for key := range sh.byFold {
		p.folded[key] = &entry{seen: -1, strictFold: true}
	}
	for key := range byFold {
		if p.folded[key] == nil {
			p.folded[key] = &entry{seen: -1, bail: true}
		}
	}
	p.names = newNameTable(names)
}

// fieldOf returns where field f of struct t is, or nil when the way to it
// goes through an embedded pointer.
func (b *planBuilder) fieldOf(t reflect.Type, f Field) *planField {
	var off uintptr
	for n, i := range f.Index {
		if n > 0 && t.Kind() == reflect.Pointer {
			return nil
		}
		sf := t.Field(i)
		off += sf.Offset
		t = sf.Type
	}
	return &planField{offset: off, plan: b.value(f.Type, false)}
}

// nameTable finds the entry of a member name: an open-addressing table
// hashed on the length and three bytes of a name, faster than a map for
// the short names of the wire.
type nameTable struct {
	slots []nameSlot
	mask  uint32
}

// nameSlot is one place of a nameTable; name is "" when it is free.
type nameSlot struct {
	name string
	e    *entry
}

// newNameTable returns the table of names, at most a quarter full.
func newNameTable(names map[string]*entry) nameTable {
	n := 8
	for n < 4*len(names) {
		n *= 2
	}
	t := nameTable{slots: make([]nameSlot, n), mask: uint32(n - 1)}
	for name, e := range names {
		i := hashName([]byte(name)) & t.mask
		for t.slots[i].e != nil {
			i = (i + 1) & t.mask
		}
		t.slots[i] = nameSlot{name: name, e: e}
	}
	return t
}

// find returns the entry of name, or nil.
func (t *nameTable) find(name []byte) *entry {
	if len(t.slots) == 0 {
		return nil
	}
	for i := hashName(name) & t.mask; ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.e == nil || s.name == string(name) {
			return s.e
		}
	}
}

// hashName hashes a name on its length and its first, middle and last
// bytes.
func hashName(b []byte) uint32 {
	n := uint32(len(b))
	h := n * 0x9e3779b1
	if n > 0 {
		h ^= uint32(b[0]) * 0x85ebca6b
		h ^= uint32(b[n/2]) * 0xc2b2ae35
		h ^= uint32(b[n-1]) * 0x27d4eb2f
	}
	return h ^ h>>15
}
