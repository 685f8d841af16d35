package ubl

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// The rules read the document tree with a small subset of XPath: a path
// is a list of steps separated by '/', each step a prefixed name (cbc:ID,
// cac:Party; rsm:, ram:, udt: and qdt: for CII) matched by namespace, never by the prefix written in the
// document. Nothing here allocates per step, so that a rule costs time
// linear in the elements it visits.

// stepSpace returns the namespace of a step's prefix and its local name.
func stepSpace(step string) (space, local string) {
	p, l, ok := strings.Cut(step, ":")
	if !ok {
		return "", step
	}
	switch p {
	case "cbc":
		return NamespaceCBC, l
	case "cac":
		return NamespaceCAC, l
	case "ext":
		return NamespaceEXT, l
	case "rsm":
		return NamespaceRSM, l
	case "ram":
		return NamespaceRAM, l
	case "udt":
		return NamespaceUDT, l
	case "qdt":
		return NamespaceQDT, l
	}
	return p, l
}

// is reports whether n is the element named by step.
func (n *node) is(step string) bool {
	if n == nil {
		return false
	}
	// The local name first: it differs far more often, and costs less.
	if i := strings.IndexByte(step, ':'); n.name.Local != step[i+1:] {
		return false
	}
	space, _ := stepSpace(step)
	return n.name.Space == space
}

// get returns the first element reached from n by path, or nil.
func (n *node) get(path string) *node {
	if n == nil {
		return nil
	}
	step, rest, more := strings.Cut(path, "/")
	space, local := stepSpace(step)
	for _, k := range n.kids {
		if k.name.Local != local || k.name.Space != space {
			continue
		}
		if !more {
			return k
		}
		if m := k.get(rest); m != nil {
			return m
		}
	}
	return nil
}

// each calls f with every element reached from n by path, in document
// order.
func (n *node) each(path string, f func(*node)) {
	if n == nil {
		return
	}
	step, rest, more := strings.Cut(path, "/")
	space, local := stepSpace(step)
	for _, k := range n.kids {
		if k.name.Local != local || k.name.Space != space {
			continue
		}
		if more {
			k.each(rest, f)
		} else {
			f(k)
		}
	}
}

// list returns the elements reached from n by path.
func (n *node) list(path string) []*node {
	var out []*node
	n.each(path, func(k *node) { out = append(out, k) })
	return out
}

// count returns the number of elements reached from n by path.
func (n *node) count(path string) int {
	c := 0
	n.each(path, func(*node) { c++ })
	return c
}

// has reports whether path reaches an element from n.
func (n *node) has(path string) bool { return n.get(path) != nil }

// str returns the text of the first element path reaches, with white
// space normalized as XPath's normalize-space does, or "".
func (n *node) str(path string) string {
	if path == "" {
		return n.value()
	}
	return n.get(path).value()
}

// value returns the normalized text of n ("" for nil).
func (n *node) value() string {
	if n == nil {
		return ""
	}
	return normalizeSpace(n.text)
}

// attrValue returns an attribute of n with its white space normalized,
// and whether it is there.
func (n *node) attrValue(local string) (string, bool) {
	if n == nil {
		return "", false
	}
	v, ok := n.attr(local)
	return normalizeSpace(v), ok
}

// dec returns the decimal value of the first element path reaches, and
// false when there is none or its text is not a decimal number.
func (n *node) dec(path string) (decimal.Decimal, bool) {
	m := n
	if path != "" {
		m = n.get(path)
	}
	if m == nil {
		return decimal.Decimal{}, false
	}
	text := TrimXMLSpace(m.text)
	v, why := parseDecimal(text)
	return v, why == "" && text != ""
}

// sum adds the decimal values of the elements path reaches from each of
// the nodes; those that are not numbers count as zero.
func sum(nodes []*node, path string) decimal.Decimal {
	var s decimal.Decimal
	for _, n := range nodes {
		n.each(path, func(k *node) {
			if v, ok := k.dec(""); ok {
				s = s.Add(v)
			}
		})
	}
	return s
}

// descendants calls f with every element under n (n excluded) in
// document order.
func (n *node) descendants(f func(*node)) {
	if n == nil {
		return
	}
	for _, k := range n.kids {
		f(k)
		k.descendants(f)
	}
}

// xmlSpace is the white space of XML and XPath: space, tab, carriage
// return and line feed. Other Unicode spaces (U+00A0, U+0085, U+2003)
// are text to them, which no code list or number has.
const xmlSpace = " \t\r\n"

// isXMLSpace reports whether r is white space in XML.
func isXMLSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' }

// TrimXMLSpace removes the XML white space at both ends of s, and no
// other Unicode space, as the readers of the documents do.
func TrimXMLSpace(s string) string { return strings.Trim(s, xmlSpace) }

// normalizeSpace trims s and collapses each run of white space to one
// space, as XPath's normalize-space: XML white space only.
func normalizeSpace(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\r':
			clean = false
		case ' ':
			if i == 0 || i == len(s)-1 || s[i+1] == ' ' {
				clean = false
			}
		}
		if !clean {
			break
		}
	}
	if clean {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, isXMLSpace), " ")
}

// decimals returns the number of characters after the first '.' of s,
// as the rules BR-DEC-* count them.
func decimals(s string) int {
	_, frac, ok := strings.Cut(s, ".")
	if !ok {
		return 0
	}
	return len(frac)
}

// tooManyDecimals reports whether the amount n has more than two
// decimals as the official artefacts count them, the characters after
// its point as written (white space after its digits included), and
// returns the message of the rule that finds it so.
func tooManyDecimals(n *node, what string) (string, bool) {
	raw := n.rawText()
	d := decimals(raw)
	if d <= 2 {
		return "", false
	}
	msg := fmt.Sprintf("%s %s has %d decimals; at most 2 are allowed", what, quote(n.text), d)
	if decimals(n.text) <= 2 {
		msg = fmt.Sprintf("%s %s has %d characters after its decimal point, the white space after its digits counted as the official rules count it; at most 2 are allowed: write the amount without that white space",
			what, quote(raw), d)
	}
	return msg, true
}

// hundred is 100, for rounding to two decimals.
var hundred = decimal.NewFromInt(100)

// round2 rounds v to two decimals the way XPath's round(v * 100) div 100
// does: halves go up, towards positive infinity.
func round2(v decimal.Decimal) decimal.Decimal {
	return v.Mul(hundred).Add(decimal.New(5, -1)).Floor().Shift(-2)
}

// xround rounds v to an integer the way XPath's round does.
func xround(v decimal.Decimal) decimal.Decimal {
	return v.Add(decimal.New(5, -1)).Floor()
}
