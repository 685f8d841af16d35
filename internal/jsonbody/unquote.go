package jsonbody

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/levytax/levy"
)

// unquoteInto appends to dst the text of a JSON string whose bytes
// between the quotes are raw, already checked to be valid JSON, as
// encoding/json unquotes it: escapes resolved, a \u escape of a lone
// surrogate and each byte that is not part of valid UTF-8 replaced by
// U+FFFD. (Decode refuses a string with such an escape or byte before
// it is unquoted: see invalidUTF8.)
func unquoteInto(dst, raw []byte) []byte {
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '\\':
			i++
			switch raw[i] {
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				r := hex4(raw[i+1:])
				i += 5
				if utf16.IsSurrogate(r) {
					if i+5 < len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
						if pair := utf16.DecodeRune(r, hex4(raw[i+2:])); pair != unicode.ReplacementChar {
							dst = utf8.AppendRune(dst, pair)
							i += 6
							continue
						}
					}
					r = unicode.ReplacementChar
				}
				dst = utf8.AppendRune(dst, r)
				continue
			default: // " \ /
				dst = append(dst, raw[i])
			}
			i++
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		default:
			r, n := utf8.DecodeRune(raw[i:])
			dst = utf8.AppendRune(dst, r)
			i += n
		}
	}
	return dst
}

// hex4 reads the four hexadecimal digits at the start of b.
func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c <= '9':
			c -= '0'
		case c <= 'F':
			c -= 'A' - 10
		default:
			c -= 'a' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// invalidUTF8 returns the error of the first string of data, a body,
// that holds a byte that is not part of UTF-8 or a \u escape of a lone
// surrogate, or nil when there is none. JSON is UTF-8 (RFC 8259, section
// 8.1), and encoding/json reads such a byte as U+FFFD: a body in
// ISO-8859-1 sent without its charset would lose its accented letters
// without a word. A \u escape of half of a UTF-16 surrogate pair without
// its other half stands for no character (section 8.2), and encoding/json
// reads it as U+FFFD too. A value is named by its path, a member name by
// the path of its object. A byte outside strings, and an escape that is
// not one, are left to the syntax check, which refuses them.
func invalidUTF8(data []byte) *levy.Error {
	if utf8.Valid(data) && !bytes.Contains(data, []byte(`\ud`)) && !bytes.Contains(data, []byte(`\uD`)) {
		return nil
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '"' {
			continue
		}
		quote, bad, what := i, -1, ""
		for i++; i < len(data) && data[i] != '"'; {
			switch c := data[i]; {
			case c == '\\':
				n := loneSurrogate(data[i:])
				if n == 0 {
					if bad < 0 {
						bad = i
						what = fmt.Sprintf("%s at byte offset %d is a lone surrogate, half of a UTF-16 surrogate pair without its other half, and stands for no character; escape a character above U+FFFF as a pair, high then low (\\ud83d\\ude00 for U+1F600), or send it as UTF-8", data[i:i+6], i)
					}
					n = 6
				}
				i += n
			case c < utf8.RuneSelf:
				i++
			default:
				r, n := utf8.DecodeRune(data[i:])
				if r == utf8.RuneError && n == 1 && bad < 0 {
					bad = i
					what = fmt.Sprintf("byte 0x%02X at byte offset %d is not part of a UTF-8 character; JSON is UTF-8: send the body in UTF-8, not in ISO-8859-1 or another character set", data[i], i)
				}
				i += n
			}
		}
		if bad < 0 {
			continue
		}
		valid := "UTF-8"
		if data[bad] == '\\' {
			valid = "Unicode"
		}
		if isName(data, i+1) {
			if path := syntaxPath(data, quote, false); path != "" {
				return levy.Invalid(path, "has a member name that is not valid %s: %s", valid, what)
			}
			return levy.Invalid("", "the request body has a member name that is not valid %s: %s", valid, what)
		}
		if path := syntaxPath(data, bad, false); path != "" {
			return levy.Invalid(path, "is not valid %s: %s", valid, what)
		}
		return levy.Invalid("", "the request body holds a string that is not valid %s: %s", valid, what)
	}
	return nil
}

// loneSurrogate reads the escape at the start of b, a backslash, and
// returns how many bytes it takes, the two of an escape that is not
// \u with four hexadecimal digits included; or 0 when it is the \u
// escape of a lone surrogate. A high surrogate followed at once by the
// escape of a low one is a pair, which takes 12 bytes.
func loneSurrogate(b []byte) int {
	switch surrogateHalf(b) {
	case notSurrogate:
		if len(b) >= 6 && b[1] == 'u' && isHex4(b[2:6]) {
			return 6
		}
		return 2
	case highSurrogate:
		if surrogateHalf(b[6:]) == lowSurrogate {
			return 12
		}
	}
	return 0
}

// The halves of a UTF-16 surrogate pair, as surrogateHalf names them.
const (
	notSurrogate = iota
	highSurrogate
	lowSurrogate
)

// surrogateHalf says whether b starts with the \u escape of a surrogate,
// and which half: D800 to DBFF high, DC00 to DFFF low.
func surrogateHalf(b []byte) int {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' || b[2]|0x20 != 'd' || !isHex4(b[2:6]) {
		return notSurrogate
	}
	switch b[3] | 0x20 {
	case '8', '9', 'a', 'b':
		return highSurrogate
	case 'c', 'd', 'e', 'f':
		return lowSurrogate
	}
	return notSurrogate
}

// isHex4 reports whether b starts with four hexadecimal digits.
func isHex4(b []byte) bool {
	return len(b) >= 4 && isHex(b[0]) && isHex(b[1]) && isHex(b[2]) && isHex(b[3])
}

// isName reports whether the string of data that ends before offset at
// is a member name: the next byte after white space is a colon.
func isName(data []byte, at int) bool {
	for at < len(data) && isSpace(data[at]) {
		at++
	}
	return at < len(data) && data[at] == ':'
}
