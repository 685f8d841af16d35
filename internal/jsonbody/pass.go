package jsonbody

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
)

// The one pass reads a body once, byte by byte, and decodes it straight
// into the Go value along the value's plan (plan.go), while it checks
// what the reference decoder (reference.go) checks: the syntax of JSON,
// the depth bound, a member name given twice or differing from a member
// only in case, and the fit of every value to its Go type. It does not
// report faults: at the first one it stops and Decode hands the body to
// the reference decoder, which names the fault exactly as before. So the
// pass must never accept a body that the reference decoder refuses, and
// must decode what it accepts to the value the reference decoder gives.
// It may refuse more (it leaves rare constructions to the reference
// decoder); the differential fuzz test (pass_test.go) holds it to both.

// pass is the state of one reading of a body.
type pass struct {
	data  []byte
	pos   int
	depth int
	// keys holds the names met in the open objects that are not members
	// of a struct by exact name, each object's after its parent's, for
	// the duplicate test; see addKey.
	keys [][]byte
	fold []byte // scratch for a folded name
	text []byte // scratch for an unquoted name or text
	// chars is the chunk that short strings are made in (makeString).
	chars []byte
	// strs holds short strings already made in this pass, by hash, so
	// that a value repeated through a body (a country, a product class)
	// is allocated once.
	strs [32]string
	// slabs are the chunks that the targets of pointers are allocated
	// from, by the plan's slab (see alloc).
	slabs [8]slab
	// amounts holds amounts already read in this pass, by the hash of
	// their text (see amount).
	amounts [8]amountSlot
	// layout is the block of the root plan (see block.go) and block its
	// memory in this pass, allocated at the first target it has a place
	// for; taken counts the places of each of its plans handed out.
	// learn lists, in a pass of a root plan without a layout yet, the
	// plans of the targets allocated one by one.
	layout *blockLayout
	block  unsafe.Pointer
	taken  [maxBlockPlans]uint8
	learn  []*plan
	// learning: the pass lists the plans in learn.
	learning bool
	// unsupported says that the pass stopped at a construction it leaves
	// to the reference decoder (planBail, entry.bail), not at a fault.
	unsupported bool
	// itemBytes is what the slices of large items (plan.count) have
	// taken so far, against the body's budget (itemBudget); refused is
	// the error of a body that went over it.
	itemBytes int
	refused   error
}

// itemBudget is the most memory that the items of slices of large structs
// (a request's lines, a response's taxes) may take when a body of n bytes
// is decoded: a line item is about a kilobyte of Go memory, and a body of
// empty items ("[{},{},…]") three bytes an item, so that without a bound
// 8 MiB of body would take 2.7 GB. Real bodies stay far below it: the
// MaxLines lines of a request take about 10 MB, and a tax of a response
// takes less memory than its JSON.
func itemBudget(n int) int { return 32<<20 + 16*n }

// spend counts size more bytes of large items in the array that opens at
// offset start, and refuses the body once they are over its budget.
func (d *pass) spend(start, size int) bool {
	d.itemBytes += size
	if d.itemBytes <= itemBudget(len(d.data)) {
		return true
	}
	d.refused = &tooLargeError{levy.Invalid(syntaxPath(d.data, start, false),
		"holds more items than a body of %d bytes may decode to: their memory would pass %d bytes", len(d.data), itemBudget(len(d.data)))}
	return false
}

// decodeOnePass decodes data, a body without its byte order mark, into
// v and reports whether it did; on false, v may hold part of the body.
// A body whose items would take more memory than its budget is refused
// with the error refused, which the reference decoder must not be given
// the body again for: it would allocate what the pass refused to.
func decodeOnePass(data []byte, v any) (ok bool, refused error) {
	ok, _, refused = onePass(data, v)
	return ok, refused
}

// onePass is decodeOnePass that also says whether the pass stopped at a
// construction it does not decode rather than at a fault of the body.
func onePass(data []byte, v any) (ok, unsupported bool, refused error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return false, true, nil
	}
	root := pointeePlan(rv.Type().Elem())
	d := pass{data: data, layout: root.block.Load()}
	d.learning = d.layout == nil
	if !d.value(root, rv.UnsafePointer()) {
		return false, d.unsupported, d.refused
	}
	d.space()
	if d.pos != len(d.data) {
		return false, false, nil
	}
	if d.learning && d.learn != nil {
		if l := newBlockLayout(d.learn); l != nil {
			root.block.CompareAndSwap(nil, l)
		}
	}
	return true, false, nil
}

// space moves past white space and returns the next byte, or 0 at the
// end of the body (a 0 in the body is no valid JSON either).
func (d *pass) space() byte {
	for d.pos < len(d.data) {
		switch c := d.data[d.pos]; c {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return c
		}
	}
	return 0
}

// enter counts one more level of nesting.
func (d *pass) enter() bool {
	d.depth++
	return d.depth <= MaxJSONDepth
}

// literal reads the literal word at d.pos.
func (d *pass) literal(word string) bool {
	if len(d.data)-d.pos < len(word) || string(d.data[d.pos:d.pos+len(word)]) != word {
		return false
	}
	d.pos += len(word)
	return true
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// value decodes the value at d.pos into the value of plan pl at p.
func (d *pass) value(pl *plan, p unsafe.Pointer) bool {
	c := d.space()
	if c == 'n' {
		if !d.literal("null") {
			return false
		}
		return d.null(pl, p)
	}
	switch pl.kind {
	case planString:
		if c != '"' {
			return false
		}
		s, ok := d.str()
		*(*string)(p) = s
		return ok
	case planStruct:
		return c == '{' && d.object(pl, p)
	case planPointer:
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			q = d.alloc(pl.elem)
			*(*unsafe.Pointer)(p) = q
		}
		return d.value(pl.elem, q)
	case planSlice:
		return c == '[' && d.list(pl, p)
	case planBool:
		switch {
		case c == 't' && d.literal("true"):
			*(*bool)(p) = true
			return true
		case c == 'f' && d.literal("false"):
			*(*bool)(p) = false
			return true
		}
		return false
	case planInt, planUint, planFloat:
		start, integer, ok := d.number()
		return ok && setNumber(pl, p, d.data[start:d.pos], integer)
	case planAmount:
		if c == '-' || isDigit(c) {
			return d.amount((*money.Amount)(p))
		}
		raw, ok := d.raw(pl.shape)
		return ok && (*money.Amount)(p).UnmarshalJSON(raw) == nil
	case planDate:
		b, ok := d.quoted(c)
		return ok && (*civil.Date)(p).UnmarshalText(b) == nil
	case planText:
		b, ok := d.quoted(c)
		return ok && reflect.NewAt(pl.typ, p).Interface().(encoding.TextUnmarshaler).UnmarshalText(b) == nil
	case planUnmarshaler:
		raw, ok := d.raw(pl.shape)
		return ok && reflect.NewAt(pl.typ, p).Interface().(json.Unmarshaler).UnmarshalJSON(raw) == nil
	case planDelegate:
		raw, ok := d.raw(pl.shape)
		if !ok {
			return false
		}
		if json.Unmarshal(raw, reflect.NewAt(pl.typ, p).Interface()) == nil {
			return true
		}
		// An integer of a map or an array written 2.0, which
		// encoding/json refuses, is the reference decoder's to read
		// (wholeNumbers).
		d.unsupported = mayHoldWhole(raw)
		return false
	case planBail:
		d.unsupported = true
	}
	return false
}

// slab is a chunk of values of one type that the pass hands out as the
// targets of pointers.
type slab struct {
	pl   *plan
	base unsafe.Pointer // the chunk; never a pointer past its end
	used int            // the values of the chunk handed out
	size int            // the values in the chunk
	made int            // the values of pl handed out in this pass
}

// alloc returns a new zero value of plan pl for a pointer to point to.
// The first values of a type in a body are allocated one by one; from
// the third on, the pass allocates arrays of about as many as it made so
// far, up to maxChunk: a body of a hundred lines makes its hundred
// products in a dozen allocations. An array stays in memory while any of
// its values does; all of them belong to the one decoded value.
func (d *pass) alloc(pl *plan) unsafe.Pointer {
	if pl.chunks == nil {
		return d.one(pl)
	}
	// The slab of pl is at its place or one of the next three; else the
	// last of them gives way.
	i := int(pl.slab)
	for n := 0; n < 3 && d.slabs[i].pl != pl && d.slabs[i].pl != nil; n++ {
		i = (i + 1) % len(d.slabs)
	}
	s := &d.slabs[i]
	if s.pl != pl {
		*s = slab{pl: pl}
	}
	s.made++
	if s.used == s.size {
		if s.made <= 2 {
			return d.one(pl)
		}
		k := 0
		for k+1 < len(pl.chunks) && 2<<(k+1) <= s.made {
			k++
		}
		s.base, s.used, s.size = reflect.New(pl.chunks[k]).UnsafePointer(), 0, 2<<k
	}
	p := unsafe.Add(s.base, uintptr(s.used)*pl.size)
	s.used++
	return p
}

// amountSlot is the text of a number and the amount read from it.
type amountSlot struct {
	n    uint8
	text [maxSharedAmount]byte
	a    money.Amount
}

// maxSharedAmount is the length of the longest number whose amount the
// pass shares.
const maxSharedAmount = 22

// amount reads the number at d.pos into a, through its UnmarshalJSON. A
// number written as one before it in the body (a quantity of 1 on every
// line) gets the amount read then: an amount is a value that no method
// changes in place, so two of them may share their digits, as copies of
// one amount do.
func (d *pass) amount(a *money.Amount) bool {
	start, _, ok := d.number()
	if !ok {
		return false
	}
	text := d.data[start:d.pos]
	if len(text) > maxSharedAmount {
		return a.UnmarshalJSON(text) == nil
	}
	slot := &d.amounts[hashName(text)%uint32(len(d.amounts))]
	if int(slot.n) == len(text) && string(slot.text[:slot.n]) == string(text) {
		*a = slot.a
		return true
	}
	if a.UnmarshalJSON(text) != nil {
		return false
	}
	slot.n = uint8(copy(slot.text[:], text))
	slot.a = *a
	return true
}

// null stores a JSON null, just read, into the value of plan pl at p, as
// encoding/json does: it clears a pointer or a slice, passes null to
// UnmarshalJSON, and leaves every other value as it is.
func (d *pass) null(pl *plan, p unsafe.Pointer) bool {
	switch pl.kind {
	case planBail:
		d.unsupported = true
		return false
	case planPointer:
		*(*unsafe.Pointer)(p) = nil
	case planSlice:
		*(*sliceHeader)(p) = sliceHeader{}
	case planAmount:
		return (*money.Amount)(p).UnmarshalJSON(nullJSON) == nil
	case planUnmarshaler:
		return reflect.NewAt(pl.typ, p).Interface().(json.Unmarshaler).UnmarshalJSON(nullJSON) == nil
	case planText:
		switch pl.typ.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
			reflect.NewAt(pl.typ, p).Elem().SetZero()
		}
	case planDelegate:
		return json.Unmarshal(nullJSON, reflect.NewAt(pl.typ, p).Interface()) == nil
	}
	return true
}

var nullJSON = []byte("null")

// raw reads the value at d.pos, checking its names along shape sh, and
// returns its text, as encoding/json passes it to UnmarshalJSON.
func (d *pass) raw(sh *shape) ([]byte, bool) {
	d.space()
	start := d.pos
	if !d.skip(sh) {
		return nil, false
	}
	return d.data[start:d.pos], true
}

// quoted reads the string at d.pos, whose first byte is c, and returns
// its text unquoted, as encoding/json passes it to UnmarshalText. The
// text may be in d.text, valid until the next string is read.
func (d *pass) quoted(c byte) ([]byte, bool) {
	if c != '"' {
		return nil, false
	}
	raw, plain, ok := d.strRaw()
	if !ok {
		return nil, false
	}
	if plain {
		return raw, true
	}
	d.text = unquoteInto(d.text[:0], raw)
	return d.text, true
}

// str reads the string at d.pos and returns it unquoted.
func (d *pass) str() (string, bool) {
	raw, plain, ok := d.strRaw()
	if !ok {
		return "", false
	}
	if !plain {
		d.text = unquoteInto(d.text[:0], raw)
		raw = d.text
	}
	if len(raw) > maxShared {
		return d.makeString(raw), true
	}
	slot := &d.strs[hashName(raw)%uint32(len(d.strs))]
	if *slot != string(raw) {
		*slot = d.makeString(raw)
	}
	return *slot, true
}

// maxShared is the length up to which the pass shares equal strings.
const maxShared = 24

// makeString returns a copy of b as a string. A short one is made in
// d.chars, a chunk of at most maxChars bytes that the strings of the
// pass share, so that the dozen short strings of a one-line request take
// one allocation rather than a dozen; bytes of d.chars once handed out
// are never written again. A string keeps its chunk in memory, at most
// maxChars bytes of strings of the same body.
func (d *pass) makeString(b []byte) string {
	if len(b) == 0 || len(b) > maxCharsString {
		return string(b)
	}
	if cap(d.chars)-len(d.chars) < len(b) {
		// The rest of the body bounds the strings still to come: a
		// small body takes a chunk of its own size.
		n := min(max(len(d.data)-d.pos+len(b), len(b)), maxChars)
		d.chars = make([]byte, 0, n)
	}
	start := len(d.chars)
	d.chars = append(d.chars, b...)
	return unsafe.String(&d.chars[start], len(b))
}

// maxChars is the size of a chunk of d.chars, and maxCharsString the
// longest string made in one.
const (
	maxChars       = 256
	maxCharsString = 64
)

// strRaw reads the string whose opening quote is at d.pos, checking its
// syntax, that its bytes outside ASCII are UTF-8 and that its \u escapes
// of surrogates come in pairs (the reference decoder refuses a string
// that is not so: see invalidUTF8), and returns the bytes between the
// quotes and whether they are its text as they stand: no escape.
func (d *pass) strRaw() (raw []byte, plain, ok bool) {
	data := d.data // a local copy, which the loops need not reload
	start := d.pos + 1
	plain = true
	i := start
	for {
		for i < len(data) && plainByte[data[i]] {
			i++
		}
		if i >= len(data) {
			return nil, false, false
		}
		switch c := data[i]; {
		case c == '"':
			d.pos = i + 1
			return data[start:i], plain, true
		case c < ' ':
			return nil, false, false
		case c == '\\':
			plain = false
			i++
			if i >= len(data) {
				return nil, false, false
			}
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(data) || !isHex(data[i+1]) || !isHex(data[i+2]) || !isHex(data[i+3]) || !isHex(data[i+4]) {
					return nil, false, false
				}
				if data[i+1]|0x20 == 'd' && data[i+2] >= '8' {
					// A surrogate (D800 to DFFF): only a high one
					// followed at once by a low one is a character.
					if surrogateHalf(data[i-1:]) != highSurrogate || surrogateHalf(data[i+5:]) != lowSurrogate {
						return nil, false, false
					}
					i += 6
				}
				i += 4
			default:
				return nil, false, false
			}
		default: // a byte outside ASCII: the first of a UTF-8 sequence
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				return nil, false, false
			}
			i += n - 1
		}
		i++
	}
}

// plainByte marks the bytes that stand for themselves in a JSON string:
// printable ASCII but the quote and the backslash.
var plainByte = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// structural marks the bytes that countItems stops at.
var structural = func() (t [256]bool) {
	for _, c := range `"{}[],` {
		t[c] = true
	}
	return t
}()

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// number reads the number at d.pos, checking its syntax, and returns
// where it starts and whether it is written as an integer (no fraction,
// no exponent).
func (d *pass) number() (start int, integer, ok bool) {
	data, i := d.data, d.pos
	start = i
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i >= len(data):
		return start, false, false
	case data[i] == '0':
		i++
	case '1' <= data[i] && data[i] <= '9':
		for i++; i < len(data) && isDigit(data[i]); i++ {
		}
	default:
		return start, false, false
	}
	integer = true
	if i < len(data) && data[i] == '.' {
		integer = false
		i++
		if i >= len(data) || !isDigit(data[i]) {
			return start, false, false
		}
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		integer = false
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || !isDigit(data[i]) {
			return start, false, false
		}
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	}
	d.pos = i
	return start, integer, true
}

// setNumber stores the JSON number text into the integer or float of
// plan pl at p, and reports whether it fits, as encoding/json decides
// (strconv's parsers and the size of the Go type). An integer takes a
// number written with a fraction or an exponent whose value is whole
// (wholeText), as the reference decoder gives it.
func setNumber(pl *plan, p unsafe.Pointer, text []byte, integer bool) bool {
	if !integer && pl.kind != planFloat {
		return setWhole(pl, p, text)
	}
	s := unsafe.String(unsafe.SliceData(text), len(text)) // read only while text is
	switch pl.kind {
	case planInt:
		// The bit size makes a number out of the type's range an error.
		n, err := strconv.ParseInt(s, 10, pl.bits)
		if !integer || err != nil {
			return false
		}
		switch pl.bits {
		case 8:
			*(*int8)(p) = int8(n)
		case 16:
			*(*int16)(p) = int16(n)
		case 32:
			*(*int32)(p) = int32(n)
		default:
			*(*int64)(p) = n
		}
	case planUint:
		n, err := strconv.ParseUint(s, 10, pl.bits)
		if !integer || err != nil {
			return false
		}
		switch pl.bits {
		case 8:
			*(*uint8)(p) = uint8(n)
		case 16:
			*(*uint16)(p) = uint16(n)
		case 32:
			*(*uint32)(p) = uint32(n)
		default:
			*(*uint64)(p) = n
		}
	case planFloat:
		f, err := strconv.ParseFloat(s, pl.bits)
		if err != nil {
			return false
		}
		if pl.bits == 32 {
			*(*float32)(p) = float32(f)
		} else {
			*(*float64)(p) = f
		}
	default:
		return false
	}
	return true
}

// setWhole stores the JSON number text, written with a fraction or an
// exponent, into the integer of plan pl at p when its value is whole and
// fits. It is apart from setNumber so that the buffer of the digits
// costs nothing to the numbers written as integers.
func setWhole(pl *plan, p unsafe.Pointer, text []byte) bool {
	var buf [maxWholeDigits + 1]byte
	digits, ok := wholeText(&buf, text)
	return ok && setNumber(pl, p, digits, true)
}

// name reads a member name whose opening quote is at d.pos, and the
// colon after it, and returns the name unquoted. An unquoted name is in
// d.text, valid until the next string is read.
func (d *pass) name() ([]byte, bool) {
	raw, plain, ok := d.strRaw()
	if !ok {
		return nil, false
	}
	name := raw
	if !plain {
		d.text = unquoteInto(d.text[:0], raw)
		name = d.text
	}
	if d.space() != ':' {
		return nil, false
	}
	d.pos++
	return name, true
}

// object decodes the object at d.pos into the struct of plan pl at p.
func (d *pass) object(pl *plan, p unsafe.Pointer) bool {
	if !d.enter() {
		return false
	}
	d.pos++
	// seen marks the members met by exact name; the other names go to
	// d.keys from base on.
	var small [4]uint64
	seen := small[:]
	if n := (len(pl.shape.members) + 63) / 64; n > len(small) {
		seen = make([]uint64, n)
	}
	base := len(d.keys)
	var many map[string]struct{}
	c := d.space()
	if c == '}' {
		d.pos++
		d.depth--
		return true
	}
	for {
		if c != '"' {
			return false
		}
		name, ok := d.name()
		if !ok {
			return false
		}
		e := pl.names.find(name)
		if e == nil {
			d.fold = foldName(d.fold[:0], name)
			e = pl.folded[string(d.fold)]
		}
		var dup bool
		switch {
		case e != nil && e.bail:
			d.unsupported = true
			return false
		case e != nil && e.strictFold:
			return false
		case e != nil && e.seen >= 0:
			word, bit := e.seen/64, uint64(1)<<(e.seen%64)
			dup = seen[word]&bit != 0
			seen[word] |= bit
		default:
			dup, many = d.addKey(base, many, name)
		}
		if dup {
			return false
		}
		switch {
		case e == nil:
			ok = d.skip(otherShape)
		case e.field != nil:
			ok = d.value(e.field.plan, unsafe.Add(p, e.field.offset))
		default:
			ok = d.skip(e.shape)
		}
		if !ok {
			return false
		}
		switch d.space() {
		case ',':
			d.pos++
			c = d.space()
		case '}':
			d.pos++
			d.keys = d.keys[:base]
			d.depth--
			return true
		default:
			return false
		}
	}
}

// addKey records name among the names of the object whose names start
// at d.keys[base], and reports whether it was there already. The names
// of an object with many of them go to a map, which addKey makes and
// returns. A name unquoted into d.text is copied.
func (d *pass) addKey(base int, many map[string]struct{}, name []byte) (bool, map[string]struct{}) {
	var dup bool
	borrowed := len(d.text) > 0 && unsafe.SliceData(name) == unsafe.SliceData(d.text)
	d.keys, dup, many = addName(d.keys, base, many, name, borrowed)
	return dup, many
}

// list decodes the array at d.pos into the slice of plan pl at p, as
// encoding/json does: into the slice's own items as far as its length
// goes, into those of its capacity beyond that, then growing it. A
// slice of large items that is nil gets the items counted first and is
// allocated once.
func (d *pass) list(pl *plan, p unsafe.Pointer) bool {
	if !d.enter() {
		return false
	}
	start := d.pos
	d.pos++
	h := (*sliceHeader)(p)
	if d.space() == ']' {
		d.pos++
		d.depth--
		reflect.NewAt(pl.typ, p).Elem().Set(reflect.MakeSlice(pl.typ, 0, 0))
		return true
	}
	if h.data == nil && pl.count {
		// Counting pays past a few items; with less than countFrom bytes
		// of body left, the slice starts with one item and grows.
		n := 1
		if len(d.data)-d.pos >= countFrom {
			n = d.countItems()
		}
		if !d.spend(start, n*int(pl.elem.size)) {
			return false
		}
		if n == 1 {
			// A value of the item's type is laid out as an array of one.
			h.data, h.cap = reflect.New(pl.elem.typ).UnsafePointer(), 1
		} else {
			reflect.NewAt(pl.typ, p).Elem().Set(reflect.MakeSlice(pl.typ, 0, n))
		}
	}
	size := pl.elem.size
	for i := 0; ; i++ {
		if i >= h.cap {
			if pl.count && !d.spend(start, (max(h.cap, 1))*int(size)) {
				return false
			}
			reflect.NewAt(pl.typ, p).Elem().Grow(1)
		}
		if i >= h.len {
			h.len = i + 1
		}
		if d.space() == 'n' {
			// A null item: the reference decoder refuses one of a
			// list of objects (strict.go) and names it.
			return false
		}
		if !d.value(pl.elem, unsafe.Add(h.data, uintptr(i)*size)) {
			return false
		}
		switch d.space() {
		case ',':
			d.pos++
		case ']':
			d.pos++
			h.len = i + 1
			d.depth--
			return true
		default:
			return false
		}
	}
}

// countFrom is the length of body left from which the pass counts the
// items of an array of large structs before it allocates them.
const countFrom = 512

// countItems returns the number of items of the array whose first item
// is at d.pos, counting its commas outside nested values and strings
// without checking the syntax, which decoding the items does. It counts
// only objects, the items of a slice of structs, so that a body of other
// items (which decoding refuses at once) allocates nothing for them, and
// returns 1 when it meets another item.
func (d *pass) countItems() int {
	data, i := d.data, d.pos
	if i >= len(data) || data[i] != '{' {
		return 1
	}
	n, depth := 1, 0
	for ; i < len(data); i++ {
		for i < len(data) && !structural[data[i]] {
			i++
		}
		if i == len(data) {
			break
		}
		switch data[i] {
		case '"':
			for i++; i < len(data); i++ {
				for i < len(data) && plainByte[data[i]] {
					i++
				}
				if i >= len(data) || data[i] == '"' {
					break
				}
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth < 0 {
				return n
			}
		case ',':
			if depth > 0 {
				continue
			}
			for i++; i < len(data) && isSpace(data[i]); i++ {
			}
			if i >= len(data) || data[i] != '{' {
				return 1
			}
			n++
			depth++
		}
	}
	return n
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skip reads the value at d.pos without storing it, checking its syntax
// and, along shape sh, its member names.
func (d *pass) skip(sh *shape) bool {
	switch c := d.space(); c {
	case '{':
		return d.skipObject(sh)
	case '[':
		return d.skipList(sh)
	case '"':
		_, _, ok := d.strRaw()
		return ok
	case 't':
		return d.literal("true")
	case 'f':
		return d.literal("false")
	case 'n':
		return d.literal("null")
	default:
		_, _, ok := d.number()
		return ok
	}
}

// skipList reads an array along shape sh without storing it.
func (d *pass) skipList(sh *shape) bool {
	if !d.enter() {
		return false
	}
	d.pos++
	item := otherShape
	if sh.kind == shapeList {
		item = sh.elem
	}
	if d.space() == ']' {
		d.pos++
		d.depth--
		return true
	}
	for {
		if !d.skip(item) {
			return false
		}
		switch d.space() {
		case ',':
			d.pos++
		case ']':
			d.pos++
			d.depth--
			return true
		default:
			return false
		}
	}
}

// skipObject reads an object along shape sh without storing it, refusing
// the names strict.go refuses.
func (d *pass) skipObject(sh *shape) bool {
	if !d.enter() {
		return false
	}
	d.pos++
	var small [4]uint64
	var seen []uint64
	if sh.kind == shapeStruct {
		if n := (len(sh.members) + 63) / 64; n <= len(small) {
			seen = small[:n]
		} else {
			seen = make([]uint64, n)
		}
	}
	base := len(d.keys)
	var many map[string]struct{}
	c := d.space()
	if c == '}' {
		d.pos++
		d.depth--
		return true
	}
	for {
		if c != '"' {
			return false
		}
		name, ok := d.name()
		if !ok {
			return false
		}
		next, known := otherShape, -1
		switch sh.kind {
		case shapeStruct:
			if i, ok := sh.byName[string(name)]; ok {
				known, next = i, sh.members[i].shape
			} else {
				d.fold = foldName(d.fold[:0], name)
				if _, ok := sh.byFold[string(d.fold)]; ok {
					return false
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
			dup, many = d.addKey(base, many, name)
		}
		if dup || !d.skip(next) {
			return false
		}
		switch d.space() {
		case ',':
			d.pos++
			c = d.space()
		case '}':
			d.pos++
			d.keys = d.keys[:base]
			d.depth--
			return true
		default:
			return false
		}
	}
}
