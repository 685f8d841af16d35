package facturxtest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"strings"
)

// File is a file to embed.
type File struct {
	Name string
	// Relationship is the /AFRelationship: Data, Alternative, Source ...
	Relationship string
	Data         []byte
	// Subtype is the MIME type, such as text/xml.
	Subtype string
}

// Options shape the PDF.
type Options struct {
	// Compress encodes the embedded files with FlateDecode.
	Compress bool
	// ObjectStreams puts the catalog, the page tree and the file
	// specifications in an object stream, indexed by a cross-reference
	// stream, as PDF 1.5 and later allow.
	ObjectStreams bool
	// NoCatalogNames leaves the /EmbeddedFiles name tree out of the
	// catalog: the files are listed by /AF only.
	NoCatalogNames bool
	// Metadata, when not nil, is the catalog's /Metadata stream, the XMP
	// metadata, written uncompressed.
	Metadata []byte
}

// XMP returns a small XMP packet that gives the Factur-X conformance
// level (fx:ConformanceLevel, "EN 16931", "MINIMUM" ...) of the invoice
// factur-x.xml, as an element of its rdf:Description, or as an attribute
// of it when asAttribute is set.
func XMP(level string, asAttribute bool) []byte {
	const space = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"
	var b strings.Builder
	b.WriteString("<?xpacket begin=\"\xef\xbb\xbf\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n")
	b.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`)
	if asAttribute {
		fmt.Fprintf(&b, `<rdf:Description rdf:about="" xmlns:fx="%s" fx:DocumentType="INVOICE" fx:DocumentFileName="factur-x.xml" fx:Version="1.0" fx:ConformanceLevel="%s"/>`, space, xmlEscape(level))
	} else {
		fmt.Fprintf(&b, `<rdf:Description rdf:about="" xmlns:fx="%s"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>factur-x.xml</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>%s</fx:ConformanceLevel></rdf:Description>`, space, xmlEscape(level))
	}
	b.WriteString("</rdf:RDF></x:xmpmeta>\n<?xpacket end=\"w\"?>")
	return []byte(b.String())
}

// xmlEscape escapes the characters XML text and attributes may not hold.
func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// Invoice returns a Factur-X PDF that embeds xml as factur-x.xml with the
// relationship Data, compressed.
func Invoice(xml []byte) []byte {
	return PDF(Options{Compress: true}, File{Name: "factur-x.xml", Relationship: "Data", Data: xml, Subtype: "text/xml"})
}

// PDF returns a PDF that embeds files.
func PDF(o Options, files ...File) []byte {
	// Objects: 1 catalog, 2 pages, 3 page, 4 names tree, 5 the metadata
	// stream when there is one, then per file an embedded file stream and
	// its file specification.
	type obj struct {
		body   string // a dictionary or other value
		stream []byte // when not nil, the object is a stream of body's dictionary
	}
	var objs []obj
	add := func(o obj) int { objs = append(objs, o); return len(objs) }
	catalog := add(obj{})
	pages := add(obj{})
	page := add(obj{})
	namesTree := add(obj{})
	metadataEntry := ""
	if o.Metadata != nil {
		m := add(obj{body: fmt.Sprintf("<< /Type /Metadata /Subtype /XML /Length %d >>", len(o.Metadata)), stream: o.Metadata})
		metadataEntry = fmt.Sprintf(" /Metadata %d 0 R", m)
	}
	var specs []int
	var names strings.Builder
	for _, f := range files {
		data := f.Data
		filter := ""
		if o.Compress {
			var b bytes.Buffer
			w := zlib.NewWriter(&b)
			_, _ = w.Write(data)
			_ = w.Close()
			data, filter = b.Bytes(), " /Filter /FlateDecode"
		}
		subtype := strings.ReplaceAll(f.Subtype, "/", "#2F")
		ef := add(obj{body: fmt.Sprintf("<< /Type /EmbeddedFile /Subtype /%s%s /Length %d /Params << /Size %d >> >>", subtype, filter, len(data), len(f.Data)), stream: data})
		spec := add(obj{body: fmt.Sprintf("<< /Type /Filespec /F %s /UF %s /AFRelationship /%s /Desc (Invoice) /EF << /F %d 0 R /UF %d 0 R >> >>",
			literal(f.Name), utf16Hex(f.Name), f.Relationship, ef, ef)})
		specs = append(specs, spec)
		fmt.Fprintf(&names, "%s %d 0 R ", literal(f.Name), spec)
	}
	var af strings.Builder
	for _, s := range specs {
		fmt.Fprintf(&af, "%d 0 R ", s)
	}
	namesEntry := fmt.Sprintf(" /Names << /EmbeddedFiles %d 0 R >>", namesTree)
	if o.NoCatalogNames {
		namesEntry = ""
	}
	objs[catalog-1].body = fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R%s%s /AF [%s] >>", pages, namesEntry, metadataEntry, strings.TrimSpace(af.String()))
	objs[pages-1].body = fmt.Sprintf("<< /Type /Pages /Kids [%d 0 R] /Count 1 >>", page)
	objs[page-1].body = fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] >>", pages)
	objs[namesTree-1].body = fmt.Sprintf("<< /Names [%s] >>", strings.TrimSpace(names.String()))

	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs)+3)
	if !o.ObjectStreams {
		for i, ob := range objs {
			offsets[i+1] = b.Len()
			writeObj(&b, i+1, ob.body, ob.stream)
		}
		xref := b.Len()
		fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
		for i := 1; i <= len(objs); i++ {
			fmt.Fprintf(&b, "%010d 00000 n \n", offsets[i])
		}
		fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, catalog, xref)
		return b.Bytes()
	}
	// The dictionaries go into an object stream; the streams stay
	// outside, as they must.
	var inStream []int
	var head, body strings.Builder
	for i, ob := range objs {
		if ob.stream != nil {
			offsets[i+1] = b.Len()
			writeObj(&b, i+1, ob.body, ob.stream)
			continue
		}
		inStream = append(inStream, i+1)
		fmt.Fprintf(&head, "%d %d ", i+1, body.Len())
		body.WriteString(ob.body + "\n")
	}
	objStm := len(objs) + 1
	xrefObj := len(objs) + 2
	first := head.Len()
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	_, _ = w.Write([]byte(head.String() + body.String()))
	_ = w.Close()
	offsets[objStm] = b.Len()
	writeObj(&b, objStm, fmt.Sprintf("<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>", len(inStream), first, z.Len()), z.Bytes())
	// The cross-reference stream: type 1 for objects in the file, type 2
	// for those of the object stream, with fields of 1, 4 and 2 bytes.
	offsets[xrefObj] = b.Len()
	var rows bytes.Buffer
	row := func(kind byte, a uint32, c uint16) {
		rows.WriteByte(kind)
		_ = binary.Write(&rows, binary.BigEndian, a)
		_ = binary.Write(&rows, binary.BigEndian, c)
	}
	row(0, 0, 65535)
	index := map[int]int{}
	for i, n := range inStream {
		index[n] = i
	}
	for n := 1; n <= xrefObj; n++ {
		if i, ok := index[n]; ok {
			row(2, uint32(objStm), uint16(i))
		} else {
			row(1, uint32(offsets[n]), 0)
		}
	}
	var zr bytes.Buffer
	w = zlib.NewWriter(&zr)
	_, _ = w.Write(rows.Bytes())
	_ = w.Close()
	writeObj(&b, xrefObj, fmt.Sprintf("<< /Type /XRef /Size %d /Root %d 0 R /W [1 4 2] /Filter /FlateDecode /Length %d >>", xrefObj+1, catalog, zr.Len()), zr.Bytes())
	fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", offsets[xrefObj])
	return b.Bytes()
}

// writeObj writes an indirect object, with its stream when data is not
// nil.
func writeObj(b *bytes.Buffer, n int, body string, data []byte) {
	fmt.Fprintf(b, "%d 0 obj\n%s\n", n, body)
	if data != nil {
		b.WriteString("stream\r\n")
		b.Write(data)
		b.WriteString("\r\nendstream\n")
	}
	b.WriteString("endobj\n")
}

// literal writes a PDF literal string.
func literal(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`)
	return "(" + r.Replace(s) + ")"
}

// utf16Hex writes a PDF text string in UTF-16BE with its byte order mark,
// as a hexadecimal string.
func utf16Hex(s string) string {
	var b strings.Builder
	b.WriteString("<FEFF")
	for _, r := range s {
		if r > 0xFFFF {
			r1, r2 := 0xD800+((r-0x10000)>>10), 0xDC00+((r-0x10000)&0x3FF)
			fmt.Fprintf(&b, "%04X%04X", r1, r2)
			continue
		}
		fmt.Fprintf(&b, "%04X", r)
	}
	b.WriteString(">")
	return b.String()
}
