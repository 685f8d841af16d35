package facturx

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/ascii85"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
	"unicode/utf16"
)

// Bounds of the reader.
const (
	// MaxValues is the most values (numbers, names, strings, arrays,
	// dictionaries ...) the reader reads from a PDF, object streams
	// included. It bounds the reader's memory whatever the input: a PDF
	// of nothing but small values costs about 100 bytes a value, 20 MB at
	// the bound; a Factur-X PDF, whose bytes are mostly the streams of its
	// fonts and images, has a few thousand.
	MaxValues = 200_000
	// MaxDepth is the deepest nesting of arrays and dictionaries read.
	MaxDepth = 32
	// MaxObjectStreamBytes bounds the data of all object streams together,
	// once decoded.
	MaxObjectStreamBytes = 32 << 20
	// maxTreeDepth bounds the depth of the /EmbeddedFiles name tree.
	maxTreeDepth = 16
)

// Names of the XML attachments of the hybrid invoice formats, in the
// order Extract prefers them, without regard to case: Factur-X and
// ZUGFeRD 2.1, ZUGFeRD 2.0 (and 1.0, which predates EN 16931: its XML is
// not a CrossIndustryInvoice), and ZUGFeRD 2.1 in its XRechnung profile.
var invoiceNames = []string{"factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"}

// Attachment is a file embedded in a PDF.
type Attachment struct {
	// Name is the file name: the file specification's /UF, or its /F.
	Name string
	// Relationship is the file specification's /AFRelationship, such as
	// Data, Alternative or Source; "" when it has none.
	Relationship string
	// Data is the file, decoded.
	Data []byte
}

// Error is why a PDF gives no invoice: it is not a PDF, it is damaged or
// encrypted, it exceeds a bound, or it carries no XML invoice.
type Error struct {
	Message string
}

// Error returns the message, prefixed with the package name.
func (e *Error) Error() string { return "facturx: " + e.Message }

func fail(format string, args ...any) error { return &Error{Message: fmt.Sprintf(format, args...)} }

// IsPDF reports whether data is a PDF: its header, %PDF-, within its
// first 1024 bytes, as the PDF specification lets readers accept. Data
// that starts as XML does (with '<' after a byte order mark and white
// space) is not a PDF, whatever its text says: an XML invoice may mention
// %PDF- in a note.
func IsPDF(data []byte) bool {
	head := data[:min(len(data), 1024)]
	if x := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n"); len(x) > 0 && x[0] == '<' {
		return false
	}
	return bytes.Contains(head, []byte("%PDF-"))
}

// Extract returns the XML invoice of a Factur-X or ZUGFeRD PDF: the
// embedded file named factur-x.xml, zugferd-invoice.xml or xrechnung.xml
// (the first of them the PDF has, without regard to case), or else its
// only embedded file whose name ends in .xml. The attachment may have at
// most limit bytes once decoded. The error is an *Error.
func Extract(data []byte, limit int) (*Attachment, error) {
	doc, files, err := embedded(data)
	if err != nil {
		return nil, err
	}
	return doc.invoiceFile(files, limit)
}

// Invoice is the XML invoice of a Factur-X or ZUGFeRD PDF with the
// conformance level the PDF's XMP metadata gives it.
type Invoice struct {
	Attachment
	// ConformanceLevel is the fx:ConformanceLevel of the PDF's XMP
	// metadata (ZUGFeRD's zf: or ferd: alike), as written, such as
	// "EN 16931" or "MINIMUM"; "" when the PDF has no metadata stream,
	// it does not decode or is not XML, or it gives no level.
	ConformanceLevel string
}

// ExtractInvoice returns what Extract does with the conformance level
// of the PDF's XMP metadata (the catalog's /Metadata stream, of at most
// limit bytes once decoded). Metadata that cannot be read gives no level
// rather than an error: the invoice is the embedded XML.
func ExtractInvoice(data []byte, limit int) (*Invoice, error) {
	doc, files, err := embedded(data)
	if err != nil {
		return nil, err
	}
	a, err := doc.invoiceFile(files, limit)
	if err != nil {
		return nil, err
	}
	return &Invoice{Attachment: *a, ConformanceLevel: doc.conformanceLevel(limit)}, nil
}

// invoiceFile picks and decodes the invoice among the embedded files, as
// Extract describes.
func (doc *document) invoiceFile(files []file, limit int) (*Attachment, error) {
	pick := func(i int) (*Attachment, error) {
		a, err := doc.decodeFile(files[i], limit)
		return &a, err
	}
	for _, want := range invoiceNames {
		for i := range files {
			if strings.EqualFold(files[i].name, want) {
				return pick(i)
			}
		}
	}
	var xmls []int
	var names []string
	for i, f := range files {
		names = append(names, f.name)
		if strings.EqualFold(path.Ext(f.name), ".xml") {
			xmls = append(xmls, i)
		}
	}
	if len(xmls) == 1 {
		return pick(xmls[0])
	}
	switch {
	case len(files) == 0:
		return nil, fail("the PDF has no embedded file: a Factur-X or ZUGFeRD PDF embeds its invoice as factur-x.xml (or zugferd-invoice.xml, xrechnung.xml)")
	case len(xmls) == 0:
		return nil, fail("the PDF embeds no XML file (it embeds %s): a Factur-X or ZUGFeRD PDF embeds its invoice as factur-x.xml", strings.Join(quoted(names), ", "))
	}
	return nil, fail("the PDF embeds %d XML files (%s) and none has the name of a Factur-X or ZUGFeRD invoice (factur-x.xml, zugferd-invoice.xml, xrechnung.xml)", len(xmls), strings.Join(quoted(names), ", "))
}

func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}

// Attachments returns the files a PDF embeds: those its catalog lists in
// the /EmbeddedFiles name tree or the /AF array, each once; when the PDF
// has no catalog that lists any, every embedded file stream with a file
// specification. Each may have at most limit bytes once decoded.
func Attachments(data []byte, limit int) ([]Attachment, error) {
	doc, files, err := embedded(data)
	if err != nil {
		return nil, err
	}
	out := make([]Attachment, 0, len(files))
	for _, f := range files {
		a, err := doc.decodeFile(f, limit)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// file is an embedded file before its stream is decoded.
type file struct {
	name, relationship string
	s                  *stream
}

// embedded scans a PDF and lists its embedded files, each once.
func embedded(data []byte) (*document, []file, error) {
	if !IsPDF(data) {
		return nil, nil, fail("the document is not a PDF: its first 1,024 bytes hold no %%PDF- header")
	}
	doc, err := scan(data)
	if err != nil {
		return nil, nil, err
	}
	if doc.encrypted {
		return nil, nil, fail("the PDF is encrypted: Levy cannot read its embedded files without its password")
	}
	var out []file
	seen := map[*stream]bool{}
	for _, fs := range doc.fileSpecs() {
		f, ok := doc.fileOf(fs)
		if !ok || seen[f.s] {
			continue
		}
		seen[f.s] = true
		out = append(out, f)
	}
	return doc, out, nil
}

// document is what the scan found in a PDF.
type document struct {
	objects   map[int]any // by object number, the latest revision
	trailers  []dict      // trailer dictionaries and cross-reference stream dictionaries, in file order
	encrypted bool
	osBytes   int // decoded bytes of object streams so far
}

// placed is an object with the offset where it was defined, so that the
// latest revision wins.
type placed struct {
	value any
	at    int
}

// scan reads every object of the PDF in file order, then the objects of
// its object streams.
func scan(data []byte) (*document, error) {
	p := &parser{lex: lexer{b: data}, ints: integerObjects(data)}
	found := map[int]placed{}
	doc := &document{}
	type objStream struct {
		s  *stream
		at int
	}
	var objStreams []objStream
	// before and last are the two tokens before the current one, the
	// older first: "N G obj" starts an object.
	var before, last token
	for {
		t := p.lex.next()
		if t.kind == tEOF {
			break
		}
		switch {
		case t.kind == tKeyword && string(t.text) == "obj" && before.kind == tNumber && last.kind == tNumber:
			at := p.lex.pos
			num, ok1 := number(before.text).integer()
			_, ok2 := number(last.text).integer()
			save := p.lex.pos
			v, ok, err := p.value(p.lex.next(), 0)
			if err != nil {
				return nil, fail("%s", err.Error())
			}
			if !ok { // an empty object, such as "4 0 obj endobj"
				p.lex.pos, v = save, nil
			}
			if d, isDict := v.(dict); isDict {
				save := p.lex.pos
				if kt := p.lex.next(); kt.kind == tKeyword && string(kt.text) == "stream" {
					s := &stream{dict: d, data: p.streamData(d)}
					v = s
					if d["Type"] == name("ObjStm") {
						objStreams = append(objStreams, objStream{s, at})
					}
					if d["Type"] == name("XRef") {
						doc.trailers = append(doc.trailers, d)
					}
				} else {
					p.lex.pos = save
				}
			}
			if ok1 && ok2 && num >= 0 {
				found[num] = placed{v, at}
			}
			before, last = token{}, token{}
			continue
		case t.kind == tKeyword && string(t.text) == "trailer":
			if v, ok, err := p.value(p.lex.next(), 0); err != nil {
				return nil, fail("%s", err.Error())
			} else if d, isDict := v.(dict); ok && isDict {
				doc.trailers = append(doc.trailers, d)
			}
		case t.kind == tString || t.kind == tDictOpen || t.kind == tArrayOpen:
			// A value outside an object (damage): step over it whole.
			if _, _, err := p.value(t, 0); err != nil {
				return nil, fail("%s", err.Error())
			}
		}
		before, last = last, t
	}
	for _, t := range doc.trailers {
		if _, ok := t["Encrypt"]; ok {
			doc.encrypted = true
			return doc, nil
		}
	}
	doc.objects = make(map[int]any, len(found))
	for _, os := range objStreams {
		if err := doc.readObjectStream(os.s, os.at, found, p); err != nil {
			return nil, err
		}
	}
	for n, o := range found {
		doc.objects[n] = o.value
	}
	return doc, nil
}

// readObjectStream adds the objects of an object stream defined at
// offset at to found, unless a later revision of theirs is there.
func (doc *document) readObjectStream(s *stream, at int, found map[int]placed, p *parser) error {
	data, err := doc.decode(s, MaxObjectStreamBytes-doc.osBytes)
	if err != nil {
		return err
	}
	doc.osBytes += len(data)
	n, _ := numberOf(s.dict["N"], found)
	first, _ := numberOf(s.dict["First"], found)
	if n < 0 || first < 0 || first > len(data) {
		return nil
	}
	head := &parser{lex: lexer{b: data[:first]}, values: p.values}
	body := &parser{lex: lexer{b: data}, values: p.values}
	for range n {
		nt, ot := head.lex.next(), head.lex.next()
		num, ok1 := number(nt.text).integer()
		off, ok2 := number(ot.text).integer()
		if nt.kind != tNumber || ot.kind != tNumber || !ok1 || !ok2 || off < 0 || first+off >= len(data) {
			break
		}
		body.lex.pos = first + off
		v, ok, err := body.value(body.lex.next(), 0)
		if err != nil {
			return fail("%s", err.Error())
		}
		if old, there := found[num]; ok && (!there || old.at <= at) {
			found[num] = placed{v, at}
		}
	}
	p.values = max(head.values, body.values)
	return nil
}

// resolve follows a reference (and a chain of them, at most a few long)
// to its object.
func (doc *document) resolve(v any) any {
	for range 8 {
		r, ok := v.(ref)
		if !ok {
			return v
		}
		v = doc.objects[r.num]
	}
	return nil
}

// numberOf returns the integer value of v, resolving a reference with
// found when it is not nil.
func numberOf(v any, found map[int]placed) (int, bool) {
	if r, ok := v.(ref); ok && found != nil {
		v = found[r.num].value
	}
	n, ok := v.(number)
	if !ok {
		return 0, false
	}
	return n.integer()
}

// catalog returns the document catalog: the /Root of the last trailer
// that names one, else the last object of /Type /Catalog.
func (doc *document) catalog() dict {
	for i := len(doc.trailers) - 1; i >= 0; i-- {
		if d, ok := doc.resolve(doc.trailers[i]["Root"]).(dict); ok {
			return d
		}
	}
	var last dict
	nums := make([]int, 0, len(doc.objects))
	for n := range doc.objects {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for _, n := range nums {
		if d, ok := doc.objects[n].(dict); ok && d["Type"] == name("Catalog") {
			last = d
		}
	}
	return last
}

// fileSpecs returns the file specifications the catalog lists: those of
// the /EmbeddedFiles name tree, then those of the /AF array. Without any,
// it returns every file specification of the PDF that embeds a file.
func (doc *document) fileSpecs() []dict {
	var out []dict
	if cat := doc.catalog(); cat != nil {
		if names, ok := doc.resolve(cat["Names"]).(dict); ok {
			doc.nameTree(doc.resolve(names["EmbeddedFiles"]), 0, map[any]bool{}, &out)
		}
		if af, ok := doc.resolve(cat["AF"]).([]any); ok {
			for _, v := range af {
				if d, ok := doc.resolve(v).(dict); ok {
					out = append(out, d)
				}
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	nums := make([]int, 0, len(doc.objects))
	for n := range doc.objects {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for _, n := range nums {
		if d, ok := doc.objects[n].(dict); ok && d["EF"] != nil {
			out = append(out, d)
		}
	}
	return out
}

// nameTree collects the values of a name tree node and its kids.
func (doc *document) nameTree(node any, depth int, seen map[any]bool, out *[]dict) {
	d, ok := node.(dict)
	if !ok || depth > maxTreeDepth {
		return
	}
	key := fmt.Sprintf("%p", d)
	if seen[key] {
		return
	}
	seen[key] = true
	if names, ok := doc.resolve(d["Names"]).([]any); ok {
		for i := 1; i < len(names); i += 2 {
			if fs, ok := doc.resolve(names[i]).(dict); ok {
				*out = append(*out, fs)
			}
		}
	}
	if kids, ok := doc.resolve(d["Kids"]).([]any); ok {
		for _, k := range kids {
			doc.nameTree(doc.resolve(k), depth+1, seen, out)
		}
	}
}

// fileOf returns the file a file specification embeds, and false when
// it embeds none.
func (doc *document) fileOf(fs dict) (file, bool) {
	ef, ok := doc.resolve(fs["EF"]).(dict)
	if !ok {
		return file{}, false
	}
	s, ok := doc.resolve(ef["F"]).(*stream)
	if !ok {
		if s, ok = doc.resolve(ef["UF"]).(*stream); !ok {
			return file{}, false
		}
	}
	f := file{name: textString(doc.resolve(fs["UF"])), s: s}
	if f.name == "" {
		f.name = textString(doc.resolve(fs["F"]))
	}
	if r, ok := doc.resolve(fs["AFRelationship"]).(name); ok {
		f.relationship = string(r)
	}
	return f, true
}

// decodeFile decodes an embedded file, at most limit bytes of it.
func (doc *document) decodeFile(f file, limit int) (Attachment, error) {
	data, err := doc.decode(f.s, limit)
	if err != nil {
		return Attachment{}, fmt.Errorf("%w (the embedded file %q)", err, f.name)
	}
	return Attachment{Name: f.name, Relationship: f.relationship, Data: data}, nil
}

// textString decodes a PDF text string: UTF-16BE after its byte order
// mark, else PDFDocEncoding, read as Latin-1 (which it is for the names of
// files).
func textString(v any) string {
	s, ok := v.(str)
	if !ok {
		return ""
	}
	if len(s) >= 2 && s[0] == 0xFE && s[1] == 0xFF {
		u := make([]uint16, 0, (len(s)-2)/2)
		for i := 2; i+1 < len(s); i += 2 {
			u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
		}
		return string(utf16.Decode(u))
	}
	if len(s) >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF {
		return string(s[3:])
	}
	r := make([]rune, len(s))
	for i, c := range s {
		r[i] = rune(c)
	}
	return string(r)
}

// decode returns the data of a stream with its filters applied, at most
// limit bytes.
func (doc *document) decode(s *stream, limit int) ([]byte, error) {
	data := s.data
	var filters []any
	switch f := doc.resolve(s.dict["Filter"]).(type) {
	case name:
		filters = []any{f}
	case []any:
		filters = f
	}
	parms := doc.resolve(s.dict["DecodeParms"])
	for i, f := range filters {
		var p any = parms
		if list, ok := parms.([]any); ok {
			p = nil
			if i < len(list) {
				p = doc.resolve(list[i])
			}
		}
		if pd, ok := p.(dict); ok {
			if pr, _ := numberOf(doc.resolve(pd["Predictor"]), nil); pr > 1 {
				return nil, fail("the stream uses a predictor (%d), which Levy does not read", pr)
			}
		}
		var err error
		switch doc.resolve(f) {
		case name("FlateDecode"), name("Fl"):
			data, err = inflate(data, limit)
		case name("ASCIIHexDecode"), name("AHx"):
			data, err = asciiHex(data)
		case name("ASCII85Decode"), name("A85"):
			data, err = ascii85Decode(data)
		default:
			return nil, fail("the stream is encoded with %v, which Levy does not read (it reads FlateDecode, ASCIIHexDecode and ASCII85Decode)", doc.resolve(f))
		}
		if err != nil {
			return nil, err
		}
	}
	if len(data) > limit {
		return nil, fail("the stream has more than %d bytes once decoded", limit)
	}
	return data, nil
}

// inflate decompresses zlib data (or, failing its header, raw deflate
// data, which some producers write) to at most limit bytes.
func inflate(data []byte, limit int) ([]byte, error) {
	if limit < 0 {
		limit = 0
	}
	var r io.Reader
	if zr, err := zlib.NewReader(bytes.NewReader(data)); err == nil {
		defer zr.Close()
		r = zr
	} else {
		fr := flate.NewReader(bytes.NewReader(data))
		defer fr.Close()
		r = fr
	}
	out, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if len(out) > limit {
		return nil, fail("the stream has more than %d bytes once decompressed", limit)
	}
	if err != nil {
		return nil, fail("the stream's compressed data is damaged: %v", err)
	}
	return out, nil
}

// asciiHex decodes ASCIIHexDecode data up to its '>'.
func asciiHex(data []byte) ([]byte, error) {
	var clean []byte
	for _, c := range data {
		if c == '>' {
			break
		}
		if !isSpace(c) {
			clean = append(clean, c)
		}
	}
	if len(clean)%2 == 1 {
		clean = append(clean, '0')
	}
	out := make([]byte, hex.DecodedLen(len(clean)))
	if _, err := hex.Decode(out, clean); err != nil {
		return nil, fail("the stream's hexadecimal data is damaged: %v", err)
	}
	return out, nil
}

// ascii85Decode decodes ASCII85Decode data up to its "~>".
func ascii85Decode(data []byte) ([]byte, error) {
	if i := bytes.Index(data, []byte("~>")); i >= 0 {
		data = data[:i]
	}
	data = bytes.TrimPrefix(bytes.TrimSpace(data), []byte("<~"))
	out := make([]byte, 4*len(data)/5+4)
	n, _, err := ascii85.Decode(out, data, true)
	if err != nil {
		return nil, fail("the stream's ASCII85 data is damaged: %v", err)
	}
	return out[:n], nil
}

// IsError reports whether err is an *Error.
func IsError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// xmpLevelSpace is what the namespace URIs of the Factur-X and ZUGFeRD
// XMP extension schemas contain: urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#,
// urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0# and ZUGFeRD 1.0's
// urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#.
const xmpLevelSpace = ":pdfa:CrossIndustryDocument:invoice:"

// maxXMPTokens bounds the XML tokens read from the XMP metadata.
const maxXMPTokens = 100_000

// conformanceLevel returns the ConformanceLevel property of the XMP
// metadata stream of the catalog, written as an element or as an
// attribute of an rdf:Description, and "" when there is none to read.
func (doc *document) conformanceLevel(limit int) string {
	cat := doc.catalog()
	if cat == nil {
		return ""
	}
	s, ok := doc.resolve(cat["Metadata"]).(*stream)
	if !ok {
		return ""
	}
	data, err := doc.decode(s, limit)
	if err != nil {
		return ""
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for range maxXMPTokens {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		for _, a := range se.Attr {
			if a.Name.Local == "ConformanceLevel" && strings.Contains(a.Name.Space, xmpLevelSpace) {
				return strings.TrimSpace(a.Value)
			}
		}
		if se.Name.Local == "ConformanceLevel" && strings.Contains(se.Name.Space, xmpLevelSpace) {
			var v string
			if err := dec.DecodeElement(&v, &se); err != nil {
				return ""
			}
			return strings.TrimSpace(v)
		}
	}
	return ""
}
