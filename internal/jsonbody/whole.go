package jsonbody

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// Whole numbers written otherwise. JSON has one type of number, and a
// client that keeps a whole number in a double may write it 2.0, 8.4e2
// or 1e0; JSON Schema counts such a number as an integer. encoding/json
// reads only digits into a Go integer, so Decode reads an integer
// member's number through wholeText first: a number whose value is
// whole goes in as its plain digits, and one that is not (2.5), or that
// the member cannot hold (1e400, 3e9 for an int32), is refused as
// before, naming the member and the number as it was written.

// maxWholeDigits is the most digits of a whole number that wholeText
// writes out: a uint64 has 20, so that any more is out of every integer
// type's range.
const maxWholeDigits = 20

// wholeText writes the value of text, a JSON number with a fraction or
// an exponent, into buf as an optional minus sign and plain digits, and
// returns them, when that value is a whole number of at most
// maxWholeDigits digits: "2.0" gives "2", "8.4e2" "840", "1e0" "1",
// "-0.0" "0". It reports false for a number that is not whole ("2.5",
// "1e-1"), for one of more digits ("1e400") and for text that is not a
// number.
func wholeText(buf *[maxWholeDigits + 1]byte, text []byte) ([]byte, bool) {
	i := 0
	neg := i < len(text) && text[i] == '-'
	if neg {
		i++
	}
	intStart := i
	for i < len(text) && isDigit(text[i]) {
		i++
	}
	intPart := text[intStart:i]
	var frac []byte
	if i < len(text) && text[i] == '.' {
		i++
		fracStart := i
		for i < len(text) && isDigit(text[i]) {
			i++
		}
		frac = text[fracStart:i]
	}
	// exp is the exponent, held within a bound that keeps it from
	// overflowing: any exponent past it is far out of range either way.
	exp := 0
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		expNeg := i < len(text) && text[i] == '-'
		if i < len(text) && (text[i] == '-' || text[i] == '+') {
			i++
		}
		if i >= len(text) {
			return nil, false
		}
		for ; i < len(text) && isDigit(text[i]); i++ {
			if exp < 1<<20 {
				exp = exp*10 + int(text[i]-'0')
			}
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(text) || len(intPart) == 0 {
		return nil, false
	}
	// The value is the digits of intPart and frac, read as one row,
	// with the decimal point moved to point: whole when every digit
	// from point on is 0.
	n := len(intPart) + len(frac)
	digit := func(k int) byte {
		if k < len(intPart) {
			return intPart[k]
		}
		return frac[k-len(intPart)]
	}
	point := len(intPart) + exp
	for k := max(point, 0); k < n; k++ {
		if digit(k) != '0' {
			return nil, false
		}
	}
	first := 0
	for first < min(point, n) && digit(first) == '0' {
		first++
	}
	if first >= min(point, n) {
		buf[0] = '0'
		return buf[:1], true
	}
	if point-first > maxWholeDigits {
		return nil, false
	}
	out := buf[:0]
	if neg {
		out = append(out, '-')
	}
	for k := first; k < point; k++ {
		if k < n {
			out = append(out, digit(k))
		} else {
			out = append(out, '0')
		}
	}
	return out, true
}

// wholeNumbers returns data with every number that an integer of type t
// takes and that is written with a fraction or an exponent but is whole
// (wholeText) and fits the integer written as its plain digits, for the
// reference decoder, which reads integers with encoding/json. It reports false, and data is
// to be used as it is, when there is no such number, or when data is not
// one well-formed JSON value, whose fault the reference decoder names at
// its offset in data. Bytes after the value are kept as they are.
func wholeNumbers(data []byte, t reflect.Type) ([]byte, bool) {
	if !mayHoldWhole(data) {
		return nil, false
	}
	w := wholeWalk{locator: locator{dec: json.NewDecoder(bytes.NewReader(data))}}
	w.dec.UseNumber()
	w.value(t)
	if w.err != nil || len(w.spans) == 0 {
		return nil, false
	}
	out := make([]byte, 0, len(data))
	at := 0
	for _, s := range w.spans {
		out = append(out, data[at:s.start]...)
		out = append(out, s.text...)
		at = s.end
	}
	return append(out, data[at:]...), true
}

// mayHoldWhole reports whether data has a digit followed by '.', 'e' or
// 'E' outside its strings: the only bodies that wholeNumbers may change.
func mayHoldWhole(data []byte) bool {
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case isDigit(c) && i+1 < len(data) && (data[i+1] == '.' || data[i+1] == 'e' || data[i+1] == 'E'):
			return true
		}
	}
	return false
}

// wholeSpan is a number of a body to be written as text, its plain
// digits: the bytes from start to end.
type wholeSpan struct {
	start, end int
	text       []byte
}

// wholeWalk reads the tokens of one JSON value along a Go type, as
// locate does, and collects the numbers to rewrite.
type wholeWalk struct {
	locator
	spans []wholeSpan
}

// value reads the next value, which a Go value of type t takes.
func (w *wholeWalk) value(t reflect.Type) {
	t = Deref(t)
	tok := w.token()
	open, isDelim := tok.(json.Delim)
	switch {
	case w.err != nil || tok == nil:
		return
	case isDelim && (t.Kind() == reflect.Interface || IsLeaf(t)):
		w.skip()
		return
	case open == '{' && t.Kind() == reflect.Struct:
		ms := membersOf(t)
		for w.err == nil && w.dec.More() {
			key, _ := w.token().(string)
			if m, ok := ms.lookup(key); ok {
				w.value(m.typ)
			} else {
				w.value(reflect.TypeFor[any]())
			}
		}
	case open == '{' && t.Kind() == reflect.Map:
		for w.err == nil && w.dec.More() {
			w.token()
			w.value(t.Elem())
		}
	case open == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		for w.err == nil && w.dec.More() {
			w.value(t.Elem())
		}
	case isDelim:
		w.skip()
		return
	default:
		if num, ok := tok.(json.Number); ok && isInteger(t) && !IsLeaf(t) && strings.ContainsAny(string(num), ".eE") {
			var buf [maxWholeDigits + 1]byte
			if text, whole := wholeText(&buf, []byte(num)); whole && fits(text, t) {
				end := int(w.dec.InputOffset())
				w.spans = append(w.spans, wholeSpan{end - len(num), end, bytes.Clone(text)})
			}
		}
		return
	}
	w.token() // the closing '}' or ']'
}

// isInteger reports whether t is a Go integer type.
func isInteger(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// fits reports whether the plain digits text fit integer type t. A
// number that does not is left as it was written, which the refusal
// quotes.
func fits(text []byte, t reflect.Type) bool {
	var err error
	switch t.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		_, err = strconv.ParseUint(string(text), 10, t.Bits())
	default:
		_, err = strconv.ParseInt(string(text), 10, t.Bits())
	}
	return err == nil
}
