package einvoicing

import (
	"bytes"
	"encoding/binary"
	"net/http"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/levytax/levy/einvoice"
)

// TestDocumentInAnotherEncoding submits, over loopback, an invoice that
// its Content-Type's charset or its own XML declaration or byte order
// mark says is not UTF-8. Each was accepted 202 and then failed
// pre-processing ("the document is not valid UTF-8") without a document
// number; it is refused 415 at submission, naming the charset or the
// encoding. A UTF-8 byte order mark, encoding="utf-8" in any case and
// charset=UTF-8 stay accepted.
func TestDocumentInAnotherEncoding(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	doc := invoice(t)
	const decl = `<?xml version="1.0" encoding="UTF-8"?>`
	if !bytes.HasPrefix(doc, []byte(decl)) {
		t.Fatalf("the test invoice does not start with %s", decl)
	}
	withDecl := func(d string) []byte { return append([]byte(d), doc[len(decl):]...) }
	var utf16le bytes.Buffer
	utf16le.Write([]byte{0xff, 0xfe})
	for _, u := range utf16.Encode([]rune(string(withDecl(`<?xml version="1.0" encoding="UTF-16"?>`)))) {
		_ = binary.Write(&utf16le, binary.LittleEndian, u)
	}
	for _, c := range []struct {
		name, contentType string
		body              []byte
		target, names     string
	}{
		{"charset ISO-8859-1", "application/xml; charset=ISO-8859-1", doc, "Content-Type", `\"ISO-8859-1\"`},
		{"charset UTF-16 on text/xml", "text/xml; charset=utf-16", doc, "Content-Type", `\"utf-16\"`},
		{"declared ISO-8859-1", "application/xml", withDecl(`<?xml version="1.0" encoding="ISO-8859-1"?>`), "body", `\"ISO-8859-1\"`},
		{"declared windows-1252, single quotes", "application/xml", withDecl(`<?xml version='1.0' encoding='windows-1252' standalone='yes'?>`), "body", `\"windows-1252\"`},
		{"UTF-8 mark, declared Latin-1", "application/xml", append([]byte("\xef\xbb\xbf"), withDecl(`<?xml version="1.0" encoding="latin1"?>`)...), "body", `\"latin1\"`},
		{"UTF-16 with its mark", "application/xml", utf16le.Bytes(), "body", "UTF-16"},
		{"UTF-16 without a mark", "application/xml", utf16le.Bytes()[2:], "body", "UTF-16"},
	} {
		a := h.do("POST", "/einvoicing/v1/documents", "acme", c.body, "Content-Type", c.contentType)
		if a.status != http.StatusUnsupportedMediaType || target(t, a) != c.target || !strings.Contains(string(a.body), c.names) {
			t.Errorf("%s: %d %.300s, want 415 naming %s at %s", c.name, a.status, a.body, c.names, c.target)
		}
	}
	for _, c := range []struct {
		name, contentType string
		body              []byte
	}{
		{"charset UTF-8", "application/xml; charset=UTF-8", doc},
		{"a UTF-8 mark", "application/xml", append([]byte("\xef\xbb\xbf"), doc...)},
		{"utf-8 in lower case", "text/xml; charset=utf-8", withDecl(`<?xml version="1.0" encoding="utf-8"?>`)},
		{"charset utf8, quoted", `application/xml; charset="utf8"`, doc},
		{"no encoding declared", "application/xml", withDecl(`<?xml version="1.0"?>`)},
	} {
		if a := h.do("POST", "/einvoicing/v1/documents", "acme", c.body, "Content-Type", c.contentType); a.status != http.StatusAccepted {
			t.Errorf("%s: %d %.300s, want 202", c.name, a.status, a.body)
		}
	}
}
