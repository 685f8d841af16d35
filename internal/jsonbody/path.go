package jsonbody

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
)

// Path is the JSON path of a value in a body: "lineItems[0].quantity".
// The nil *Path is the body itself. A Path is immutable; Field and Index
// return new paths that share their parent.
type Path struct {
	parent *Path
	name   string // the member name, for a member; the key, for a map entry
	at     int    // the index, for an array element; -1 for a member, -2 for a map entry
}

// Field returns the path of member name of p.
func (p *Path) Field(name string) *Path { return &Path{parent: p, name: name, at: -1} }

// Key returns the path of the entry of key k of p, an object read into a
// map: `rounding["US-TX"]`.
func (p *Path) Key(k string) *Path { return &Path{parent: p, name: k, at: -2} }

// Index returns the path of element i of p.
func (p *Path) Index(i int) *Path { return &Path{parent: p, at: i} }

// FieldItems returns the paths of the elements 0 to n-1 of member name
// of p, made in one allocation with a copy of p's own path: the paths of
// a request's lines, which would take two allocations each one by one.
// Copying p keeps it from escaping to the heap, so that a path handed
// down to a walk that reads lines stays on its caller's stack.
func (p *Path) FieldItems(name string, n int) []Path {
	depth := 0
	for q := p; q != nil; q = q.parent {
		depth++
	}
	all := make([]Path, depth+1+n)
	// all[0:depth] is p's path from the body down, all[depth] the
	// member, the rest its elements.
	k := depth - 1
	for q := p; q != nil; q = q.parent {
		all[k] = Path{name: q.name, at: q.at}
		if k > 0 {
			all[k].parent = &all[k-1]
		}
		k--
	}
	field := &all[depth]
	*field = Path{name: name, at: -1}
	if depth > 0 {
		field.parent = &all[depth-1]
	}
	items := all[depth+1:]
	for i := range items {
		items[i] = Path{parent: field, at: i}
	}
	return items
}

// String writes the path as "lineItems[0].customer.destination".
func (p *Path) String() string { return string(p.AppendTo(nil)) }

// AppendTo appends the path, written as String writes it, to b.
func (p *Path) AppendTo(b []byte) []byte {
	if p == nil {
		return b
	}
	b = p.parent.AppendTo(b)
	if p.at == -2 {
		b = append(b, '[')
		b = strconv.AppendQuote(b, p.name)
		return append(b, ']')
	}
	if p.at >= 0 {
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(p.at), 10)
		return append(b, ']')
	}
	if len(b) > 0 {
		b = append(b, '.')
	}
	return append(b, p.name...)
}

// Deref strips pointers from t.
func Deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// The interfaces of the types that read themselves whole.
var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// IsLeaf reports whether values of t are read whole from JSON (amounts,
// dates) rather than member by member.
func IsLeaf(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler)
}
