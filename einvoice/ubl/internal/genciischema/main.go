// Command genciischema writes einvoice/ubl/ciischema_gen.go: which child
// elements of each element of a UN/CEFACT Cross Industry Invoice the CII
// D16B schema allows at most once. Levy does not validate documents
// against the schema, but a CII document with two of such an element (two
// rsm:ExchangedDocument, two ram:InvoiceCurrencyCode) holds two values of
// one business term, which the official artefacts cannot judge (their
// XPath stops with an error) and receivers read differently; Check
// refuses it. The cardinalities are facts of the schema that CEN
// publishes with its validation artefacts; this command reads them from
// the four schema files at a pinned release and records the release and
// the SHA-256 of each file it read in the generated file.
//
// Usage, from the repository root, with ConnectingEurope/eInvoicing-EN16931
// checked out at its pinned release (docs/einvoicing-validation.md says
// how):
//
//	go run ./einvoice/ubl/internal/genciischema \
//	  -cen /path/to/eInvoicing-EN16931 -cen-release validation-1.3.16 \
//	  -out einvoice/ubl/ciischema_gen.go
package main

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"log"
	"path/filepath"
	"sort"

	"github.com/levytax/levy/einvoice/ubl/internal/xsdgen"
)

// schemaDir is where the schema files are in the CEN repository.
const schemaDir = "cii/schema/D16B SCRDM (Subset)/uncoupled clm/CII/uncefact/data/standard"

// schemaFiles are the schema's files, each with the prefix its types are
// named with in the others.
var schemaFiles = []struct{ prefix, file string }{
	{"rsm", "CrossIndustryInvoice_100pD16B.xsd"},
	{"ram", "CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd"},
	{"udt", "CrossIndustryInvoice_UnqualifiedDataType_100pD16B.xsd"},
	{"qdt", "CrossIndustryInvoice_QualifiedDataType_100pD16B.xsd"},
}

const xsdNamespace = "http://www.w3.org/2001/XMLSchema"

// child is an element a complex type declares.
type child struct {
	name, typ string // typ as the schema writes it, such as ram:TradePartyType
	once      bool
}

func main() {
	cen := flag.String("cen", "", "checkout of ConnectingEurope/eInvoicing-EN16931")
	release := flag.String("cen-release", "validation-1.3.16", "its release tag")
	out := flag.String("out", "einvoice/ubl/ciischema_gen.go", "file to write")
	flag.Parse()
	if *cen == "" {
		log.Fatal("genciischema: -cen is required")
	}
	types := map[string][]child{} // by prefixed type name
	var sources []string
	for _, f := range schemaFiles {
		data, src, err := xsdgen.Read(filepath.Join(*cen, schemaDir, f.file), f.file)
		if err != nil {
			log.Fatalf("genciischema: %v", err)
		}
		sources = append(sources, src)
		if err := readTypes(data, f.prefix, types); err != nil {
			log.Fatalf("genciischema: %s: %v", f.file, err)
		}
	}
	// An element's name decides its type wherever it is declared, for
	// every element whose type has child elements; the command stops if
	// the schema ever gives one name two such types.
	elementType := map[string]string{"CrossIndustryInvoice": "rsm:CrossIndustryInvoiceType"}
	for t, kids := range types {
		for _, k := range kids {
			if len(types[k.typ]) == 0 { // a leaf: simple content only
				continue
			}
			if old, ok := elementType[k.name]; ok && old != k.typ {
				log.Fatalf("genciischema: the element %s has the types %s and %s (in %s)", k.name, old, k.typ, t)
			}
			elementType[k.name] = k.typ
		}
	}
	var once []string
	for t, kids := range types {
		for _, k := range kids {
			if k.once {
				once = append(once, t+"/"+k.name)
			}
		}
	}
	sort.Strings(once)
	f := xsdgen.NewFile("genciischema", "The cardinalities below were read from ConnectingEurope/eInvoicing-EN16931\nat "+*release+", "+schemaDir, sources)
	f.Map("ciiElementTypes maps the local name of each element of a CII document\nwhose type has child elements to that type. It is never modified.", "ciiElementTypes", xsdgen.Keys(elementType), elementType)
	f.Set("ciiOnce holds type/child for each child element that its type allows\nat most once. It is never modified.", "ciiOnce", once)
	if err := f.Write(*out); err != nil {
		log.Fatalf("genciischema: %v", err)
	}
}

// readTypes adds the named complex types of a schema file, each with the
// elements it declares (in its sequences and choices), to types. An
// element is allowed once unless its maxOccurs says more.
func readTypes(data []byte, prefix string, types map[string][]child) error {
	dec := xml.NewDecoder(bytes.NewReader(data))
	current := ""
	depth, typeDepth := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if t.Name.Space != xsdNamespace {
				continue
			}
			attr := func(name string) string { return xsdgen.Attr(t, name) }
			switch {
			case t.Name.Local == "complexType" && attr("name") != "" && current == "":
				current, typeDepth = prefix+":"+attr("name"), depth
				types[current] = types[current][:0]
			case t.Name.Local == "element" && current != "" && attr("name") != "":
				max := attr("maxOccurs")
				if max == "" {
					max = "1"
				}
				types[current] = append(types[current], child{name: attr("name"), typ: attr("type"), once: max == "1"})
			}
		case xml.EndElement:
			if current != "" && depth == typeDepth {
				current = ""
			}
			depth--
		}
	}
}
