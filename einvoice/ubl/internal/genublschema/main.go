// Command genublschema writes einvoice/ubl/ublschema_gen.go: which child
// elements of each element of a UBL 2.1 Invoice or CreditNote the UBL 2.1
// schema allows at most once. Levy does not validate documents against
// the schema, but a UBL document with two of such an element (two
// cbc:IssueDate, two cac:AccountingSupplierParty, two cbc:PayableAmount in
// cac:LegalMonetaryTotal) holds two values of one business term, which
// Levy would read one of and a receiver may read the other; the schema
// validation that the Peppol network runs before its Schematron refuses
// it, and so does Check. The cardinalities are facts of the OASIS UBL 2.1
// schema (OASIS Standard, 4 November 2013); this command reads them from
// the three schema files that declare the elements of an invoice and of a
// credit note, and records in the generated file where they were read and
// the SHA-256 of each, so that they can be compared with the files of
// OASIS's release package (https://docs.oasis-open.org/ubl/os-UBL-2.1/UBL-2.1.zip).
//
// Usage, from the repository root, with the release package unpacked (its
// xsd directory), or a checkout of a repository that holds its files:
//
//	go run ./einvoice/ubl/internal/genublschema \
//	  -xsd /path/to/os-UBL-2.1/xsd -source "OASIS UBL 2.1 OS (UBL-2.1.zip)" \
//	  -out einvoice/ubl/ublschema_gen.go
//
// The extension components (ext:UBLExtensions and what it holds) are not
// read: Levy reads nothing in them.
package main

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"sort"
	"strings"

	"github.com/levytax/levy/einvoice/ubl/internal/xsdgen"
)

// schemaFiles are the schema files read, under the xsd directory of the
// release.
var schemaFiles = []string{
	"maindoc/UBL-Invoice-2.1.xsd",
	"maindoc/UBL-CreditNote-2.1.xsd",
	"common/UBL-CommonAggregateComponents-2.1.xsd",
}

// roots are the document elements and their types.
var roots = map[string]string{"Invoice": "InvoiceType", "CreditNote": "CreditNoteType"}

const xsdNamespace = "http://www.w3.org/2001/XMLSchema"

// child is an element a complex type declares by reference, such as
// cbc:IssueDate.
type child struct {
	ref  string // prefixed, as the schema writes it
	once bool
}

// schema is what the files declare: the complex types with their child
// elements, and the global elements of the aggregate components (cac:)
// with their types.
type schema struct {
	types    map[string][]child
	elements map[string]string // local name of a cac: element → its type
}

func main() {
	dir := flag.String("xsd", "", "the xsd directory of the OASIS UBL 2.1 release")
	source := flag.String("source", "OASIS UBL 2.1 OS (UBL-2.1.zip)", "where the files come from, recorded in the generated file")
	out := flag.String("out", "einvoice/ubl/ublschema_gen.go", "file to write")
	flag.Parse()
	if *dir == "" {
		log.Fatal("genublschema: -xsd is required")
	}
	s := schema{types: map[string][]child{}, elements: map[string]string{}}
	var sources []string
	for _, f := range schemaFiles {
		data, src, err := xsdgen.Read(filepath.Join(*dir, filepath.FromSlash(f)), f)
		if err != nil {
			log.Fatalf("genublschema: %v", err)
		}
		sources = append(sources, src)
		if err := s.read(data, strings.HasPrefix(f, "common/")); err != nil {
			log.Fatalf("genublschema: %s: %v", f, err)
		}
	}
	for _, t := range roots {
		if len(s.types[t]) == 0 {
			log.Fatalf("genublschema: the type %s is not declared", t)
		}
	}
	// Keep the types an invoice or a credit note can reach, and the cac:
	// elements of those types.
	reached := map[string]bool{}
	var walk func(t string)
	walk = func(t string) {
		if reached[t] {
			return
		}
		reached[t] = true
		for _, k := range s.types[t] {
			if name, ok := strings.CutPrefix(k.ref, "cac:"); ok {
				typ, ok := s.elements[name]
				if !ok {
					log.Fatalf("genublschema: %s refers to %s, which is not declared", t, k.ref)
				}
				walk(typ)
			}
		}
	}
	for _, t := range roots {
		walk(t)
	}
	elementType := map[string]string{}
	for name, typ := range s.elements {
		if reached[typ] {
			elementType[name] = typ
		}
	}
	var once []string
	for t := range reached {
		for _, k := range s.types[t] {
			if k.once {
				once = append(once, t+"/"+k.ref)
			}
		}
	}
	sort.Strings(once)
	f := xsdgen.NewFile("genublschema", "The cardinalities below were read from the schema files of\n"+*source, sources)
	f.Map("ublRootTypes maps the document element of an invoice or a credit note\nto its type. It is never modified.", "ublRootTypes", xsdgen.Keys(roots), roots)
	f.Map("ublElementTypes maps the local name of each aggregate (cac:) element\nthat an invoice or a credit note can hold to its type. It is never\nmodified.", "ublElementTypes", xsdgen.Keys(elementType), elementType)
	f.Set("ublOnce holds type/child, the child with its prefix (cbc:, cac: or\next:), for each child element that its type allows at most once. It is\nnever modified.", "ublOnce", once)
	if err := f.Write(*out); err != nil {
		log.Fatalf("genublschema: %v", err)
	}
}

// read adds the named complex types of a schema file, each with the
// elements it refers to, to s; in the aggregate components' file
// (aggregates), also the global elements with their types. A child
// element is allowed once unless its maxOccurs says more; the command
// stops on what it does not expect of the UBL 2.1 files (a choice, an
// element declared inside a type, a type declared twice, a global element
// declared twice).
func (s *schema) read(data []byte, aggregates bool) error {
	dec := xml.NewDecoder(bytes.NewReader(data))
	current := ""
	depth, typeDepth := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading the schema: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if t.Name.Space != xsdNamespace {
				continue
			}
			attr := func(name string) string { return xsdgen.Attr(t, name) }
			switch t.Name.Local {
			case "complexType":
				if current != "" || attr("name") == "" {
					return fmt.Errorf("line %d: a complex type without a name or inside another", line(dec))
				}
				current, typeDepth = attr("name"), depth
				if _, dup := s.types[current]; dup {
					return fmt.Errorf("line %d: the type %s is declared twice", line(dec), current)
				}
				s.types[current] = []child{}
			case "choice", "any", "group", "all", "extension", "restriction":
				return fmt.Errorf("line %d: xsd:%s, which this command does not read", line(dec), t.Name.Local)
			case "element":
				switch {
				case current != "" && attr("ref") != "":
					max := attr("maxOccurs")
					if max == "" {
						max = "1"
					}
					s.types[current] = append(s.types[current], child{ref: attr("ref"), once: max == "1"})
				case current != "":
					return fmt.Errorf("line %d: the type %s declares the element %s in place", line(dec), current, attr("name"))
				case aggregates:
					name, typ := attr("name"), attr("type")
					if _, dup := s.elements[name]; dup {
						return fmt.Errorf("line %d: the element %s is declared twice", line(dec), name)
					}
					s.elements[name] = typ
				}
			}
		case xml.EndElement:
			if current != "" && depth == typeDepth {
				current = ""
			}
			depth--
		}
	}
}

// line returns the decoder's line, for an error.
func line(dec *xml.Decoder) int {
	l, _ := dec.InputPos()
	return l
}
