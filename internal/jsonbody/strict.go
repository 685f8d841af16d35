package jsonbody

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy"
)

// encoding/json matches the member names of an object to the fields of a
// struct without regard to case, and lets the last of two members of one
// name win. A body that says {"saleMessageType":"QUOTATION", ...,
// "SaleMessageType":"INVOICE"} is then read as an INVOICE, while a proxy,
// a log or a signature check that reads the first member, or the exact
// name, sees a QUOTATION. Decode refuses both before anything reads the
// value: the scan below walks the body along the Go type it is decoded
// into, in one pass over its bytes, and reports
//
//   - a member whose name appears twice in one object, in any object of
//     the body (duplicates in the objects that Levy ignores, or keeps as
//     raw JSON, included);
//   - a member whose name is not one of the struct's but equals one of
//     them when case is ignored, as encoding/json compares them;
//   - a null item of a list of objects (of structs), which encoding/json
//     leaves as the item's zero value: a request's "lineItems":[null]
//     was an empty line.
//
// The same pass bounds the nesting of the body (MaxJSONDepth). It reads
// the syntax only as far as it needs to: on a body that is not JSON it
// stops and leaves the report to encoding/json.
//
// This scan is the reference decoder's (reference.go). The one pass
// (pass.go) makes the same checks with the same shapes as it decodes,
// and hands the body to the reference decoder at the first refusal, which
// this scan then finds and names.

// shapeKind says how the scan reads the values of a Go type.
type shapeKind uint8

const (
	// shapeOther: a scalar, or a type that reads its JSON itself; an
	// object in it is checked for duplicate names only.
	shapeOther shapeKind = iota
	shapeStruct
	shapeMap
	shapeList
)

// shape is what the scan knows of a Go type: its kind, and for a struct
// its members, by exact name and by the folded name encoding/json matches
// case-insensitively. Shapes are built once per type and never changed.
type shape struct {
	kind    shapeKind
	elem    *shape         // the values of a map, the items of a list
	members []shapeMember  // the struct's members, by index
	byName  map[string]int // exact member name → index
	byFold  map[string]int // folded member name → index
}

// shapeMember is one member of a struct shape.
type shapeMember struct {
	name  string
	shape *shape
}

var shapes sync.Map // reflect.Type → *shape

// otherShape is the shape of every scalar and self-decoding type.
var otherShape = &shape{kind: shapeOther}

// shapeOf returns the shape of the values of t.
func shapeOf(t reflect.Type) *shape {
	if sh, ok := shapes.Load(t); ok {
		return sh.(*shape)
	}
	sh := buildShape(t, map[reflect.Type]*shape{})
	shapes.Store(t, sh)
	return sh
}

// buildShape builds the shape of t; building holds the shapes under
// construction, so that a recursive type (a line item holds line items)
// refers to itself.
func buildShape(t reflect.Type, building map[reflect.Type]*shape) *shape {
	t = Deref(t)
	if sh, ok := building[t]; ok {
		return sh
	}
	if IsLeaf(t) {
		return otherShape
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return otherShape // base64 text
		}
		sh := &shape{kind: shapeList}
		building[t] = sh
		sh.elem = buildShape(t.Elem(), building)
		return sh
	case reflect.Map:
		sh := &shape{kind: shapeMap}
		building[t] = sh
		sh.elem = buildShape(t.Elem(), building)
		return sh
	case reflect.Struct:
		sh := &shape{kind: shapeStruct, byName: map[string]int{}, byFold: map[string]int{}}
		building[t] = sh
		for name, m := range membersOf(t) {
			i := len(sh.members)
			sh.members = append(sh.members, shapeMember{name: name, shape: buildShape(m.typ, building)})
			sh.byName[name] = i
			sh.byFold[string(foldName(nil, []byte(name)))] = i
		}
		return sh
	}
	return otherShape
}

// foldName appends to dst the name folded as encoding/json folds member
// names: each rune replaced by the smallest rune of its case-folding
// orbit, so that two names are equal folded when they are equal without
// regard to case (K, k and the Kelvin sign all fold to K).
func foldName(dst, name []byte) []byte {
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(name[i:])
		i += n
		for {
			next := unicode.SimpleFold(r)
			if next <= r {
				r = next
				break
			}
			r = next
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// scanStatus is how a scan ended.
type scanStatus uint8

const (
	scanOK        scanStatus = iota // well formed as far as the scan reads
	scanMalformed                   // not JSON: encoding/json reports it
	scanTooDeep                     // nested deeper than MaxJSONDepth
)

// strictScan is the state of one scan of a body.
type strictScan struct {
	data  []byte
	pos   int
	depth int
	// keys holds the names met in the objects being read, each object's
	// after its parent's, for the duplicate test of the names that no
	// struct member stands for.
	keys [][]byte
	fold []byte // scratch for a folded name
	// found is the first duplicate or case variant; path is its JSON
	// path, innermost segment first, filled in as the scan unwinds.
	found *strictViolation
}

// strictViolation is a member that Decode refuses, and where it is.
type strictViolation struct {
	msg  string
	path []pathSegment
}

// pathSegment is one step of a JSON path: a member name, or an index.
type pathSegment struct {
	name  string
	index int // -1 for a member
}

// checkMembers scans data, a JSON body to be decoded into a value of
// shape sh, and returns how the scan ended and the first duplicate or
// case-variant member name, nil when there is none.
func checkMembers(data []byte, sh *shape) (scanStatus, *levy.Error) {
	s := strictScan{data: data}
	st := s.value(sh)
	if st == scanOK && s.found == nil {
		return scanOK, nil
	}
	if s.found == nil {
		return st, nil
	}
	// The scan stopped at the violation: the rest of the body is still
	// held to the depth bound.
	if st == scanOK && !depthWithin(data[s.pos:], s.depth) {
		st = scanTooDeep
	}
	return st, levy.Invalid(s.found.pathString(), "%s", s.found.msg)
}

// pathString writes the path as "lineItems[0].product.Value".
func (v *strictViolation) pathString() string {
	var b []byte
	for i := len(v.path) - 1; i >= 0; i-- {
		seg := v.path[i]
		if seg.index >= 0 {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(seg.index), 10)
			b = append(b, ']')
			continue
		}
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, seg.name...)
	}
	return string(b)
}

// at adds a step to the path of the violation found, as the scan
// unwinds through it.
func (s *strictScan) at(seg pathSegment) {
	s.found.path = append(s.found.path, seg)
}

// skipSpace moves past JSON white space.
func (s *strictScan) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// value reads one value of shape sh. It returns scanOK with s.found set
// when it stops at a violation.
func (s *strictScan) value(sh *shape) scanStatus {
	s.skipSpace()
	if s.pos >= len(s.data) {
		return scanMalformed
	}
	switch s.data[s.pos] {
	case '{':
		return s.object(sh)
	case '[':
		return s.list(sh)
	case '"':
		_, _, ok := s.str()
		if !ok {
			return scanMalformed
		}
		return scanOK
	}
	start := s.pos
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ',', ']', '}', ' ', '\t', '\n', '\r', '{', '[', '"', ':':
			if s.pos == start {
				return scanMalformed
			}
			return scanOK
		}
		s.pos++
	}
	if s.pos == start {
		return scanMalformed
	}
	return scanOK
}

// str reads a string whose opening quote is at s.pos and returns its raw
// bytes between the quotes and whether they need decoding: an escape, or
// a byte outside ASCII, which encoding/json may replace.
func (s *strictScan) str() (raw []byte, plain, ok bool) {
	start := s.pos + 1
	plain = true
	for i := start; i < len(s.data); i++ {
		switch c := s.data[i]; {
		case c == '"':
			s.pos = i + 1
			return s.data[start:i], plain, true
		case c == '\\':
			plain = false
			i++
		case c >= utf8.RuneSelf:
			plain = false
		}
	}
	return nil, false, false
}

// enter counts one more level of nesting.
func (s *strictScan) enter() bool {
	s.depth++
	return s.depth <= MaxJSONDepth
}

// list reads an array whose '[' is at s.pos.
func (s *strictScan) list(sh *shape) scanStatus {
	if !s.enter() {
		return scanTooDeep
	}
	s.pos++
	item := otherShape
	if sh.kind == shapeList {
		item = sh.elem
	}
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		s.depth--
		return scanOK
	}
	for i := 0; ; i++ {
		if item.kind == shapeStruct && s.null() {
			// encoding/json leaves the item its zero value: a null line
			// was read as an empty line and calculated.
			s.found = &strictViolation{msg: "is null, but the items of this list are objects: leave the item out rather than send null"}
			s.at(pathSegment{index: i})
			return scanOK
		}
		if more, st := s.element(item, nil, i, ']'); !more {
			return st
		}
	}
}

// null reports whether the value at s.pos, after white space, is the
// literal null.
func (s *strictScan) null() bool {
	s.skipSpace()
	return bytes.HasPrefix(s.data[s.pos:], []byte("null"))
}

// element reads the value of shape sh at a member name (or, for a nil
// name, at index i) of the object or array being read, and what follows
// it: it reports more when a comma does, and otherwise how the container
// ended (scanOK once its closing bracket close is read).
func (s *strictScan) element(sh *shape, name []byte, i int, close byte) (more bool, st scanStatus) {
	if st := s.value(sh); st != scanOK || s.found != nil {
		switch {
		case s.found == nil:
		case name == nil:
			s.at(pathSegment{index: i})
		default:
			s.at(pathSegment{name: string(name), index: -1})
		}
		return false, st
	}
	s.skipSpace()
	if s.pos >= len(s.data) {
		return false, scanMalformed
	}
	switch s.data[s.pos] {
	case ',':
		s.pos++
		return true, scanOK
	case close:
		s.pos++
		s.depth--
		return false, scanOK
	}
	return false, scanMalformed
}

// object reads an object whose '{' is at s.pos.
func (s *strictScan) object(sh *shape) scanStatus {
	if !s.enter() {
		return scanTooDeep
	}
	s.pos++
	// seen marks the struct members met; the other names go to s.keys,
	// from base on.
	var small [4]uint64
	var seen []uint64
	if sh.kind == shapeStruct {
		if n := (len(sh.members) + 63) / 64; n <= len(small) {
			seen = small[:n]
		} else {
			seen = make([]uint64, n)
		}
	}
	base := len(s.keys)
	var many map[string]struct{} // the names of an object with many, once there are
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		s.depth--
		return scanOK
	}
	for {
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != '"' {
			return scanMalformed
		}
		raw, plain, ok := s.str()
		if !ok {
			return scanMalformed
		}
		name := raw
		if !plain {
			var decoded string
			if json.Unmarshal(s.data[s.pos-len(raw)-2:s.pos], &decoded) != nil {
				return scanMalformed
			}
			name = []byte(decoded)
		}
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			return scanMalformed
		}
		s.pos++

		next := otherShape
		known := -1
		switch sh.kind {
		case shapeStruct:
			if i, ok := sh.byName[string(name)]; ok {
				known = i
				next = sh.members[i].shape
			} else {
				s.fold = foldName(s.fold[:0], name)
				if i, ok := sh.byFold[string(s.fold)]; ok {
					s.found = &strictViolation{msg: "differs from the member " + strconv.Quote(sh.members[i].name) +
						" only in case; member names are case-sensitive"}
					s.at(pathSegment{name: string(name), index: -1})
					return scanOK
				}
			}
		case shapeMap:
			next = sh.elem
		}
		var dup bool
		if known >= 0 {
			word, bit := known/64, uint64(1)<<(known%64)
			dup = seen[word]&bit != 0
			seen[word] |= bit
		} else {
			dup, many = s.addKey(base, many, name)
		}
		if dup {
			s.found = &strictViolation{msg: "appears more than once in its object; each member may be given only once"}
			s.at(pathSegment{name: string(name), index: -1})
			return scanOK
		}

		if more, st := s.element(next, name, 0, '}'); !more {
			s.keys = s.keys[:base]
			return st
		}
	}
}

// manyKeys is the number of names from which an object's names are kept
// in a map rather than compared one by one.
const manyKeys = 16

// addKey records name among the names of the object whose names start
// at s.keys[base], and reports whether it was there already (see
// addName).
func (s *strictScan) addKey(base int, many map[string]struct{}, name []byte) (bool, map[string]struct{}) {
	var dup bool
	s.keys, dup, many = addName(s.keys, base, many, name, false)
	return dup, many
}

// addName records name among the names keys[base:] of one object and
// reports whether it was there already; it returns keys and many as they
// are then. The names of an object with many of them go to a map, which
// addName makes and returns. A borrowed name (one in a scratch buffer
// that the next name overwrites) is copied before it is kept.
func addName(keys [][]byte, base int, many map[string]struct{}, name []byte, borrowed bool) ([][]byte, bool, map[string]struct{}) {
	if many != nil {
		if _, dup := many[string(name)]; dup {
			return keys, true, many
		}
		many[string(name)] = struct{}{}
		return keys, false, many
	}
	for _, k := range keys[base:] {
		if bytes.Equal(k, name) {
			return keys, true, nil
		}
	}
	if borrowed {
		name = bytes.Clone(name)
	}
	keys = append(keys, name)
	if len(keys)-base > manyKeys {
		many = make(map[string]struct{}, 2*manyKeys)
		for _, k := range keys[base:] {
			many[string(k)] = struct{}{}
		}
	}
	return keys, false, many
}

// depthWithin reports whether data, the rest of a body that the scan
// left at nesting depth, stays within MaxJSONDepth. It counts brackets
// outside strings only.
func depthWithin(data []byte, depth int) bool {
	inString, escaped := false, false
	for _, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			if depth++; depth > MaxJSONDepth {
				return false
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return true
}
