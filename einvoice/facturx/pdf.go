package facturx

import (
	"bytes"
	"strconv"
)

// The objects of a PDF, as the reader keeps them: nil (null), bool,
// number (an integer or a real, as written), name, str, []any (an
// array), dict, ref and *stream.
type (
	name   string
	str    []byte
	number string
	ref    struct{ num, gen int }
	dict   map[name]any
	stream struct {
		dict dict
		data []byte // raw, as it is in the file
	}
)

// integer returns the value of an integer number.
func (n number) integer() (int, bool) {
	v, err := strconv.Atoi(string(n))
	return v, err == nil
}

// isSpace reports whether c is PDF white space.
func isSpace(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\f', '\r', ' ':
		return true
	}
	return false
}

// isDelim reports whether c is a PDF delimiter.
func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

// token kinds of the lexer.
const (
	tEOF = iota
	tNumber
	tName
	tString
	tKeyword
	tDictOpen
	tDictClose
	tArrayOpen
	tArrayClose
	tOther // a delimiter that starts nothing Levy reads, such as '{'
)

// lexer reads the tokens of a PDF from b. It never fails: what it cannot
// read is a token of kind tOther, one byte long, so that a caller makes
// progress whatever the input.
type lexer struct {
	b   []byte
	pos int
}

type token struct {
	kind int
	text []byte // the number, keyword or name (decoded), or the string's bytes
}

// skipSpace skips white space and comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		switch {
		case isSpace(c):
			l.pos++
		case c == '%':
			for l.pos < len(l.b) && l.b[l.pos] != '\n' && l.b[l.pos] != '\r' {
				l.pos++
			}
		default:
			return
		}
	}
}

// next returns the next token.
func (l *lexer) next() token {
	l.skipSpace()
	if l.pos >= len(l.b) {
		return token{kind: tEOF}
	}
	c := l.b[l.pos]
	switch c {
	case '/':
		l.pos++
		return token{kind: tName, text: l.name()}
	case '(':
		l.pos++
		return token{kind: tString, text: l.literal()}
	case '<':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '<' {
			l.pos += 2
			return token{kind: tDictOpen}
		}
		l.pos++
		return token{kind: tString, text: l.hex()}
	case '>':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '>' {
			l.pos += 2
			return token{kind: tDictClose}
		}
		l.pos++
		return token{kind: tOther}
	case '[':
		l.pos++
		return token{kind: tArrayOpen}
	case ']':
		l.pos++
		return token{kind: tArrayClose}
	}
	if isDelim(c) {
		l.pos++
		return token{kind: tOther}
	}
	start := l.pos
	for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		l.pos++
	}
	word := l.b[start:l.pos]
	if isNumber(word) {
		return token{kind: tNumber, text: word}
	}
	return token{kind: tKeyword, text: word}
}

// isNumber reports whether w is a PDF number: an optional sign, digits
// and at most one point.
func isNumber(w []byte) bool {
	digits, points := 0, 0
	for i, c := range w {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			points++
		case (c == '+' || c == '-') && i == 0:
		default:
			return false
		}
	}
	return digits > 0 && points <= 1
}

// name reads a name after its '/', decoding #hh escapes.
func (l *lexer) name() []byte {
	var out []byte
	for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		c := l.b[l.pos]
		if c == '#' && l.pos+2 < len(l.b) {
			if v, err := strconv.ParseUint(string(l.b[l.pos+1:l.pos+3]), 16, 8); err == nil {
				out = append(out, byte(v))
				l.pos += 3
				continue
			}
		}
		out = append(out, c)
		l.pos++
	}
	return out
}

// literal reads a literal string after its '(': balanced parentheses and
// the escapes of the PDF specification. An unterminated string ends at the
// end of the input.
func (l *lexer) literal() []byte {
	var out []byte
	depth := 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return out
			}
		case '\\':
			if l.pos >= len(l.b) {
				return out
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
						v = v*8 + int(l.b[l.pos]-'0')
						l.pos++
					}
					c = byte(v)
				} else {
					c = e
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// hex reads a hexadecimal string after its '<'.
func (l *lexer) hex() []byte {
	var out []byte
	half, have := byte(0), false
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		var v byte
		switch {
		case c == '>':
			if have {
				out = append(out, half<<4)
			}
			return out
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			continue
		}
		if have {
			out = append(out, half<<4|v)
			have = false
		} else {
			half, have = v, true
		}
	}
	return out
}

// parser reads objects from a lexer, within bounds.
type parser struct {
	lex    lexer
	values int // values read so far, bounded by MaxValues
	// ints holds, by object number, the values of the objects that are
	// one integer ("7 0 obj 1234 endobj"), as found before the scan: the
	// candidates of a stream's /Length given by reference.
	ints map[int][]int
}

// integerObjects finds the objects that are one integer, by a plain
// search of the bytes (the scan has not read the streams yet, so it
// cannot know what is data): the stream reader uses them only where the
// data they measure is followed by "endstream".
func integerObjects(b []byte) map[int][]int {
	out := map[int][]int{}
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte("obj"))
		if j < 0 {
			return out
		}
		at := i + j
		i = at + 3
		// Back: " N G " before "obj".
		k := at
		for k > 0 && isSpace(b[k-1]) {
			k--
		}
		genEnd := k
		for k > 0 && b[k-1] >= '0' && b[k-1] <= '9' {
			k--
		}
		if k == genEnd || k == 0 || !isSpace(b[k-1]) {
			continue
		}
		for k > 0 && isSpace(b[k-1]) {
			k--
		}
		numEnd := k
		for k > 0 && b[k-1] >= '0' && b[k-1] <= '9' {
			k--
		}
		num, err := strconv.Atoi(string(b[k:numEnd]))
		if k == numEnd || err != nil {
			continue
		}
		// Forward: an integer, then "endobj".
		m := i
		for m < len(b) && isSpace(b[m]) {
			m++
		}
		vs := m
		for m < len(b) && b[m] >= '0' && b[m] <= '9' {
			m++
		}
		v, err := strconv.Atoi(string(b[vs:m]))
		if m == vs || err != nil {
			continue
		}
		for m < len(b) && isSpace(b[m]) {
			m++
		}
		if bytes.HasPrefix(b[m:], []byte("endobj")) && len(out[num]) < 8 {
			out[num] = append(out[num], v)
		}
	}
}

// errLimit is returned when an input exceeds a bound of the reader.
type errLimit struct{ what string }

func (e errLimit) Error() string { return e.what }

// value reads one object whose first token is t. It returns the object
// and false when t starts none (a stray keyword or delimiter).
func (p *parser) value(t token, depth int) (any, bool, error) {
	if p.values++; p.values > MaxValues {
		return nil, false, errLimit{"the PDF has more than " + strconv.Itoa(MaxValues) + " values"}
	}
	switch t.kind {
	case tNumber:
		// An integer followed by an integer and R is a reference.
		save := p.lex.pos
		if n1, ok := number(t.text).integer(); ok {
			if t2 := p.lex.next(); t2.kind == tNumber {
				if n2, ok := number(t2.text).integer(); ok {
					if t3 := p.lex.next(); t3.kind == tKeyword && string(t3.text) == "R" {
						return ref{n1, n2}, true, nil
					}
				}
			}
		}
		p.lex.pos = save
		return number(t.text), true, nil
	case tName:
		return name(t.text), true, nil
	case tString:
		return str(t.text), true, nil
	case tKeyword:
		switch string(t.text) {
		case "true":
			return true, true, nil
		case "false":
			return false, true, nil
		case "null":
			return nil, true, nil
		}
		return nil, false, nil
	case tArrayOpen:
		if depth >= MaxDepth {
			return nil, false, errLimit{"the PDF nests arrays and dictionaries more than " + strconv.Itoa(MaxDepth) + " deep"}
		}
		var arr []any
		for {
			t := p.lex.next()
			if t.kind == tArrayClose || t.kind == tEOF {
				return arr, true, nil
			}
			v, ok, err := p.value(t, depth+1)
			if err != nil {
				return nil, false, err
			}
			if ok {
				arr = append(arr, v)
			}
		}
	case tDictOpen:
		if depth >= MaxDepth {
			return nil, false, errLimit{"the PDF nests arrays and dictionaries more than " + strconv.Itoa(MaxDepth) + " deep"}
		}
		d := dict{}
		for {
			t := p.lex.next()
			switch t.kind {
			case tDictClose, tEOF:
				return d, true, nil
			case tName:
			default:
				continue // not a key: step over it
			}
			key := name(t.text)
			vt := p.lex.next()
			if vt.kind == tDictClose || vt.kind == tEOF {
				return d, true, nil
			}
			v, ok, err := p.value(vt, depth+1)
			if err != nil {
				return nil, false, err
			}
			if ok {
				d[key] = v
			}
		}
	}
	return nil, false, nil
}

// streamData reads the data of a stream whose keyword "stream" the lexer
// has just read, and moves past its "endstream". Its length is the
// dictionary's /Length when that is a number that ends where
// "endstream" follows, and otherwise runs to the next "endstream" (a
// length given by reference is resolved later, when the data is used).
func (p *parser) streamData(d dict) []byte {
	b := p.lex.b
	start := p.lex.pos
	if start < len(b) && b[start] == '\r' {
		start++
	}
	if start < len(b) && b[start] == '\n' {
		start++
	}
	var lengths []int
	switch l := d["Length"].(type) {
	case number:
		if n, ok := l.integer(); ok {
			lengths = append(lengths, n)
		}
	case ref:
		c := p.ints[l.num]
		for i := len(c) - 1; i >= 0; i-- {
			lengths = append(lengths, c[i])
		}
	}
	for _, length := range lengths {
		if length < 0 || start+length > len(b) {
			continue
		}
		end := start + length
		after := end
		for after < len(b) && isSpace(b[after]) {
			after++
		}
		if bytes.HasPrefix(b[after:], []byte("endstream")) {
			p.lex.pos = after + len("endstream")
			return b[start:end]
		}
	}
	i := bytes.Index(b[start:], []byte("endstream"))
	if i < 0 {
		p.lex.pos = len(b)
		return b[start:]
	}
	end := start + i
	p.lex.pos = end + len("endstream")
	if end > start && b[end-1] == '\n' {
		end--
	}
	if end > start && b[end-1] == '\r' {
		end--
	}
	return b[start:end]
}
