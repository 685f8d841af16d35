package ubl

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// node is an element of the parsed document. Only what Levy reads is kept:
// the name, the unqualified attributes, the text of leaf elements and the
// child elements.
type node struct {
	name   xml.Name
	attrs  []xml.Attr
	text   string // the text of a leaf element, XML white space trimmed
	raw    string // the text before trimming, kept only when it differs
	kids   []*node
	parent *node
	idx    int  // 1-based index among the siblings of the same name
	seen   bool // an amount whose currencyID and value were checked
}

// rawText returns the text of a leaf element as written, white space
// included.
func (n *node) rawText() string {
	if n == nil {
		return ""
	}
	if n.raw != "" {
		return n.raw
	}
	return n.text
}

// attr returns the value of the unqualified attribute local, and whether it
// is there.
func (n *node) attr(local string) (string, bool) {
	if n == nil {
		return "", false
	}
	for _, a := range n.attrs {
		if a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// repeatable lists the elements that may occur more than once under their
// parent in the documents Levy reads; their path segments always carry an
// index, [1] included.
var repeatable = map[string]bool{
	"InvoiceLine":                 true,
	"CreditNoteLine":              true,
	"AllowanceCharge":             true,
	"TaxTotal":                    true,
	"TaxSubtotal":                 true,
	"PartyIdentification":         true,
	"PartyTaxScheme":              true,
	"PaymentMeans":                true,
	"AdditionalDocumentReference": true,
	"AdditionalItemProperty":      true,
	"CommodityClassification":     true,
	"BillingReference":            true,
	"Note":                        true,
	"AllowanceChargeReason":       true,
	// CII
	"IncludedSupplyChainTradeLineItem":          true,
	"ApplicableTradeTax":                        true,
	"SpecifiedTradeAllowanceCharge":             true,
	"IncludedNote":                              true,
	"SpecifiedTaxRegistration":                  true,
	"SpecifiedTradeSettlementPaymentMeans":      true,
	"AdditionalReferencedDocument":              true,
	"ApplicableProductCharacteristic":           true,
	"DesignatedProductClassification":           true,
	"SpecifiedTradePaymentTerms":                true,
	"InvoiceReferencedDocument":                 true,
	"AppliedTradeAllowanceCharge":               true,
	"GlobalID":                                  true,
	"URIUniversalCommunication":                 true,
	"ReceivableSpecifiedTradeAccountingAccount": true,
}

// prefix returns the conventional prefix of a namespace, or "" if it has
// none.
func prefix(space string) string {
	switch space {
	case NamespaceCBC:
		return "cbc"
	case NamespaceCAC:
		return "cac"
	case NamespaceEXT:
		return "ext"
	case NamespaceRSM:
		return "rsm"
	case NamespaceRAM:
		return "ram"
	case NamespaceUDT:
		return "udt"
	case NamespaceQDT:
		return "qdt"
	}
	return ""
}

// qname returns the name of an element as it appears in a path: with the
// conventional prefix, or in {namespace}local form for other namespaces.
func qname(space, local string) string {
	if p := prefix(space); p != "" {
		return p + ":" + local
	}
	if space == "" {
		return local
	}
	return "{" + space + "}" + local
}

// sameName returns how many of n's child elements have k's name.
func (n *node) sameName(k *node) int {
	c := 0
	for _, s := range n.kids {
		if s.name == k.name {
			c++
		}
	}
	return c
}

// display returns the name of n for a message.
func (n *node) display() string {
	if n.parent == nil {
		return n.name.Local
	}
	return qname(n.name.Space, n.name.Local)
}

// segment returns the path segment of n.
func (n *node) segment() string {
	if n.parent == nil {
		return n.name.Local
	}
	s := qname(n.name.Space, n.name.Local)
	if n.idx > 1 || (prefix(n.name.Space) != "" && repeatable[n.name.Local]) {
		s += "[" + strconv.Itoa(n.idx) + "]"
	}
	return s
}

// path returns the location of n, such as "/Invoice/cac:InvoiceLine[2]".
func (n *node) path() string {
	if n == nil {
		return ""
	}
	var segs []string
	for m := n; m != nil; m = m.parent {
		segs = append(segs, m.segment())
	}
	var b strings.Builder
	for i := len(segs) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(segs[i])
	}
	return b.String()
}

// frame is an element being read.
type frame struct {
	n      *node
	text   []byte
	counts map[xml.Name]int
	// declared are the namespaces the element's own attributes declare.
	declared []string
}

// xmlNamespace is the namespace of the xml prefix, bound without a
// declaration.
const xmlNamespace = "http://www.w3.org/XML/1998/namespace"

// readTree reads data into a tree. It returns a problem instead when the
// input is not well-formed XML, has a DOCTYPE, or nests too deep.
func readTree(data []byte) (*node, *Problem) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &Problem{Code: "XML", Message: "the document is empty"}
	}
	if !utf8.Valid(data) {
		line := 1 + bytes.Count(data[:firstInvalidUTF8(data)], []byte("\n"))
		return nil, &Problem{Code: "XML", Message: fmt.Sprintf("the document is not valid UTF-8 (line %d)", line)}
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	var (
		root     *node
		stack    []frame
		elements int
		// inScope counts the declarations in scope of each namespace.
		// encoding/xml leaves a name whose prefix nothing declares in
		// the namespace named by the prefix itself, so that a name
		// whose namespace no declaration in scope names has an
		// undeclared prefix.
		inScope = map[string]int{xmlNamespace: 1}
	)
	current := func() *node {
		if len(stack) == 0 {
			return nil
		}
		return stack[len(stack)-1].n
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, xmlProblem(dec, err, current())
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 && root != nil {
				line, _ := dec.InputPos()
				return nil, &Problem{Code: "XML", Location: root.path(), Message: fmt.Sprintf(
					"the document is not well-formed XML: a second top-level element <%s> follows the root element (line %d)", t.Name.Local, line)}
			}
			if len(stack) >= MaxDepth {
				return nil, &Problem{Code: "FORMAT", Location: current().path(), Message: fmt.Sprintf(
					"elements are nested more than %d levels deep", MaxDepth)}
			}
			if elements++; elements > MaxElements {
				line, _ := dec.InputPos()
				return nil, &Problem{Code: "FORMAT", Location: current().path(), Message: fmt.Sprintf(
					"the document has more than %d elements (line %d)", MaxElements, line)}
			}
			if len(t.Attr) > MaxAttributes {
				line, _ := dec.InputPos()
				return nil, &Problem{Code: "FORMAT", Location: current().path(), Message: fmt.Sprintf(
					"an element <%s> has %d attributes, more than %d (line %d)", t.Name.Local, len(t.Attr), MaxAttributes, line)}
			}
			var declared []string
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" {
					declared = append(declared, a.Value)
					inScope[a.Value]++
				}
			}
			if what := undeclaredPrefix(t, inScope); what != "" {
				line, _ := dec.InputPos()
				return nil, &Problem{Code: "XML", Location: current().path(), Message: fmt.Sprintf(
					"the document is not well-formed XML: %s, line %d)", what, line)}
			}
			n := &node{name: t.Name, idx: 1}
			for _, a := range t.Attr {
				if a.Name.Space == "" && a.Name.Local != "xmlns" {
					n.attrs = append(n.attrs, a)
				}
			}
			if len(stack) == 0 {
				root = n
			} else {
				f := &stack[len(stack)-1]
				if f.counts == nil {
					f.counts = make(map[xml.Name]int)
				}
				f.counts[t.Name]++
				n.idx = f.counts[t.Name]
				n.parent = f.n
				f.n.kids = append(f.n.kids, n)
			}
			stack = append(stack, frame{n: n, declared: declared})
		case xml.EndElement:
			if len(stack) == 0 { // the decoder reports this first; never trust it alone
				return nil, &Problem{Code: "XML", Location: root.path(), Message: "the document is not well-formed XML: an end tag has no start tag"}
			}
			f := stack[len(stack)-1]
			for _, ns := range f.declared {
				inScope[ns]--
			}
			stack[len(stack)-1] = frame{}
			stack = stack[:len(stack)-1]
			if len(f.n.kids) == 0 {
				raw := string(f.text)
				f.n.text = TrimXMLSpace(raw)
				if len(f.n.text) != len(raw) {
					f.n.raw = raw
				}
			}
		case xml.CharData:
			if len(stack) == 0 {
				if len(bytes.Trim(t, xmlSpace)) > 0 {
					line, _ := dec.InputPos()
					if root == nil {
						return nil, &Problem{Code: "XML", Message: fmt.Sprintf(
							"the document is not XML: it starts with text, not with an element (line %d)", line)}
					}
					return nil, &Problem{Code: "XML", Location: root.path(), Message: fmt.Sprintf(
						"the document is not well-formed XML: text follows the root element (line %d)", line)}
				}
				continue
			}
			f := &stack[len(stack)-1]
			if len(f.n.kids) == 0 {
				f.text = append(f.text, t...)
			}
		case xml.Directive:
			line, _ := dec.InputPos()
			return nil, &Problem{Code: "FORMAT", Location: current().path(), Message: fmt.Sprintf(
				"the document has a DOCTYPE or other <!...> declaration (line %d); e-invoices must not have one", line)}
		}
	}
	if root == nil {
		return nil, &Problem{Code: "XML", Message: "the document has no root element"}
	}
	if len(stack) > 0 {
		return nil, &Problem{Code: "XML", Location: current().path(), Message: "the document is not well-formed XML: it ends before its elements are closed"}
	}
	return root, nil
}

// xmlProblem describes a decoding error.
func xmlProblem(dec *xml.Decoder, err error, open *node) *Problem {
	var se *xml.SyntaxError
	msg := err.Error()
	if errors.As(err, &se) {
		msg = fmt.Sprintf("line %d: %s", se.Line, se.Msg)
	} else {
		line, _ := dec.InputPos()
		msg = strings.TrimPrefix(msg, "xml: ")
		// encoding/xml reads only UTF-8 without a CharsetReader.
		if rest, ok := strings.CutPrefix(msg, "encoding "); ok && strings.HasSuffix(rest, " declared but Decoder.CharsetReader is nil") {
			enc := strings.TrimSuffix(rest, " declared but Decoder.CharsetReader is nil")
			return &Problem{Code: "XML", Location: open.path(), Message: fmt.Sprintf(
				"the document declares the encoding %s (line %d); e-invoices must be in UTF-8", enc, line)}
		}
		msg = fmt.Sprintf("line %d: %s", line, msg)
	}
	return &Problem{Code: "XML", Location: open.path(), Message: "the document is not well-formed XML: " + msg}
}

// firstInvalidUTF8 returns the offset of the first byte that is not part of
// valid UTF-8.
func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// undeclaredPrefix names the prefix of the element's name or of one of
// its attributes that no declaration in scope binds, or returns "".
func undeclaredPrefix(t xml.StartElement, inScope map[string]int) string {
	if ns := t.Name.Space; ns != "" && inScope[ns] == 0 {
		return fmt.Sprintf("the prefix %q is not declared (the element <%s:%s>", ns, ns, t.Name.Local)
	}
	for _, a := range t.Attr {
		if ns := a.Name.Space; ns != "" && ns != "xmlns" && inScope[ns] == 0 {
			return fmt.Sprintf("the prefix %q is not declared (the attribute %s:%s of <%s>", ns, ns, a.Name.Local, t.Name.Local)
		}
	}
	return ""
}
