package einvoice

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/facturx"
)

// checkEncoding refuses, with levy.EUnsupported, an XML document that is
// not in UTF-8 by its own account: one that starts with the byte order
// mark of UTF-16 or UTF-32, or with a '<' in either, or whose XML
// declaration names another encoding. Pre-processing reads UTF-8 only
// (EN 16931's syntaxes are exchanged in it), so such a document would be
// accepted and fail later without a document number. A UTF-8 byte order
// mark and encoding="UTF-8" in any case pass, and so does a document
// without a declaration; a PDF is not looked at.
func checkEncoding(data []byte) error {
	if facturx.IsPDF(data) {
		return nil
	}
	refuse := func(what string) error {
		return &levy.Error{Code: levy.EUnsupported, Field: "body", Message: "the document is " + what +
			"; e-invoices are read in UTF-8 only: send the XML in UTF-8, with encoding=\"UTF-8\" or no encoding in its declaration"}
	}
	switch {
	case bytes.HasPrefix(data, []byte{0, 0, 0xfe, 0xff}), bytes.HasPrefix(data, []byte{0xff, 0xfe, 0, 0}),
		bytes.HasPrefix(data, []byte{0, 0, 0, '<'}), bytes.HasPrefix(data, []byte{'<', 0, 0, 0}):
		return refuse("encoded in UTF-32")
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}), bytes.HasPrefix(data, []byte{0xff, 0xfe}),
		bytes.HasPrefix(data, []byte{0, '<'}), bytes.HasPrefix(data, []byte{'<', 0}):
		return refuse("encoded in UTF-16")
	}
	if enc, ok := declaredEncoding(data); ok && !strings.EqualFold(enc, "UTF-8") {
		return refuse(fmt.Sprintf("declared in the encoding %s by its XML declaration", strconv.Quote(truncate(enc, 40))))
	}
	return nil
}

// declaredEncoding returns the encoding that the XML declaration at the
// start of data names (after a UTF-8 byte order mark, if any), and
// whether it names one.
func declaredEncoding(data []byte) (string, bool) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	rest, ok := bytes.CutPrefix(data, []byte("<?xml"))
	if !ok || len(rest) == 0 || !isXMLSpace(rest[0]) {
		return "", false
	}
	end := bytes.Index(rest, []byte("?>"))
	if end < 0 {
		return "", false
	}
	decl := rest[:end]
	// The declaration's pseudo-attributes are version, encoding and
	// standalone, each name = quoted value.
	for {
		decl = bytes.TrimLeft(decl, " \t\r\n")
		eq := bytes.IndexByte(decl, '=')
		if eq < 0 {
			return "", false
		}
		name := string(bytes.TrimRight(decl[:eq], " \t\r\n"))
		decl = bytes.TrimLeft(decl[eq+1:], " \t\r\n")
		if len(decl) == 0 || decl[0] != '"' && decl[0] != '\'' {
			return "", false
		}
		n := bytes.IndexByte(decl[1:], decl[0])
		if n < 0 {
			return "", false
		}
		value := string(decl[1 : 1+n])
		decl = decl[n+2:]
		if name == "encoding" {
			return value, true
		}
	}
}

// isXMLSpace reports whether c is white space in XML.
func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
