package jsonbody

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"sync"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// The reference decoder is the one Levy used before the one pass
// (pass.go), kept whole: a scan of the member names along the Go type
// (strict.go), encoding/json's Decoder, and on an error a walk that finds
// the path of the faulty value (locate). Decode hands it every body that
// the one pass does not accept, so that a refused body gets the error it
// always got: the same path, the same words, the same order of faults
// (the depth bound, then strings that are not UTF-8 or escape a lone
// surrogate, then the syntax, then the values, then data after the value,
// then loose member names). Such a string, which encoding/json reads with
// U+FFFD in place of each bad byte or escape, is refused before
// encoding/json sees it.

// decodeReference decodes data, a body without its byte order mark, into
// v as Decode did before the one pass.
func decodeReference(data []byte, v any) error {
	var strict *levy.Error
	if t := reflect.TypeOf(v); t != nil && t.Kind() == reflect.Pointer {
		var st scanStatus
		st, strict = checkMembers(data, shapeOf(t))
		switch {
		case st == scanTooDeep:
			return depthError()
		case st == scanMalformed && !depthWithin(data, 0):
			return depthError()
		}
	}
	if err := invalidUTF8(data); err != nil {
		return err
	}
	// An integer written 2.0 or 1e0 goes to encoding/json as 2 or 1, in
	// a copy of the body that differs only within its value, so that
	// offsets after the value are counted in data.
	read := data
	if whole, ok := wholeNumbers(data, reflect.TypeOf(v)); ok {
		read = whole
	}
	dec := json.NewDecoder(bytes.NewReader(read))
	if err := dec.Decode(v); err != nil {
		return decodeError(read, v, err)
	}
	rest := bytes.TrimLeft(read[dec.InputOffset():], " \t\r\n")
	if len(rest) > 0 {
		return levy.Invalid("", "the request body must hold a single JSON value, but more data follows at byte offset %d", len(data)-len(rest))
	}
	if strict != nil {
		// Reported after the errors of decoding, which name what is wrong
		// with a value; v holds what encoding/json made of the body, which
		// the caller drops with the error.
		return strict
	}
	return nil
}

// decodeError turns an error of encoding/json into a *levy.Error.
func decodeError(data []byte, v any, err error) error {
	var syn *json.SyntaxError
	var bad *json.InvalidUnmarshalError
	switch {
	case errors.As(err, &bad):
		return fmt.Errorf("jsonbody: decode: %w", err)
	case errors.Is(err, io.EOF):
		return levy.Invalid("", "the request body is empty: %s is required", wanted(reflect.TypeOf(v)))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return levy.Invalid("", "the request body is not valid JSON: it ends before the value is complete")
	case errors.As(err, &syn):
		// encoding/json counts the bytes read, the bad one included. The
		// fault is named by the member it is in, where there is one, and
		// a number with a decimal comma gets the number JSON wants.
		at := int(max(syn.Offset-1, 0))
		hint := nearMiss(data, at)
		path := syntaxPath(data, at, hint != "")
		if path == "" {
			return levy.Invalid("", "the request body is not valid JSON: %s at byte offset %d%s", syn.Error(), at, hint)
		}
		return levy.Invalid(path, "is not valid JSON: %s at byte offset %d%s", syn.Error(), at, hint)
	}
	if p, msg, found := locate(data, reflect.TypeOf(v).Elem()); found {
		if p == nil {
			msg = "the request body " + msg
		}
		return levy.Invalid(p.String(), "%s", msg)
	}
	// encoding/json found a fault that locate missed: keep its own words
	// and its dotted path, which names the member without array indices.
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return levy.Invalid(typ.Field, "%s", mismatch(typ.Type, typ.Value))
	}
	return levy.Invalid("", "the request body does not fit: %v", err)
}

// wanted names the JSON value that decodes into *t, for the refusal of
// an empty body: a JSON array for a slice (the searches of a batch
// lookup), a JSON object for a struct or a map, and a JSON value for
// anything else (a nil t too).
func wanted(t reflect.Type) string {
	if t == nil {
		return "a JSON value"
	}
	switch Deref(t).Kind() {
	case reflect.Slice, reflect.Array:
		return "a JSON array"
	case reflect.Struct, reflect.Map:
		return "a JSON object"
	}
	return "a JSON value"
}

// locate walks data, a well-formed JSON value, along type t in one pass
// over its tokens and finds the first value that does not decode into its
// Go type. It returns the path of that value and what is wrong with it.
// encoding/json does not say where the errors of amounts, dates and
// enumerations arise, and names other faulty members without array
// indices; locate decodes each scalar on its own to name the exact place.
func locate(data []byte, t reflect.Type) (*Path, string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	l := locator{dec: dec}
	p, msg, found := l.value(t, nil)
	return p, msg, found && l.err == nil
}

// locator reads the tokens of one JSON value.
type locator struct {
	dec *json.Decoder
	err error // the first error of the token stream, which ends the walk
}

// token returns the next token, or nil after an error of the stream.
func (l *locator) token() json.Token {
	if l.err != nil {
		return nil
	}
	tok, err := l.dec.Token()
	if err != nil {
		l.err = err
		return nil
	}
	return tok
}

// value reads the next value, which the field at p of type t takes, and
// reports the first fault in it.
func (l *locator) value(t reflect.Type, p *Path) (*Path, string, bool) {
	t = Deref(t)
	tok := l.token()
	open, isDelim := tok.(json.Delim)
	switch {
	case l.err != nil || tok == nil || t.Kind() == reflect.Interface:
		if isDelim {
			l.skip()
		}
		return nil, "", false
	case open == '{' && t.Kind() == reflect.Struct && !IsLeaf(t):
		ms := membersOf(t)
		for l.err == nil && l.dec.More() {
			key, _ := l.token().(string)
			m, ok := ms.lookup(key)
			if !ok {
				l.value(reflect.TypeFor[any](), nil)
				continue
			}
			if q, msg, found := l.value(m.typ, p.Field(m.name)); found {
				return q, msg, true
			}
		}
	case open == '{' && t.Kind() == reflect.Map:
		for l.err == nil && l.dec.More() {
			key, _ := l.token().(string)
			if q, msg, found := l.value(t.Elem(), p.Field(key)); found {
				return q, msg, true
			}
		}
	case open == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		for i := 0; l.err == nil && l.dec.More(); i++ {
			if q, msg, found := l.value(t.Elem(), p.Index(i)); found {
				return q, msg, true
			}
		}
	default:
		// A scalar, or an object or array where t takes something else:
		// decode it, or its empty likeness, on its own.
		text := []byte("{}")
		switch tok := tok.(type) {
		case json.Delim:
			if tok == '[' {
				text = []byte("[]")
			}
			l.skip()
		case json.Number:
			text = []byte(tok)
		default:
			text, _ = json.Marshal(tok)
		}
		if err := json.Unmarshal(text, reflect.New(t).Interface()); err != nil {
			return p, explain(err, t), true
		}
		return nil, "", false
	}
	l.token() // the closing '}' or ']'
	return nil, "", false
}

// skip reads the rest of an object or array whose opening token was read.
func (l *locator) skip() {
	for depth := 1; depth > 0 && l.err == nil; {
		switch l.token() {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
}

// member is a JSON member of a struct type: its name and Go type.
type member struct {
	name string
	typ  reflect.Type
}

// members are the JSON members of a struct type, embedded structs'
// members included, as encoding/json sees them.
type members map[string]member

// lookup finds the member of a key as encoding/json does: by exact name
// first, then ignoring case.
func (ms members) lookup(key string) (member, bool) {
	if m, ok := ms[key]; ok {
		return m, true
	}
	for name, m := range ms {
		if strings.EqualFold(name, key) {
			return m, true
		}
	}
	return member{}, false
}

var membersCache sync.Map // reflect.Type → members

// membersOf returns the JSON members of struct type t. A member of an
// embedded struct is shadowed by a member of the same name nearer the
// top, as in encoding/json.
func membersOf(t reflect.Type) members {
	if ms, ok := membersCache.Load(t); ok {
		return ms.(members)
	}
	ms := members{}
	level := []reflect.Type{t}
	for len(level) > 0 {
		var next []reflect.Type
		found := members{}
		for _, st := range level {
			for i := range st.NumField() {
				sf := st.Field(i)
				name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
				switch {
				case name == "-":
				case sf.Anonymous && name == "" && Deref(sf.Type).Kind() == reflect.Struct:
					next = append(next, Deref(sf.Type))
				case sf.IsExported():
					if name == "" {
						name = sf.Name
					}
					if _, taken := ms[name]; !taken {
						found[name] = member{name: name, typ: sf.Type}
					}
				}
			}
		}
		for name, m := range found {
			ms[name] = m
		}
		level = next
	}
	membersCache.Store(t, ms)
	return ms
}

// explain says in words why a JSON value does not decode into type t.
func explain(err error, t reflect.Type) string {
	var typ *json.UnmarshalTypeError
	var day *civil.NoSuchDayError
	switch {
	case t == reflect.TypeFor[civil.Date]() && errors.As(err, &day):
		return "must be a date that exists: " + day.Text + " is no day of the calendar (" + day.Reason + ")"
	case t == reflect.TypeFor[civil.Date]():
		return "must be a date of the form YYYY-MM-DD"
	case t == reflect.TypeFor[jurisdiction.Type]():
		names := make([]string, 0, 16)
		for _, jt := range jurisdiction.Types() {
			names = append(names, jt.String())
		}
		return "must be one of " + strings.Join(names, ", ")
	case Deref(t) == reflect.TypeFor[decimal.Decimal]():
		// The decimal package's own words ("error decoding string
		// '"5%"': can't convert 5% to decimal") went to the client.
		return "must be a decimal number such as 0.05, as a JSON number or a string holding one (no percent sign, currency or thousands separator)"
	case errors.Is(err, money.ErrRange):
		return "must be a number of at most 1000 digits with an exponent of at most 1000"
	case errors.Is(err, money.ErrSyntax):
		return "must be a JSON number, such as 12.50"
	case errors.As(err, &typ):
		return mismatch(t, typ.Value)
	}
	return err.Error()
}

// mismatch says in words why a JSON value, value as encoding/json's
// UnmarshalTypeError describes it ("string", "number 1e400"), does not
// decode into type t: the JSON values t takes and the one sent. A number
// too large for a float (1e400 for a float64), which encoding/json
// reports as a mismatch of a number with a number type, is told the
// range of t's numbers instead. A number is quoted as it was written
// only up to its first 64 bytes (Clip): a literal of megabytes is not
// sent back whole.
func mismatch(t reflect.Type, value string) string {
	if literal, ok := strings.CutPrefix(value, "number "); ok {
		value = "number " + Clip(literal)
	}
	if t != nil && strings.HasPrefix(value, "number") {
		switch Deref(t).Kind() {
		case reflect.Float32:
			return fmt.Sprintf("must be a number from -%g to %g, not %s", math.MaxFloat32, math.MaxFloat32, strings.TrimPrefix(value, "number "))
		case reflect.Float64:
			return fmt.Sprintf("must be a number from -%g to %g, not %s", math.MaxFloat64, math.MaxFloat64, strings.TrimPrefix(value, "number "))
		}
	}
	return fmt.Sprintf("must be %s, not a JSON %s", want(t), value)
}

// want names the JSON values that decode into type t.
func want(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	t = Deref(t)
	switch t.Kind() {
	case reflect.String:
		return "a JSON string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		lo := int64(-1) << (t.Bits() - 1)
		return fmt.Sprintf("a whole number from %d to %d", lo, -(lo + 1))
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(1)<<t.Bits()-1)
	case reflect.Float32, reflect.Float64:
		return "a JSON number"
	case reflect.Slice, reflect.Array:
		return "a JSON array"
	case reflect.Struct:
		if t == reflect.TypeFor[money.Amount]() {
			return "a JSON number"
		}
		return "a JSON object"
	}
	return "another type"
}
