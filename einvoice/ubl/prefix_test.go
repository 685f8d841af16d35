package ubl

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestUndeclaredPrefix: an element or attribute whose prefix no
// namespace declaration in scope binds is not namespace-well-formed XML,
// which the official validators' parsers refuse before any rule: Levy
// read it as an element of a namespace named by the prefix, and
// delivered the invoice. It is refused with code XML, naming the
// prefix. A prefix declared on the element itself or an ancestor, or
// the xml prefix, is fine.
func TestUndeclaredPrefix(t *testing.T) {
	doc, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	const id = "<cbc:ID>"
	if !strings.Contains(string(doc), id) {
		t.Fatal("the test document has no cbc:ID")
	}
	for _, c := range []struct {
		name, insert string
		want         string // the problem's code, "" when the document reads
	}{
		{"undeclared element prefix", `<zz:Extra>1</zz:Extra>`, "XML"},
		{"undeclared prefix deep", `<cac:X><cac:Y><zz:Extra>1</zz:Extra></cac:Y></cac:X>`, "XML"},
		{"undeclared attribute prefix", `<cbc:Note zz:lang="de">x</cbc:Note>`, "XML"},
		{"prefix declared out of scope", `<cac:X xmlns:zz="urn:x"/><zz:Extra>1</zz:Extra>`, "XML"},
		{"prefix declared on the element", `<zz:Extra xmlns:zz="urn:x">1</zz:Extra>`, ""},
		{"prefix declared on an ancestor", `<cac:X xmlns:zz="urn:x"><zz:Extra zz:a="1">1</zz:Extra></cac:X>`, ""},
		{"the xml prefix", `<cbc:Note xml:lang="de">x</cbc:Note>`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read([]byte(strings.Replace(string(doc), id, c.insert+id, 1)))
			var code string
			var fe *FormatError
			if errors.As(err, &fe) && len(fe.Problems) > 0 {
				code = fe.Problems[0].Code
				if !strings.Contains(fe.Problems[0].Message, "zz") {
					t.Errorf("the message does not name the prefix: %s", fe.Problems[0].Message)
				}
			} else if err != nil {
				t.Fatalf("%T %v", err, err)
			}
			if code != c.want {
				t.Errorf("code %q (%v), want %q", code, err, c.want)
			}
		})
	}
}
