package jsonbody

import (
	"strconv"
	"strings"
)

// bom is the UTF-8 byte order mark, which some editors and spreadsheet
// programs write at the start of a file. RFC 8259 lets a parser ignore
// it, and Decode does.
const bom = "\xef\xbb\xbf"

// syntaxPath returns the JSON path of the member whose value holds the
// byte at offset of data, a body that is not valid JSON there: the last
// member name read in the innermost object, or the index in the
// innermost array ("lineItems[0].extendedPrice"). It returns "" at the
// top level. Between two members (after a comma, where a name is due),
// the member before the comma is named only with member, since the fault
// is then most often in that member's value (a number with a decimal
// comma); otherwise the object is. The scan reads strings with their
// escapes, so brackets, commas and colons inside them count for nothing.
func syntaxPath(data []byte, offset int, member bool) string {
	type frame struct {
		array bool
		index int
		key   string
	}
	var stack []frame
	expectKey := false
	for i := 0; i < offset && i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			if expectKey && len(stack) > 0 && !stack[len(stack)-1].array {
				if s, err := strconv.Unquote(string(data[i:min(j+1, len(data))])); err == nil {
					stack[len(stack)-1].key = s
				} else {
					stack[len(stack)-1].key = string(data[i+1 : min(j, len(data))])
				}
				expectKey = false
			}
			i = j
		case '{':
			stack = append(stack, frame{})
			expectKey = true
		case '[':
			stack = append(stack, frame{array: true})
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			expectKey = false
		case ',':
			if len(stack) > 0 {
				if top := &stack[len(stack)-1]; top.array {
					top.index++
				} else {
					expectKey = true
				}
			}
		}
	}
	if expectKey && !member && len(stack) > 0 {
		stack[len(stack)-1].key = ""
	}
	var b strings.Builder
	for _, f := range stack {
		switch {
		case f.array:
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
		case f.key != "":
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(f.key)
		}
	}
	return b.String()
}

// nearMiss returns a hint when the fault at offset of data looks like a
// number written with a decimal comma (12,50): the number as written and
// as JSON wants it. It returns "" otherwise.
func nearMiss(data []byte, offset int) string {
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	// The fault is on the digits after the comma, or on the comma.
	comma := offset
	for comma > 0 && comma < len(data) && data[comma] != ',' && isDigit(data[comma]) {
		comma--
	}
	for comma > 0 && comma < len(data) && (data[comma] == ' ' || data[comma] == '\t') {
		comma--
	}
	if comma <= 0 || comma >= len(data) || data[comma] != ',' || !isDigit(data[comma-1]) {
		return ""
	}
	start := comma - 1
	for start > 0 && (isDigit(data[start-1]) || data[start-1] == '-') {
		start--
	}
	end := comma + 1
	for end < len(data) && isDigit(data[end]) {
		end++
	}
	if end == comma+1 {
		return ""
	}
	written := string(data[start:end])
	return "; " + written + " is not a JSON number: write the decimal point as a dot, " + strings.Replace(written, ",", ".", 1)
}
