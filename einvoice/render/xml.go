package render

import (
	"bytes"
	"encoding/xml"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// writer writes indented XML.
type writer struct {
	b     bytes.Buffer
	depth int
}

func (w *writer) indent() {
	w.b.WriteString(strings.Repeat("  ", w.depth))
}

// open writes a start tag with attributes given in name, value pairs.
func (w *writer) open(tag string, attrs ...string) {
	w.indent()
	w.b.WriteString("<" + tag)
	w.attrs(attrs)
	w.b.WriteString(">\n")
	w.depth++
}

func (w *writer) close(tag string) {
	w.depth--
	w.indent()
	w.b.WriteString("</" + tag + ">\n")
}

func (w *writer) attrs(attrs []string) {
	for i := 0; i+1 < len(attrs); i += 2 {
		w.b.WriteString(" " + attrs[i] + `="`)
		_ = xml.EscapeText(&w.b, []byte(attrs[i+1]))
		w.b.WriteString(`"`)
	}
}

// leaf writes an element with text, unless the text is empty.
func (w *writer) leaf(tag, text string, attrs ...string) {
	if text == "" {
		return
	}
	w.indent()
	w.b.WriteString("<" + tag)
	w.attrs(attrs)
	w.b.WriteString(">")
	_ = xml.EscapeText(&w.b, []byte(text))
	w.b.WriteString("</" + tag + ">\n")
}

// amount writes an amount with two decimals.
func amount(d decimal.Decimal) string { return d.StringFixed(2) }

// plain writes a quantity or a rate without trailing zeros.
func plain(d decimal.Decimal) string {
	s := d.String()
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// price writes a price with at least two decimals and all its others.
func price(d decimal.Decimal) string {
	s := plain(d)
	if i := strings.IndexByte(s, '.'); i < 0 || len(s)-i-1 < 2 {
		return d.StringFixed(2)
	}
	return s
}

// date102 writes a date as CII's format 102, YYYYMMDD.
func date102(d civil.Date) string { return strings.ReplaceAll(d.String(), "-", "") }
